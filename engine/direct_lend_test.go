package engine

import (
	"fmt"
	"strings"
	"testing"
)

// lendPack is a two-seat pack with a deck dealt four cards a hand and an
// object whose property calls holder(2), whose action takes x from DOMAIN;
// SCRIPT is added to its script.
const lendPack = `format: 1
pack: lend
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: setup
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {went: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    params:
      x: {domain: 'DOMAIN'}
    body: next_state("went")
decks: [deck]
object_types:
  probe:
    properties:
      inner: holder(2)
      again: reentered(2)
scripts:
  main: |
    PAIR = [0, 1]
    def setup(players):
        deck.create([{"type": t, "type_arg": v, "nbr": 1} for t in [1, 2] for v in range(1, 7)])
        deck.shuffle()
        for p in players:
            deck.pick(4, p)
        create("probe")
    def holder(n):
        t = deck.cards("hand", n)
        first = t[0].id
        if n == 1:
            inner = objects()[0].inner
        else:
            inner = []
        return [first, t[0].id, len(t), [c.id for c in t]] + inner
    def loop():
        t = deck.cards("hand", 1)
        out = []
        for c in t:
            t = deck.cards("hand", 2)
            out.append(c.id)
        out.append([c.id for c in t])
        for n in [1, 2, 1]:
            t = deck.cards("hand", n)
            out.append([c.id for c in t])
        return out + [len(t), t[0] in t, not t]
    def again():
        t = deck.cards("hand", 1)
        out = []
        for k in [1, 2]:
            for c in t:
                t = deck.cards("hand", 1 + len(out) % 2)
                out.append(c.id)
            out.append([c.id for c in t])
        return out
    def kept():
        keep = []
        for n in [1, 2]:
            t = deck.cards("hand", n)
            keep.append(t)
        return [[c.id for c in k] for k in keep]
    def returned(n):
        t = deck.cards("hand", n)
        return t
    def either(n):
        t = deck.cards("hand", n)
        u = deck.cards("hand", 3 - n)
        return t or u
    def follow(n, t):
        hand = deck.cards("hand", n)
        f = [c for c in hand if c.type == t]
        return f or hand
    def narrowed():
        out = []
        x = [c for c in deck.cards("hand", 1)]
        for k in [1, 3, 5]:
            x = [c for c in x if c.type_arg > k]
            out.append([c.id for c in x])
        return out
    def reentered(n):
        f = [c.id + len(sub(n)) for c in deck.cards("hand", n)]
        return f
    def sub(n):
        if n == 1:
            return objects()[0].again
        return []
    def sums(n):
        k = 0
        for c in deck.cards("hand", n):
            k = (k * 3 + c.type_arg) % 1000003
            for d in PAIR:
                for e in deck.cards("hand", 3 - d - n % 2):
                    k = (k * 5 + e.id) % 1000003
        return k + len([c for c in deck.cards("hand", n) if c.type == 1])
    def moving():
        out = []
        for c in deck.cards("hand", 1):
            deck.move(c, "hand", 2)
            out.append([d.id for d in deck.cards("hand", 2)])
        return out
    def aliased():
        for n in [1, 2]:
            t = deck.cards("hand", n)
            if n == 1:
                u = t
        return [[c.id for c in u], [c.id for c in t]]
    def grown():
        for n in [1, 2]:
            t = deck.cards("hand", n)
            if n == 1:
                t += [0]
        return [len(t)]
SCRIPT
`

// lendSource is lendPack taking x from domain, with script's lines added to
// its script.
func lendSource(domain, script string) string {
	return strings.Replace(strings.Replace(lendPack, "DOMAIN", domain, 1), "SCRIPT\n", script, 1)
}

// listingAllocs returns the allocations of listing the first decision's
// legal moves of p again after a first listing, into a buffer with room
// for n; the listing must give moves moves (0: any number but none).
func listingAllocs(t *testing.T, p *Program, n, moves int) float64 {
	t.Helper()
	m := newMatch(t, p, 2, Options{NoHistory: true})
	buf := make([]Move, 0, n)
	list := func() {
		if got, err := m.legal(m.Active(), buf[:0]); err != nil || len(got) == 0 || moves > 0 && len(got) != moves {
			t.Fatal(got, err)
		}
	}
	list()
	return testing.AllocsPerRun(50, list)
}

