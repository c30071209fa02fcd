package engine

import "go.starlark.net/starlark"

// blockSeats is the most seats whose parts a matchBlock holds.
const blockSeats = 4

// matchBlock is a new match with the containers it starts with, for up to
// blockSeats seats and one board: one allocation instead of about fifteen
// (a random tic-tac-toe playout spent a tenth of its time in NewMatch, much
// of it allocating). Each slice into it is cut with its capacity equal to its
// length, so appending copies as a make would, and the state's containers are
// copied on first write as usual (see snapshot). A match released
// ([Match.Release]) gives its block to the next new match of its program,
// which keeps the thread (its map of locals) and the buffers.
type matchBlock struct {
	th starlark.Thread
	// The last match's buffers, for the next: Match.arena, argScratch,
	// Play's moves and its log (redo.go).
	arena, scratch []starlark.Value
	moves          []Move
	plog           *playLog
	lent           *[lendSlots]lentList // Match.lent, emptied (see lentList.release)
	// The object values of the block's last match (Match.ovals): each
	// points at blk.m, the next match's too, so the next takes them.
	ovals []*objectValue
	// The clause memos of the block's last match (Match.objMemos and
	// frameMemos), emptied at its Release: the next match's owners of the
	// same ids take their slices and reads' arrays instead of making them
	// (a seed effects match made ~12 lists a match).
	objMemos, frameMemos [][]clauseMemo
	sbuf                 *settleBufs // Match.sbuf, emptied (see settleBufs.release)
	oix                  *objMarks   // Match.oix, marking nothing (see objMarks.release)
	// Match.objsMemo (no answer), rdSeen (no stamp) and spares (no
	// container): each made again by every match of the seed effects.
	objsMemo *objectsMemos
	seen     []uint64
	spares   *spares
	// lastState is the state value Match.sharedState made last, for the
	// match using the block (its m says which).
	lastState *paramsValue
	// objs is how many objects the block's last match had: a new match's
	// creates make room for as many at once (biCreate).
	objs int
	blockParts
}

// blockParts is what a reused block starts again from zero.
type blockParts struct {
	m      Match
	st     mstate
	seats  seatParts
	tables tableParts
	pvs    [blockSeats]playerValue
	pvals  [blockSeats]*playerValue
	tuple  [blockSeats]starlark.Value
	scores [blockSeats]int
	pvars  [blockSeats]varList
	pvers  [blockSeats]uint64
	clocks [blockSeats]int64
	boards [1]*board
	board  board
	stack  [1]frame
	marks  [1]int
	// The first stacks of code calls: arguments, direct locals and keyword
	// arguments (see Match.call and dfn), enough for most packs' code.
	args   [24]starlark.Value
	locals [16]starlark.Value
	kws    [4]starlark.Tuple
}

// newMatchIn returns a zero Match of p, inside a matchBlock (also returned)
// when seats fit one, released by an earlier match or new; else alone (the
// block nil).
func newMatchIn(p *Program, seats int) (*Match, *matchBlock) {
	if seats > blockSeats {
		return new(Match), nil
	}
	blk, _ := p.blocks.Get().(*matchBlock)
	if blk == nil {
		blk = new(matchBlock)
	} else {
		blk.blockParts = blockParts{}
	}
	blk.m.blk = blk
	blk.m.ovals, blk.ovals = blk.ovals, nil
	blk.m.objMemos, blk.m.frameMemos, blk.objMemos, blk.frameMemos = blk.objMemos, blk.frameMemos, nil, nil
	blk.m.sbuf, blk.sbuf = blk.sbuf, nil
	blk.m.oix, blk.oix = blk.oix, nil
	blk.m.objsMemo, blk.m.rdSeen, blk.m.spares = blk.objsMemo, blk.seen, blk.spares
	blk.objsMemo, blk.seen, blk.spares = nil, nil, nil
	return &blk.m, blk
}

