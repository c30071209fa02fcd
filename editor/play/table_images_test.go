package play

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
)

// TestTableDrawsImages: the table reads the hints' images where Images
// says (the window passes a project's kept images): Hearts' cards showing
// img/face.png draw its green.
func TestTableDrawsImages(t *testing.T) {
	green := color.RGBA{0, 200, 0, 255}
	face := image.NewRGBA(image.Rect(0, 0, 20, 30))
	for i := 0; i < len(face.Pix); i += 4 {
		copy(face.Pix[i:], []byte{green.R, green.G, green.B, green.A})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, face); err != nil {
		t.Fatal(err)
	}
	pack := testpack.Bundled(t, "hearts")
	pack.Display.Cards[0].Image = graph.Image{Path: "img/face.png"}
	p, q, _ := showPackTable(t, pack, 1, "", "random", "random", "random")
	p.Images = func() fs.FS { return fstest.MapFS{"img/face.png": {Data: buf.Bytes()}} }
	p.Step()
	q.settle(p)
	img := p.table.view.image.Image
	if img == nil {
		t.Fatal("no picture")
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == green {
				n++
			}
		}
	}
	if n < 1000 {
		t.Errorf("the table has %d pixels of the card image", n)
	}
}
