package graph

import (
	"fmt"
	"slices"
)

// State edits. A state is addressed by its id as written (StateID.String()),
// the key of the canvas and of the editor positions.
//
// Ids are what the graph links by: transitions and initialprivate name their
// target by id. So [ChangeStateID] rewrites every transition and
// initialprivate that targets the state (matched as [Pack.Key] matches them,
// so a number and the constant standing for it are the same target) and moves
// its position, and [DeleteState] deletes the transitions and initialprivate
// links that target the state, all in one edit. Names are what code uses:
// call('name') names a state and next_state('name') a transition. Renaming a
// state ([RenameState]) or a transition ([RenameTransition]) changes no
// transition, and does not rewrite code either (a text substitution in
// Starlark could hit anything); the checks report code that calls a state
// no longer there.

// AddState returns the edit that adds a copy of s after the last state, drawn
// at at. An id already used (as [Pack.State] finds it: 2 and a constant worth
// 2 are one id) is refused.
func AddState(p *Pack, s *State, at Point) (Edit, error) {
	if o := p.State(s.ID); o != nil {
		return nil, fmt.Errorf("add state %s: state %s has that id", s.ID, o.ID)
	}
	add, err := addElement(p, stateList, s, -1)
	if err != nil {
		return nil, err
	}
	id := s.ID.String()
	return Batch(add.Label(), add, MoveStates(p, map[string]Point{id: at}, "")), nil
}

// DeleteState returns the edit that deletes state id, its position, and the
// transitions and initialprivate links of other states that target it.
func DeleteState(p *Pack, id string) (Edit, error) {
	del, err := deleteElement(p, stateList, id)
	if err != nil {
		return nil, err
	}
	key := p.Key(del.before.ID)
	edits := relink(p, del.index, key, nil)
	edits = append(edits, clearPositions(p, id), del)
	return Batch(del.label, edits...), nil
}

// ChangeStateID returns the edit that gives state id the id to, and makes
// every transition and initialprivate that targets it, and its position,
// follow. An id another state has is refused.
func ChangeStateID(p *Pack, id string, to StateID) (Edit, error) {
	if to.IsZero() {
		return nil, fmt.Errorf("change the id of state %s: the new id is empty", id)
	}
	if o := p.State(to); o != nil && o.ID.String() != id {
		return nil, fmt.Errorf("change the id of state %s to %s: state %s has it", id, to, o.ID)
	}
	i := stateList.index(p, id)
	if i < 0 {
		return nil, fmt.Errorf("change the id of state %s: there is none", id)
	}
	key := p.Key(p.States[i].ID)
	self, err := changeElement(p, stateList, id, "id", func(s *State) {
		s.ID = to
		for k := range s.Transitions { // its own loops
			if p.Key(s.Transitions[k].To) == key {
				s.Transitions[k].To = to
			}
		}
		if s.InitialPrivate != nil && p.Key(*s.InitialPrivate) == key {
			*s.InitialPrivate = to
		}
	})
	if err != nil {
		return nil, err
	}
	self.label = "change the id of state " + id + " to " + to.String()
	edits := append(relink(p, i, key, &to), self)
	if pl := positionOf(p, id); pl.ok {
		mv := newMoveEdit(p, "move position")
		mv.before[id], mv.after[id] = pl, place{}
		mv.before[to.String()], mv.after[to.String()] = positionOf(p, to.String()), pl
		edits = append(edits, mv)
	}
	return Batch(self.label, edits...), nil
}

// relink returns the edits of the states other than the one at skip whose
// transitions or initialprivate target key: they are made to target to, or
// deleted when to is nil.
func relink(p *Pack, skip int, key string, to *StateID) []Edit {
	var out []Edit
	hits := func(id StateID) bool { return p.Key(id) == key }
	for i, s := range p.States {
		if i == skip || !targets(p, s, key) {
			continue
		}
		e, _ := changeElement(p, stateList, s.ID.String(), "transitions", func(s *State) {
			if to == nil {
				s.Transitions = slices.DeleteFunc(s.Transitions, func(t Transition) bool { return hits(t.To) })
				if len(s.Transitions) == 0 {
					s.Transitions = nil
				}
				if s.InitialPrivate != nil && hits(*s.InitialPrivate) {
					s.InitialPrivate = nil
				}
				return
			}
			for k := range s.Transitions {
				if hits(s.Transitions[k].To) {
					s.Transitions[k].To = *to
				}
			}
			if s.InitialPrivate != nil && hits(*s.InitialPrivate) {
				*s.InitialPrivate = *to
			}
		})
		out = append(out, e)
	}
	return out
}

