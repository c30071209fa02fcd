package scene

import "testing"

// TestMarkChangesKeepsTheValueBefore: of two scenes one after the other,
// the later gets the earlier's value on each counter and score that
// changed (a game variable in the centre, a player's variable and score in
// a seat's area) and nothing on those that did not, nor on a counter the
// earlier scene did not have.
func TestMarkChangesKeepsTheValueBefore(t *testing.T) {
	score := func(n int) *int { return &n }
	before := &Scene{Step: 4, Areas: []Area{
		{ID: "centre", Counters: []Counter{{ID: "game.round", Label: "round", Value: "1"}, {ID: "game.broken", Label: "broken", Value: "no"}}},
		{ID: "seat-1", Seat: 1, Score: score(13), Counters: []Counter{{ID: "seat-1.life", Label: "life", Value: "20"}}},
		{ID: "seat-2", Seat: 2, Score: score(3)},
	}}
	after := &Scene{Step: 5, Areas: []Area{
		{ID: "centre", Counters: []Counter{{ID: "game.round", Label: "round", Value: "1"}, {ID: "game.broken", Label: "broken", Value: "yes"}, {ID: "game.new", Label: "new", Value: "7"}}},
		{ID: "seat-1", Seat: 1, Score: score(26), Counters: []Counter{{ID: "seat-1.life", Label: "life", Value: "17"}}},
		{ID: "seat-2", Seat: 2, Score: score(3)},
	}}
	MarkChanges(before, after)
	c := after.Areas[0].Counters
	if c[0].Before != "" || c[1].Before != "no" || c[2].Before != "" {
		t.Errorf("centre counters before: %q %q %q, want \"\", \"no\", \"\"", c[0].Before, c[1].Before, c[2].Before)
	}
	if got := after.Areas[1].Counters[0].Before; got != "20" {
		t.Errorf("seat 1's life before %q, want 20", got)
	}
	if got := after.Areas[1].ScoreBefore; got == nil || *got != 13 {
		t.Errorf("seat 1's score before %v, want 13", got)
	}
	if got := after.Areas[2].ScoreBefore; got != nil {
		t.Errorf("seat 2's score did not change, yet before is %d", *got)
	}
}
