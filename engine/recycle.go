package engine

// Recycling what a searched line made. Perft without history, clauses or
// before() plays each depth's children on one mstate of its own (see
// perft.walk): when the next child begins, the boards the last child's line
// made under that mstate's generation, the slices holding them and the state
// stacks it copied (frames held by value) are read by no state any more
// (every state that shared them was copied from it and is overwritten before
// it is read again), so the next copies on write take them instead of
// allocating.

// spares are the containers of dead lines, handed to the next copies.
type spares struct {
	boards     []*board
	boardLists [][]*board
	frameLists [][]frame
	scores     [][]int
	pvers      [][]uint64
	tables     []*tableParts
	seats      []*seatParts
}

// release returns sp holding nothing, its stacks' list kept (nil for nil):
// a released match's containers go with it.
func (sp *spares) release() *spares {
	if sp == nil {
		return nil
	}
	clear(sp.frameLists[:cap(sp.frameLists)])
	*sp = spares{frameLists: sp.frameLists[:0]}
	return sp
}

// recycle hands what st made (its generation's boards, the slices of them
// and the stack it owns) to the next copies. st must be read by no state
// again before it is overwritten.
func (sp *spares) recycle(st *mstate) {
	if st.tableParts == nil { // a state no line has been played on
		return
	}
	for _, b := range st.boards {
		if b.gen == st.gen {
			sp.boards = append(sp.boards, b)
		}
	}
	if st.owned&ownBoards != 0 {
		sp.boardLists = append(sp.boardLists, st.boards[:0])
	}
	if st.owned&ownFrames != 0 {
		sp.frameLists = append(sp.frameLists, st.frames[:0])
	}
	if st.owned&ownTables != 0 {
		sp.tables = append(sp.tables, st.tableParts)
	}
	if st.owned&ownSeats != 0 {
		sp.seats = append(sp.seats, st.seatParts)
	}
	if st.owned&ownScores != 0 {
		sp.scores = append(sp.scores, st.scores[:0])
	}
	if st.owned&ownPvers != 0 {
		sp.pvers = append(sp.pvers, st.pvers[:0])
	}
}

// copyTables is a copy of t, in a spare struct when there is one.
func (m *Match) copyTables(t *tableParts) *tableParts {
	sp := m.spares
	if sp == nil || len(sp.tables) == 0 {
		c := *t
		return &c
	}
	c := sp.tables[len(sp.tables)-1]
	sp.tables = sp.tables[:len(sp.tables)-1]
	*c = *t
	return c
}

// copySeats is a copy of s, in a spare struct when there is one.
func (m *Match) copySeats(s *seatParts) *seatParts {
	sp := m.spares
	if sp == nil || len(sp.seats) == 0 {
		c := *s
		return &c
	}
	c := sp.seats[len(sp.seats)-1]
	sp.seats = sp.seats[:len(sp.seats)-1]
	*c = *s
	return c
}

// cloneBoard is b.clone(gen), on a spare board when there is one.
func (m *Match) cloneBoard(b *board, gen uint64) *board {
	sp := m.spares
	if sp == nil || len(sp.boards) == 0 || len(b.cells) > 64 {
		return b.clone(gen)
	}
	nb := sp.boards[len(sp.boards)-1]
	sp.boards = sp.boards[:len(sp.boards)-1]
	*nb = *b
	nb.gen = gen
	nb.cells = nb.small[:len(b.cells)]
	return nb
}

// cloneBoards is cloneSlice(bs), in a spare slice when one is long enough.
func (m *Match) cloneBoards(bs []*board) []*board {
	if sp := m.spares; sp != nil {
		if n := len(sp.boardLists); n > 0 && cap(sp.boardLists[n-1]) > len(bs) {
			out := append(sp.boardLists[n-1], bs...)
			sp.boardLists = sp.boardLists[:n-1]
			return out
		}
	}
	return cloneSlice(bs)
}

// cloneScores is cloneSlice(s), in a spare slice when one is long enough
// (all are: a match's seats do not change).
func (m *Match) cloneScores(s []int) []int {
	if sp := m.spares; sp != nil {
		if n := len(sp.scores); n > 0 && cap(sp.scores[n-1]) >= len(s) {
			out := append(sp.scores[n-1], s...)
			sp.scores = sp.scores[:n-1]
			return out
		}
	}
	return cloneSlice(s)
}

// clonePvers is cloneSlice(s) for the players' versions, as cloneScores.
func (m *Match) clonePvers(s []uint64) []uint64 {
	if sp := m.spares; sp != nil {
		if n := len(sp.pvers); n > 0 && cap(sp.pvers[n-1]) >= len(s) {
			out := append(sp.pvers[n-1], s...)
			sp.pvers = sp.pvers[:n-1]
			return out
		}
	}
	return cloneSlice(s)
}

// cloneFrames is a copy of the state stack fs, in a spare slice when one
// holds it, with its own private states (priv, which only packs with private
// states have): a stack's frames are all its own, so a frame written needs no
// mark of who may change it (a generation would make a frame 104 bytes, not
// 96). It need have no room for a push, unlike cloneSlice's copies: most
// copies are made for a write (a step's entered or pending transition), and a
// stack of one frame fits 96 bytes, not 192 (a push grows it).
func (m *Match) cloneFrames(fs []frame) []frame {
	var out []frame
	if sp := m.spares; sp != nil {
		if n := len(sp.frameLists); n > 0 && cap(sp.frameLists[n-1]) >= len(fs) {
			out = append(sp.frameLists[n-1], fs...)
			sp.frameLists = sp.frameLists[:n-1]
		}
	}
	if out == nil && fs != nil {
		// make and copy: append's growth (slices.Clone) costs a third more.
		out = make([]frame, len(fs))
		copy(out, fs)
	}
	for i := range out {
		if out[i].priv != nil {
			out[i].priv = cloneSlice(out[i].priv)
		}
	}
	return out
}
