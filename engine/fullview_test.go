package engine

import (
	"slices"
	"testing"
)

// TestFullViewHidesNothing: the designer's view lists every card with its
// face, the removed one and each hand included, every private variable and
// tag, and the state's description rather than one seat's.
func TestFullViewHidesNothing(t *testing.T) {
	m := secretsMatch(t, 1)
	v, err := m.FullView()
	if err != nil {
		t.Fatal(err)
	}
	if v.Seat != -1 || v.PrivateArgs != nil {
		t.Errorf("seat %d, private args %v; want -1 and none", v.Seat, v.PrivateArgs)
	}
	dv := v.Decks["cards"]
	total := 0
	for place, n := range dv.Counts {
		if len(dv.Cards[place]) != n {
			t.Errorf("%s: %d cards counted, %d faces listed", place, n, len(dv.Cards[place]))
		}
		total += n
	}
	if total != 6 {
		t.Errorf("%d cards in the designer's view, want the 6 created", total)
	}
	if got := dv.Cards["removed"]; !slices.Equal(got, []string{cardAt(t, m, "removed")}) {
		t.Errorf("removed: %v", got)
	}
	if got := dv.Cards["hand/2"]; len(got) != 1 {
		t.Errorf("player 2's hand: %v, want its one card", got)
	}
	if v.Variables["answer"] != int64(42) || v.Players[1]["secret"] != int64(20) {
		t.Errorf("private variables missing: game %v, players %v", v.Variables, v.Players)
	}
	if len(v.Objects) != 1 || !slices.Contains(v.Objects[0].Tags, "marked") || v.Objects[0].Variables["plan"] != int64(3) {
		t.Errorf("objects: %+v", v.Objects)
	}
	if v.Description != "Player 1 may pass" {
		t.Errorf("description %q, want the state's, not one seat's", v.Description)
	}
}
