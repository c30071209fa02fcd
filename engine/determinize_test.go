package engine

import (
	"slices"
	"testing"
)

// TestDeterminizeHearts checks a determinized Hearts deal after the passing
// phase: the seat keeps its hand and sees the same view; the other hands keep
// their sizes but hold other cards; the 52 faces are the same; the match
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
	faces := func(cs []dcard) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.typ.String()+"/"+string(rune('0'+c.typeArg)))
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(faces(got), faces(before)) {
		t.Error("the faces of the deck changed")
	}
	moved := 0
	for i, c := range got {
		b := before[i]
		if c.loc != b.loc || c.arg != b.arg {
			t.Fatalf("card %d moved from %s/%d to %s/%d", i+1, b.loc, b.arg, c.loc, c.arg)
		}
		mine := c.loc == "hand" && c.arg == seat+1
		same := c.typ == b.typ && c.typeArg == b.typeArg
		switch {
		case mine && !same:
			t.Errorf("card %d of the seat's own hand changed", i+1)
		case c.loc == "hand" && !mine && !same:
			moved++
		}
	}
	if moved < 13 { // 39 hidden cards: keeping 26 in place is (almost) impossible
		t.Errorf("only %d of the other hands' 39 cards changed", moved)
	}
	v0, _ := m.View(seat)
	v1, _ := f.View(seat)
	if !slices.Equal(v0.Decks["deck"].Hand, v1.Decks["deck"].Hand) || !slices.Equal(v0.Legal, v1.Legal) {
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
