package engine

import (
	"strconv"

	"go.starlark.net/starlark"
)

// AppendText appends the move's text, String's, to b and returns the
// extended buffer. Unlike String it formats cards, numbers and
// tuples of them without allocating: the search bots key their trees by
// this text and make it for every legal move at every node they visit
// (before, formatting a Hearts pass took a third of an MCTS decision).
// Values of other kinds are appended as their String gives them.
func (mv Move) AppendText(b []byte) []byte {
	b = append(b, 'p')
	b = strconv.AppendInt(b, int64(mv.Seat+1), 10)
	b = append(b, ' ')
	b = append(b, mv.Action...)
	b = append(b, '(')
	for i, a := range mv.Args {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendValue(b, a)
	}
	return append(b, ')')
}

// appendValue appends v's String to b, formatting the common kinds of a
// move's arguments in place as go.starlark.net's writeValue does.
func appendValue(b []byte, v starlark.Value) []byte {
	switch x := v.(type) {
	case starlark.Int:
		if n, ok := x.Int64(); ok {
			return strconv.AppendInt(b, n, 10)
		}
	case starlark.Tuple:
		b = append(b, '(')
		for i, e := range x {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = appendValue(b, e)
		}
		if len(x) == 1 {
			b = append(b, ',')
		}
		return append(b, ')')
	case *cardValue:
		if d := x.get(); d.typ != nil { // String's "card(%d: %s/%d)"
			b = append(b, "card("...)
			b = strconv.AppendInt(b, int64(x.id), 10)
			b = append(b, ": "...)
			b = appendValue(b, d.typ)
			b = append(b, '/')
			b = strconv.AppendInt(b, int64(d.typeArg), 10)
			return append(b, ')')
		}
	}
	return append(b, v.String()...)
}

// AppendLegal appends seat's legal moves, as [Match.Legal] lists them, to
// out and returns it: a search listing them at every node reuses one buffer.
func (m *Match) AppendLegal(out []Move, seat int) ([]Move, error) { return m.legal(seat, out) }

// SameText reports whether the two moves have the same text (String's),
// comparing their values without formatting them where it can: cards by id
// and face, numbers, strings and tuples of them; others by their text. A
// search matches a decision's moves with a determinized copy's so.
func (mv Move) SameText(o Move) bool {
	if mv.Seat != o.Seat || mv.Action != o.Action || len(mv.Args) != len(o.Args) {
		return false
	}
	for i, a := range mv.Args {
		if !sameText(a, o.Args[i]) {
			return false
		}
	}
	return true
}

// sameText reports whether a and b have the same String.
func sameText(a, b starlark.Value) bool {
	switch x := a.(type) {
	case starlark.Int:
		if y, ok := b.(starlark.Int); ok {
			xi, okx := x.Int64()
			yi, oky := y.Int64()
			if okx && oky {
				return xi == yi
			}
		}
	case starlark.String:
		if y, ok := b.(starlark.String); ok {
			return x == y
		}
	case starlark.Tuple:
		if y, ok := b.(starlark.Tuple); ok && len(x) == len(y) {
			for i, e := range x {
				if !sameText(e, y[i]) {
					return false
				}
			}
			return true
		}
	case *cardValue:
		if y, ok := b.(*cardValue); ok {
			if x.id != y.id {
				return false // the id is in the text
			}
			dx, dy := x.get(), y.get()
			if dx.typeArg == dy.typeArg && dx.typ != nil && dy.typ != nil && sameText(dx.typ, dy.typ) {
				return true
			}
		}
	}
	return a.String() == b.String()
}
