package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor"
)

// countFace counts the pixels of the card image's colour in img.
func countFace(img image.Image) int {
	if img == nil {
		return 0
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)) == faceColour {
				n++
			}
		}
	}
	return n
}

// TestWindowDrawsProjectImages: a project moved alone, opened in the
// window (the real store), draws its kept card image in the Display
// panel's sample and its opening table.
func TestWindowDrawsProjectImages(t *testing.T) {
	src := heartsWithImage(t, nil)
	proj := filepath.Join(filepath.Dir(src), "h.rulestudio")
	if out, err := run(t, "import", src, "-o", proj); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	moved := filepath.Join(t.TempDir(), "moved.rulestudio")
	if err := os.Rename(proj, moved); err != nil {
		t.Fatal(err)
	}
	ed := newEditor(test.NewTempApp(t))
	if err := ed.Open(moved); err != nil {
		t.Fatal(err)
	}
	settle(ed)
	if !ed.ShowPanel(editor.PanelDisplay) {
		t.Fatal("no Display panel")
	}
	dp := ed.Display()
	dp.Wait()
	settle(ed)
	_, sample := dp.Preview()
	if n := countFace(sample); n < 100 {
		t.Errorf("the Display sample has %d pixels of the card image (note %q)", n, dp.PreviewNote())
	}
	_, table := dp.Table()
	if n := countFace(table); n < 100 {
		t.Errorf("the Display table has %d pixels of the card image (note %q)", n, dp.TableNote())
	}
}
