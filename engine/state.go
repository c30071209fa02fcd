package engine

import (
	"sync/atomic"

	"go.starlark.net/starlark"
)

// mstate is everything that changes during a match. It is copied on write:
// taking a snapshot makes the current mstate immutable and continues on a shallow
// copy whose containers are copied the first time they change, so snapshots share
// all that did not change.
type mstate struct {
	gen     uint64
	owned   uint32 // own* bits: containers this mstate may change in place
	over    bool   // the match has ended (beside owned, it takes no word of its own in the copy made per step)
	pvOwned uint64 // players whose variable map this mstate owns

	frames []frame // by value: see frames.go
	active int     // BGA active player (seat)
	multi  uint64  // BGA multiactive set (bit per seat)
	scores []int
	pvars  []map[string]starlark.Value // per-player variables (frozen values)
	vars   map[string]starlark.Value   // game variables (frozen values)
	boards []*board
	decks  []*deck
	objs   []*object
	wraps  []wrapInst
	exec   []execItem
	clocks []int64 // virtual milliseconds left per seat

	// Versions of the parts pure code reads (see reads.go).
	memberVer, framesVer, gvarsVer uint64
	pvers                          []uint64 // per seat: its variables and score

	rng         uint64
	progression int
	nextObj     int
	nextTS      int
	step        int
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
)

// execItem is a pending body on the execution stack.
type execItem struct {
	h      *hook
	what   string
	self   int     // object id, 0 none
	player int     // seat
	frame  int     // frame index the body belongs to
	past   *mstate // what before() reads in the body: the past its condition saw
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
	s := m.st
	if m.own(ownBoards) {
		s.boards = m.cloneBoards(s.boards)
	}
	b := s.boards[i]
	if b.gen != s.gen {
		b = m.cloneBoard(b, s.gen)
		s.boards[i] = b
	}
	b.ver = m.bump()
	return b
}

func (m *Match) deckW(i int) *deck {
	s := m.st
	if m.own(ownDecks) {
		s.decks = cloneSlice(s.decks)
	}
	d := s.decks[i]
	old, oldVer := d, d.ver
	if d.gen != s.gen {
		d = d.clone(s.gen)
		s.decks[i] = d
	}
	d.ver = m.bump()
	m.rekeyPlaces(i, old, oldVer, d)
	return d
}

// playerW gives seat's variables and score a new version.
func (m *Match) playerW(seat int) {
	if m.own(ownPvers) {
		m.st.pvers = m.clonePvers(m.st.pvers)
	}
	m.st.pvers[seat] = m.bump()
}

func (m *Match) scoresW() []int {
	if m.own(ownScores) {
		m.st.scores = m.cloneScores(m.st.scores)
	}
	return m.st.scores
}

func (m *Match) clocksW() []int64 {
	if m.own(ownClocks) {
		m.st.clocks = cloneSlice(m.st.clocks)
	}
	return m.st.clocks
}

func (m *Match) varsW() map[string]starlark.Value {
	m.st.gvarsVer = m.bump()
	if m.own(ownVars) {
		nv := make(map[string]starlark.Value, len(m.st.vars)+1)
		for k, v := range m.st.vars {
			nv[k] = v
		}
		m.st.vars = nv
	}
	return m.st.vars
}

func (m *Match) pvarsW(seat int) map[string]starlark.Value {
	m.playerW(seat)
	s := m.st
	if m.own(ownPvars) {
		s.pvars = cloneSlice(s.pvars)
	}
	if s.pvOwned&(1<<seat) == 0 {
		s.pvOwned |= 1 << seat
		nv := make(map[string]starlark.Value, len(s.pvars[seat])+1)
		for k, v := range s.pvars[seat] {
			nv[k] = v
		}
		s.pvars[seat] = nv
	}
	return s.pvars[seat]
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
	n := *old
	n.gen = gens.Add(1)
	n.owned = 0
	n.pvOwned = 0
	m.st = &n
	return old
}

// gens hands out generations: every mstate of every match has its own, so a
// container is changed in place only by the mstate that made it.
var gens atomic.Uint64
