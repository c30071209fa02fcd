package engine

import (
	"testing"
)

// TestDocsPilesExample: the deck-builder set-up of docs/model.md ("A pile's
// order") does what the page says: two supply piles by location_arg, a
// draw pile per seat counted apart in every view, each hand seen by its
// owner only, and a player's discards shuffled into its empty pile.
func TestDocsPilesExample(t *testing.T) {
	p, err := Parse([]byte(docExample(t, "piles")), "piles.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d := Check(p.Pack); len(d) > 0 {
		t.Fatalf("the example has findings: %v", d)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	count := func(expr string) string {
		t.Helper()
		v, err := m.Eval(expr)
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v.String()
	}
	for expr, want := range map[string]string{
		`cards.count("supply", 0)`: "16", `cards.count("supply", 1)`: "8",
		`cards.count("draw1")`: "5", `cards.count("draw2")`: "5",
		`cards.count("hand", 1)`: "5", `cards.count("hand", 2)`: "5",
	} {
		if got := count(expr); got != want {
			t.Errorf("after the set-up %s = %s, want %s", expr, got, want)
		}
	}
	for seat := 0; seat < 2; seat++ {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		d := v.Decks["cards"]
		if d.Counts["draw1"] != 5 || d.Counts["draw2"] != 5 || len(d.Hand) != 5 {
			t.Errorf("seat %d counts %v and holds %v, want draw1 and draw2 of 5 apart, a hand of 5", seat+1, d.Counts, d.Hand)
		}
		if d.Cards["draw1"] != nil || d.Cards["draw2"] != nil || d.Cards["hand/1"] != nil || d.Cards["hand/2"] != nil {
			t.Errorf("seat %d sees faces of the piles or the other hand: %v", seat+1, d.Cards)
		}
	}
	for turn := 1; turn <= 3; turn++ { // player 1, 2, then 1 again
		if err := m.Apply(Move{Seat: (turn - 1) % 2, Action: "endTurn"}); err != nil {
			t.Fatalf("turn %d: %v", turn, err)
		}
	}
	for expr, want := range map[string]string{
		`cards.count("hand", 1)`: "5", `cards.count("draw1")`: "5", `cards.count("discard1")`: "0",
		`cards.count("discard2")`: "5", `cards.count("draw2")`: "0",
	} {
		if got := count(expr); got != want {
			t.Errorf("after player 1's second turn %s = %s, want %s", expr, got, want)
		}
	}
}