// targets reports whether s has a transition or initialprivate to key.
func targets(p *Pack, s *State, key string) bool {
	for _, t := range s.Transitions {
		if p.Key(t.To) == key {
			return true
		}
	}
	return s.InitialPrivate != nil && p.Key(*s.InitialPrivate) == key
}

// EditState returns the edit that changes state id as change changes a copy
// of it; field names what it changes (see [Ref]): "description",
// "possibleactions", "clauses/while/guard", ... Typing in one field gives one
// such edit per keystroke, which a [History] merges. change must not change
// the id (use [ChangeStateID]).
func EditState(p *Pack, id, field string, change func(*State)) (Edit, error) {
	e, err := changeElement(p, stateList, id, field, change)
	if err != nil {
		return nil, err
	}
	if e.after.ID.String() != id {
		return nil, fmt.Errorf("edit state %s: use ChangeStateID to change its id", id)
	}
	return e, nil
}

// RenameState returns the edit that names state id name. Transitions target
// ids, so none changes.
func RenameState(p *Pack, id, name string) (Edit, error) {
	return EditState(p, id, "name", func(s *State) { s.Name = name })
}

// AddTransition returns the edit that adds t at the end of state from's
// transitions. A name the state already has is refused (BGA's transitions
// are a PHP array keyed by name).
func AddTransition(p *Pack, from string, t Transition) (Edit, error) {
	if s := stateOf(p, from); s != nil {
		if _, dup := s.Transitions.Lookup(t.Name); dup {
			return nil, fmt.Errorf("add transition %q to state %s: it has one", t.Name, from)
		}
	}
	return EditState(p, from, "transitions/"+t.Name, func(s *State) { s.Transitions = append(s.Transitions, t) })
}

// DeleteTransition returns the edit that deletes state from's transition name.
func DeleteTransition(p *Pack, from, name string) (Edit, error) {
	return changeTransition(p, from, name, func(s *State, i int) {
		s.Transitions = slices.Delete(s.Transitions, i, i+1)
		if len(s.Transitions) == 0 {
			s.Transitions = nil
		}
	})
}

// RenameTransition returns the edit that renames state from's transition name
// to to (its target and place in the list stay).
func RenameTransition(p *Pack, from, name, to string) (Edit, error) {
	if s := stateOf(p, from); s != nil && to != name {
		if _, dup := s.Transitions.Lookup(to); dup {
			return nil, fmt.Errorf("rename transition %q of state %s to %q: it has one", name, from, to)
		}
	}
	return changeTransition(p, from, name, func(s *State, i int) { s.Transitions[i].Name = to })
}

// RetargetTransition returns the edit that makes state from's transition name
// lead to state to.
func RetargetTransition(p *Pack, from, name string, to StateID) (Edit, error) {
	return changeTransition(p, from, name, func(s *State, i int) { s.Transitions[i].To = to })
}

// changeTransition is EditState of the transition name of state from.
func changeTransition(p *Pack, from, name string, change func(s *State, i int)) (Edit, error) {
	s := stateOf(p, from)
	if s == nil {
		return nil, fmt.Errorf("edit state %s: there is none", from)
	}
	i := slices.IndexFunc(s.Transitions, func(t Transition) bool { return t.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("state %s has no transition %q", from, name)
	}
	return EditState(p, from, "transitions/"+name, func(s *State) { change(s, i) })
}

// stateOf returns the first state whose id is written id, or nil.
func stateOf(p *Pack, id string) *State {
	if i := stateList.index(p, id); i >= 0 {
		return p.States[i]
	}
	return nil
}
