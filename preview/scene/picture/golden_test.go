package picture

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// goldenSteps are the steps each bundled pack is drawn at (random bots,
// seed 1), as in preview/scene's goldens.
var goldenSteps = map[string][]int{
	"tictactoe":   {4, 99},
	"connectfour": {9, 30},
	"reversi":     {5, 60},
	"hearts":      {6, 30},
	"seeds":       {9, 30},
}

func bundled(t testing.TB, name string) *graph.Pack {
	t.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		t.Fatalf("no bundled pack %s", name)
	}
	p, err := graph.Parse(data, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// scenes plays pack with random bots (seed 1) to step and returns the
// designer's scene and every seat's.
func scenes(t testing.TB, pack *graph.Pack, step int) []*scene.Scene {
	t.Helper()
	seats := make([]graph.Seat, pack.Players.Min)
	for i := range seats {
		seats[i].Bot = "random"
	}
	s, err := preview.New(pack, preview.Config{Seats: seats, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RunTo(step); err != nil {
		t.Fatal(err)
	}
	var out []*scene.Scene
	for seat := scene.Designer; seat <= len(seats); seat++ {
		sc, err := scene.Build(s.Pack(), s.Match(), seat)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sc)
	}
	return out
}

// TestPictureGolden: every bundled pack at a few steps, the designer's
// table and every seat's side by side, drawn as PNG, looks as the image in
// testdata/ (go test -update draws them again; look at them before
// committing).
func TestPictureGolden(t *testing.T) {
	for name, steps := range goldenSteps {
		for _, step := range steps {
			var buf bytes.Buffer
			if err := PNG(&buf, Options{}, scenes(t, bundled(t, name), step)...); err != nil {
				t.Fatal(err)
			}
			goldenPNG(t, filepath.Join("testdata", fmt.Sprintf("%s-%d.png", name, step)), buf.Bytes())
		}
	}
}

// TestPictureWithoutHints: Hearts and tic-tac-toe with their display
// hints taken out still draw every card, cell and counter readably: faces
// as type/type_arg, cells as numbered discs in the seats' colours.
func TestPictureWithoutHints(t *testing.T) {
	for _, name := range []string{"hearts", "tictactoe"} {
		pack := bundled(t, name)
		pack.Display = nil
		var buf bytes.Buffer
		if err := PNG(&buf, Options{}, scenes(t, pack, 30)...); err != nil {
			t.Fatal(err)
		}
		goldenPNG(t, filepath.Join("testdata", name+"-nohints.png"), buf.Bytes())
	}
}

// TestSVGGolden: the SVG of a Hearts table is the text in testdata/.
func TestSVGGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := SVG(&buf, Options{}, scenes(t, bundled(t, "hearts"), 30)[1]); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "hearts-30-seat1.svg")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("%s differs; go test -update writes it again", path)
	}
}

// goldenPNG compares a PNG with the file at path, allowing a few pixels
// to differ a little (antialiasing on another machine), or writes it with
// -update.
func goldenPNG(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	want, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != want.Bounds() {
		t.Fatalf("%s: drawn %v, the golden is %v", path, img.Bounds().Size(), want.Bounds().Size())
	}
	if n, total := differing(img, want); n > total/1000 {
		t.Errorf("%s: %d of %d pixels differ; go test -update draws it again", path, n, total)
	}
}

// differing counts the pixels whose colour differs by more than 16 in any
// channel (of 255).
func differing(a, b image.Image) (n, total int) {
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			if far(ar, br) || far(ag, bg) || far(ab, bb) {
				n++
			}
			total++
		}
	}
	return n, total
}

func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > 16 || d < -16
}
