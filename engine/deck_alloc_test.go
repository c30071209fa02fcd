package engine

import (
	"fmt"
	"runtime"
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
	hand := func(seat int) starlark.Value { return handCards(t, m, dv, seat) }
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

// TestCountedCombinationsOfAHandAgainKeepTheCards: counted (a random bot's
// playout), combinations of a hand asked again for the same cards reuses
// the cards it kept rather than copy the hand again: only the counted
// sequence is made; its tuples are those of the first call's, and another
// hand is not taken for it.
func TestCountedCombinationsOfAHandAgainKeepTheCards(t *testing.T) {
	p := bundled(t, "hearts")
	m := newMatch(t, p, 4, Options{NoHistory: true})
	dv := newDeckValue("deck", 0)
	hand := func(seat int) starlark.Value { return handCards(t, m, dv, seat) }
	counted := func(items starlark.Value) *comboSeq {
		m.countCombos = true
		v, err := biCombinations(m, "combinations", starlark.Tuple{items, starlark.MakeInt(3)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return v.(*comboSeq)
	}
	var first []*comboSeq
	for seat := 1; seat <= 4; seat++ {
		first = append(first, counted(hand(seat)))
	}
	for seat := 1; seat <= 4; seat++ {
		h := hand(seat)
		again := counted(h)
		if again.n != 286 || fmt.Sprint(again.at(0), again.at(285)) != fmt.Sprint(first[seat-1].at(0), first[seat-1].at(285)) {
			t.Fatalf("seat %d: counted again: %d tuples, %v %v; first %v %v", seat, again.n, again.at(0), again.at(285), first[seat-1].at(0), first[seat-1].at(285))
		}
		if got := testing.AllocsPerRun(20, func() { counted(h) }); got > 1 {
			t.Errorf("seat %d: counted combinations of a hand asked again: %v allocations, want at most 1 (the sequence)", seat, got)
		}
	}
	other := starlark.NewList([]starlark.Value{m.card(dv, 1), m.card(dv, 2), m.card(dv, 3), m.card(dv, 4)})
	if got := counted(other); got.n != 4 || got.at(3)[2] != m.card(dv, 4) {
		t.Errorf("counted combinations of 4 cards: %d tuples, the last %v", got.n, got.at(3))
	}
}

// TestDeckChangesAllocateOnlyTheirResult: deck.move and deck.move_all are
// called in a card game's bodies at every card played (Hearts' playCard, its
// trick gathered), so in a match that records nothing (a playout) they
// allocate nothing, and deck.pick only what it returns (the list of the
// cards, its array and the ids it reads them from); set_active and
// is_multiactive, asked as often, allocate nothing either.
func TestDeckChangesAllocateOnlyTheirResult(t *testing.T) {
	p := bundled(t, "hearts")
	m := newMatch(t, p, 4, Options{NoHistory: true})
	dv := newDeckValue("deck", 0)
	str := func(s string) starlark.String { return starlark.String(s) }
	num := starlark.MakeInt
	const runs = 50
	for _, c := range []struct {
		method string
		args   func(i int) starlark.Tuple // the i-th call's
		want   float64
	}{
		{"move", func(i int) starlark.Tuple { return starlark.Tuple{m.card(dv, 1+i%52), str("pile"), num(i % 3)} }, 0},
		{"move", func(i int) starlark.Tuple { return starlark.Tuple{m.card(dv, 1+i%52), str("table")} }, 0},
		{"move_all", func(i int) starlark.Tuple { return starlark.Tuple{str("pile"), str("won"), starlark.None, num(i % 4)} }, 0},
		{"move_all", func(i int) starlark.Tuple { return starlark.Tuple{str("won"), str("pile")} }, 0},
		{"pick", func(i int) starlark.Tuple { return starlark.Tuple{num(2), num(1 + i%4), str("pile")} }, 3},
		{"pick_for_location", func(i int) starlark.Tuple { return starlark.Tuple{num(1), str("hand"), str("pile"), num(i % 2)} }, 3},
	} {
		fn := "deck." + c.method
		calls := make([]starlark.Tuple, runs+1) // AllocsPerRun calls once more, first
		for i := range calls {
			calls[i] = c.args(i)
		}
		i := 0
		got := testing.AllocsPerRun(runs, func() {
			if _, err := dv.call(m, c.method, fn, calls[i], nil); err != nil {
				t.Fatal(err)
			}
			i++
		})
		if got > c.want {
			t.Errorf("deck.%s%v: %v allocations a call, want at most %v", c.method, calls[0], got, c.want)
		}
	}
	if ix := m.places(0); ix.count("pile", 0, false)+ix.count("won", 0, false)+ix.count("table", 0, false) == 0 {
		t.Fatal("no card was moved: the test measured nothing")
	}
	m.ctx.active = true // as in a body
	defer func() { m.ctx.active = false }()
	for _, fn := range []string{"set_active", "is_multiactive"} {
		f := engineFns[fn]
		args := starlark.Tuple{m.pvals[2]}
		if got := testing.AllocsPerRun(runs, func() {
			if _, err := f(m, fn, args, nil); err != nil {
				t.Fatal(err)
			}
		}); got > 0 {
			t.Errorf("%s(player): %v allocations a call, want none", fn, got)
		}
	}
}

// handCards is deck.cards("hand", seat) of m's deck dv.
func handCards(t *testing.T, m *Match, dv *deckValue, seat int) starlark.Value {
	t.Helper()
	v, err := dv.call(m, "cards", "deck.cards", starlark.Tuple{starlark.String("hand"), starlark.MakeInt(seat)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestDeckCreateMakesRoomOnce: deck.create of a list of dicts, how every
// card game makes its deck (BGA's createCards), makes room for a card a
// dict at once: 52 cards take two arrays (the cards and their index), not
// the doubling appends of each (20 allocations in all where there are 9
// now, 6 KB more a match in Hearts).
func TestDeckCreateMakesRoomOnce(t *testing.T) {
	src := `format: 1
pack: empty
players: {min: 2, max: 2}
decks: [deck]
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 2}}
  - {id: 2, name: playerTurn, type: activeplayer, description: go, possibleactions: [go], transitions: {go: 99}}
  - {id: 99, name: gameEnd, type: manager}
actions:
  go: {body: next_state("go")}
`
	p, err := Parse([]byte(src), "empty.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{NoHistory: true})
	specs := make([]starlark.Value, 52)
	for i := range specs {
		d := starlark.NewDict(3)
		d.SetKey(starlark.String("type"), starlark.MakeInt(1+i/13))
		d.SetKey(starlark.String("type_arg"), starlark.MakeInt(2+i%13))
		d.SetKey(starlark.String("nbr"), starlark.MakeInt(1))
		specs[i] = d
	}
	args := starlark.Tuple{starlark.NewList(specs)}
	dv := newDeckValue("deck", 0)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := dv.call(m, "create", "deck.create", args, nil); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if n := m.places(0).count("deck", 0, false); n != 52 {
		t.Fatalf("%d cards in the deck, want 52", n)
	}
	if got := after.Mallocs - before.Mallocs; got > 9 {
		t.Errorf("deck.create of 52 cards: %d allocations, want at most 9", got)
	}
}
