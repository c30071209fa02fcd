package graph

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
)

// place is a state's position in the editor section, or its absence.
type place struct {
	pt Point
	ok bool
}

// moveEdit sets (or clears) where states are drawn: p.Editor.Positions.
type moveEdit struct {
	before, after map[string]place
	noEditor      bool // p.Editor was nil before: Revert makes it nil again when no position is left
	nilMap        bool // p.Editor.Positions was nil before: the same
	label         string
}

// newMoveEdit returns an empty moveEdit made against p.
func newMoveEdit(p *Pack, label string) *moveEdit {
	return &moveEdit{before: map[string]place{}, after: map[string]place{}, label: label,
		noEditor: p.Editor == nil, nilMap: p.Editor != nil && p.Editor.Positions == nil}
}

// MoveStates returns the edit that draws each state of to (by id as written)
// at its point: a drag, an automatic layout. label names it in menus; ""
// gives "move state ID" or "move N states". The states need not exist (the
// canvas draws boxes for missing transition targets too).
func MoveStates(p *Pack, to map[string]Point, label string) Edit {
	e := newMoveEdit(p, label)
	for id, pt := range to {
		e.before[id] = positionOf(p, id)
		e.after[id] = place{pt, true}
	}
	if e.label == "" {
		e.label = fmt.Sprintf("move %d states", len(to))
		if len(to) == 1 {
			for id := range to {
				e.label = "move state " + id
			}
		}
	}
	return e
}

// clearPositions returns the edit that forgets where the states ids are drawn.
func clearPositions(p *Pack, ids ...string) *moveEdit {
	e := newMoveEdit(p, "forget positions")
	for _, id := range ids {
		if pl := positionOf(p, id); pl.ok {
			e.before[id] = pl
			e.after[id] = place{}
		}
	}
	return e
}

func positionOf(p *Pack, id string) place {
	if p.Editor == nil {
		return place{}
	}
	pt, ok := p.Editor.Positions[id]
	return place{pt, ok}
}

func (e *moveEdit) Label() string        { return e.label }
func (e *moveEdit) Apply(p *Pack) error  { return e.set(p, e.before, e.after, false) }
func (e *moveEdit) Revert(p *Pack) error { return e.set(p, e.after, e.before, true) }

// set checks that the positions are from, then makes them to; restore:
// an emptied editor section becomes as it was before the edit.
func (e *moveEdit) set(p *Pack, from, to map[string]place, restore bool) error {
	for id, pl := range from {
		if positionOf(p, id) != pl {
			return editError(e.label, "state %s is not where the edit found it", id)
		}
	}
	if len(to) == 0 {
		return nil
	}
	if p.Editor == nil {
		p.Editor = &Editor{}
	}
	if p.Editor.Positions == nil {
		p.Editor.Positions = map[string]Point{}
	}
	for id, pl := range to {
		if pl.ok {
			p.Editor.Positions[id] = pl.pt
		} else {
			delete(p.Editor.Positions, id)
		}
	}
	if restore && len(p.Editor.Positions) == 0 {
		switch {
		case e.noEditor:
			p.Editor = nil
		case e.nilMap:
			p.Editor.Positions = nil
		}
	}
	return nil
}

func (e *moveEdit) Touched() []Ref {
	out := make([]Ref, 0, len(e.after))
	for _, id := range slices.Sorted(maps.Keys(e.after)) {
		out = append(out, Ref{Kind: PositionRef, Name: id})
	}
	return out
}

// merge: the positions before e, and after next.
func (e *moveEdit) merge(next Edit) (Edit, bool) {
	n, ok := next.(*moveEdit)
	if !ok {
		return nil, false
	}
	m := &moveEdit{before: maps.Clone(e.before), after: maps.Clone(e.after), noEditor: e.noEditor, nilMap: e.nilMap, label: e.label}
	for id, pl := range n.before {
		if _, seen := m.before[id]; !seen {
			m.before[id] = pl
		}
	}
	maps.Copy(m.after, n.after)
	return m, true
}

// headerEdit replaces the pack's own keys (everything but its states,
// actions, object types, scripts and editor section).
type headerEdit struct {
	before, after *Pack // headers only (see header)
	field         string
	label         string
}

// header returns a copy of p's own keys, its lists left empty.
func header(p *Pack) *Pack {
	h := *p
	h.States, h.Actions, h.ObjectTypes, h.Scripts, h.Editor = nil, nil, nil, nil, nil
	return cloneOf(&h)
}

// EditPack returns the edit that changes the pack's own keys (name, title,
// players, constants, progression, timeout, boards, decks, ...) as change
// changes them on a copy; field names what it changes (see [Ref]). Changes
// change makes to the copy's states, actions, object types, scripts or
// editor section are not part of the edit (those have edits of their own).
func EditPack(p *Pack, field string, change func(*Pack)) Edit {
	before := header(p)
	after := cloneOf(before)
	change(after)
	after = header(after)
	label := "edit pack"
	if field != "" {
		label += " " + field
	}
	return &headerEdit{before: before, after: after, field: field, label: label}
}

func (e *headerEdit) Label() string        { return e.label }
func (e *headerEdit) Apply(p *Pack) error  { return e.swap(p, e.before, e.after) }
func (e *headerEdit) Revert(p *Pack) error { return e.swap(p, e.after, e.before) }
func (e *headerEdit) Touched() []Ref       { return []Ref{{Kind: PackRef, Field: e.field}} }

func (e *headerEdit) swap(p *Pack, from, to *Pack) error {
	if !reflect.DeepEqual(header(p), from) {
		return editError(e.label, "the pack's keys are not as the edit found them")
	}
	lists := *p
	*p = *cloneOf(to)
	p.States, p.Actions, p.ObjectTypes, p.Scripts, p.Editor = lists.States, lists.Actions, lists.ObjectTypes, lists.Scripts, lists.Editor
	return nil
}

func (e *headerEdit) merge(next Edit) (Edit, bool) {
	n, ok := next.(*headerEdit)
	if !ok {
		return nil, false
	}
	field := e.field
	if n.field != field {
		field = ""
	}
	return &headerEdit{before: e.before, after: n.after, field: field, label: e.label}, true
}

// wholeEdit replaces the whole pack.
type wholeEdit struct {
	before, after *Pack
	label         string
}

// ReplacePack returns the edit that replaces everything p holds by a copy of
// q: the text of the whole pack edited, an autosave restored. p keeps its
// identity (the *Pack the history holds); its Source stays p's.
func ReplacePack(p, q *Pack, label string) Edit {
	after := q.Clone()
	after.Source = p.Source
	return &wholeEdit{before: p.Clone(), after: after, label: label}
}

func (e *wholeEdit) Label() string        { return e.label }
func (e *wholeEdit) Apply(p *Pack) error  { *p = *e.after.Clone(); return nil }
func (e *wholeEdit) Revert(p *Pack) error { *p = *e.before.Clone(); return nil }
func (e *wholeEdit) Touched() []Ref       { return []Ref{{Kind: AllRef}} }

// merge: the pack before e and after next, so that typing in the text of
// the whole pack keeps two copies of it, not two per keystroke.
func (e *wholeEdit) merge(next Edit) (Edit, bool) {
	n, ok := next.(*wholeEdit)
	if !ok {
		return nil, false
	}
	return &wholeEdit{before: e.before, after: n.after, label: e.label}, true
}
