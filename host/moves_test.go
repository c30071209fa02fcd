package host

import (
	"encoding/json"
	"testing"
)

// A posted move is found among the seat's legal moves without reading
// each of them as JSON: Hearts' first step offers 286 ways to give three
// cards, and the one posted is found in a few allocations, not thousands,
// under the match's lock. Posted in another key order, it is found too.
func TestLegalFindsAPostedMoveCheaply(t *testing.T) {
	ts := startServer(t, "hearts", "human,human,human,human", 1, "")
	vw, err := ts.ms[0].snap.Load().view(1)
	if err != nil {
		t.Fatal(err)
	}
	a := vw.state.Actions[0]
	if len(a.Moves) < 200 {
		t.Fatalf("Player 1 has %d moves of %s at the start, want Hearts' 286 ways to give", len(a.Moves), a.Action)
	}
	k := len(a.Moves) / 2
	fresh := func() *view { return &view{state: vw.state, moves: vw.moves} } // nothing found before
	mv, ok := fresh().legal(a.Action, a.Moves[k].Args)
	if !ok || mv.String() != vw.moves[k].String() {
		t.Fatalf("found %v %v, want %v", mv, ok, vw.moves[k])
	}
	allocs := testing.AllocsPerRun(10, func() { fresh().legal(a.Action, a.Moves[k].Args) })
	if allocs > 20 {
		t.Errorf("finding one move of %d took %.0f allocations", len(a.Moves), allocs)
	}
	var args any
	if err := json.Unmarshal(a.Moves[k].Args, &args); err != nil {
		t.Fatal(err)
	}
	spaced, _ := json.MarshalIndent(json.RawMessage(a.Moves[k].Args), "", "  ")
	sorted, _ := json.Marshal(args) // "card" before "deck"
	for _, posted := range [][]byte{spaced, sorted} {
		if mv, ok := fresh().legal(a.Action, posted); !ok || mv.String() != vw.moves[k].String() {
			t.Errorf("the move posted as %s: %v %v, want %v", posted, mv, ok, vw.moves[k])
		}
	}
}
