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

// TestPictureReadsImagesFromFS: images given as a file system (a project's;
// here one held in memory, with no folder behind it) draw as the same images
// read from the pack's folder do: the hearts golden of TestPictureDrawsImages.
// A path the file system has not is named in a warning.
func TestPictureReadsImagesFromFS(t *testing.T) {
	mem := fstest.MapFS{}
	for _, n := range []string{"suit-1.svg", "suit-2.svg", "suit-3.svg", "suit-4.svg"} {
		data, err := os.ReadFile(filepath.Join("testdata", "images", "img", n))
		if err != nil {
			t.Fatal(err)
		}
		mem["img/"+n] = &fstest.MapFile{Data: data}
	}
	var warnings []string
	opt := Options{Images: mem, Warn: func(err error) { warnings = append(warnings, err.Error()) }}
	hearts := bundled(t, "hearts")
	hearts.Display.Cards[0].Image = graph.Image{Path: "img/suit-{type}.svg"}
	scs := scenes(t, hearts, 30)
	var buf bytes.Buffer
	if err := PNG(&buf, opt, scs[1]); err != nil {
		t.Fatal(err)
	}
	goldenPNG(t, filepath.Join("testdata", "images-hearts.png"), buf.Bytes())
	if len(warnings) != 0 {
		t.Errorf("warnings %q", warnings)
	}

	hearts.Display.Cards[0].Image = graph.Image{Path: "img/face-{type}.svg"}
	if err := PNG(&buf, opt, scenes(t, hearts, 30)[1]); err != nil {
		t.Fatal(err)
	}
	if len(warnings) == 0 || !strings.Contains(warnings[0], "img/face-") {
		t.Errorf("warnings %q, want them to name the missing img/face-N.svg", warnings)
	}
}
