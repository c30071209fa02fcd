package picture

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/preview/scene"
)

// TestSampleHeader: a sample of the display hints (the Display form's
// preview) is headed by the pack and what it shows, not by a step, a
// state and a viewer it does not have.
func TestSampleHeader(t *testing.T) {
	sc := scene.Sample(bundled(t, "hearts"))
	title, desc, last := headerLines(sc)
	if title != "hearts · display hints" || desc != sc.Description || last != "" {
		t.Errorf("header %q, %q, %q", title, desc, last)
	}
	if strings.Contains(title+desc, "step") {
		t.Errorf("the sample's header speaks of a step: %q %q", title, desc)
	}
	if _, err := Image(Options{}, sc); err != nil {
		t.Fatal(err)
	}
}
