package engine

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
)

// lendCallScript is added to lendPack's script: mine(n) returns a
// comprehension (as the seed effects' hand(p) and battlefield() do), kept(n)
// a lent local; used(n) consumes their lists in every way that keeps nothing.
const lendCallScript = `    def mine(n):
        return [c for c in deck.cards("hand", n) if c.type_arg > 0]
    def kept(n):
        x = [c for c in deck.cards("hand", n) if c.type_arg > 0]
        return x
    def used(n):
        k = 0
        for c in mine(n):
            k += c.type_arg
        k += len(mine(n)) + len(kept(n))
        if mine(n) and not mine(3 - n) or kept(n):
            k += 1
        if any(mine(n)) and all(kept(n)) and mine(n)[0] in mine(n):
            k += 1
        if any([c.type == 1 for c in mine(n) if mine(3 - n)]):
            k += 1
        t = mine(n)
        k += t[0].type_arg + t[-1].type_arg
        for c in kept(n):
            k += c.type_arg
        return k
    def walk(n):
        out = []
        for c in mine(n):
            if n == 1:
                out.append(objects()[0].walked)
            out.append(c.id)
        out.append([c.id + len(objects()[0].walked) for c in mine(n) if n == 1])
        out.append(len(mine(1 + len(objects()[0].walked) % 2)) if n == 1 else 0)
        return out
    def local(n):
        t = mine(n)
        x = objects()[0].localed if n == 1 else []
        return [c.id for c in t] + x
    def handed(n):
        t = mine(n)
        return t
    def keepor():
        x = mine(1) or []
        y = len(mine(1)) + len(mine(2))
        return [c.id for c in x] + [y]
    def eight(n):
        return [len(mine(n)) + len(mine(n)) + len(mine(n)) + len(mine(n)) + len(mine(n)) + len(mine(n)) + len(mine(n)) + len(mine(n))]
    def leak(n, x):
        if n == 0:
            return [c for c in x]
        return x
    def grab():
        keep = objects()[0].held
        keep += [0]
        for c in leak(1, keep):
            pass
        z = objects()[0].held
        return [len(keep), len(z)]
    def maybe(n):
        if n == 1:
            return None
        return [c for c in deck.cards("hand", n)]
    def bad(n):
        return [1 // (c.type_arg - c.type_arg) for c in deck.cards("hand", n)]
`

// TestLentCallsAllocateNoList: lists a script function returns (a
// comprehension, or a lent local) to a caller that only loops over them,
// measures them, tests their truth, looks in them or reads one element are
// made once: listing the moves again allocates only the domain's list.
func TestLentCallsAllocateNoList(t *testing.T) {
	p := parseDirect(t, lendSource("[used(1)]", lendCallScript), "lend.yaml")
	// The domain's list and its array, and the box of the int it holds.
	if got, want := listingAllocs(t, p, 4, 1), 3.0; got > want {
		t.Errorf("%v allocations a listing, want at most %v", got, fmt.Sprint(want))
	}
}

// TestLentCallsReturnedToTheEngine: a domain that is one call of a
// function returning a comprehension (the seed effects' hand(player)),
// or a comprehension itself, gives the engine that list, and the next
// listing fills it again.
func TestLentCallsReturnedToTheEngine(t *testing.T) {
	for _, domain := range []string{"mine(1)", "kept(2)", "[c for c in mine(1) if c.type_arg > 0 or mine(2)]"} {
		p := parseDirect(t, lendSource(domain, lendCallScript), "lend.yaml")
		if got := listingAllocs(t, p, 8, 4); got > 0 {
			t.Errorf("domain %s: %v allocations a listing, want none", domain, got)
		}
	}
}

// lendCallSource is lendPack with lendCallScript, taking x from domain; its
// probe's properties walked and localed call walk(2) and local(2), so
// walk(1) and local(1) call the same places again while their lists are
// in use; held is mine(1), a list code keeps.
func lendCallSource(domain string) string {
	src := lendSource(domain, lendCallScript)
	return strings.Replace(src, "      again: reentered(2)\n", "      again: reentered(2)\n      walked: walk(2)\n      localed: local(2)\n      held: mine(1)\n", 1)
}

