package editor

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
)

// The canvas's editing operations, done as the designer does them (taps,
// drags, keys, the name prompt) on a real editor in Fyne's test driver. Each
// test checks the pack (the model) and what the canvas draws: image goldens
// of the canvas under testdata/ (regenerate a golden by deleting it and
// copying the picture the failing test writes to testdata/failed/).

// editSrc is the small pack the editing tests change.
const editSrc = `format: 1
pack: edits
title: Edits
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 2}}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} must play or pass
    descriptionmyturn: ${you} must play or pass
    possibleactions: [play, pass]
    transitions: {play: 3, pass: 3}
  - {id: 3, name: nextPlayer, type: game, updateGameProgression: true, transitions: {next: 2, end: 99}}
  - {id: 99, name: gameEnd, type: manager}
editor:
  positions: {"1": [0, 0], "2": [0, 130], "3": [280, 130], "99": [280, 280]}
`

// editPack parses editSrc.
func editPack(t *testing.T) *graph.Pack {
	t.Helper()
	p, err := graph.Parse([]byte(editSrc), "edits.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// newEditEditor shows editPack in an editor whose canvas is about 690x490
// pixels, at zoom 1 with state 1's box near the top left corner.
func newEditEditor(t *testing.T) *Editor {
	t.Helper()
	e, _ := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 560))
	e.SetPack(editPack(t), nil)
	settle(e)
	// The toolbar's legend wraps onto more rows at this width: the window
	// grows by them, so that the canvas is as high as the goldens were drawn.
	const canvasH = 432.92188
	e.Window().Resize(fyne.NewSize(1000, 560+canvasH-e.View.Size().Height))
	e.View.SetZoom(1, fyne.Position{})
	e.View.SetOffset(fyne.NewPos(100, 60))
	e.View.SetClock(fakeClock())
	return e
}

// fakeClock is a clock that moves 100 ms each time it is read.
func fakeClock() func() time.Time {
	t := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(100 * time.Millisecond)
		return t
	}
}

// yamlOf is the pack's canonical YAML.
func yamlOf(t *testing.T, p *graph.Pack) string {
	t.Helper()
	data, err := graph.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// at is where world point (x, y) is drawn on the canvas.
func at(e *Editor, x, y float64) fyne.Position { return e.View.ToWidget(graph.Point{X: x, Y: y}) }

// rightEdge is a point on the border band of state id's box, on its right
// side, a little inside.
func rightEdge(e *Editor, id string) fyne.Position {
	s := stateOf(e.Pack(), id)
	w, _ := layout.BoxSize(s)
	c := e.View.Positions()[id]
	return at(e, c.X+w/2, c.Y).Subtract(fyne.NewDelta(3, 0))
}

// drag drags the canvas from a to b in three moves, with mods held.
func drag(v *diagram.View, a, b fyne.Position, mods fyne.KeyModifier) {
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: a}, Button: desktop.MouseButtonPrimary, Modifier: mods})
	prev := a
	for i := 1; i <= 3; i++ {
		p := fyne.NewPos(a.X+(b.X-a.X)*float32(i)/3, a.Y+(b.Y-a.Y)*float32(i)/3)
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p}, Dragged: fyne.NewDelta(p.X-prev.X, p.Y-prev.Y)})
		prev = p
	}
	v.DragEnd()
	v.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: b}})
}

