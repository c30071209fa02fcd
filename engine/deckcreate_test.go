package engine

import (
	"slices"
	"testing"
)

// twoCreates makes a supply of five cards, then a deck of three.
const twoCreates = `format: 1
pack: twocreates
players: {min: 2, max: 2}
decks: [cards]
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      cards.create([{"type": "A", "type_arg": 1, "nbr": 3}, {"type": "B", "type_arg": 2, "nbr": 2}], "supply")
      cards.create([{"type": "C", "type_arg": 1, "nbr": 3}])
    transitions: {"": 99}
  - id: 99
    name: gameEnd
    type: manager
`

// TestCreateEventCountsTheCardsMade: each deck.create's event says how
// many cards that call made, not how many the deck holds by then (a deck
// builder's second create read "created 8 cards" for three).
func TestCreateEventCountsTheCardsMade(t *testing.T) {
	p, err := Parse([]byte(twoCreates), "twocreates.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	var got []string
	for _, e := range m.Events() {
		if e.Kind == EvObject && e.Name == "cards" {
			got = append(got, e.Detail)
		}
	}
	if want := []string{"created 5 cards", "created 3 cards"}; !slices.Equal(got, want) {
		t.Errorf("the creates read %q, want %q", got, want)
	}
}
