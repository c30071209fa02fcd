package picture

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
)

// TestPictureDrawsImages: a card type's SVG image ({type} in its path) is
// the card's face under its corner, an object type's PNG fills the card's
// body (beside the Wood Elf its power and toughness are wrapped: violet
// with a star); an image that is not there is named in a warning and the card
// reads by its text. The SVG embeds the images it draws.
func TestPictureDrawsImages(t *testing.T) {
	var warnings []string
	opt := Options{Dir: filepath.Join("testdata", "images"), Warn: func(err error) { warnings = append(warnings, err.Error()) }}

	hearts := bundled(t, "hearts")
	hearts.Display.Cards[0].Image = graph.Image{Path: "img/suit-{type}.svg"}
	scs := scenes(t, hearts, 30)
	var buf bytes.Buffer
	if err := PNG(&buf, opt, scs[1]); err != nil {
		t.Fatal(err)
	}
	goldenPNG(t, filepath.Join("testdata", "images-hearts.png"), buf.Bytes())
	buf.Reset()
	if err := SVG(&buf, opt, scs[1]); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "data:image/svg+xml;base64,"); n != 15 {
		t.Errorf("the SVG embeds %d images, want the 15 face-up cards'", n)
	}

	seeds := bundled(t, "seeds")
	seeds.Display.Objects = append(seeds.Display.Objects,
		graph.ObjectHint{Type: "elf_lord", Title: "name", Stats: []string{"power", "toughness"}, Image: graph.Image{Path: "img/land.png"}},
		graph.ObjectHint{Type: "healer", Image: graph.Image{Path: "img/missing.png"}})
	seats := []graph.Seat{{Bot: "random"}, {Bot: "random"}}
	s, err := preview.New(seeds, preview.Config{Seats: seats, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RunTo(3); err != nil {
		t.Fatal(err)
	}
	m := s.Match() // the Elf Lord beside the Wood Elf: its power and toughness wrapped
	if err := m.Exec("for o in objects(tag='elf'):\n    if o.controller == player_no(1):\n        o.zone = 'battlefield'\n"); err != nil {
		t.Fatal(err)
	}
	sc, err := scene.Build(s.Pack(), m, scene.Designer)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := PNG(&buf, opt, sc); err != nil {
		t.Fatal(err)
	}
	goldenPNG(t, filepath.Join("testdata", "images-seeds.png"), buf.Bytes())
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "image img/missing.png: open testdata/images/img/missing.png: no such file") {
		t.Errorf("warnings: %q", warnings)
	}
}
