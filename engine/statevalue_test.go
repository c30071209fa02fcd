package engine

import (
	"testing"

	"go.starlark.net/starlark"
)

// stateValuePack's preconditions read the state: "go" only as state.name,
// "same" as a value of its own (which could be compared, kept or passed).
const stateValuePack = `format: 1
pack: statevalue
players: {min: 2, max: 2}
states:
  - {id: 1, name: gameSetup, type: manager, description: "", transitions: {"": 2}}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    possibleactions: [go, same]
    transitions: {go: 2}
  - {id: 99, name: gameEnd, type: manager, description: End}
actions:
  go:
    precondition: state.name == "turn"
    body: next_state("go")
  same:
    precondition: state
    body: next_state("go")
`

// TestStateReadByNameShared: code that reads the state only as state.NAME
// gets the match's one value of the present state, allocating nothing
// (a state value was made at every call: a seed effects game made 22),
// and still reads that state; code that could tell one value from another
// gets a new one each call, as before.
func TestStateReadByNameShared(t *testing.T) {
	p := parseDirect(t, stateValuePack, "statevalue.yaml")
	m := newMatch(t, p, 2, Options{Seed: 1, NoHistory: true})
	byName, whole := p.actions["go"].precondition, p.actions["same"].precondition
	call := func(h *hook) starlark.Value {
		v, err := m.call(h, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if allocs := testing.AllocsPerRun(20, func() { call(byName) }); allocs != 0 {
		t.Errorf("a call reading state.name allocated %v times, want 0", allocs)
	}
	if v := call(byName); v != starlark.True {
		t.Errorf("state.name == \"turn\" is %v", v)
	}
	if a, b := call(whole), call(whole); a == b {
		t.Errorf("code taking the state whole got the same value twice (%p)", a)
	}
}
