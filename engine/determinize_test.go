package engine

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// TestDeterminizeHearts checks a determinized Hearts deal after the passing
// phase: the seat keeps its hand and sees the same view; the other hands keep
// their sizes but hold other cards, each card keeping its face; the match
// itself is unchanged; the same seed gives the same deal.
func TestDeterminizeHearts(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 5})
	bot := NewRandomBot(3)
	for m.StateName() == "giveCards" {
		ms, _ := m.LegalAll()
		if err := m.Apply(bot.Choose(m, ms)); err != nil {
			t.Fatal(err)
		}
	}
	before := slices.Clone(m.st.decks[0].cards)
	const seat = 1
	f := m.Determinize(seat, 42)
	if !slices.Equal(m.st.decks[0].cards, before) {
		t.Fatal("Determinize changed the match")
	}
	got := f.st.decks[0].cards
	moved := 0
	count := map[string]int{}
	for i, c := range got {
		b := before[i]
		if c.typ != b.typ || c.typeArg != b.typeArg {
			t.Fatalf("card %d changed its face", i+1)
		}
		mine := b.loc == "hand" && b.arg == seat+1
		switch {
		case mine != (c.loc == "hand" && c.arg == seat+1):
			t.Errorf("card %d went from %s/%d to %s/%d (the seat's own hand)", i+1, b.loc, b.arg, c.loc, c.arg)
		case c.loc != b.loc || c.arg != b.arg:
			moved++
		}
		count[fmt.Sprint(c.loc, c.arg)]++
		count[fmt.Sprint(b.loc, b.arg)]--
	}
	for place, n := range count {
		if n != 0 {
			t.Errorf("place %s has %+d cards", place, n)
		}
	}
	if moved < 13 { // 39 hidden cards: keeping 26 in place is (almost) impossible
		t.Errorf("only %d of the other hands' 39 cards changed hands", moved)
	}
	v0, _ := m.View(seat)
	v1, _ := f.View(seat)
	if !slices.Equal(v0.Decks["deck"].Hand, v1.Decks["deck"].Hand) || !reflect.DeepEqual(v0.Legal, v1.Legal) {
		t.Errorf("the seat's view changed:\n%v\n%v", v0.Decks["deck"], v1.Decks["deck"])
	}
	again := m.Determinize(seat, 42).st.decks[0].cards
	if !slices.Equal(again, got) {
		t.Error("the same seed dealt differently")
	}
	if other := m.Determinize(seat, 43).st.decks[0].cards; slices.Equal(other, got) {
		t.Error("another seed dealt the same")
	}
}

// TestDeterminizeSeesOnlyTheView swaps two cards between other players'
// hands: the seat cannot tell, so the same seed deals the same.
func TestDeterminizeSeesOnlyTheView(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 8})
	const seat = 0
	swapped := m.Fork()
	if err := swapped.Exec(`a = deck.cards("hand", 3)[0]
b = deck.cards("hand", 4)[-1]
deck.move(a, "hand", 4)
deck.move(b, "hand", 3)`); err != nil {
		t.Fatal(err)
	}
	hand := func(m *Match, p int) string {
		return eval(t, m, fmt.Sprintf(`[str(c) for c in deck.cards("hand", %d)]`, p))
	}
	if hand(m, 3) == hand(swapped, 3) {
		t.Fatal("the swap changed nothing")
	}
	a, b := m.Determinize(seat, 7), swapped.Determinize(seat, 7)
	for p := 1; p <= 4; p++ {
		if ha, hb := hand(a, p), hand(b, p); ha != hb {
			t.Errorf("hand %d dealt from the swapped match differs:\n%s\n%s", p, ha, hb)
		}
	}
}
