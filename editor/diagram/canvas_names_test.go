package diagram

import (
	"github.com/rulestudio/studio/editor/internal/testpack"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/graph"
)

// TestFitKeepsNamesWithRoomBeside: ctrl+0 on a 9-state chain, laid out
// taller than the canvas, makes the boxes small; a name wider than its box
// is drawn whole where the canvas has room beside the box, not cut short
// ("gameSe…" with the canvas's width empty on both sides).
func TestFitKeepsNamesWithRoomBeside(t *testing.T) {
	// The canvas the studio's window gives a pack at 1000x520.
	v, r := packView(t, testpack.Chain(t, 9), fyne.NewSize(1000, 400))
	v.ZoomToFit()
	r.Refresh()
	for i, n := range v.nodes {
		o := r.nodes[i]
		if o.name.Text != n.name || !o.name.Visible() {
			t.Errorf("at zoom %.2f, %s is drawn %q (visible %v)", v.zoom, n.name, o.name.Text, o.name.Visible())
		}
	}
}

// TestFitNamesDoNotOverlap: names spilling out of their boxes at a small
// zoom (TestFitKeepsNamesWithRoomBeside) stay clear of each other where
// boxes stand side by side: a row of states fitted into a narrow canvas.
func TestFitNamesDoNotOverlap(t *testing.T) {
	p := testpack.Chain(t, 9)
	v, r := packView(t, p, fyne.NewSize(700, 680)) // the canvas of a 700x800 window
	pos := map[string]graph.Point{}
	for i, s := range p.States {
		pos[s.ID.String()] = graph.Point{X: float64(i) * 160, Y: 0}
	}
	v.SetGraph(p, pos, nil)
	v.ZoomToFit()
	r.Refresh()
	if v.zoom > 0.6 {
		t.Fatalf("zoom %v: the row must be fitted small", v.zoom)
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
