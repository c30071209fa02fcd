package editor

import (
	"fmt"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
)

// ensurePositions gives every state of the pack without a position (every
// state when all is true) one from the built-in layered layout, at once, as
// part of step st (0: the opening), and returns the ids it placed: the caller
// then asks for a better layout in the background with refineLayout, once it
// has updated the views.
func (e *Editor) ensurePositions(st graph.Step, all bool) []string {
	ids, quick := e.quickLayout(all)
	if len(ids) > 0 {
		if _, err := e.hist.Amend(st, graph.MoveStates(e.pack, quick, "automatic layout")); err != nil {
			e.setStatus("layout failed: " + err.Error())
		}
	}
	return ids
}

// quickLayout returns the states without a position (every state when all is
// true) and their places in the built-in layered layout.
func (e *Editor) quickLayout(all bool) ([]string, map[string]graph.Point) {
	p := e.pack
	var ids []string
	for _, s := range p.States {
		placed := false
		if p.Editor != nil {
			_, placed = p.Editor.Positions[s.ID.String()]
		}
		if all || !placed {
			ids = append(ids, s.ID.String())
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	layered := layout.Quick(p, layout.Options{})
	quick := map[string]graph.Point{}
	for _, id := range ids {
		if pt, ok := layered[id]; ok {
			quick[id] = pt
		}
	}
	return ids, quick
}

// refineLayout runs layout.Auto (Graphviz when installed, which can take
// seconds on a big graph) on a copy of the pack on another goroutine. When it
// is done, and step st is still the latest (the designer did nothing since),
// the states ids move to their new places as part of st, on the Fyne
// goroutine (fyne.Do).
func (e *Editor) refineLayout(st graph.Step, ids []string) {
	cp := e.pack.Clone()
	cp.Editor = nil
	e.refine(st, cp, func(auto map[string]graph.Point) map[string]graph.Point {
		moved := map[string]graph.Point{}
		for _, id := range ids {
			if pt, ok := auto[id]; ok {
				moved[id] = pt
			}
		}
		return moved
	})
}

// refine lays out cp with layout.Auto on another goroutine, then amends step
// st with the moves place makes of the result, when st is still the latest.
func (e *Editor) refine(st graph.Step, cp *graph.Pack, place func(map[string]graph.Point) map[string]graph.Point) {
	h := e.hist
	e.refining++
	seq := e.refining
	e.layingOut = true
	e.updateTitle()
	e.layouts.Add(1)
	go func() {
		defer e.layouts.Done()
		auto, err := layout.Auto(e.stopped, cp, layout.Options{})
		e.do(func() {
			if e.hist != h {
				return // another pack is on screen
			}
			if e.refining == seq {
				e.layingOut = false
				e.updateTitle()
			}
			if err != nil {
				e.setStatus("automatic layout failed: " + err.Error())
				return
			}
			ok, err := h.Amend(st, graph.MoveStates(e.pack, place(auto), ""))
			if err != nil {
				e.setStatus("automatic layout failed: " + err.Error())
			}
			if !ok {
				return // the designer did something meanwhile
			}
			e.View.SetGraph(e.pack, e.pack.Editor.Positions, e.diags)
			e.View.Refit()
			e.refreshYAML() // it writes the positions
			e.changed()
		})
	}()
}

// Relayout places every state again with the automatic layout: one undo
// step, which the background layout refines.
func (e *Editor) Relayout() {
	if e.pack == nil {
		return
	}
	ids, quick := e.quickLayout(true)
	st, err := e.hist.Do(graph.MoveStates(e.pack, quick, "automatic layout"))
	if err != nil {
		e.showError(err)
		return
	}
	e.View.SetGraph(e.pack, e.pack.Editor.Positions, e.diags)
	e.View.ZoomToFit()
	e.changed()
	e.refineLayout(st, ids)
}

// RelayoutSelection lays out the selected states again among themselves
// (the transitions between them), keeping the middle of the group where it
// was and every other state where it is: one undo step, which the
// background layout refines.
func (e *Editor) RelayoutSelection() {
	ids := e.View.Selection()
	if e.pack == nil || len(ids) < 2 {
		e.setStatus("select two states or more to lay them out")
		return
	}
	sub := subPack(e.pack, ids)
	centre := centreOf(e.pack.Editor.Positions, ids)
	place := func(pos map[string]graph.Point) map[string]graph.Point {
		return recentre(pos, ids, centre)
	}
	ed := graph.MoveStates(e.pack, place(layout.Quick(sub, layout.Options{})), fmt.Sprintf("lay out %d states", len(ids)))
	st, err := e.hist.Do(ed)
	if err != nil {
		e.showError(err)
		return
	}
	e.touched(ed)
	e.refine(st, sub, place)
}

// subPack returns a copy of the states ids of p with only the transitions
// among them.
func subPack(p *graph.Pack, ids []string) *graph.Pack {
	in := map[string]bool{}
	for _, id := range ids {
		if s := stateOf(p, id); s != nil {
			in[p.Key(s.ID)] = true
		}
	}
	sub := &graph.Pack{Format: p.Format, Name: p.Name, Constants: p.Constants}
	for _, id := range ids {
		s := stateOf(p, id)
		if s == nil {
			continue
		}
		c := &graph.State{ID: s.ID, Name: s.Name, Type: s.Type}
		for _, t := range s.Transitions {
			if in[p.Key(t.To)] {
				c.Transitions = append(c.Transitions, t)
			}
		}
		sub.States = append(sub.States, c)
	}
	return sub.Clone()
}

// centreOf is the middle of the box holding the points of ids.
func centreOf(pos map[string]graph.Point, ids []string) graph.Point {
	var lo, hi graph.Point
	first := true
	for _, id := range ids {
		pt, ok := pos[id]
		if !ok {
			continue
		}
		if first {
			lo, hi, first = pt, pt, false
			continue
		}
		lo = graph.Point{X: min(lo.X, pt.X), Y: min(lo.Y, pt.Y)}
		hi = graph.Point{X: max(hi.X, pt.X), Y: max(hi.Y, pt.Y)}
	}
	return graph.Point{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}
}

// recentre moves the points of ids in pos so that their middle is at c.
func recentre(pos map[string]graph.Point, ids []string, c graph.Point) map[string]graph.Point {
	now := centreOf(pos, ids)
	out := map[string]graph.Point{}
	for _, id := range ids {
		if pt, ok := pos[id]; ok {
			out[id] = graph.Point{X: pt.X - now.X + c.X, Y: pt.Y - now.Y + c.Y}
		}
	}
	return out
}

// placeStrays gives the states an edit added without a position (the YAML
// view, a restored pack) one beside a state they are linked to, in a free
// spot, as part of the latest step: the positions the designer set stay.
// It reports whether it placed any.
func (e *Editor) placeStrays() bool {
	to := diagram.PlaceStrays(e.pack)
	if len(to) == 0 {
		return false
	}
	if _, err := e.hist.Amend(e.hist.Top(), graph.MoveStates(e.pack, to, "place new states")); err != nil {
		e.setStatus("placing new states: " + err.Error())
		return false
	}
	return true
}