// answer types text in the prompt shown (replacing what it holds) and
// presses Enter.
func answer(t *testing.T, e *Editor, text string) {
	t.Helper()
	if e.prompt == nil || e.prompt.done {
		t.Fatal("no name prompt is showing")
	}
	test.Type(e.prompt.entry, text)
	e.prompt.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// assertCanvasImage compares what the canvas draws (its boxes, arrows and
// selection, at its zoom and pan, once the checks have marked the states)
// with the golden testdata/name. The drawing is of a copy of the canvas in
// a 630x470 software canvas, so that the panels around it in the window do
// not change the picture.
func assertCanvasImage(t *testing.T, e *Editor, name string) {
	t.Helper()
	settle(e)
	test.AssertImageMatches(t, name, e.View.Picture(fyne.NewSize(630, 470)))
}

// TestCreateStateByDoubleClick: a double click on the background makes a
// state there and asks its name; undo takes it away, redo brings it back.
func TestCreateStateByDoubleClick(t *testing.T) {
	e := newEditEditor(t)
	before := yamlOf(t, e.Pack())
	spot := at(e, 0, 300)
	test.TapAt(e.View, spot)
	test.TapAt(e.View, spot)
	answer(t, e, "drawCard")

	s := e.Pack().StateByName("drawCard")
	if s == nil {
		t.Fatalf("no state drawCard after a double click and typing its name; states: %v", e.View.States())
	}
	if s.ID != graph.NumID(4) || s.Type != graph.ActivePlayer {
		t.Errorf("new state: id %v type %s, want 4 activeplayer (the number after the highest)", s.ID, s.Type)
	}
	if got := e.Pack().Editor.Positions["4"]; got != (graph.Point{X: 0, Y: 300}) {
		t.Errorf("new state at %v, want where the double click was (0, 300)", got)
	}
	if e.View.Selected() != "4" || !strings.Contains(e.Inspector.Title(), "drawCard") {
		t.Errorf("new state not selected and shown: selected %q, inspector %q", e.View.Selected(), e.Inspector.Title())
	}
	assertCanvasImage(t, e, "edit_create.png")

	e.Undo() // the name
	if stateOf(e.Pack(), "4").Name != "newState" {
		t.Errorf("first undo: name %q, want newState back", stateOf(e.Pack(), "4").Name)
	}
	e.Undo() // the state
	if got := yamlOf(t, e.Pack()); got != before {
		t.Errorf("undoing the creation does not give the pack back:\n%s", got)
	}
	e.Redo()
	e.Redo()
	if s := stateOf(e.Pack(), "4"); s == nil || s.Name != "drawCard" {
		t.Errorf("redo: state 4 is %+v, want drawCard", s)
	}
}

// TestNewStateGoesToAFreeSpot: Edit > New State puts the state where no
// box is, in the middle of the view, and Escape in the prompt keeps the
// offered name.
func TestNewStateGoesToAFreeSpot(t *testing.T) {
	e := newEditEditor(t)
	e.View.CentreOn("3") // the middle of the view is taken by state 3
	e.NewState()
	e.prompt.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	s := stateOf(e.Pack(), "4")
	if s == nil || s.Name != "newState" {
		t.Fatalf("New State: state 4 is %+v, want newState", s)
	}
	pt := e.Pack().Editor.Positions["4"]
	w, h := layout.BoxSize(s)
	for _, o := range e.Pack().States[:4] {
		ow, oh := layout.BoxSize(o)
		q := e.Pack().Editor.Positions[o.ID.String()]
		if abs(pt.X-q.X) < (w+ow)/2 && abs(pt.Y-q.Y) < (h+oh)/2 {
			t.Errorf("the new state at %v covers state %s at %v", pt, o.ID, q)
		}
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestConnectByDraggingFromTheEdge: a drag from a box's edge to another box
// makes a transition named in the prompt; back to the same box, a loop.
func TestConnectByDraggingFromTheEdge(t *testing.T) {
	e := newEditEditor(t)
	before := yamlOf(t, e.Pack())
	drag(e.View, rightEdge(e, "1"), at(e, 280, 130), 0)
	if e.prompt == nil || e.prompt.entry.Text != "nextPlayer" {
		t.Fatalf("the prompt offers %q, want the target's name nextPlayer", e.prompt.entry.Text)
	}
	answer(t, e, "skip")
	tr, ok := stateOf(e.Pack(), "1").Transitions.Lookup("skip")
	if !ok || tr.To != graph.NumID(3) {
		t.Fatalf("state 1's transitions after the drag: %v", stateOf(e.Pack(), "1").Transitions)
	}
	if got, ok := e.View.SelectedTransition(); !ok || got != (diagram.TransitionRef{From: "1", Name: "skip"}) {
		t.Errorf("the new transition is not selected: %v %v", got, ok)
	}
	if p := e.Pack().Editor.Positions["1"]; p != (graph.Point{}) {
		t.Errorf("the drag from the edge moved state 1 to %v", p)
	}

	// A loop, and a name the state has already is refused in the prompt.
	drag(e.View, rightEdge(e, "3"), at(e, 280, 130), 0)
	answer(t, e, "next")
	if e.prompt.done || !e.prompt.errors.Visible() {
		t.Errorf("a duplicate name closed the prompt (errors shown: %v)", e.prompt.errors.Visible())
	}
	test.Type(e.prompt.entry, "again")
	e.prompt.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if tr, ok := stateOf(e.Pack(), "3").Transitions.Lookup("nextagain"); !ok || tr.To != graph.NumID(3) {
		t.Errorf("loop: state 3's transitions %v, want nextagain to 3", stateOf(e.Pack(), "3").Transitions)
	}
	assertCanvasImage(t, e, "edit_connect.png")

	e.Undo()
	e.Undo()
	if got := yamlOf(t, e.Pack()); got != before {
		t.Errorf("two undos do not give the pack back:\n%s", got)
	}
}

// TestDragToTheBackgroundMakesNoTransition: letting go of a new arrow
// where no state is drops it.
func TestDragToTheBackgroundMakesNoTransition(t *testing.T) {
	e := newEditEditor(t)
	before := yamlOf(t, e.Pack())
	drag(e.View, rightEdge(e, "1"), at(e, 150, 60), 0)
	if e.prompt != nil && !e.prompt.done {
		t.Error("a prompt shows for an arrow dropped on the background")
	}
	if got := yamlOf(t, e.Pack()); got != before {
		t.Errorf("the pack changed:\n%s", got)
	}
}
