package scene

import (
	"testing"

	"github.com/rulestudio/studio/graph"
)

// namedCards is a pack whose card types are strings, as Love Letter's are
// written (docs/model.md's worked example): the first player plays a King
// face up to the table and the match ends.
const namedCards = `format: 1
pack: named
players: {min: 2, max: 2}
decks: [cards]
display:
  cards: {cards: {types: {King: {text: Kg, color: gold}}}}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      cards.create([{"type": "King", "type_arg": 6, "nbr": 2}])
      cards.pick_for_location(1, "deck", "hand", 1)
      cards.pick_for_location(1, "deck", "hand", 2)
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    possibleactions: [play]
    transitions: {end: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  play:
    params:
      card: {type: card, domain: 'cards.cards("hand", player)'}
    body: |
      cards.move(card, "table")
      next_state("end")
`

// TestLastMoveReadsNamedCards: a card whose type is a string (the event
// log writes it quoted, card(1: "King"/6)) reads in the last move as its
// hint says, 6Kg, not 6"King", and the card played is marked on the table,
// for the designer and both seats (the table is face up).
func TestLastMoveReadsNamedCards(t *testing.T) {
	p, err := graph.Parse([]byte(namedCards), "named.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := played(t, p, 1, 1000)
	for _, seat := range []int{Designer, 1, 2} {
		sc, err := Build(s.Pack(), s.Match(), seat)
		if err != nil {
			t.Fatal(err)
		}
		var marked []string
		for _, a := range sc.Areas {
			for _, l := range a.Locations {
				for _, c := range l.Cards {
					if c.Last {
						marked = append(marked, c.Text)
					}
				}
			}
		}
		if sc.LastMove == nil || sc.LastMove.Text != "Player 1 play card=6Kg" || len(marked) != 1 || marked[0] != "6Kg" {
			t.Errorf("seat %d: last move %+v, marked %v; want Player 1 play card=6Kg, the King marked", seat, sc.LastMove, marked)
		}
	}
}
