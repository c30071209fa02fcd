package engine

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"go.starlark.net/starlark"
)

// scanLoc is what a deck read finds by its definition: the ids of dk's
// cards in loc (any location when anyLoc: deck.count's "" or None) with arg
// (when hasArg), ordered by location_arg then id. The deck's reads must
// answer it.
func scanLoc(dk *deck, loc string, arg int, hasArg, anyLoc bool) []int {
	var ids []int
	for i, c := range dk.cards {
		if (anyLoc || c.loc == loc) && (!hasArg || c.arg == arg) {
			ids = append(ids, i+1)
		}
	}
	slices.SortStableFunc(ids, func(a, b int) int { return cmp.Compare(dk.cards[a-1].arg, dk.cards[b-1].arg) })
	return ids
}

func ints(ids []int32) []int {
	var out []int
	for _, id := range ids {
		out = append(out, int(id))
	}
	return out
}

// deckReads reads deck.cards, deck.top and deck.count of every location of
// locs and every arg (None, then 0..5) of m's deck "deck" as code reads
// them, and compares each with scanLoc of the deck as it is.
func deckReads(t *testing.T, m *Match, locs []string, when string) {
	t.Helper()
	dv := m.p.predeclared["deck"].(*deckValue)
	dk := m.st.decks[dv.idx]
	for _, loc := range locs { // first, as a view reads: maybe before any index
		for arg := 0; arg <= 5; arg++ {
			if got, want := ints(m.inLoc(dv.idx, loc, arg, true)), scanLoc(dk, loc, arg, true, false); !slices.Equal(got, want) {
				t.Fatalf("%s: the cards a view reads at %s/%d are %v, the cards there are %v", when, loc, arg, got, want)
			}
		}
	}
	for _, loc := range locs {
		for arg := -1; arg <= 5; arg++ {
			args := starlark.Tuple{starlark.String(loc)}
			if arg >= 0 {
				args = append(args, starlark.MakeInt(arg))
			}
			want := scanLoc(dk, loc, arg, arg >= 0, false)
			v, err := dv.call(m, "cards", "deck.cards", args, nil)
			if err != nil {
				t.Fatalf("%s: deck.cards%v: %v", when, args, err)
			}
			var got []int
			for x := range v.(*starlark.List).Elements() {
				got = append(got, x.(*cardValue).id)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s: deck.cards%v = %v, the cards there are %v", when, args, got, want)
			}
			top, err := dv.call(m, "top", "deck.top", args[:1], nil)
			if err != nil {
				t.Fatal(err)
			}
			if all := scanLoc(dk, loc, 0, false, false); len(all) == 0 && top != starlark.None ||
				len(all) > 0 && (top == starlark.None || top.(*cardValue).id != all[len(all)-1]) {
				t.Fatalf("%s: deck.top(%q) = %v, the cards there are %v", when, loc, top, all)
			}
			var kw []starlark.Tuple
			if loc == "" { // count(arg=n): every location
				args = nil
				if arg >= 0 {
					kw = []starlark.Tuple{{starlark.String("arg"), starlark.MakeInt(arg)}}
				}
			}
			n, err := dv.call(m, "count", "deck.count", args, kw)
			if err != nil {
				t.Fatal(err)
			}
			if want := scanLoc(dk, loc, arg, arg >= 0, loc == ""); n != starlark.MakeInt(len(want)) {
				t.Fatalf("%s: deck.count%v%v = %v, want %d", when, args, kw, n, len(want))
			}
		}
	}
}

// randomDeckOp is one of the deck's changes, in Starlark, drawn from r:
// a move of one card, of a location's cards, picks, a shuffle, or new cards.
func randomDeckOp(r *rand.Rand, locs []string, cards int) string {
	loc := func() string { return fmt.Sprintf("%q", locs[1+r.IntN(len(locs)-1)]) }
	switch r.IntN(7) {
	case 0, 1:
		return fmt.Sprintf("deck.move(deck.card(%d), %s, %d)", 1+r.IntN(cards), loc(), r.IntN(6))
	case 2:
		return fmt.Sprintf("deck.move_all(%s, %s, None, %d)", loc(), loc(), r.IntN(6))
	case 3:
		return fmt.Sprintf("deck.move_all(%s, %s, %d, %d)", loc(), loc(), r.IntN(6), r.IntN(6))
	case 4:
		return fmt.Sprintf("deck.pick(%d, players[%d], %s)", r.IntN(6), r.IntN(4), loc())
	case 5:
		return fmt.Sprintf("deck.pick_for_location(%d, %s, %s, %d)", r.IntN(6), loc(), loc(), r.IntN(6))
	}
	if r.IntN(8) == 0 {
		return fmt.Sprintf(`deck.create([{"type": 9, "type_arg": %d, "nbr": 2}], %s)`, r.IntN(3), loc())
	}
	return fmt.Sprintf("deck.shuffle(%s)", loc())
}

