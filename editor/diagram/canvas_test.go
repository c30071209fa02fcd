package diagram

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// newTestView shows a graph view of the example pack in an 800x600 test window.
func newTestView(t *testing.T) (*View, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	v := NewView()
	p := testpack.Example(t)
	v.SetGraph(p, testpack.GridPositions(p), nil)
	w := test.NewTempWindow(t, v)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(800, 600))
	v.ZoomToFit()
	return v, w
}

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 0.01 }

func TestTapSelectsState(t *testing.T) {
	v, _ := newTestView(t)
	var got []string
	v.OnSelected = func(id string) { got = append(got, id) }

	test.TapAt(v, v.ToWidget(graph.Point{X: 400, Y: 120})) // state 31 playerTurn (index 5: row 1, column 2)
	if v.Selected() != "31" {
		t.Fatalf("after tapping playerTurn, selected = %q, want 31", v.Selected())
	}
	test.TapAt(v, v.ToWidget(graph.Point{X: 100, Y: 60})) // between boxes
	if v.Selected() != "" {
		t.Errorf("after tapping the background, selected = %q, want none", v.Selected())
	}
	if len(got) != 2 || got[0] != "31" || got[1] != "" {
		t.Errorf("OnSelected calls = %q, want [31 \"\"]", got)
	}
}

func TestStateAt(t *testing.T) {
	v, _ := newTestView(t)
	for i, id := range v.States() {
		pt := testpack.GridPositions(testpack.Example(t))[id]
		if got := v.StateAt(v.ToWidget(pt)); got != id {
			t.Errorf("state %d: StateAt(centre of %s) = %q", i, id, got)
		}
	}
}

func TestDragMovesState(t *testing.T) {
	v, _ := newTestView(t)
	var moves []map[string]graph.Point
	v.OnMoved = func(to map[string]graph.Point) { moves = append(moves, to) }
	z := v.Zoom()
	start := v.ToWidget(graph.Point{X: 0, Y: 0}) // state 1
	off := v.Offset()
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: start}})
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start.Add(fyne.NewDelta(20, 10))}, Dragged: fyne.NewDelta(20, 10)})
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start.Add(fyne.NewDelta(40, 30))}, Dragged: fyne.NewDelta(20, 20)})
	v.DragEnd()
	v.MouseUp(&desktop.MouseEvent{})

	if len(moves) != 1 || len(moves[0]) != 1 {
		t.Fatalf("OnMoved calls = %v, want one, of state 1", moves)
	}
	movedTo, ok := moves[0]["1"]
	want := graph.Point{X: float64(40 / z), Y: float64(30 / z)}
	if !ok || math.Abs(movedTo.X-want.X) > 0.01 || math.Abs(movedTo.Y-want.Y) > 0.01 {
		t.Errorf("moved to %v, want state 1 at %v", moves[0], want)
	}
	if got := v.Positions()["1"]; got != movedTo {
		t.Errorf("Positions()[1] = %v, want %v", got, movedTo)
	}
	if v.Offset() != off {
		t.Errorf("dragging a state panned the view: offset %v -> %v", off, v.Offset())
	}
	if v.Selected() != "1" {
		t.Errorf("dragging a state did not select it: selected %q", v.Selected())
	}
}

func TestDragBackgroundPans(t *testing.T) {
	v, w := newTestView(t)
	off := v.Offset()
	z := v.Zoom()
	bg := v.ToWidget(graph.Point{X: 100, Y: 60})
	test.Drag(w.Canvas(), bg, 30, -20)
	if want := off.Add(fyne.NewDelta(30, -20)); v.Offset() != want {
		t.Errorf("offset after drag = %v, want %v", v.Offset(), want)
	}
	if v.Zoom() != z {
		t.Errorf("zoom changed by panning: %v -> %v", z, v.Zoom())
	}
	if got := v.Positions()["1"]; got != (graph.Point{}) {
		t.Errorf("panning moved state 1 to %v", got)
	}
}

func TestScrollPansAndCtrlScrollZooms(t *testing.T) {
	v, w := newTestView(t)
	off, z := v.Offset(), v.Zoom()
	test.Scroll(w.Canvas(), fyne.NewPos(400, 300), 0, -50)
	if want := off.Add(fyne.NewDelta(0, -50)); v.Offset() != want {
		t.Errorf("offset after scroll = %v, want %v", v.Offset(), want)
	}

	v.keyMods = func() fyne.KeyModifier { return fyne.KeyModifierControl }
	anchor := fyne.NewPos(300, 200)
	before := v.ToWorld(anchor)
	v.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: anchor}, Scrolled: fyne.NewDelta(0, 20)})
	if v.Zoom() <= z {
		t.Fatalf("ctrl+scroll up: zoom %v -> %v, want larger", z, v.Zoom())
	}
	after := v.ToWorld(anchor)
	if math.Abs(before.X-after.X) > 0.01 || math.Abs(before.Y-after.Y) > 0.01 {
		t.Errorf("zoom moved the point under the pointer: %v -> %v", before, after)
	}
}

