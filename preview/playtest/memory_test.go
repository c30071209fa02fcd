package playtest

import (
	"runtime"
	"testing"

	"github.com/rulestudio/studio/preview"
)

// liveHeap is the bytes of the heap in use after a collection.
func liveHeap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// TestRunHeapBounded: counting 200,000 tic-tac-toe matches holds no
// per-match result: the live heap at the last match has grown by less than
// 4 bytes a match (a held Result is 64 bytes and its winners 8 more; the
// Stats' histogram of lengths is a few entries). It measures the heap from
// the last call of Progress, while the run is still under way.
func TestRunHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("200,000 matches")
	}
	const matches = 200_000
	c := Config{Program: bundled(t, "tictactoe"), Seats: 2, Seed: 1, Matches: matches, Jobs: 2, Lite: true}
	var grown int64
	before, measured, done := liveHeap(), false, 0
	c.Progress = func() { // one call at a time
		if done++; done == matches {
			grown, measured = liveHeap()-before, true
		}
	}
	s := run(t, c)
	if s.Matches != matches || !measured {
		t.Fatalf("%d matches, heap not measured", s.Matches)
	}
	if per := float64(grown) / matches; per >= 4 {
		t.Errorf("the heap grew by %d bytes over %d matches, %.1f a match", grown, matches, per)
	}
	t.Logf("heap grown by %d bytes over %d matches", grown, matches)
}

// TestEachHeapBounded: a run handing its 20,000 matches' records to Each
// keeps none of them (a record is kilobytes): the live heap at the last one
// has grown by less than 1 MB.
func TestEachHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("20,000 recorded matches")
	}
	const matches = 20_000
	c := Config{Program: bundled(t, "tictactoe"), Seats: 2, Seed: 1, Matches: matches, Jobs: 2, Lite: true, Record: true}
	before, grown, n := liveHeap(), int64(0), 0
	var last uint64
	c.Each = func(r preview.Result) {
		if r.Record == nil || r.Seed != c.Seed+uint64(n) {
			t.Fatalf("result %d: seed %d, record %v", n, r.Seed, r.Record != nil)
		}
		if n++; n == matches {
			last, grown = r.Seed, liveHeap()-before
		}
	}
	run(t, c)
	if n != matches || last != matches {
		t.Fatalf("%d results, the last of seed %d", n, last)
	}
	if grown >= 1<<20 {
		t.Errorf("the heap grew by %d bytes over %d recorded matches", grown, matches)
	}
	t.Logf("heap grown by %d bytes over %d recorded matches", grown, matches)
}
