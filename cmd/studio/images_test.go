package main

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

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// faceColour is the colour of the test's card image, found nowhere else on
// a Hearts table.
var faceColour = color.RGBA{0, 200, 0, 255}

// heartsWithImage writes into a new folder hearts.yaml, whose cards all
// show img/face.png, and that image (face, when given, in its place), and
// returns the pack's path.
func heartsWithImage(t *testing.T, face []byte) string {
	t.Helper()
	dir := t.TempDir()
	data, ok := assets.Pack("hearts")
	if !ok {
		t.Fatal("no bundled hearts")
	}
	pack, err := graph.ReadMultiDoc(data, "hearts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	pack.Display.Cards[0].Image = graph.Image{Path: "img/face.png"}
	var y bytes.Buffer
	if err := graph.WriteMultiDoc(&y, pack); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "hearts.yaml")
	if err := os.WriteFile(path, y.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if face == nil {
		img := image.NewRGBA(image.Rect(0, 0, 20, 30))
		for i := 0; i < len(img.Pix); i += 4 {
			copy(img.Pix[i:], []byte{faceColour.R, faceColour.G, faceColour.B, faceColour.A})
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		face = buf.Bytes()
	}
	if err := os.MkdirAll(filepath.Join(dir, "img"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "img", "face.png"), face, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// facePixels counts the pixels of the card image's colour in the PNG at path.
func facePixels(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
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

// TestProjectKeepsImages: a pack imported into a project takes its card
// image along; the project file moved alone to another folder still draws
// it (studio scene --format png: the image's green where the cards are),
// as it did beside the pack.
func TestProjectKeepsImages(t *testing.T) {
	src := heartsWithImage(t, nil)
	proj := filepath.Join(filepath.Dir(src), "hearts"+".rulestudio")
	if out, err := run(t, "import", src, "-o", proj); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	moved := filepath.Join(t.TempDir(), "moved.rulestudio")
	if err := os.Rename(proj, moved); err != nil {
		t.Fatal(err)
	}
	besidePack := filepath.Join(t.TempDir(), "pack.png")
	if out, err := run(t, "scene", src, "--bots", "random", "--step", "8", "--format", "png", "-o", besidePack); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	fromProject := filepath.Join(t.TempDir(), "project.png")
	out, err := run(t, "scene", moved, "--bots", "random", "--step", "8", "--format", "png", "-o", fromProject)
	if err != nil || strings.Contains(out, "warning") {
		t.Fatalf("%v\n%s", err, out)
	}
	want := facePixels(t, besidePack)
	if want < 1000 {
		t.Fatalf("the pack's own picture has %d green pixels: its cards do not show the image", want)
	}
	if got := facePixels(t, fromProject); got != want {
		t.Errorf("the moved project draws %d pixels of the card image, the pack beside it %d", got, want)
	}
}

// TestProjectRefusesBadImage: a pack whose image is not a PNG, or is over
// the limit, is not imported: the error names the file, and no project is
// left.
func TestProjectRefusesBadImage(t *testing.T) {
	for what, face := range map[string][]byte{
		"not a PNG file": []byte("a text file named .png"),
		"larger than":    append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, graph.MaxImage)...),
	} {
		src := heartsWithImage(t, face)
		proj := filepath.Join(t.TempDir(), "h.rulestudio")
		out, err := run(t, "import", src, "-o", proj)
		if err == nil || !strings.Contains(err.Error(), "img/face.png") || !strings.Contains(err.Error(), what) {
			t.Errorf("%s: got %v\n%s\nwant an error naming img/face.png", what, err, out)
		}
		if _, err := os.Stat(proj); err == nil {
			t.Errorf("%s: a project was left", what)
		}
	}
}

// TestWindowSaveKeepsImages: the window's Save As into a project (the
// store the editor uses) takes the images of the pack's folder, and a
// later save of a pack read from elsewhere adds its new ones.
func TestWindowSaveKeepsImages(t *testing.T) {
	src := heartsWithImage(t, nil)
	pack, _, err := files.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.rulestudio")
	f, err := projectStore{}.Create(path, pack, "save as")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fsys, err := f.(*projectFile).p.Images()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.ReadFile(fsys, "img/face.png"); err != nil {
		t.Errorf("after Save As: %v", err)
	}
	newer := []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)
	if err := os.WriteFile(filepath.Join(filepath.Dir(src), "img", "back.svg"), newer, 0o644); err != nil {
		t.Fatal(err)
	}
	pack.Display.Objects = append(pack.Display.Objects, graph.ObjectHint{Type: "*", Image: graph.Image{Path: "img/back.svg"}})
	if err := f.Save(pack, "more"); err != nil {
		t.Fatal(err)
	}
	fsys, _ = f.(*projectFile).p.Images()
	if got, err := fs.ReadFile(fsys, "img/back.svg"); err != nil || !bytes.Equal(got, newer) {
		t.Errorf("after Save: %q %v", got, err)
	}
}