// listsAsStarlark checks that listing the first decision's moves of p
// three times in one match gives what the interpreter gives.
func listsAsStarlark(t *testing.T, p *Program, domain string) {
	t.Helper()
	interp := newMatch(t, p, 2, Options{Seed: 1, Interpret: true})
	want, err := interp.Legal(interp.Active())
	if err != nil {
		t.Fatal(domain, err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	for i := range 3 {
		got, err := m.Legal(m.Active())
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("domain %s, listing %d:\ndirect:      %v %v\ninterpreted: %v", domain, i, got, err, want)
		}
	}
}

// TestLentCardsAsStarlark: deck.cards assigned to a local its function
// only reads lends its list to the next call at the same place; what code
// reads is what Starlark reads: a call of the same place while the first's
// local still holds its list (through an object's property), one while a
// loop iterates the list it lent, one after the other in a loop; and a list kept in
// another list, returned, held by another name or grown in place is never
// lent.
func TestLentCardsAsStarlark(t *testing.T) {
	for _, domain := range []string{
		"holder(1)",
		"loop()",
		"again()",
		"kept()",
		"[[c.id for c in returned(1)], [c.id for c in returned(2)]]",
		"returned(1)", "either(1)", "either(2)",
		"[returned(1), returned(2)][0]",
		"[[c.id for c in l] for l in [returned(1), returned(2)]]",
		"aliased()",
		"grown()",
	} {
		src := lendSource(domain, "")
		p := parseDirect(t, src, "lend.yaml")
		if d, i := legalBoth(t, p); d != i {
			t.Errorf("domain %s:\ndirect:      %s\ninterpreted: %s", domain, d, i)
		}
	}
}

// TestLentCardsAllocateNoList: reading a hand into a local that is only
// measured and looped over, as Hearts' stNextPlayer reads the trick,
// makes its list once: listing the legal moves again allocates none.
func TestLentCardsAllocateNoList(t *testing.T) {
	src := lendSource("[count(1)]",
		"    def count(n):\n        t = deck.cards(\"hand\", n)\n        k = 0\n        for c in t:\n            k += c.type_arg\n        return k + len(t)\n")
	p := parseDirect(t, src, "lend.yaml")
	// The domain's list and its array, the for loop's iterator and the box
	// of its variable: none for t's list (6 when it was made each time).
	if got, want := listingAllocs(t, p, 4, 1), 4.0; got > want {
		t.Errorf("%v allocations a listing, want at most %v", got, fmt.Sprint(want))
	}
}

// TestLentCardsReturnedToTheEngine: a domain that is one call of a script
// function returning its deck.cards local (or either of two, as Hearts'
// playable returns follow or hand) gives the engine that list, and nothing
// else holds it once the moves are listed: the next listing fills it again
// rather than make a new one.
func TestLentCardsReturnedToTheEngine(t *testing.T) {
	for _, domain := range []string{"returned(1)", "either(2)"} {
		src := lendSource(domain, "")
		if got := listingAllocs(t, parseDirect(t, src, "lend.yaml"), 8, 4); got > 0 {
			t.Errorf("domain %s: %v allocations a listing, want none", domain, got)
		}
	}
}

// TestLentComprehensionsAsStarlark: a comprehension assigned to a local its
// function only reads (and returns) lends its list as deck.cards does:
// listing the moves again and again in one match gives what Starlark gives
// each time: a domain returning one of two lent lists (Hearts' playable), a
// comprehension that reads the list it replaces, one that calls its own
// function while it runs, lists returned into another list.
func TestLentComprehensionsAsStarlark(t *testing.T) {
	for _, domain := range []string{
		"follow(1, 1)", "follow(2, 3)",
		"[[c.id for c in follow(n, t)] for n in [1, 2] for t in [1, 2]]",
		"narrowed()", "reentered(1)", "[reentered(1), reentered(2), reentered(1)]",
	} {
		src := lendSource(domain, "")
		listsAsStarlark(t, parseDirect(t, src, "lend.yaml"), domain)
	}
}

// TestLentComprehensionsAllocateNoList: Hearts' playable (the cards of the
// suit led, or the hand) makes its lists once: listing the moves again
// allocates nothing.
func TestLentComprehensionsAllocateNoList(t *testing.T) {
	for _, domain := range []string{"follow(1, 1)", "follow(1, 9)"} {
		src := lendSource(domain, "")
		if got := listingAllocs(t, parseDirect(t, src, "lend.yaml"), 8, 0); got > 0 {
			t.Errorf("domain %s: %v allocations a listing, want none", domain, got)
		}
	}
}

// TestLoopedCardsAsStarlark: a loop's (or a comprehension's) own call of
// deck.cards lends its list to the next call at the same place once the
// loop is over: loops nested over the same place and a loop whose body
// moves cards read what Starlark reads, listing after listing.
func TestLoopedCardsAsStarlark(t *testing.T) {
	for _, domain := range []string{"[sums(1), sums(2), sums(1)]"} {
		src := lendSource(domain, "")
		listsAsStarlark(t, parseDirect(t, src, "lend.yaml"), domain)
	}
	// A body that moves cards: the setup's loop, run by both.
	src := lendSource(`[[c.id for c in deck.cards("hand", n)] for n in [1, 2]]`, "")
	src = strings.Replace(src, "        create(\"probe\")\n", "        create(\"probe\")\n        moving()\n", 1)
	p := parseDirect(t, src, "lend.yaml")
	if d, i := legalBoth(t, p); d != i {
		t.Errorf("after moving():\ndirect:      %s\ninterpreted: %s", d, i)
	}
}

// TestLoopedCardsAllocateNoList: for c in deck.cards(...) and a
// comprehension over deck.cards(...) make their lists once: listing the
// moves again allocates nothing.
func TestLoopedCardsAllocateNoList(t *testing.T) {
	src := lendSource("[sums(1)]", "")
	p := parseDirect(t, src, "lend.yaml")
	// The domain's list and the one len measures, each with its array (24
	// when the loops made theirs each time).
	if got := listingAllocs(t, p, 8, 1); got > 4 {
		t.Errorf("%v allocations a listing, want at most 4", got)
	}
}

// TestCombinationsOfCardsLendTheirList: combinations(deck.cards(...), k),
// Hearts' giveCards domain, asked for every seat at every decision, reads
// the hand into a list only combinations reaches (it copies the cards):
// the next call fills the same list, and the moves are those Starlark lists.
func TestCombinationsOfCardsLendTheirList(t *testing.T) {
	src := lendSource(`combinations(deck.cards("hand", player), 2)`, "")
	p := parseDirect(t, src, "lend.yaml")
	if d, i := legalBoth(t, p); d != i {
		t.Errorf("direct:      %s\ninterpreted: %s", d, i)
	}
	// The list of the tuples combinations keeps (2 when the hand's list was
	// made each time too).
	if got := listingAllocs(t, p, 8, 6); got > 1 {
		t.Errorf("%v allocations a listing, want at most 1", got)
	}
}
