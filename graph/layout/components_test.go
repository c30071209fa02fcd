package layout

import (
	"fmt"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

func TestPackComponentsWrapsALongRow(t *testing.T) {
	p := &graph.Pack{}
	pos := map[string]graph.Point{}
	for i := 1; i <= 40; i++ {
		s := &graph.State{ID: graph.NumID(i), Name: fmt.Sprintf("s%d", i), Type: graph.Game}
		if i == 1 {
			s.Transitions = graph.Transitions{{Name: "go", To: graph.NumID(2)}}
		}
		p.States = append(p.States, s)
		pos[s.ID.String()] = graph.Point{X: float64(i) * 160, Y: 0}
	}
	pos["2"] = graph.Point{X: 160, Y: 100} // state 2 under state 1
	out := Components(p, pos, Options{})
	lo, hi := out["1"], out["1"]
	for _, pt := range out {
		lo = graph.Point{X: min(lo.X, pt.X), Y: min(lo.Y, pt.Y)}
		hi = graph.Point{X: max(hi.X, pt.X), Y: max(hi.Y, pt.Y)}
	}
	if w, h := hi.X-lo.X, hi.Y-lo.Y; w > 3*h {
		t.Errorf("packed layout is %.0f x %.0f: still one long row", w, h)
	}
	if d := (graph.Point{X: out["2"].X - out["1"].X, Y: out["2"].Y - out["1"].Y}); d != (graph.Point{X: 0, Y: 100}) {
		t.Errorf("the piece 1->2 lost its shape: 2 is at %v from 1", d)
	}
	if out["1"] != (graph.Point{X: 60, Y: 25}) {
		t.Errorf("the biggest piece should come first, at the top left: 1 at %v", out["1"])
	}
	checkLayout(t, p, out) // every box 120 x 50, none overlapping
}

func TestPackComponentsKeepsCompactLayouts(t *testing.T) {
	p, err := graph.Parse(assets.ExamplePack, assets.ExamplePackName)
	if err != nil {
		t.Fatal(err)
	}
	pos := map[string]graph.Point{} // a grid, 200 x 120 apart, row by row
	for i, s := range p.States {
		pos[s.ID.String()] = graph.Point{X: float64(i%3) * 200, Y: float64(i/3) * 120}
	}
	out := Components(p, pos, Options{})
	for id, pt := range pos {
		if out[id] != pt {
			t.Errorf("state %s moved from %v to %v", id, pt, out[id])
		}
	}
}
