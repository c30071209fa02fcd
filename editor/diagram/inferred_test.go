package diagram

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/style"
)

// TestInferredTransitionIsDashed: a transition inferred from a State class's
// code is drawn dashed, a declared one solid.
func TestInferredTransitionIsDashed(t *testing.T) {
	test.NewTempApp(t)
	p := testpack.Example(t)
	s := p.States[0]
	for _, st := range p.States {
		if len(st.Transitions) >= 2 && st.Transitions[0].To != st.ID && st.Transitions[1].To != st.ID {
			s = st
			break
		}
	}
	if len(s.Transitions) < 2 {
		t.Fatal("the example pack has no state with two transitions to other states")
	}
	s.Transitions[0].Inferred = true
	v, _ := newTestView(t)
	v.SetGraph(p, testpack.GridPositions(p), nil)
	v.ZoomToFit()
	r := test.WidgetRenderer(v).(*graphRenderer)
	r.Refresh()
	from := v.index[s.ID.String()]
	dashed, solid := -1, -1
	for i, e := range v.edges {
		if e.from != from {
			continue
		}
		switch e.label {
		case s.Transitions[0].Name:
			dashed = i
		case s.Transitions[1].Name:
			solid = i
		}
	}
	if dashed < 0 || solid < 0 {
		t.Fatalf("arrows of state %s not found", s.ID)
	}
	if !v.edges[dashed].inferred || v.edges[solid].inferred {
		t.Errorf("inferred arrow dashed = %v, declared arrow dashed = %v; want true, false", v.edges[dashed].inferred, v.edges[solid].inferred)
	}
	visible := func(i int) int {
		n := 0
		for _, sg := range r.edges[i].segs {
			if sg.Visible() {
				n++
			}
		}
		return n
	}
	if d, s := visible(dashed), visible(solid); d <= s {
		t.Errorf("the inferred arrow is drawn with %d segments, the declared one with %d; dashes need more", d, s)
	}
	// Its own colour too, line and label (the label in italics), so that a
	// short arrow, hidden by its label but for a dash or two, still shows.
	if c := r.edges[dashed].segs[0].StrokeColor; c != style.Light.Inferred {
		t.Errorf("inferred arrow drawn in %v, want %v", c, style.Light.Inferred)
	}
	if c := r.edges[solid].segs[0].StrokeColor; c != style.Light.Edge {
		t.Errorf("declared arrow drawn in %v, want %v", c, style.Light.Edge)
	}
	if l := r.edges[dashed].label; l.Color != style.Light.Inferred || !l.TextStyle.Italic || r.edges[solid].label.TextStyle.Italic {
		t.Errorf("labels: inferred %v italic %v, declared italic %v", l.Color, l.TextStyle.Italic, r.edges[solid].label.TextStyle.Italic)
	}
}

// TestDashesOnAShortArrow: an inferred arrow a few dozen pixels long still
// has several dashes at any zoom, and a long one is not cut into thousands.
func TestDashesOnAShortArrow(t *testing.T) {
	for _, z := range []float64{MinZoom, 0.5, 1, MaxZoom} {
		short := []vec{{0, 0}, {0, 40 / z}} // 40 pixels on screen
		line := dashPattern(short, 5, 5, z)
		if n := len(line) / 2; n < 3 {
			t.Errorf("zoom %v: %d dashes on a 40-pixel arrow", z, n)
		}
		long := []vec{{0, 0}, {5000, 0}, {5000, 5000}}
		if n := len(dashPattern(long, 5, 5, z)) / 2; n > maxDashes+1 {
			t.Errorf("zoom %v: %d dashes on a long arrow", z, n)
		}
	}
}
