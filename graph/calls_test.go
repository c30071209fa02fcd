package graph_test

import (
	"fmt"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestCalls: the seeds pack calls chooseTarget from playCard's body (an
// action playerTurn allows) and discardCard from a creature's clause (no
// calling state); a state's own code calls from that state.
func TestCalls(t *testing.T) {
	src := `format: 1
pack: calls
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 2}}
  - id: 2
    name: playerTurn
    type: activeplayer
    possibleactions: [play, pass]
    transitions: {pass: 3}
  - id: 3
    name: upkeep
    type: game
    action: |
      call("pick", n=1)
      call('pick')   # the same call again: one edge
      call("nowhere")
  - {id: 10, name: pick, type: activeplayer, possibleactions: [pass]}
  - {id: 99, name: gameEnd, type: manager}
actions:
  play:
    body: call("pick", n=2)
  pass:
    body: next_state("pass")
object_types:
  card:
    methods:
      zap:
        body: call("pick")
`
	p, err := graph.Parse([]byte(src), "calls.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(graph.Calls(p))
	if want := "[{2 10} {3 10}]"; got != want {
		t.Errorf("Calls = %s, want %s", got, want)
	}
}

// TestClauseCalls: calls written in an object type's clauses are listed
// with their type and clause (a state they call has an arrow even though no
// state's code calls it), once per clause and state, in pack order; a call
// naming no state is not.
func TestClauseCalls(t *testing.T) {
	src := `format: 1
pack: calls
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 10}}
  - {id: 10, name: pick, type: activeplayer}
  - {id: 11, name: drop, type: activeplayer}
  - {id: 99, name: gameEnd, type: manager}
object_types:
  card:
    methods:
      zap:
        body: |
          call("pick")
          call("pick")
    whenever:
      - name: leech
        condition: "True"
        body: call('drop', victim=1)
    while:
      - name: guard
        condition: "True"
        target: [zap]
        wrapper: call("nowhere")
  relic:
    when:
      - name: once
        condition: "True"
        body: call("drop")
`
	p, err := graph.Parse([]byte(src), "calls.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(graph.ClauseCalls(p))
	if want := "[{card method zap 10} {card whenever leech 11} {relic when once 11}]"; got != want {
		t.Errorf("ClauseCalls = %s, want %s", got, want)
	}
	if got := fmt.Sprint(graph.Calls(p)); got != "[]" {
		t.Errorf("Calls = %s: a clause's call has no calling state", got)
	}
}
