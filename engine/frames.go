package engine

import "go.starlark.net/starlark"

// The state stack. An mstate holds its frames by value (frames []frame): a
// snapshot's copy on write of the stack is one allocation, and a frame of a
// stack the mstate owns is written in place (a stack of pointers copied the
// frame too, and made one per transition: about 390 of a seed-effects
// game's 1,721 allocations, issue 25).
//
// A *frame is a pointer into the stack's array, and that array moves: the
// first write after a snapshot copies it, a push may grow it, and the old
// array stays as the snapshot's. So a pointer taken before a write reads the
// frame as it was, and a write through it changes a snapshot or is lost.
// Hence, in this file only:
//   - frames are written by index through the writers below (pend, endTurn,
//     ...), each taking its pointer (frameW) and writing at once, so no caller
//     holds a writable frame (TestFramesWrittenInFramesGo keeps frameW and
//     framesW here);
//   - frames are read through frameAt and top, to be taken again after
//     anything that may write the stack (running code, a writer, a snapshot),
//     as step does after an end procedure.

// frame is one entry of the state stack.
type frame struct {
	st         *cstate
	params     []starlark.Value // frozen, aligned with st.params
	pending    *cstate          // a transition taken, waiting for calls to return
	pendName   string
	ended      uint64  // players whose ending statement ran (end_turn)
	priv       []int16 // per seat: index of the player's private state, -1 none
	entered    bool    // the start procedure has run
	hasPending bool
}

// frameAt returns frame i of the state stack, for reading until the stack is
// next written (see above).
func (m *Match) frameAt(i int) *frame { return &m.st.frames[i] }

// top returns the top frame of the state stack, nil when it is empty, for
// reading as frameAt.
func (m *Match) top() *frame {
	fs := m.st.frames
	if len(fs) == 0 {
		return nil
	}
	return &fs[len(fs)-1]
}

// frameW returns frame i for a write made at once, the stack copied first
// when a snapshot shares it.
func (m *Match) frameW(i int) *frame {
	if m.own(ownFrames) {
		m.st.frames = m.cloneFrames(m.st.frames)
	}
	return &m.st.frames[i]
}

// framesW returns the stack for a change of its frames (a push, a pop, a
// transition), copied first when a snapshot shares it.
func (m *Match) framesW() []frame {
	m.st.framesVer = m.bump(rdFrames, 0)
	if m.own(ownFrames) {
		m.st.frames = m.cloneFrames(m.st.frames)
	}
	return m.st.frames
}

// frameOf is a frame of state s with params (nil: its defaults).
func (m *Match) frameOf(s *cstate, params []starlark.Value) frame {
	if params == nil && len(s.defaults) > 0 {
		params = s.defaults
	}
	return frame{st: s, params: params}
}

// pushState puts a frame of state s with params on the stack.
func (m *Match) pushState(s *cstate, params []starlark.Value) {
	m.st.frames = append(m.framesW(), m.frameOf(s, params))
}

// popFrame takes the top frame, i, off the stack.
func (m *Match) popFrame(i int) { m.st.frames = m.framesW()[:i] }

// replaceFrame makes frame i a new frame of state to (a transition).
func (m *Match) replaceFrame(i int, to *cstate) { m.framesW()[i] = m.frameOf(to, nil) }

// setEntered marks frame i's start procedure as run.
func (m *Match) setEntered(i int) { m.frameW(i).entered = true }

// pend records frame i's transition to (named name), taken when its calls
// return.
func (m *Match) pend(i int, to *cstate, name string) {
	f := m.frameW(i)
	f.pending, f.pendName, f.hasPending = to, name, true
}

// endTurn records that seat's ending statement ran in frame i.
func (m *Match) endTurn(i, seat int) { m.frameW(i).ended |= 1 << seat }

// clearEnded makes every player of frame i decide again.
func (m *Match) clearEnded(i int) { m.frameW(i).ended = 0 }

// setPrivate puts seat in private state idx of frame i (-1: none).
func (m *Match) setPrivate(i, seat int, idx int16) { m.frameW(i).priv[seat] = idx }

// setPrivates gives frame i its private states, one per seat.
func (m *Match) setPrivates(i int, priv []int16) { m.frameW(i).priv = priv }
