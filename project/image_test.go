package project

import (
	"bytes"
	"image"
	"image/png"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

func redPNG(tb testing.TB) []byte {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for i := range img.Pix {
		img.Pix[i] = []byte{255, 0, 0, 255}[i%4]
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

const anSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>`

// TestImagesKept: a project made with images gives them back, by path,
// after it is closed and opened again; a put image replaces the one at its
// path and is globbed like a folder's files; a put that is not a PNG or SVG
// or is too big is refused, naming the file, and stores nothing.
func TestImagesKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g"+Extension)
	p, err := CreateWithImages(path, sketch(t), "first", map[string][]byte{"img/a.png": redPNG(t), "b.svg": []byte(anSVG)})
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	p, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	fsys, err := p.Images()
	if err != nil {
		t.Fatal(err)
	}
	if got, err := fs.ReadFile(fsys, "img/a.png"); err != nil || !bytes.Equal(got, redPNG(t)) {
		t.Errorf("img/a.png: %d bytes, %v", len(got), err)
	}
	if got, err := fs.ReadFile(fsys, "b.svg"); err != nil || string(got) != anSVG {
		t.Errorf("b.svg: %q, %v", got, err)
	}
	if err := p.PutImages(map[string][]byte{"img/c.png": redPNG(t), "b.svg": []byte(strings.Replace(anSVG, "red", "blue", 1))}); err != nil {
		t.Fatal(err)
	}
	fsys, _ = p.Images()
	if names, err := fs.Glob(fsys, "img/*.png"); err != nil || strings.Join(names, " ") != "img/a.png img/c.png" {
		t.Errorf("glob img/*.png: %v %v", names, err)
	}
	if got, _ := fs.ReadFile(fsys, "b.svg"); !strings.Contains(string(got), "blue") {
		t.Errorf("b.svg not replaced: %s", got)
	}
	for name, data := range map[string][]byte{"notes.png": []byte("not a picture"), "huge.svg": []byte(anSVG + strings.Repeat(" ", 5<<20))} {
		err := p.PutImages(map[string][]byte{name: data, "img/d.png": redPNG(t)})
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: got %v, want an error naming it", name, err)
		}
	}
	fsys, _ = p.Images()
	if _, err := fs.Stat(fsys, "img/d.png"); err == nil {
		t.Error("a refused put stored the good image beside the bad one")
	}
}

// TestImagesOfSchema7: a file of the schema before images opens read-only
// with no images, and opened for writing is upgraded and keeps them.
func TestImagesOfSchema7(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old"+Extension)
	old, err := create(path, SchemaVersion-1)
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, old, sketch(t), "made by schema 7")
	old.Close()

	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	fsys, err := ro.Images()
	if err != nil {
		t.Fatalf("images of a schema 7 file: %v", err)
	}
	if names, _ := fs.Glob(fsys, "*"); len(names) != 0 {
		t.Errorf("a schema 7 file has images %v", names)
	}
	ro.Close()

	p, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if pack, err := p.Pack(); err != nil || pack == nil {
		t.Fatalf("pack after upgrade: %v", err)
	}
	if err := p.PutImages(map[string][]byte{"a.png": redPNG(t)}); err != nil {
		t.Fatal(err)
	}
	fsys, _ = p.Images()
	if _, err := fs.ReadFile(fsys, "a.png"); err != nil {
		t.Error(err)
	}
}
