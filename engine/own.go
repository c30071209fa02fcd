package engine

import "go.starlark.net/starlark"

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
