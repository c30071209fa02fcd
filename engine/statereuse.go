package engine

// Reusing the state a step no longer reads.
//
// Every step of a pack with clauses or before() begins with a snapshot (see
// beginStep): the match goes on in a new mstate, and the one it leaves
// becomes the past the next step's before() reads (Match.prev). When that
// step ends, the past before it is read by nothing the steps themselves
// keep: unless something else took it, its struct is taken for the next
// snapshot instead of allocating one (a seed effects playout made about 200
// a game, a third of its bytes). Only the struct is reused: its containers
// are shared with later states, copied on write as ever.
//
// Whatever keeps a state beyond the step that made it marks it held, and a
// held state is never reused: a saved state (save, undo points, perft), the
// past an undo point, a fork or a trigger's pending body (execItem.past)
// reads, the state a fork starts from, a match's first state (history0) and
// every state kept with history (Options.NoHistory off reuses none).

// stateHeld is the bit of mstate.owned marking a state kept beyond its step.
const stateHeld uint32 = 1 << 31

// reuseStates lets a step's snapshot reuse the past no step reads any more
// (tests turn it off to compare).
var reuseStates = true

// hold marks s kept beyond its step: never reused for another state.
func (s *mstate) hold() {
	if s != nil {
		s.owned |= stateHeld
	}
}

// dropPast offers old, the past a step just stopped reading, for the next
// snapshot's state when nothing else keeps it.
func (m *Match) dropPast(old *mstate) {
	if !reuseStates || old == nil || m.hist || old == m.history0 || old == m.st || old == m.prev || old.owned&stateHeld != 0 {
		return
	}
	m.spareState = old
}

// newState returns a copy of st for the next snapshot, in the spare state
// when there is one.
func (m *Match) newState(st *mstate) *mstate {
	n := m.spareState
	if n == nil {
		c := *st
		return &c
	}
	m.spareState = nil
	*n = *st
	return n
}
