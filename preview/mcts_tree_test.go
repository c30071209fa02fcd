package preview

import (
	"math/rand/v2"
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
	tr.reset(4)
	for range moves { // every pass becomes a child
		kid, _, _ := tr.pick(0, moves, defaultC, r.IntN)
		tr.nodes[kid].visits++
	}
	if n := testing.AllocsPerRun(20, func() { tr.pick(0, moves, defaultC, r.IntN) }); n != 0 {
		t.Errorf("a pick among 286 known passes made %v allocations, want 0", n)
	}
}
