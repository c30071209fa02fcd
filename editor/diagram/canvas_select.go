package diagram

import "github.com/rulestudio/studio/editor/style"

// The canvas's selection: a set of states with one primary state (the one the
// inspector shows, the last one picked), or one transition. Selecting a
// transition clears the states and the other way round.

// Selected returns the id of the primary selected state, or "".
func (g *View) Selected() string { return g.selected }

// Selection returns the ids of the selected states, in pack order.
func (g *View) Selection() []string {
	var out []string
	for _, n := range g.nodes {
		if g.sel[n.id] {
			out = append(out, n.id)
		}
	}
	return out
}

// IsSelected reports whether state id is selected.
func (g *View) IsSelected(id string) bool { return g.sel[id] }

// Select selects the state id alone ("" clears the selection) without
// calling OnSelected. An unknown id clears the selection.
func (g *View) Select(id string) {
	if i, ok := g.index[id]; !ok || style.Placeholder(g.nodes[i].typ) {
		id = ""
	}
	if id == "" {
		g.SetSelection(nil, "")
		return
	}
	g.SetSelection([]string{id}, id)
}

// SetSelection selects the states ids (unknown ones are left out), primary
// being the primary one (the first of ids when primary is not among them),
// without calling OnSelected. It clears a selected transition.
func (g *View) SetSelection(ids []string, primary string) {
	g.sel = map[string]bool{}
	for _, id := range ids {
		if i, ok := g.index[id]; ok && !style.Placeholder(g.nodes[i].typ) {
			g.sel[id] = true
		}
	}
	g.selected = primary
	if !g.sel[primary] {
		g.selected = ""
		for _, id := range ids {
			if g.sel[id] {
				g.selected = id
				break
			}
		}
	}
	g.selEdge = -1
	g.Refresh()
}

// SelectAll selects every state.
func (g *View) SelectAll() {
	g.SetSelection(g.States(), g.selected)
}

// SelectedTransition returns the selected transition, if one is.
func (g *View) SelectedTransition() (TransitionRef, bool) {
	if g.selEdge < 0 || g.selEdge >= len(g.edges) {
		return TransitionRef{}, false
	}
	e := g.edges[g.selEdge]
	return TransitionRef{From: g.nodes[e.from].id, Name: e.name}, true
}

// SelectTransition selects the transition t alone, without calling
// OnTransitionSelected; it reports whether the view draws it.
func (g *View) SelectTransition(t TransitionRef) bool {
	i := g.transitionEdge(t)
	if i < 0 {
		return false
	}
	g.sel = map[string]bool{}
	g.selected = ""
	g.selEdge = i
	g.Refresh()
	return true
}

// transitionEdge returns the index of the arrow of transition t, or -1.
func (g *View) transitionEdge(t TransitionRef) int {
	from, ok := g.index[t.From]
	if !ok {
		return -1
	}
	for i, e := range g.edges {
		if e.kind == transitionEdge && e.from == from && e.name == t.Name {
			return i
		}
	}
	return -1
}

// firstSelected returns the first selected state in pack order, or "".
func (g *View) firstSelected() string {
	for _, n := range g.nodes {
		if g.sel[n.id] {
			return n.id
		}
	}
	return ""
}

// pickState is a tap on state id: it selects it alone, or with toggle
// (shift held) adds it to the selection or takes it out. OnSelected hears
// of the new primary state.
func (g *View) pickState(id string, toggle bool) {
	switch {
	case !toggle || g.selEdge >= 0:
		g.sel = map[string]bool{id: true}
		g.selected = id
	case g.sel[id]:
		delete(g.sel, id)
		if g.selected == id {
			g.selected = g.firstSelected()
		}
	default:
		g.sel[id] = true
		g.selected = id
	}
	g.selEdge = -1
	g.Refresh()
	if g.OnSelected != nil {
		g.OnSelected(g.selected)
	}
}

// pickEdge is a tap on arrow i: a transition is selected alone; a call or
// return arrow selects the calling state.
func (g *View) pickEdge(i int) {
	e := g.edges[i]
	if e.kind != transitionEdge {
		caller := e.from
		if e.kind == returnEdge {
			caller = e.to
		}
		g.pickState(g.nodes[caller].id, false)
		return
	}
	g.sel = map[string]bool{}
	g.selected = ""
	g.selEdge = i
	g.Refresh()
	if g.OnTransitionSelected != nil {
		g.OnTransitionSelected(TransitionRef{From: g.nodes[e.from].id, Name: e.name})
	}
}

// clearPick is a tap on the background: nothing is selected any more.
func (g *View) clearPick() {
	had := len(g.sel) > 0 || g.selEdge >= 0
	g.sel = map[string]bool{}
	g.selected = ""
	g.selEdge = -1
	if had {
		g.Refresh()
	}
	if g.OnSelected != nil {
		g.OnSelected("")
	}
}

// bandPick selects the states ids found by the rubber band, added to the
// selection there was when the band started (base).
func (g *View) bandPick(base map[string]bool, ids []string) {
	g.sel = map[string]bool{}
	for id := range base {
		g.sel[id] = true
	}
	for _, id := range ids {
		g.sel[id] = true
	}
	if !g.sel[g.selected] {
		g.selected = g.firstSelected()
	}
	g.selEdge = -1
	g.Refresh()
}
