package engine

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

func TestHearts(t *testing.T) {
	p := bundled(t, "hearts")
	m := newMatch(t, p, 4, Options{Seed: 11})
	if got := m.StateName(); got != "giveCards" {
		t.Fatalf("state %s, want giveCards", got)
	}
	if got := eval(t, m, `[deck.count("hand", p) for p in players]`); got != "[13, 13, 13, 13]" {
		t.Errorf("hands %s", got)
	}
	v, err := m.View(2)
	if err != nil {
		t.Fatal(err)
	}
	if d := v.Decks["deck"]; len(d.Hand) != 13 || d.Counts["hand/1"] != 13 || d.Counts["hand/3"] != 13 {
		t.Errorf("deck view %+v", d)
	}
	if v.Description != "You must choose 3 cards to give to the player on the left" || len(v.Active) != 4 {
		t.Errorf("view %q, active %v", v.Description, v.Active)
	}
	all, err := m.LegalAll()
	if err != nil || len(all) != 4*286 {
		t.Fatalf("%d legal actions (want 4 × 286): %v", len(all), err)
	}
	// Player 1 gives the first three cards of their hand to player 2.
	first := all[0]
	if err := m.Apply(first); err != nil {
		t.Fatal(err)
	}
	if ms, _ := m.Legal(0); len(ms) != 0 {
		t.Errorf("player 1 may give twice")
	}
	bot := NewRandomBot(1)
	for m.StateName() == "giveCards" {
		ms, _ := m.LegalAll()
		if err := m.Apply(bot.Choose(m, ms)); err != nil {
			t.Fatal(err)
		}
	}
	if got := eval(t, m, `[deck.count("hand", p) for p in players]`); got != "[13, 13, 13, 13]" {
		t.Errorf("hands after passing %s", got)
	}
	for _, c := range first.Args[0].(starlark.Tuple) {
		if got := c.(*cardValue).get(); got.loc != "hand" || got.arg != 2 {
			t.Errorf("given card %s is in %s %d, want hand 2", c, got.loc, got.arg)
		}
	}
	// The two of clubs leads.
	moves, _ := m.Legal(m.Active())
	if len(moves) != 1 || !strings.Contains(moves[0].String(), "3/2)") {
		t.Fatalf("first lead %v", moves)
	}
	// Play the hand out: follow suit is enforced, 26 points are scored.
	for m.Step() < 10000 && eval(t, m, "game.hand_no") == "1" && !m.Over() {
		ms, _ := m.LegalAll()
		mv := bot.Choose(m, ms)
		if eval(t, m, "game.trick_color") != "0" {
			suit := eval(t, m, "game.trick_color")
			hasSuit := eval(t, m, "any([c.type == game.trick_color for c in deck.cards('hand', active_player)])")
			if hasSuit == "True" && eval(t, m, "deck.card("+itoa(mv.Args[0].(*cardValue).id)+").type") != suit {
				t.Fatalf("%s does not follow suit %s", mv, suit)
			}
		}
		if err := m.Apply(mv); err != nil {
			t.Fatal(err)
		}
	}
	if got := eval(t, m, "players[0].score + players[1].score + players[2].score + players[3].score"); got != "-26" {
		t.Errorf("scores after a hand sum to %s, want -26", got)
	}
}
