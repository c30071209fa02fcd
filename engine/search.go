package engine

import "go.starlark.net/starlark"

// What a search over positions needs besides Fork and Hash: a move listed
// at a position taken on a fork of it (OwnMove), and a position kept
// without its log (ForgetEvents).

// OwnMove returns mv, a move another match listed (the match m was forked
// from, or a fork of m), with m's own values: an object, a player or a
// card is a value of the match that made it, and an action body changing
// it would change that match, not m. Values in tuples and lists are
// replaced too; a move of plain values (numbers, strings, cells) is given
// back as it is. A search that lists a position's moves once and plays
// each on a fork of it takes them through OwnMove, at the cost of a copy
// and not of [Match.DecodeMove]'s listing of every legal move.
func (m *Match) OwnMove(mv Move) Move {
	var args []starlark.Value
	for i, a := range mv.Args {
		own, changed := m.ownValue(a)
		if changed && args == nil {
			args = append(make([]starlark.Value, 0, len(mv.Args)), mv.Args[:i]...)
		}
		if args != nil {
			args = append(args, own)
		}
	}
	if args != nil {
		mv.Args = args
	}
	return mv
}

// ownValue returns v as m's own value, and whether that is another value
// (not when v is plain or m's).
func (m *Match) ownValue(v starlark.Value) (starlark.Value, bool) {
	switch x := v.(type) {
	case *objectValue:
		return m.objValue(x.id), x.m != m
	case *playerValue:
		return m.pvals[x.seat], x.m != m
	case *cardValue:
		return m.card(x.deck, x.id), x.m != m
	case starlark.Tuple:
		elems, changed := m.ownValues(x)
		if changed {
			return starlark.Tuple(elems), true
		}
	case *starlark.List:
		elems := make([]starlark.Value, x.Len())
		for i := range elems {
			elems[i] = x.Index(i)
		}
		if elems, changed := m.ownValues(elems); changed {
			l := starlark.NewList(elems)
			l.Freeze()
			return l, true
		}
	}
	return v, false
}

// ownValues returns vs with m's own values (a copy, when one changed).
func (m *Match) ownValues(vs []starlark.Value) ([]starlark.Value, bool) {
	var out []starlark.Value
	for i, e := range vs {
		own, changed := m.ownValue(e)
		if changed && out == nil {
			out = append(make([]starlark.Value, 0, len(vs)), vs[:i]...)
		}
		if out != nil {
			out = append(out, own)
		}
	}
	return out, out != nil
}

// ForgetEvents drops the events the match has recorded so far and keeps its
// position: a search that has read each step's events keeps many positions
// and none of their logs (a fork's first event copies every event before
// it). Only a match without per-step snapshots (Options.NoSnapshots) can
// forget; one with history reports false and keeps them. Events, and
// StepEvents of the present step, then hold what happened since.
func (m *Match) ForgetEvents() bool {
	if m.hist {
		return false
	}
	m.events = nil
	if len(m.marks) > 0 {
		m.marks = []int{0}
	}
	return true
}