func TestZoomButtonsAndFit(t *testing.T) {
	v, _ := newTestView(t)
	z := v.Zoom()
	v.ZoomIn()
	if !near(v.Zoom(), z*1.25) {
		t.Errorf("ZoomIn: %v -> %v", z, v.Zoom())
	}
	v.ZoomOut()
	v.ZoomOut()
	if !near(v.Zoom(), z/1.25) {
		t.Errorf("ZoomIn, ZoomOut x2: %v -> %v", z, v.Zoom())
	}
	for i := 0; i < 30; i++ {
		v.ZoomOut()
	}
	if v.Zoom() != MinZoom {
		t.Errorf("zoom went below the minimum: %v", v.Zoom())
	}
	v.ZoomToFit()
	size := v.Size()
	for _, id := range v.States() {
		p := v.ToWidget(v.Positions()[id])
		if p.X < 0 || p.Y < 0 || p.X > size.Width || p.Y > size.Height {
			t.Errorf("after ZoomToFit state %s is drawn at %v, outside %v", id, p, size)
		}
	}
	if v.Zoom() > 1 {
		t.Errorf("ZoomToFit zoomed in beyond 1: %v", v.Zoom())
	}
}

func TestCentreOn(t *testing.T) {
	v, _ := newTestView(t)
	v.ZoomIn()
	v.CentreOn("99")
	p := v.ToWidget(v.Positions()["99"])
	if !near(p.X, v.Size().Width/2) || !near(p.Y, v.Size().Height/2) {
		t.Errorf("CentreOn(99): drawn at %v, view %v", p, v.Size())
	}
}

// transitionCount is the number of arrows p needs: one per transition.
func transitionCount(p *graph.Pack) int {
	n := 0
	for _, s := range p.States {
		n += len(s.Transitions)
	}
	return n
}

func TestMissingTargetGetsABox(t *testing.T) {
	test.NewTempApp(t)
	p := testpack.Example(t)
	p.States[1].Transitions = append(p.States[1].Transitions, graph.Transition{Name: "oops", To: graph.NumID(77)})
	v := NewView()
	v.SetGraph(p, testpack.GridPositions(p), graph.Check(p))
	if _, ok := v.index["77"]; !ok {
		t.Fatal("no box for the missing target 77")
	}
	if _, ok := v.Positions()["77"]; ok {
		t.Error("Positions() includes the missing target")
	}
	if n := v.nodes[v.index["20"]]; !n.diag || n.diagSev != graph.Error {
		t.Errorf("state 20 has an error but is not marked: %+v", n)
	}
	if want := transitionCount(p); len(v.edges) != want {
		t.Errorf("%d arrows, want one per transition (%d)", len(v.edges), want)
	}
}

func TestRendererMakesObjectsPerStateAndArrow(t *testing.T) {
	v, _ := newTestView(t)
	r := test.WidgetRenderer(v).(*graphRenderer)
	p := testpack.Example(t)
	if len(r.nodes) != len(p.States) || len(r.edges) != transitionCount(p) {
		t.Fatalf("renderer has %d boxes and %d arrows, want %d and %d", len(r.nodes), len(r.edges), len(p.States), transitionCount(p))
	}
	texts := map[string]bool{}
	for _, n := range r.nodes {
		texts[n.name.Text] = true
	}
	for _, e := range r.edges {
		texts[e.label.Text] = true
	}
	for _, want := range []string{"playerTurn", "giveCards", "gameEnd", "nextTrick", "endGame"} {
		if !texts[want] {
			t.Errorf("nothing draws %q", want)
		}
	}
}

// TestFrameworkEndIsNotMissing: a transition to BGA's own end state (99, or
// the framework's ST_END_GAME when its value is not in sight), which State
// classes never declare, points at a grey gameEnd box, not at a red missing
// one; a long missing id gets a box wide enough for it.
func TestFrameworkEndIsNotMissing(t *testing.T) {
	test.NewTempApp(t)
	p := testpack.Example(t)
	var kept []*graph.State
	for _, s := range p.States {
		if s.ID.Num != 99 {
			kept = append(kept, s)
		}
	}
	p.States = kept
	long := "StateConstants::STATE_SOMETHING_VERY_LONG"
	p.States[1].Transitions = append(p.States[1].Transitions,
		graph.Transition{Name: "end", To: graph.ConstID("ST_END_GAME")},
		graph.Transition{Name: "oops", To: graph.ConstID(long)})
	v := NewView()
	v.SetGraph(p, testpack.GridPositions(p), graph.Check(p))
	for _, id := range []string{"99", "ST_END_GAME"} {
		i, ok := v.index[id]
		if !ok {
			t.Fatalf("no box for %s", id)
		}
		if n := v.nodes[i]; n.typ != style.FrameworkEnd || n.name != "gameEnd" {
			t.Errorf("%s drawn as %q %q, want BGA's gameEnd", id, n.typ, n.name)
		}
		if _, ok := v.Positions()[id]; ok {
			t.Errorf("Positions() includes the framework's %s", id)
		}
	}
	n := v.nodes[v.index[long]]
	if n.typ != style.Missing || n.size.X < 7*float64(len(long)) {
		t.Errorf("missing target %s: type %q, width %.0f", long, n.typ, n.size.X)
	}
	if style.TypeFill(style.FrameworkEnd) != style.TypeFill(graph.Manager) || style.TypeBadge(style.FrameworkEnd) != "BGA" {
		t.Error("gameEnd is not drawn like a manager state")
	}
}

// TestCountText: large counts are shortened.
func TestCountText(t *testing.T) {
	for n, want := range map[int64]string{7: "×7", 999: "×999", 1000: "×1k", 12345: "×12.3k", 4_100_000: "×4.1M"} {
		if got := countText(n); got != want {
			t.Errorf("countText(%d) = %q, want %q", n, got, want)
		}
	}
	if !strings.HasPrefix(countText(1), "×") {
		t.Error("no × sign")
	}
}
