package picture

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rulestudio/studio/graph"
)

// TestSVGLinksImagesByHref: with ImageHref an SVG links each image at the
// address it gives (a page that serves them) instead of embedding its
// bytes; an image that cannot be read is still drawn by its text, with no
// link.
func TestSVGLinksImagesByHref(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "images", "img", "suit-2.svg"))
	if err != nil {
		t.Fatal(err)
	}
	mem := fstest.MapFS{"img/suit-2.svg": &fstest.MapFile{Data: data}} // hearts only
	hearts := bundled(t, "hearts")
	hearts.Display.Cards[0].Image = graph.Image{Path: "img/suit-{type}.svg"}
	var named []string
	opt := Options{Images: mem, ImageHref: func(p string) string {
		named = append(named, p)
		return "/api/images/" + p
	}}
	var buf bytes.Buffer
	if err := SVG(&buf, opt, scenes(t, hearts, 30)[1]); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	if strings.Contains(svg, "data:") {
		t.Error("the SVG embeds an image's bytes")
	}
	links := strings.Count(svg, `href="/api/images/img/suit-2.svg"`)
	if links == 0 || links != len(named) {
		t.Errorf("%d links to the hearts' image, %d images named (%q)", links, len(named), named)
	}
	for _, p := range named {
		if p != "img/suit-2.svg" {
			t.Errorf("linked %q, which cannot be read", p)
		}
	}
}
