package engine

import (
	"fmt"
	"runtime"
	"sync"
	"weak"
)

// Reusing the state a step no longer reads (issue 25).
//
// Every step of a pack with clauses or before() begins with a snapshot (see
// beginStep): the match goes on in a new mstate, and the one it leaves
// becomes the past the next step's before() reads (Match.prev). When that
// step ends, the past before it is read by nothing the steps keep, so,
// unless something else took it, the next snapshot takes its struct instead
// of allocating one (a seed effects playout made ~200 a game, 47% of its
// bytes). Its containers are shared with later states, copied on write as
// ever, except its state stack when it is dead (deadFrames): the next copy
// of a stack takes that array (frames are 96 bytes each, and about every
// step writes one: 19% of a seed effects playout's bytes).
//
// A state kept beyond its step must therefore be held (hold), and is never
// reused: a saved state (save, undo points, perft), the past an undo point,
// a fork or a trigger's pending body (execItem.past) reads, a match's first
// state (history0) and, with history, every state (a match with history
// reuses none). This is a rule for all code to come, so it is not left
// silent:
//   - TestStatesStoredOnlyByKeepers reads the package's source and fails on
//     any store of a state (a field, an element, a composite literal, an
//     append) outside the places it lists, and on any new type with a field
//     that can hold one;
//   - checkStates (the tests' checked mode) reuses nothing: it asks the
//     collector whether each dropped past is really unreachable when the next
//     snapshot would have reused it, and panics if anything still holds it.

// stateHeld is the bit of mstate.owned marking a state kept beyond its step
// (no own* bit: snapshot clears owned in the copy, not in the state held).
const stateHeld uint32 = 1 << 31

// startCopy is the bit of mstate.owned marking the copy beginStep's snapshot
// made of the step's start (m.next): any other snapshot since leaves a copy
// without it.
const startCopy uint32 = 1 << 30

// checkStates: drop no past into reuse, but check at the next snapshot that
// the collector finds it unreachable (tests).
var checkStates = false

// droppedPasts are, in the checked mode, each match's past dropped last
// (weakly: the check is that nothing else keeps it), and the step it was
// dropped at. They are kept aside so that a Match has no field for them
// (TestMatchSize).
var droppedPasts = struct {
	sync.Mutex
	of map[*Match]droppedPast
}{of: map[*Match]droppedPast{}}

type droppedPast struct {
	st     weak.Pointer[mstate]
	frames weak.Pointer[frame] // its state stack's array, when dead
	step   int
}

// hold marks s kept beyond its step: never reused for another state. A
// match with history reuses nothing, and its states may be shared by forks
// (At) on other goroutines: it writes no mark then, and none on a state
// already held, so a mark is written only while one match has the state.
func (m *Match) hold(s *mstate) {
	if s != nil && !m.hist && s.owned&stateHeld == 0 {
		s.owned |= stateHeld
	}
}

// dropPast offers old, the past a step just stopped reading, to the next
// snapshot when nothing else keeps it.
func (m *Match) dropPast(old *mstate) {
	if old == nil || m.hist || old == m.history0 || old == m.st || old == m.prev || old.owned&stateHeld != 0 {
		return
	}
	dead := m.deadFrames(old)
	if checkStates {
		d := droppedPast{st: weak.Make(old), step: m.st.step}
		if dead {
			d.frames = weak.Make(&old.frames[:1][0])
		}
		droppedPasts.Lock()
		droppedPasts.of[m] = d
		droppedPasts.Unlock()
		return
	}
	m.spare = old
	if dead {
		sp := m.spares
		if sp == nil {
			sp = new(spares)
			m.spares = sp
		}
		sp.frameLists = append(sp.frameLists[:0], old.frames[:0]) // the last only: a stack is copied about once a step
	}
}

// deadFrames reports whether the state stack of old, a past dropped (held
// by nothing), is read by no state any more: old made it (so no state
// before it has it), and the one copy made of old (it was not held: no
// fork, save or perft copied it), which is the new past, made its own
// (ownFrames) before any other snapshot (startCopy), so no state after it
// has old's.
func (m *Match) deadFrames(old *mstate) bool {
	n := m.prev
	return old.owned&ownFrames != 0 && cap(old.frames) > 0 && n != nil &&
		n.owned&(startCopy|ownFrames) == startCopy|ownFrames
}

// newState returns a copy of old for the next snapshot: in the dropped
// past when there is one, else in a new struct (copied as it is made: a new
// struct zeroed and then written costs a history's snapshot more).
func (m *Match) newState(old *mstate) *mstate {
	if checkStates {
		m.checkDropped()
	}
	if n := m.spare; n != nil {
		m.spare = nil
		*n = *old
		return n
	}
	c := *old
	return &c
}

// checkDropped panics when the past dropped last is still reachable: some
// code keeps a state without hold, and reusing it would have changed what
// that code reads.
func (m *Match) checkDropped() {
	droppedPasts.Lock()
	d, ok := droppedPasts.of[m]
	delete(droppedPasts.of, m)
	droppedPasts.Unlock()
	if !ok {
		return
	}
	runtime.GC()
	if d.st.Value() != nil {
		panic(fmt.Sprintf("engine: the past dropped at step %d is still reachable at the next snapshot: "+
			"code keeps a state without Match.hold (see statereuse.go)", d.step))
	}
	if d.frames.Value() != nil {
		panic(fmt.Sprintf("engine: the state stack of the past dropped at step %d is still reachable at the next snapshot: "+
			"a state shares it (see deadFrames)", d.step))
	}
}
