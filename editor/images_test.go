package editor

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
)

// imageProject is a memProject that keeps images in memory, checked as
// cmd/studio's project file checks them (graph.CheckImage); the SQLite side
// is tested in package project and cmd/studio.
type imageProject struct {
	memProject
	images fstest.MapFS
}

func (p *imageProject) Images() (fs.FS, error) { return p.images, nil }
func (p *imageProject) PutImages(images map[string][]byte) error {
	for n, data := range images {
		if err := graph.CheckImage(n, data); err != nil {
			return err
		}
		p.images[n] = &fstest.MapFile{Data: data}
	}
	return nil
}

// TestAddImageFile: the Display form's "Add image file…" under a deck's
// image copies the chosen PNG into the project as images/NAME, the hint
// names it (one undo step) and the sample draws it; a file that is not a
// PNG is refused on the status line, naming it, and nothing is kept.
func TestAddImageFile(t *testing.T) {
	e, s := newTestEditor(t)
	proj := &imageProject{memProject: memProject{s: s, path: "/p.rulestudio"}, images: fstest.MapFS{}}
	e.SetPack(testpack.Bundled(t, "hearts"), proj)
	settle(e)
	if !e.ShowPanel(PanelDisplay) {
		t.Fatal("no Display panel")
	}
	green := color.RGBA{0, 200, 0, 255}
	face := image.NewRGBA(image.Rect(0, 0, 20, 30))
	for i := 0; i < len(face.Pix); i += 4 {
		copy(face.Pix[i:], []byte{green.R, green.G, green.B, green.A})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, face); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "Face.png"), filepath.Join(dir, "notes.png")
	os.WriteFile(good, buf.Bytes(), 0o644)
	os.WriteFile(bad, []byte("not a picture"), 0o644)

	choose := func(path string) {
		t.Helper()
		b, ok := e.Display().Form().Place("cards/deck/addimage").(*widget.Button)
		if !ok {
			t.Fatalf("no Add image file button under the deck's image (places %v)", e.Display().Form().Paths())
		}
		test.Tap(b)
		if e.imageDialog == nil {
			t.Fatal("no file dialog")
		}
		e.imageDialog.entry.SetText(path)
		e.imageDialog.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		settle(e)
	}
	choose(bad)
	if msg := e.status.Text; !strings.Contains(msg, "notes.png") || !strings.Contains(msg, "not a PNG") {
		t.Errorf("status %q, want it to name notes.png and say it is not a PNG", msg)
	}
	if len(proj.images) != 0 {
		t.Errorf("kept %v", proj.images)
	}
	choose(good)
	if _, ok := proj.images["images/face.png"]; !ok {
		t.Fatalf("the project keeps %v, want images/face.png", proj.images)
	}
	if h, _ := e.pack.Display.Card("deck"); h.Image.Path != "images/face.png" {
		t.Errorf("the hint's image is %q", h.Image.Path)
	}
	_, sample := e.Display().Preview()
	n := 0
	for y := sample.Bounds().Min.Y; y < sample.Bounds().Max.Y; y++ {
		for x := sample.Bounds().Min.X; x < sample.Bounds().Max.X; x++ {
			if color.RGBAModel.Convert(sample.At(x, y)) == green {
				n++
			}
		}
	}
	if n < 100 {
		t.Errorf("the sample has %d pixels of the added image", n)
	}
	e.Undo()
	if h, _ := e.pack.Display.Card("deck"); h.Image.Path != "" {
		t.Errorf("after undo the hint's image is %q", h.Image.Path)
	}
}
