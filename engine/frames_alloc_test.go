package engine

import (
	"testing"
	"unsafe"
)

// stepFramesPack has a clause (never firing), so that every step keeps a
// snapshot of the state it began with (beginStep), as in the seed effects;
// its one action only names a transition back to its own state, so that the
// code of a step allocates nothing and what a step allocates is the state's.
const stepFramesPack = `format: 1
pack: stepframes
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [go]
    clauses: {whenever: [{name: never, condition: "False", body: "pass"}]}
    transitions: {went: 2, done: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    body: next_state("went")
`

// TestStepWritesFramesInPlace: in a pack whose steps keep snapshots, a step
// that writes the state stack (an action naming a transition: the frame's
// pending transition; the transition: a new frame; entering it: the frame's
// entered mark) allocates the snapshot it keeps and one copy of the stack,
// not a frame besides (frames []*frame made the three steps of a move
// allocate three frames more; issue 25). A move is three steps, the undo
// point Apply keeps, and the value of playerTurn's parameters its clause
// pass makes (settle).
func TestStepWritesFramesInPlace(t *testing.T) {
	p, err := Parse([]byte(stepFramesPack), "stepframes.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{NoHistory: true})
	moves, err := m.Legal(m.Active())
	if err != nil || len(moves) != 1 {
		t.Fatal(moves, err)
	}
	mv := moves[0]
	step := m.Step()
	if err := m.Apply(mv); err != nil {
		t.Fatal(err)
	}
	steps := m.Step() - step
	if steps != 3 {
		t.Fatalf("a move took %d steps, want 3 (the action, the transition, the entry)", steps)
	}
	got := testing.AllocsPerRun(100, func() {
		if err := m.Apply(mv); err != nil {
			t.Fatal(err)
		}
	})
	if want := float64(2 + 2*steps); got > want {
		t.Errorf("%v allocations a move of %d steps, want at most %v (the undo point, the clauses' state value, and per step its snapshot and one copy of the stack)", got, steps, want)
	}
}

// TestFrameSize: a frame fits the allocator's 96-byte size class, so that a
// step's copy of a stack of one frame takes 96 bytes (a generation in each
// frame, saying which state may change its private states, made it 104 bytes
// and the copy 112).
func TestFrameSize(t *testing.T) {
	if n := unsafe.Sizeof(frame{}); n > 96 {
		t.Errorf("a frame is %d bytes, past the 96-byte size class", n)
	}
}
