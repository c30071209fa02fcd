package editor

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/graph"
)

// TestGraphStaysStillAcrossTabs: a designer draws states in a new pack,
// clicks one, works in the Actions tab and comes back to the States tab:
// the graph is drawn where it was, so a click where the state was still
// lands on it (it used to fit the graph again on the way back, and the click
// fell on the background, deselected the state, and the next typing went
// into the pack's own fields).
func TestGraphStaysStillAcrossTabs(t *testing.T) {
	e, _ := newTestEditor(t)
	e.New()
	settle(e)
	for _, at := range []graph.Point{{X: 260, Y: 0}, {X: 260, Y: 240}, {X: 130, Y: 120}} {
		id, err := e.CreateState(at)
		if err != nil {
			t.Fatal(err)
		}
		e.Do(mustEdit(t)(graph.RenameState(e.Pack(), id, "s"+id)))
	}
	settle(e)
	c := e.Window().Canvas()
	abs := func(id string) fyne.Position {
		return fyne.CurrentApp().Driver().AbsolutePositionForObject(e.View).Add(e.View.ToWidget(e.View.Positions()[id]))
	}
	id := "2"
	at := abs(id)
	test.TapCanvas(c, at)
	if e.View.Selected() != id {
		t.Fatalf("clicking state %s selected %q", id, e.View.Selected())
	}
	zoom, offset := e.View.Zoom(), e.View.Offset()
	e.Dock.Show(PanelActions)
	e.Actions().Add()
	e.Dock.Show(PanelGraph)
	if e.View.Zoom() != zoom || e.View.Offset() != offset {
		t.Errorf("back on the States tab the view moved: zoom %v offset %v, was %v %v", e.View.Zoom(), e.View.Offset(), zoom, offset)
	}
	test.TapCanvas(c, at)
	if e.View.Selected() != id || e.Inspector.Shown() != id {
		t.Errorf("a click where state %s was selects %q, the inspector shows %q", id, e.View.Selected(), e.Inspector.Shown())
	}
}
