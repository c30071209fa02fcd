package diagram

import (
	"image/color"
	"math"
	"strings"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/preview/playtest"
)

// Heat is a playtest's counts as the canvas draws them over the graph: each
// state's box filled from pale to deep orange by its visits (relative to the
// most visited state), each transition's arrow as wide as its uses (relative
// to the most used), and what was never used outlined or dashed in red.
type Heat struct {
	Visits map[string]int64        // state_entered, by state id as written
	Uses   map[TransitionRef]int64 // transitions taken
	// UnusedStates and UnusedTransitions are the never-used ones, as the
	// playtest's Report lists them (only these are marked).
	UnusedStates      map[string]bool
	UnusedTransitions map[TransitionRef]bool

	maxVisits, maxUses int64
}

// HeatOf reads r's counts. Transition keys are "states/<id>/transitions/<name>"
// (see package playtest); a key of another form is left out.
func HeatOf(r playtest.Report) *Heat {
	h := &Heat{Visits: map[string]int64{}, Uses: map[TransitionRef]int64{},
		UnusedStates: map[string]bool{}, UnusedTransitions: map[TransitionRef]bool{}}
	for id, n := range r.Visits {
		h.Visits[id] = n
		h.maxVisits = max(h.maxVisits, n)
	}
	for k, n := range r.Uses {
		if t, ok := transitionOfKey(k); ok {
			h.Uses[t] = n
			h.maxUses = max(h.maxUses, n)
		}
	}
	for _, id := range r.UnusedStates {
		h.UnusedStates[id] = true
	}
	for _, k := range r.UnusedTransitions {
		if t, ok := transitionOfKey(k); ok {
			h.UnusedTransitions[t] = true
		}
	}
	return h
}

// transitionOfKey splits "states/<id>/transitions/<name>".
func transitionOfKey(k string) (TransitionRef, bool) {
	rest, ok := strings.CutPrefix(k, "states/")
	if !ok {
		return TransitionRef{}, false
	}
	id, name, ok := strings.Cut(rest, "/transitions/")
	return TransitionRef{From: id, Name: name}, ok
}

// SetHeat draws h over the graph; nil clears it.
func (g *View) SetHeat(h *Heat) {
	g.heat = h
	g.Refresh()
}

// Heat returns the playtest counts drawn over the graph, or nil.
func (g *View) Heat() *Heat { return g.heat }

// heatLevel is n relative to top, on a square-root scale so that rarely
// visited states still show; 0 when top is 0.
func heatLevel(n, top int64) float64 {
	if top <= 0 || n <= 0 {
		return 0
	}
	return math.Sqrt(float64(n) / float64(top))
}

func mix(a, b color.NRGBA, k float64) color.NRGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*k)) }
	return color.NRGBA{R: m(a.R, b.R), G: m(a.G, b.G), B: m(a.B, b.B), A: 0xff}
}

// heatBox fills box o of state n by its visits, or restores its type's
// fill when no heat is drawn. A never-visited state is grey with a thick red
// outline (unless selected).
func (r *graphRenderer) heatBox(o *nodeObjects, n node, z float64) {
	if r.matchBox(o, n) {
		return // a preview match's marks take the heat's place (canvas_match.go)
	}
	if r.changeBox(o, n, z) {
		return // so do a comparison's (changes_overlay.go)
	}
	h := r.g.heat
	if h == nil {
		o.box.FillColor = style.TypeFill(n.typ)
		return
	}
	if h.UnusedStates[n.id] {
		o.box.FillColor = style.HeatNone
		if !r.g.sel[n.id] {
			o.box.StrokeColor = style.HeatUnused
			o.box.StrokeWidth = float32(math.Max(2, 3*math.Min(z, 1.2)))
		}
		return
	}
	o.box.FillColor = mix(style.HeatCold, style.HeatHot, heatLevel(h.Visits[n.id], h.maxVisits))
}

// heatEdge restyles transition arrow e by its uses: from 1 to 7 times the
// normal width (the count is drawn beside its label: canvas_marks.go); a
// never-taken transition dashed in red.
func (r *graphRenderer) heatEdge(e edge, hot bool, col color.NRGBA, width float32, on, off float64) (color.NRGBA, float32, float64, float64) {
	if col, width, ok := r.matchEdge(e, hot, col, width); ok {
		return col, width, on, off
	}
	if col, width, on, off, ok := r.changeEdge(e, hot, col, width); ok {
		return col, width, on, off
	}
	h := r.g.heat
	if h == nil || e.kind != transitionEdge || e.inferred {
		return col, width, on, off
	}
	t := TransitionRef{From: r.g.nodes[e.from].id, Name: e.name}
	if h.UnusedTransitions[t] {
		if !hot {
			col = style.HeatUnused
		}
		return col, width, 4, 4
	}
	return col, width * float32(1+6*heatLevel(h.Uses[t], h.maxUses)), on, off
}
