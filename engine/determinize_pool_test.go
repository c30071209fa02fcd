package engine

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestDeterminizedForkReusesReleasedBuffers: a determinized fork, released,
// gives its move buffers to the next one (a search makes thousands a
// decision, each listing a Hearts hand's 286 passes into new buffers), and
// the next lists the same moves in them.
func TestDeterminizedForkReusesReleasedBuffers(t *testing.T) {
	// Released blocks wait in a sync.Pool: a collection empties it, and a
	// block put from one P is not always found from another (its private
	// slot), which the goroutine may move to between Release and the next
	// fork. One P and no collection make the pool give back what was put.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 1, NoHistory: true})
	f := m.Determinize(0, 1)
	first, err := f.Legal(0)
	if err != nil || len(first) != 286 {
		t.Fatalf("%d passes (%v), want 286", len(first), err)
	}
	want := first[5].String()
	arena := cap(f.arena)
	f.Release()
	g := m.Determinize(0, 2)
	if cap(g.arena) != arena || arena == 0 {
		t.Errorf("the next fork's arena holds %d values, want the released %d", cap(g.arena), arena)
	}
	again, err := g.Legal(0)
	if err != nil || len(again) != 286 || again[5].String() != want {
		t.Errorf("the next fork lists %d passes (%v), the sixth %v, want %s", len(again), err, again[5], want)
	}
	g.Release()
}
