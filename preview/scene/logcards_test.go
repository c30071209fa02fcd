package scene

import (
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestLogCards: the faces a seat's log writes are read under Hearts'
// hints (suit by type, rank by type_arg), in an action's args, a
// notification's message, a deck's move of one card and of several; what
// the seat does not see, and a text with no face, stay as written.
func TestLogCards(t *testing.T) {
	pack := bundled(t, "hearts")
	for _, c := range []struct {
		in, want engine.Event
	}{
		{engine.Event{Kind: engine.EvAction, Name: "playCard", Detail: "card=card 2/12"},
			engine.Event{Kind: engine.EvAction, Name: "playCard", Detail: "card=Q♥"}},
		{engine.Event{Kind: engine.EvAction, Name: "giveCards", Detail: "cards=(card 1/14, a card, card 3/2)"},
			engine.Event{Kind: engine.EvAction, Name: "giveCards", Detail: "cards=(A♠, a card, 2♣)"}},
		{engine.Event{Kind: engine.EvNotify, Name: "Player 4 plays card 4/10", Detail: "card=card 4/10, player=player4"},
			engine.Event{Kind: engine.EvNotify, Name: "Player 4 plays 10♦", Detail: "card=10♦, player=player4"}},
		{engine.Event{Kind: engine.EvObject, Name: "deck", Detail: "card 1/4 from hand 4 to cardsontable 4"},
			engine.Event{Kind: engine.EvObject, Name: "deck", Detail: "4♠ from hand 4 to cardsontable 4"}},
		{engine.Event{Kind: engine.EvObject, Name: "deck", Detail: "4 cards from cardsontable to cardswon 4: 1/2, 3/11 and 2 face down"},
			engine.Event{Kind: engine.EvObject, Name: "deck", Detail: "4 cards from cardsontable to cardswon 4: 2♠, J♣ and 2 face down"}},
		{engine.Event{Kind: engine.EvObject, Name: "deck", Detail: "a card from hand 2 to given 3"},
			engine.Event{Kind: engine.EvObject, Name: "deck", Detail: "a card from hand 2 to given 3"}},
		{engine.Event{Kind: engine.EvVariable, Name: "game.trick_color", Detail: "1"},
			engine.Event{Kind: engine.EvVariable, Name: "game.trick_color", Detail: "1"}},
	} {
		if got := LogCards(pack, c.in); got != c.want {
			t.Errorf("LogCards(%q, %q) = %q, %q; want %q, %q", c.in.Name, c.in.Detail, got.Name, got.Detail, c.want.Name, c.want.Detail)
		}
	}
}