// Release gives the match's memory to a later [Program.NewMatch] of its
// program, for runs of many matches, or its move buffers to a later
// [Match.Determinize]. Neither the match nor anything read from it (moves,
// events, views, values, matches forked from it) may be used after. Matches
// of more than four seats and forks other than Determinize's have nothing
// to give.
func (m *Match) Release() {
	blk := m.blk
	if blk == nil {
		return
	}
	blk.arena, blk.scratch, blk.moves, blk.plog = m.arena[:0], m.argScratch[:0], m.moves[:0], m.plog
	if m == &blk.m { // not a fork borrowing the block (borrowBuffers): its values point at it
		blk.ovals = m.ovals
		blk.objMemos, blk.frameMemos = emptyMemos(m.objMemos), emptyMemos(m.frameMemos)
		if m.sbuf != nil {
			blk.sbuf = m.sbuf.release()
		}
		if m.oix != nil {
			blk.oix = m.oix.release()
		}
		clear(m.rdSeen) // 0 is no track's stamp (Match.track)
		blk.objs = len(m.st.objs)
		blk.objsMemo, blk.seen, blk.spares = m.objsMemo.release(), m.rdSeen, m.spares.release()
	}
	if m.lent != nil {
		for i := range m.lent {
			m.lent[i].release()
		}
		blk.lent = m.lent
	}
	if pl := m.plog; pl != nil {
		clear(pl.args[:cap(pl.args)])                                                                                                                              // the released match's values go
		clear(pl.segs[:cap(pl.segs)])                                                                                                                              // and pl.chosen goes with *pl
		*pl = playLog{moves: pl.moves[:0], args: pl.args[:0], arena: pl.arena[:0], segs: pl.segs[:0], perSeat: pl.perSeat[:0], plies: pl.plies, yields: pl.yields} // the count goes on (yield.go)
	}
	blk.lastState = nil
	m.blk = nil
	m.p.blocks.Put(blk)
}

// players returns the match's player values, seats long, from blk when there
// is one.
func (blk *matchBlock) players(seats int) ([]playerValue, []*playerValue, starlark.Tuple) {
	if blk == nil {
		return make([]playerValue, seats), make([]*playerValue, seats), make(starlark.Tuple, seats)
	}
	return blk.pvs[:seats:seats], blk.pvals[:seats:seats], blk.tuple[:seats:seats]
}

// state returns a zero mstate with its per-seat containers made, seats long,
// from blk when there is one.
func (blk *matchBlock) state(seats int) *mstate {
	if blk == nil {
		return &mstate{seatParts: &seatParts{scores: make([]int, seats), pvars: make([]varList, seats),
			pvers: make([]uint64, seats)}, tableParts: &tableParts{clocks: make([]int64, seats)}}
	}
	st := &blk.st
	st.seatParts, st.tableParts = &blk.seats, &blk.tables
	st.scores, st.pvars = blk.scores[:seats:seats], blk.pvars[:seats:seats]
	st.pvers, st.clocks = blk.pvers[:seats:seats], blk.clocks[:seats:seats]
	return st
}

// boardsFor returns the one board of a new match when blk holds it (a pack
// with one board of at most 64 cells), else nil.
func (blk *matchBlock) boardsFor(p *Program, gen uint64) []*board {
	if blk == nil || len(p.boards) != 1 || p.boards[0].Width*p.boards[0].Height > 64 {
		return nil
	}
	b := &blk.board
	*b = board{gen: gen, w: p.boards[0].Width, h: p.boards[0].Height, masks: p.masks[0]}
	b.cells = b.small[:b.w*b.h] // as newBoard
	blk.boards[0] = b
	return blk.boards[:1:1]
}

// firstFrame returns the frames of a new match: f alone.
func (blk *matchBlock) firstFrame(f frame) []frame {
	if blk == nil {
		return []frame{f}
	}
	blk.stack[0] = f
	return blk.stack[:1:1]
}

// firstMark returns the marks of a new match: n alone.
func (blk *matchBlock) firstMark(n int) []int {
	if blk == nil {
		return []int{n}
	}
	blk.marks[0] = n
	return blk.marks[:1:1]
}

// stacks gives m the stacks of code calls and the buffers in blk, when
// there is one.
func (blk *matchBlock) stacks(m *Match) {
	if blk != nil {
		m.argbuf, m.dstack, m.kwbuf = blk.args[:0], blk.locals[:0], blk.kws[:0]
		m.arena, m.argScratch, m.moves = blk.arena, blk.scratch, blk.moves
		m.plog, m.lent = blk.plog, blk.lent
	}
}

// borrowBuffers gives a fork the move buffers of a released match and the
// block to give them back in at its Release (a new block when none is
// free): a search's forks, thousands a decision, each listed a Hearts
// hand's passes into an arena grown anew from 64 values. The block's other
// parts stay unused until a NewMatch takes it.
func (m *Match) borrowBuffers() {
	blk, _ := m.p.blocks.Get().(*matchBlock)
	if blk == nil {
		blk = new(matchBlock)
	}
	m.arena, m.argScratch, m.moves = blk.arena, blk.scratch, blk.moves
	m.blk = blk
}

// emptyMemos forgets every answer in lists, keeping the slices and their
// reads' arrays: a memo without a cond is made again for its clause at its
// first use (memoOf), so no answer of a released match is reused.
func emptyMemos(lists [][]clauseMemo) [][]clauseMemo {
	for _, ms := range lists {
		for i := range ms {
			ms[i] = clauseMemo{reads: ms[i].reads[:0]}
		}
	}
	return lists
}
