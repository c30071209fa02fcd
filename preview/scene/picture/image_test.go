package picture

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"testing"
)

// TestImageIsThePNG: Image gives the pixels PNG encodes, at the size Boxes
// lays out: a window showing it sees what studio scene writes.
func TestImageIsThePNG(t *testing.T) {
	sc := scenes(t, bundled(t, "hearts"), 30)[0]
	var buf bytes.Buffer
	if err := PNG(&buf, Options{}, sc); err != nil {
		t.Fatal(err)
	}
	want, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Image(Options{}, sc)
	if err != nil {
		t.Fatal(err)
	}
	w, h, _, _ := Boxes(sc)
	if b := got.Bounds(); b != want.Bounds() || b.Dx() != int(w+0.5) || b.Dy() != int(h+0.5) {
		t.Fatalf("image %v, PNG %v, boxes %gx%g", got.Bounds(), want.Bounds(), w, h)
	}
	a, b := rgba(got), rgba(want)
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("the image's pixels differ from the PNG's")
	}
}

func rgba(m image.Image) *image.RGBA {
	out := image.NewRGBA(m.Bounds())
	draw.Draw(out, out.Bounds(), m, m.Bounds().Min, draw.Src)
	return out
}

// BenchmarkImageHearts: the picture a window shows of one seat's Hearts
// table, 30 steps in, drawn in memory (scene built beforehand).
func BenchmarkImageHearts(b *testing.B) {
	sc := scenes(b, bundled(b, "hearts"), 30)[1]
	for b.Loop() {
		if _, err := Image(Options{}, sc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTableFrame: one redraw of a four-seat Hearts table, every seat
// side by side as the Play panel's "All seats" shows it, into a new
// 2004x1082 image as the window's drawing goroutine does (issue 23's
// target: under 8 ms; the window scales the picture to its 1400x900
// pixels). The sprites drawn by the first frame are kept, as in the
// window, where step after step shows the same cards, boxes and words;
// BenchmarkTableFrameFirst is a frame with none kept.
func BenchmarkTableFrame(b *testing.B) {
	sc := scenes(b, bundled(b, "hearts"), 30)[1:] // the four seats, not the designer
	var w, h int
	for b.Loop() {
		img, err := Image(Options{}, sc...)
		if err != nil {
			b.Fatal(err)
		}
		w, h = img.Bounds().Dx(), img.Bounds().Dy()
	}
	b.ReportMetric(float64(w*h)/1e6, "Mpixels")
}

// BenchmarkTableFrameFirst: BenchmarkTableFrame's frame with every sprite
// dropped before it: the window's first frame, or one of a table whose
// every shape and text is new.
func BenchmarkTableFrameFirst(b *testing.B) {
	sc := scenes(b, bundled(b, "hearts"), 30)[1:]
	for b.Loop() {
		sprites.Lock()
		dropSprites()
		sprites.Unlock()
		if _, err := Image(Options{}, sc...); err != nil {
			b.Fatal(err)
		}
	}
}
