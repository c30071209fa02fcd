package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
)

// TestImportClassGameFolder imports a real game written as State classes
// from its folder: its states are drawn, the importer's warnings head the
// diagnostics list, and exporting it as State classes writes a file per state.
func TestImportClassGameFolder(t *testing.T) {
	game := filepath.Join(corpus.ClassesDir(), "augment-reality__scoville")
	if _, err := os.Stat(game); err != nil {
		t.Skipf("no State-class corpus at %s: skipping", corpus.ClassesDir())
	}
	e, _ := newTestEditor(t)
	// Open decides by what the path holds (packfile.Detect): a game folder.
	if err := e.Open(game); err != nil {
		t.Fatal(err)
	}
	settle(e)
	if n := len(e.View.States()); n != len(e.Pack().States) || n != 9 {
		t.Errorf("%d boxes for %d states, want 9", n, len(e.Pack().States))
	}
	inferred := 0
	for _, a := range drawing(e.View).Arrows {
		if a.Inferred {
			inferred++
		}
	}
	if inferred == 0 {
		t.Error("no inferred transition is drawn dashed")
	}
	ds := e.Diagnostics.Diagnostics()
	if len(ds) == 0 || ds[0].Severity != graph.Warning || !strings.Contains(ds[0].Message, "which its transitions: do not declare") {
		t.Errorf("the import warnings do not head the diagnostics: %v", ds)
	}
	// Each row names its class file; the pack's own diagnostics need none.
	if got := diagText(ds[0], e.Pack().Source); !strings.HasPrefix(got, "AuctionBid.php:75:37  state 10: actBid() calls nextState") {
		t.Errorf("first row %q does not name its file", got)
	}
	for _, d := range ds {
		if d.File == e.Pack().Source && strings.Contains(diagText(d, e.Pack().Source), ".php") {
			t.Errorf("row %q names a file for a diagnostic about the pack", diagText(d, e.Pack().Source))
		}
	}
	// The inspector says which transitions are inferred: Scoville declares none.
	if got, _ := e.Inspector.Field("summary"); !strings.Contains(got, ", 10 transitions (10 inferred from State classes)") {
		t.Errorf("pack summary %q", got)
	}
	e.SelectState("15")
	for path, want := range map[string]string{
		"transitions/0": "AuctionClaim", "transitions/0/to": "15 · AuctionClaim",
		"transitions/1": "Planting", "transitions/1/to": "20 · Planting",
		"transitions/0/inferred": "inferred from the State class's code (written back as code)",
		"transitions/1/inferred": "inferred from the State class's code (written back as code)",
	} {
		if got, _ := e.Inspector.Field(path); got != want {
			t.Errorf("state 15: %s = %q, want %q", path, got, want)
		}
	}
	e.refreshAll() // as every edit does: the warnings stay
	settle(e)
	if ds := e.Diagnostics.Diagnostics(); len(ds) == 0 || ds[0].Severity != graph.Warning {
		t.Errorf("the import warnings went with the next check: %v", ds)
	}
	dir := t.TempDir()
	if err := e.ExportClasses(dir); err != nil {
		t.Fatal(err)
	}
	written, _ := filepath.Glob(filepath.Join(dir, "modules", "php", "States", "*.php"))
	if len(written) != 9 {
		t.Errorf("export wrote %d State classes, want 9", len(written))
	}
}
