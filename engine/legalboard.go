package engine

import (
	"math/bits"

	"go.starlark.net/starlark"
)

// bbDomain is the cells of a domain "board.moves(X)" (d.native.moves) as a
// bitboard, when the board's bitboards serve X's colour; ok false leaves the
// domain to the call, which lists the same cells or fails as it always did.
// It reads what the call reads: the board, and X.
func (m *Match) bbDomain(d *hook, seat int) (moves uint64, ok bool) {
	n := d.native
	var v starlark.Value
	switch a := n.args[0]; a.ctx {
	case ctxPlayer:
		if seat < 0 {
			return 0, false
		}
		m.noteActive() // as callNative: code under track runs as the active player
		v = m.pvals[seat]
	case ctxActive:
		m.noteActive()
		v = m.pvals[m.st.active]
	default:
		v = a.lit
	}
	c, err := colour("", v)
	if err != nil {
		return 0, false
	}
	bv := n.moves
	b := m.st.boards[bv.idx]
	if !b.fast(c) {
		return 0, false
	}
	m.note(rdBoard, bv.idx, b.ver)
	return b.bbMoves(c), true
}

// enumerateCells is enumerate over domain d whose cells are the bits of
// cells, lowest first: the order board.moves lists them, each cell its
// shared (x, y) value, without the Starlark call and its list.
func (m *Match) enumerateCells(a *caction, seat int, args []starlark.Value, out []Move, d *hook, cells uint64) ([]Move, error) {
	bv, k := d.native.moves, len(args)
	var err error
	for ; cells != 0; cells &= cells - 1 {
		v := bv.cells[bits.TrailingZeros64(cells)]
		if err := m.choose(d); err != nil {
			return nil, err
		}
		if err := a.domainValue(m.p.file, k, v); err != nil {
			return nil, err
		}
		if out, err = m.enumerate(a, seat, append(args, v), out); err != nil {
			return nil, err
		}
	}
	return out, nil
}
