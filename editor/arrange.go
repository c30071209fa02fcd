package editor

import (
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
	h := e.hist
	cp := e.pack.Clone()
	cp.Editor = nil
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
			moved := map[string]graph.Point{}
			for _, id := range ids {
				if pt, ok := auto[id]; ok {
					moved[id] = pt
				}
			}
			ok, err := h.Amend(st, graph.MoveStates(e.pack, moved, ""))
			if err != nil {
				e.setStatus("automatic layout failed: " + err.Error())
			}
			if !ok {
				return // the designer did something meanwhile
			}
			e.View.SetGraph(e.pack, e.pack.Editor.Positions, e.diags)
			e.View.Refit()
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
