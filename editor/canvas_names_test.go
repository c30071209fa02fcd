package editor

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
)

// chainPack is a pack of n states in a row, gameSetup to gameEnd, each
// leading to the next: a graph taller than it is wide once laid out.
func chainPack(t *testing.T, n int) *graph.Pack {
	t.Helper()
	var b strings.Builder
	b.WriteString("format: 1\npack: chain\nstates:\n  - {id: 1, name: gameSetup, type: manager, transitions: {\"\": 2}}\n")
	for i := 2; i < n; i++ {
		fmt.Fprintf(&b, "  - {id: %d, name: playerTurn%d, type: activeplayer, transitions: {next: %d}}\n", i, i, i+1)
	}
	fmt.Fprintf(&b, "  - {id: %d, name: gameEnd, type: manager}\n", n)
	p, err := graph.Parse([]byte(b.String()), "chain.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFitKeepsNamesWithRoomBeside: ctrl+0 on a 9-state chain, laid out
// taller than the canvas, makes the boxes small; a name wider than its box
// is drawn whole where the canvas has room beside the box, not cut short
// ("gameSe…" with the canvas's width empty on both sides).
func TestFitKeepsNamesWithRoomBeside(t *testing.T) {
	e, _ := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 520))
	e.SetPack(chainPack(t, 9), nil)
	settle(e)
	e.View.ZoomToFit()
	r := test.WidgetRenderer(e.View).(*graphRenderer)
	r.Refresh()
	for i, n := range e.View.nodes {
		o := r.nodes[i]
		if o.name.Text != n.name || !o.name.Visible() {
			t.Errorf("at zoom %.2f, %s is drawn %q (visible %v)", e.View.zoom, n.name, o.name.Text, o.name.Visible())
		}
	}
}

// TestFitNamesDoNotOverlap: names spilling out of their boxes at a small
// zoom (TestFitKeepsNamesWithRoomBeside) stay clear of each other where
// boxes stand side by side: a row of states fitted into a narrow canvas.
func TestFitNamesDoNotOverlap(t *testing.T) {
	e, _ := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(700, 800))
	p := chainPack(t, 9)
	pos := map[string]graph.Point{}
	for i, s := range p.States {
		pos[s.ID.String()] = graph.Point{X: float64(i) * 160, Y: 0}
	}
	e.View.SetGraph(p, pos, nil)
	e.View.ZoomToFit()
	r := test.WidgetRenderer(e.View).(*graphRenderer)
	r.Refresh()
	if e.View.zoom > 0.6 {
		t.Fatalf("zoom %v: the row must be fitted small", e.View.zoom)
	}
	for i := range r.nodes {
		a := r.nodes[i].name
		for j := i + 1; j < len(r.nodes); j++ {
			b := r.nodes[j].name
			if !a.Visible() || !b.Visible() {
				continue
			}
			aw := fyne.MeasureText(a.Text, a.TextSize, a.TextStyle).Width
			if a.Position().X+aw > b.Position().X && b.Position().X > a.Position().X {
				t.Errorf("%q (at %v, %v wide) runs into %q (at %v)", a.Text, a.Position(), aw, b.Text, b.Position())
			}
		}
	}
}

// TestLegendReadsWhole: in a window narrower than the toolbar and the
// legend's one line, every item of the legend is drawn inside the window
// (it wraps onto more lines) instead of behind a horizontal scroll, and
// the canvas keeps the window's width.
func TestLegendReadsWhole(t *testing.T) {
	e, _ := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	e.SetPack(chainPack(t, 3), nil)
	settle(e)
	d := fyne.CurrentApp().Driver()
	win := e.Window().Canvas().Size()
	var legend []*widget.Label
	for _, l := range findIn[*widget.Label](e.Window().Content()) {
		for _, want := range []string{"activeplayer", "missing target", "inferred transition", "call / return"} {
			if l.Text == want {
				legend = append(legend, l)
			}
		}
	}
	if len(legend) != 4 {
		t.Fatalf("found %d of the legend's labels", len(legend))
	}
	for _, l := range legend {
		pos := d.AbsolutePositionForObject(l)
		if !l.Visible() || pos.X < 0 || pos.X+l.MinSize().Width > win.Width {
			t.Errorf("%q is drawn from x=%v to %v in a window %v wide", l.Text, pos.X, pos.X+l.MinSize().Width, win.Width)
		}
	}
	if w := e.View.Size().Width; w > win.Width {
		t.Errorf("the canvas is %v wide in a window %v wide", w, win.Width)
	}
	bottom := float32(0)
	for _, l := range legend {
		bottom = max(bottom, d.AbsolutePositionForObject(l).Y+l.MinSize().Height)
	}
	if y := d.AbsolutePositionForObject(e.Dock.Object()).Y; y < bottom {
		t.Errorf("the panels start at y=%v, over the legend's last row (to %v)", y, bottom)
	}
}