// TestLentCallsAsStarlark: lists a function returns to a caller that uses
// them in place are what Starlark's are, listing after listing: the same
// place called again while its list is iterated or held by a local (a
// recursion through an object's property), lists returned from a local,
// kept in another list, the value of an or, or an object's property's
// (which code may keep, so no user gives it back); and the errors (a callee
// that fails, a None where a list was used) are Starlark's, at the same
// place with the same backtrace.
func TestLentCallsAsStarlark(t *testing.T) {
	for _, domain := range []string{
		"[used(1), used(2)]", "walk(1)", "local(1)", "mine(1)", "kept(2)", "handed(1)",
		"[[c.id for c in handed(n)] for n in [1, 2, 1]]", "[handed(1), handed(2)]",
		"[mine(1), mine(2)]", "[keepor()]", "[grab()]", "mine(1) or mine(2)", "[handed(1), len(mine(2)), handed(2)]",
		"[c.id for c in mine(1) if not c.type == 1 or mine(2)]",
		"[c.id for c in mine(1) if c.type == 1 and not mine(2)]",
		"[before(lambda: len(mine(1))), len(mine(2)) if mine(1) else 0]",
		"[len(maybe(1))]", "[c for c in maybe(1)]", "[maybe(1)[0]]", "[1 in maybe(1)]", "[any(maybe(1))]",
		"[mine(1)[7]]", "[len(bad(1))]", "[c for c in bad(2)]", "[1 if bad(1) else 2]",
	} {
		p := parseDirect(t, lendCallSource(domain), "lend.yaml")
		if !strings.Contains(domain, "maybe") && !strings.Contains(domain, "bad") && !strings.Contains(domain, "[7]") {
			listsAsStarlark(t, p, domain)
		}
		if d, i := legalBoth(t, p); d != i {
			t.Errorf("domain %s:\ndirect:      %s\ninterpreted: %s", domain, d, i)
		}
	}
}

// TestLentCallsHeldByTheEngine: while the engine walks a domain's lent list
// (mine(1), hand 1's cards), the domain of the next parameter uses lists
// at eight places in place, one of them sharing the slot of the first
// (lendSlots): the moves are Starlark's, listing after listing.
func TestLentCallsHeldByTheEngine(t *testing.T) {
	src := strings.Replace(lendCallSource("mine(1)"), "      x: {domain: 'mine(1)'}\n", "      x: {domain: 'mine(1)'}\n      y: {domain: 'eight(2)'}\n", 1)
	listsAsStarlark(t, parseDirect(t, src, "lend.yaml"), "mine(1), eight(2)")
}

// TestLentListsOutliveARelease: a match released (Match.Release) gives the
// lists its places lent to the next new match of its program: a new match
// that lists used(1)'s moves makes no list its places lend, only the
// domain's (set against one whose domain uses no lent list).
func TestLentListsOutliveARelease(t *testing.T) {
	// A collection empties the pool of released matches' memory: the next
	// new match would make its lists again.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	playAllocs := func(domain string) float64 {
		p := parseDirect(t, lendSource(domain, lendCallScript), "lend.yaml")
		play := func() {
			m := newMatch(t, p, 2, Options{NoHistory: true})
			if got, err := m.Legal(m.Active()); err != nil || len(got) != 1 {
				t.Fatal(got, err)
			}
			m.Release()
		}
		play()
		return testing.AllocsPerRun(20, play)
	}
	lent, plain := playAllocs("[used(1)]"), playAllocs("[len(deck.cards(\"hand\", 1)) * 0 + 57]")
	t.Logf("%v allocations a new match, %v lending nothing", lent, plain)
	if lent > plain+1 {
		t.Errorf("a new match listing used(1): %v allocations, %v with a domain lending nothing: want at most one more", lent, plain)
	}
}
