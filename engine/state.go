package engine

import (
	"sync/atomic"
)

// mstate is everything that changes during a match. It is copied on write:
// taking a snapshot makes the current mstate immutable and continues on a shallow
// copy whose containers are copied the first time they change, so snapshots share
// all that did not change.
//
// A clause pack takes a snapshot at every step (a seed effects game, 200), so
// the copy's size is a cost of its own: the per-seat parts and the tables,
// which most steps do not write, are behind a pointer each (seatParts,
// tableParts), whose struct a step copies only when it writes one of them
// (seatsW, tablesW). They are embedded for reading (m.st.scores); writing
// goes through the *W functions below only: a write through the embedded
// pointer of a struct not owned would change the snapshots that share it.
type mstate struct {
	gen     uint64
	owned   uint32 // own* bits: containers this mstate may change in place
	over    bool   // the match has ended (beside owned, it takes no word of its own in the copy made per step)
	pvOwned uint64 // players whose variable list this mstate owns

	frames []frame // by value: see frames.go
	active int     // BGA active player (seat)
	multi  uint64  // BGA multiactive set (bit per seat)
	*seatParts
	vars varList // game variables
	*tableParts
	objs  []*object
	wraps []wrapInst
	exec  []execItem

	// Versions of the parts pure code reads (see reads.go).
	memberVer, framesVer, gvarsVer uint64

	rng         uint64
	progression int
	nextObj     int
	nextTS      int
	step        int
}

// seatParts are a state's parts kept per seat, each seats long.
type seatParts struct {
	scores []int
	pvars  []varList // per-player variables
	pvers  []uint64  // per seat: the version of its variables and score (reads.go)
}

// tableParts are a state's boards and decks (as the program lists them) and
// its clocks (virtual milliseconds left per seat).
type tableParts struct {
	boards []*board
	decks  []*deck
	clocks []int64
}

const (
	ownFrames uint32 = 1 << iota
	ownScores
	ownPvars
	ownVars
	ownBoards
	ownDecks
	ownObjs
	ownWraps
	ownExec
	ownClocks
	ownPvers
	ownSeats  // the seatParts struct
	ownTables // the tableParts struct
)

// seatsW returns the state's seatParts for writing: its own copy (a spare
// one in perft: recycle.go).
func (m *Match) seatsW() *seatParts {
	if m.own(ownSeats) {
		m.st.seatParts = m.copySeats(m.st.seatParts)
	}
	return m.st.seatParts
}

// tablesW returns the state's tableParts for writing: its own copy (a
// spare one in perft: recycle.go).
func (m *Match) tablesW() *tableParts {
	if m.own(ownTables) {
		m.st.tableParts = m.copyTables(m.st.tableParts)
	}
	return m.st.tableParts
}

// execItem is a pending body on the execution stack.
type execItem struct {
	h      *hook
	name   bodyName // read as what()
	self   int      // object id, 0 none
	player int      // seat
	frame  int      // frame index the body belongs to
	past   *mstate  // what before() reads in the body: the past its condition saw
}

func (m *Match) own(bit uint32) bool {
	if m.st.owned&bit != 0 {
		return false
	}
	m.st.owned |= bit
	return true
}

func cloneSlice[T any](s []T) []T {
	out := make([]T, len(s), len(s)+1)
	copy(out, s)
	return out
}

func (m *Match) boardW(i int) *board {
	s, t := m.st, m.tablesW()
	if m.own(ownBoards) {
		t.boards = m.cloneBoards(t.boards)
	}
	b := t.boards[i]
	if b.gen != s.gen {
		b = m.cloneBoard(b, s.gen)
		t.boards[i] = b
	}
	b.ver = m.bump(rdBoard, i)
	return b
}

func (m *Match) deckW(i int) *deck {
	s, t := m.st, m.tablesW()
	if m.own(ownDecks) {
		t.decks = cloneSlice(t.decks)
	}
	d := t.decks[i]
	old, oldVer := d, d.ver
	if d.gen != s.gen {
		d = d.clone(s.gen)
		t.decks[i] = d
	}
	d.ver = m.bump(rdDeck, i)
	m.rekeyPlaces(i, old, oldVer, d)
	return d
}

// playerW gives seat's variables and score a new version.
func (m *Match) playerW(seat int) {
	sp := m.seatsW()
	if m.own(ownPvers) {
		sp.pvers = m.clonePvers(sp.pvers)
	}
	sp.pvers[seat] = m.bump(rdPlayer, seat)
}

func (m *Match) scoresW() []int {
	sp := m.seatsW()
	if m.own(ownScores) {
		sp.scores = m.cloneScores(sp.scores)
	}
	return sp.scores
}

func (m *Match) clocksW() []int64 {
	t := m.tablesW()
	if m.own(ownClocks) {
		t.clocks = cloneSlice(t.clocks)
	}
	return t.clocks
}

func (m *Match) varsW() *varList {
	m.st.gvarsVer = m.bump(rdGame, 0)
	if m.own(ownVars) {
		m.st.vars = m.st.vars.clone()
	}
	return &m.st.vars
}

func (m *Match) pvarsW(seat int) *varList {
	m.playerW(seat)
	s, sp := m.st, m.seatsW()
	if m.own(ownPvars) {
		sp.pvars = cloneSlice(sp.pvars)
	}
	if s.pvOwned&(1<<seat) == 0 {
		s.pvOwned |= 1 << seat
		sp.pvars[seat] = sp.pvars[seat].clone()
	}
	return &sp.pvars[seat]
}

func (m *Match) execW() []execItem {
	if m.own(ownExec) {
		m.st.exec = cloneSlice(m.st.exec)
	}
	return m.st.exec
}

// snapshot freezes the current state and returns it; the match continues on a
// copy that shares every container until it changes one.
func (m *Match) snapshot() *mstate {
	old := m.st
	n := m.newState(old)
	n.gen = gens.Add(1)
	n.owned = 0
	n.pvOwned = 0
	m.st = n
	return old
}

// gens hands out generations: every mstate of every match has its own, so a
// container is changed in place only by the mstate that made it.
var gens atomic.Uint64
