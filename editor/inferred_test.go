package editor

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestInferredTransitionIsDashed: a transition inferred from a State class's
// code is drawn dashed, a declared one solid.
func TestInferredTransitionIsDashed(t *testing.T) {
	test.NewTempApp(t)
	p := examplePack(t)
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
	v.SetGraph(p, gridPositions(p), nil)
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
	if !v.edges[dashed].dashed || v.edges[solid].dashed {
		t.Errorf("inferred arrow dashed = %v, declared arrow dashed = %v; want true, false", v.edges[dashed].dashed, v.edges[solid].dashed)
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
}
