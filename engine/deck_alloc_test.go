package engine

import (
	"testing"

	"go.starlark.net/starlark"
)

// TestDeckReadsAllocateOnlyTheirResult: deck.cards, deck.top and deck.count
// are called by a card game's rules and domains at every decision (Hearts'
// playable reads a hand at every card played), so they allocate only what
// they return: the list (its array and header) for cards, nothing for top and
// count.
func TestDeckReadsAllocateOnlyTheirResult(t *testing.T) {
	p := bundled(t, "hearts")
	m := newMatch(t, p, 4, Options{NoHistory: true})
	dv := newDeckValue("deck", 0)
	for _, c := range []struct {
		method string
		args   starlark.Tuple
		want   float64
	}{
		{"cards", starlark.Tuple{starlark.String("hand"), starlark.MakeInt(2)}, 2},
		{"cards", starlark.Tuple{starlark.String("hand")}, 2},
		{"top", starlark.Tuple{starlark.String("hand")}, 0},
		{"count", starlark.Tuple{starlark.String("hand")}, 0},
	} {
		fn := "deck." + c.method
		v, err := dv.call(m, c.method, fn, c.args, nil)
		if err != nil {
			t.Fatal(err)
		}
		if l, ok := v.(*starlark.List); ok && l.Len() == 0 {
			t.Fatalf("deck.%s%v: no cards, the test reads nothing", c.method, c.args)
		}
		got := testing.AllocsPerRun(50, func() {
			if _, err := dv.call(m, c.method, fn, c.args, nil); err != nil {
				t.Fatal(err)
			}
		})
		if got > c.want {
			t.Errorf("deck.%s%v: %v allocations a call, want at most %v", c.method, c.args, got, c.want)
		}
	}
}

// TestCombinationsOfAHandAgainMakeOnlyTheList: Hearts' giveCards domain,
// combinations(deck.cards("hand", player), 3), is 286 tuples asked again for
// every seat still to give at every decision of the passing; a hand asked
// again makes only the new list (its tuples are the last call's: a tuple
// cannot change), and the list is the same as a first call makes.
func TestCombinationsOfAHandAgainMakeOnlyTheList(t *testing.T) {
	p := bundled(t, "hearts")
	m := newMatch(t, p, 4, Options{NoHistory: true})
	dv := newDeckValue("deck", 0)
	hand := func(seat int) starlark.Value {
		v, err := dv.call(m, "cards", "deck.cards", starlark.Tuple{starlark.String("hand"), starlark.MakeInt(seat)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	combos := func(items starlark.Value) *starlark.List {
		v, err := biCombinations(m, "combinations", starlark.Tuple{items, starlark.MakeInt(3)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v.(*starlark.List)
	}
	// Every seat's hand asked in turn, as legal asks them at each decision.
	var first []*starlark.List
	for seat := 1; seat <= 4; seat++ {
		first = append(first, combos(hand(seat)))
	}
	for seat := 1; seat <= 4; seat++ {
		h := hand(seat)
		again := combos(h)
		if again == first[seat-1] || again.String() != first[seat-1].String() || again.Len() != 286 {
			t.Fatalf("seat %d: combinations again gave %d tuples, not a new list of the first call's 286", seat, again.Len())
		}
		if got := testing.AllocsPerRun(20, func() { combos(h) }); got > 2 {
			t.Errorf("seat %d: combinations of a hand asked again: %v allocations, want at most 2 (the list)", seat, got)
		}
	}
	// Another hand of the same length is not taken for the last one.
	other := starlark.NewList([]starlark.Value{m.card(dv, 1), m.card(dv, 2), m.card(dv, 3), m.card(dv, 4)})
	if got, want := combos(other).Len(), 4; got != want {
		t.Errorf("combinations of 4 cards: %d tuples, want %d", got, want)
	}
}
