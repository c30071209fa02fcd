package play

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// startMatch returns the panels playing a match of the bundled pack name
// with seed and a seat per entry of seats ("" for a person, else a bot's
// spec), as Play > New match starts it.
func startMatch(t testing.TB, name string, seed uint64, seats ...string) *Panels {
	t.Helper()
	test.NewTempApp(t)
	cfg := preview.Config{Seed: seed}
	for _, b := range seats {
		cfg.Seats = append(cfg.Seats, graph.Seat{Bot: b})
	}
	p := New()
	if err := p.Start(testpack.Bundled(t, name), cfg); err != nil {
		t.Fatal(err)
	}
	return p
}

// showDebugger shows the Debugger's panel in a window of the size it has
// docked in the side column of the editor's test window, with its tab
// titled tab in front, so that its rows are laid out and can be tapped.
func showDebugger(t testing.TB, p *Panels, tab string) fyne.Window {
	t.Helper()
	w := test.NewWindow(p.DebugPanel())
	w.SetPadded(false)
	w.Resize(fyne.NewSize(debugWidth, debugHeight))
	t.Cleanup(w.Close)
	if !p.ShowTab(tab) {
		t.Fatalf("the Debugger has no tab %q", tab)
	}
	return w
}

// The Debugger's size docked in the side column of the editor's test
// window (1200×800), as measured there: the event log's rows are cut at
// its width as in the window.
const debugWidth, debugHeight = 355.2, 373.4
