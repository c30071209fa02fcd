package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestDeckEventsCountCards: the designer's log says "1 card" for one card
// and "N cards" for more, for a deck's create, pick, move and shuffle.
func TestDeckEventsCountCards(t *testing.T) {
	src := `format: 1
pack: count
players: {min: 2, max: 2}
decks: [court]
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      court.create([{"type": "Baron", "type_arg": 3, "nbr": 1}])
      court.create([{"type": "Guard", "type_arg": 1, "nbr": 2}])
      court.shuffle("deck")
      court.pick(1, players[0])
      court.pick(2, players[1])
      court.move_all("hand", "discard")
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {go: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    body: next_state("go")
`
	p, err := Parse([]byte(src), "count.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range newMatch(t, p, 2, Options{}).Events() {
		if e.Name == "court" || e.Name == "court.shuffle" {
			got = append(got, e.Detail)
		}
	}
	for _, want := range []string{"created 1 card", "created 2 cards", "deck: 3 cards", "1 card from deck to hand 1", "2 cards from deck to hand 2"} {
		if !slices.ContainsFunc(got, func(d string) bool { return d == want || strings.HasPrefix(d, want+":") }) {
			t.Errorf("no event %q in %q", want, got)
		}
	}
	if slices.ContainsFunc(got, func(d string) bool { return strings.HasPrefix(d, "1 cards") || strings.Contains(d, " 1 cards") }) {
		t.Errorf("a log says \"1 cards\": %q", got)
	}
}
