package engine

import (
	"testing"
	"unsafe"
)

// TestMatchSize: a Match stays in the allocator's 1,152-byte size class, the
// one it had before issue 25 (1,104 bytes): a step back in the debugger
// allocates one (a fork), and the turns had grown it to 1,528 bytes
// (StepBack/state 11% slower). What a match keeps for one kind of pack or
// one operation goes behind a pointer made at its first use (deckCaches,
// settleBufs, objMarks), and its bools sit together.
func TestMatchSize(t *testing.T) {
	if n := unsafe.Sizeof(Match{}); n > 1152 {
		t.Errorf("Match is %d bytes, past the 1,152-byte size class a step back's fork allocates", n)
	}
}

// TestStateCopySize: the state a clause pack copies at every step (a seed
// effects game takes 200 snapshots, 40% of its bytes allocated) stays in the
// allocator's 256-byte size class: the per-seat parts and the tables, which
// most steps do not write, are behind a pointer each (it was 376 bytes, in
// the 384-byte class, with their six slices in it).
func TestStateCopySize(t *testing.T) {
	if n := unsafe.Sizeof(mstate{}); n > 256 {
		t.Errorf("mstate is %d bytes, past the 256-byte size class", n)
	}
}

// TestHistoryKeepsStartsOnlyForBefore: the history keeps each step's start
// (what before() read at it) only for a pack whose clauses or code can read
// it; Hearts, with neither, kept one state more a step (BenchmarkHistoryHearts10k
// 18 -> 25 MB), the seed effects keep one a step.
func TestHistoryKeepsStartsOnlyForBefore(t *testing.T) {
	for _, c := range []struct {
		pack  string
		seats int
		keeps bool
	}{{"hearts", 4, false}, {"seeds", 2, true}} {
		m := newMatch(t, bundled(t, c.pack), c.seats, Options{Seed: 1})
		bot := NewRandomBot(1)
		for i := 0; i < 30 && !m.Over(); i++ {
			if _, err := m.Play(bot, 1); err != nil {
				t.Fatal(err)
			}
		}
		if got, want := len(m.starts), len(m.history); c.keeps != (got == want && got > 0) || !c.keeps && got != 0 {
			t.Errorf("%s: %d starts kept for %d steps of history", c.pack, got, want)
		}
	}
}