// TestDeckReadsAfterRandomChangesAreTheScan: after any sequence of the
// deck's changes (moves, move_all with and without from_arg, picks,
// shuffles, new cards, some undone by an error after reading the deck),
// what deck.cards, deck.top and deck.count read is the deck scanned card by
// card in (location_arg, id) order; so it is at every earlier step of the
// history (At), in a fork changed after it was made (the match it came from
// unchanged), and in a determinized copy (whose hidden cards are dealt
// again).
func TestDeckReadsAfterRandomChangesAreTheScan(t *testing.T) {
	p := bundled(t, "hearts")
	locs := []string{"", "deck", "hand", "given", "cardsontable", "cardswon", "pile"}
	for seed := uint64(1); seed <= 4; seed++ {
		m := newMatch(t, p, 4, Options{Seed: seed})
		r := rand.New(rand.NewPCG(seed, 25))
		deckReads(t, m, locs, "start")
		start := len(m.history)
		for i := 0; i < 150; i++ {
			op := randomDeckOp(r, locs, len(m.st.decks[0].cards))
			if r.IntN(8) == 0 { // changed, read, then undone by the error
				undone := op + "\nif len(deck.cards(\"hand\")) >= 0:\n    fail(\"undo\")"
				if err := m.Exec(undone); err == nil {
					t.Fatalf("seed %d: %s did not fail", seed, undone)
				}
				deckReads(t, m, locs, fmt.Sprintf("seed %d, after %s undone", seed, op))
				continue
			}
			if err := m.Exec(op); err != nil {
				t.Fatalf("seed %d: %s: %v", seed, op, err)
			}
			deckReads(t, m, locs, fmt.Sprintf("seed %d, after %s", seed, op))
		}
		for step := start; step <= len(m.history); step += 1 + r.IntN(20) {
			back, err := m.At(step)
			if err != nil {
				t.Fatal(err)
			}
			deckReads(t, back, locs, fmt.Sprintf("seed %d, at step %d", seed, step))
		}
		before := m.st.decks[0]
		want := slices.Clone(before.cards)
		f := m.Fork()
		deckReads(t, f, locs, fmt.Sprintf("seed %d, forked", seed))
		for i := 0; i < 40; i++ {
			op := randomDeckOp(r, locs, len(f.st.decks[0].cards))
			if err := f.Exec(op); err != nil {
				t.Fatalf("seed %d: fork: %s: %v", seed, op, err)
			}
			deckReads(t, f, locs, fmt.Sprintf("seed %d, fork after %s", seed, op))
		}
		if !slices.Equal(m.st.decks[0].cards, want) {
			t.Fatalf("seed %d: changes to a fork changed the match it came from", seed)
		}
		deckReads(t, m, locs, fmt.Sprintf("seed %d, after its fork changed", seed))
		for seat := 0; seat < 4; seat++ {
			d := m.Determinize(seat, seed)
			deckReads(t, d, locs, fmt.Sprintf("seed %d, determinized for seat %d", seed, seat))
		}
	}
}

// BenchmarkDeckMoveAll: a Hearts deck's 52 cards gathered from the tricks
// won (four places) into the draw pile and dealt back, as each hand begins.
func BenchmarkDeckMoveAll(b *testing.B) {
	p := bundled(b, "hearts")
	m := newMatch(b, p, 4, Options{NoHistory: true})
	dv := newDeckValue("deck", 0)
	gather := starlark.Tuple{starlark.String("pile"), starlark.String("deck")}
	for b.Loop() {
		for id := 1; id <= 52; id++ {
			m.put(0, id, "pile", id%4)
		}
		if _, err := dv.call(m, "move_all", "deck.move_all", gather, nil); err != nil {
			b.Fatal(err)
		}
	}
}
