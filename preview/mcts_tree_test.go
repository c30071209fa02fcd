package preview

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestMCTSPickAllocatesNothing: choosing among the 286 passes of a Hearts
// hand at a node where each is already a child finds them by their text
// without allocating (formatting each pass's text took a third of a
// decision's time, and most of its allocations).
func TestMCTSPickAllocatesNothing(t *testing.T) {
	m, err := searchPack(t, "hearts").NewMatch(4, engine.Options{Seed: 1, NoHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := m.Legal(0)
	if err != nil || len(moves) != 286 {
		t.Fatalf("%d passes (%v), want 286", len(moves), err)
	}
	r := rand.New(newSplitmix(1))
	var tr tree
	tr.reset(4, moves)
	for range moves { // every pass becomes a child
		kid, _, _ := tr.pick(0, moves, defaultC, r.IntN)
		tr.nodes[kid].visits++
	}
	if n := testing.AllocsPerRun(20, func() { tr.pick(0, moves, defaultC, r.IntN) }); n != 0 {
		t.Errorf("a pick among 286 known passes made %v allocations, want 0", n)
	}
}

// TestMCTSRootChildrenOnePerMove: the root finds its children by the
// decision's moves when a copy lists them in the same order, and by their
// text when not (here reversed): either way a move has one child, whose
// availability counts every pick it was legal in.
func TestMCTSRootChildrenOnePerMove(t *testing.T) {
	m, err := searchPack(t, "hearts").NewMatch(4, engine.Options{Seed: 1, NoHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := m.Legal(0)
	if err != nil {
		t.Fatal(err)
	}
	copied, err := m.Determinize(0, 3).Legal(0)
	if err != nil {
		t.Fatal(err)
	}
	reversed := slices.Clone(copied)
	slices.Reverse(reversed)
	r := rand.New(newSplitmix(1))
	var tr tree
	tr.reset(4, moves)
	for i := range 2 * len(moves) { // in turns, each move once in each order
		list := copied
		if i%2 == 1 {
			list = reversed
		}
		kid, _, _ := tr.pick(0, list, defaultC, r.IntN)
		tr.nodes[kid].visits++
	}
	if len(tr.nodes) != 1+len(moves) {
		t.Errorf("%d children of the root, want one per move, %d", len(tr.nodes)-1, len(moves))
	}
	sum := 0
	for _, mv := range moves {
		k := tr.child(0, mv.String())
		if k < 0 {
			t.Fatalf("no child for %s", mv)
		}
		sum += tr.nodes[k].avail
	}
	// Pick p finds min(p, n) children (and makes one while p < n).
	n := len(moves)
	if want := n*(n+1)/2 + n*n; sum != want {
		t.Errorf("availabilities sum to %d, want %d", sum, want)
	}
}
