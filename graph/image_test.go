package graph

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
	"testing/fstest"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestCheckImage: a PNG and an SVG pass; a text file named .png, a file that
// is not .png or .svg and one over MaxImage are refused, each error naming
// the file.
func TestCheckImage(t *testing.T) {
	if err := CheckImage("a.png", pngBytes(t)); err != nil {
		t.Errorf("a PNG: %v", err)
	}
	if err := CheckImage("img/b.svg", []byte(`<?xml version="1.0"?>`+"\n"+`<svg xmlns="http://www.w3.org/2000/svg"/>`)); err != nil {
		t.Errorf("an SVG: %v", err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"fake.png", []byte("hello"), "not a PNG"},
		{"fake.svg", []byte("<html></html>"), "not an SVG"},
		{"pic.gif", []byte("GIF89a"), ".png or .svg"},
		{"big.png", append(pngBytes(t), make([]byte, MaxImage)...), "larger than"},
	} {
		err := CheckImage(c.name, c.data)
		if err == nil || !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error naming the file and saying %q", c.name, err, c.want)
		}
	}
}

// TestReadImages: a hint's path with {type} takes every file it matches, a
// path with none its file; a file not there is left out, a bad one refused.
func TestReadImages(t *testing.T) {
	p := pngBytes(t)
	fsys := fstest.MapFS{
		"img/suit-1.png": {Data: p}, "img/suit-2.png": {Data: p},
		"img/other.png": {Data: p}, "elf.png": {Data: p}, "bad.png": {Data: []byte("x")},
	}
	d := &Display{Cards: []CardHint{{Deck: "cards", Image: Image{Path: "img/suit-{type}.png"}}},
		Objects: []ObjectHint{{Type: "elf", Image: Image{Path: "elf.png"}}, {Type: "orc", Image: Image{Path: "orc.png"}}}}
	got, err := ReadImages(fsys, d)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for n := range got {
		names = append(names, n)
	}
	if len(got) != 3 || got["img/suit-1.png"] == nil || got["img/suit-2.png"] == nil || got["elf.png"] == nil {
		t.Errorf("read %v, want img/suit-1.png, img/suit-2.png and elf.png", names)
	}
	d.Objects = append(d.Objects, ObjectHint{Type: "x", Image: Image{Path: "bad.png"}})
	if _, err := ReadImages(fsys, d); err == nil || !strings.Contains(err.Error(), "bad.png") {
		t.Errorf("a bad image: got %v, want an error naming bad.png", err)
	}
}
