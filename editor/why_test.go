package editor

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// TestPlayWhyMenu: Play > Why… brings the Debugger's Why tab to the front
// with the keyboard in its clause picker, and it answers for the match at
// the cursor.
func TestPlayWhyMenu(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "seeds"), nil)
	settle(e)
	item := menuItem(e, "Why…")
	if item == nil {
		t.Fatal("no Play > Why…")
	}
	if err := e.Play.Start(e.pack, preview.Config{Seed: 5, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}}); err != nil {
		t.Fatal(err)
	}
	e.showMatch()
	item.Action()
	if e.Dock.Front(dock.Side) != PanelDebug || e.Play.Tab() != play.WhyTab {
		t.Fatalf("Play > Why… shows %q / %q", e.Dock.Front(dock.Side), e.Play.Tab())
	}
	if f := e.win.Canvas().Focused(); f == nil || !e.Play.WhyHolds(f) {
		t.Errorf("the focus is on %T, not the Why tab's clause picker", f)
	}
	if !e.Play.SelectWhyClause("object_types/pain_altar/whenever/pain") || !strings.Contains(e.Play.WhyText(), "Why pain_altar · whenever pain did or did not fire in step ") {
		t.Errorf("the Why tab:\n%s", e.Play.WhyText())
	}
}
