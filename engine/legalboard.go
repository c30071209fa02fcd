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
	return m.movesOf(bv.idx, b, c), true
}

// movesCache is the last bitboard of moves found for one colour: a
// position's moves are asked for its domain, a pass's precondition and the
// procedure that chose whose turn it is (Reversi: three times).
type movesCache struct {
	idx   int
	ver   uint64 // the board's version, plus one (0: nothing kept)
	moves uint64
}

// movesOf is b.bbMoves(c) for board idx of the match's present state, kept
// per colour while the board's version stays: a version names one content of
// one board in one match (each write takes a new one from the match's
// counter, which going back to an earlier state does not rewind).
func (m *Match) movesOf(idx int, b *board, c int8) uint64 {
	if m.bmoves == nil {
		m.bmoves = new([2]movesCache)
	}
	k := &m.bmoves[c-1]
	if k.ver == b.ver+1 && k.idx == idx {
		return k.moves
	}
	mv := b.bbMoves(c)
	*k = movesCache{idx: idx, ver: b.ver + 1, moves: mv}
	return mv
}

// enumerateCells is enumerate over domain d whose cells are the bits of
// cells, lowest first: the order board.moves lists them, each cell its
// shared (x, y) value, without the Starlark call and its list.
func (m *Match) enumerateCells(a *caction, seat int, args []starlark.Value, out []Move, d *hook, cells uint64) ([]Move, error) {
	bv, k := d.native.moves, len(args)
	if m.bulk != nil && k+1 == len(a.params) && a.precondition == nil {
		return out, m.countCells(a, k, d, cells)
	}
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

// countCells is enumerateCells of the last parameter of an action without
// a precondition when Perft only counts (Match.bulk): each cell would be a
// move, so their number is added to the count without listing them. It
// fails as the listing would: the first cell's choice and type are checked
// as enumerate checks them (every cell is a value of the same type), and
// the choice limit is passed by the same count.
func (m *Match) countCells(a *caction, k int, d *hook, cells uint64) error {
	n := bits.OnesCount64(cells)
	if n == 0 {
		return nil
	}
	if err := m.choose(d); err != nil {
		return err
	}
	if err := a.domainValue(m.p.file, k, d.native.moves.cells[bits.TrailingZeros64(cells)]); err != nil {
		return err
	}
	if m.choices += uint64(n - 1); m.choices > m.opts.AllocLimit/choiceBytes {
		return m.tooManyChoices(d)
	}
	*m.bulk += uint64(n)
	return nil
}
