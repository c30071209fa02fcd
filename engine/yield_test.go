package engine

import (
	"runtime"
	"testing"
)

// TestPlayYieldsAcrossReleasedMatches: with one P, Play yields once every
// yieldEvery plies, counted over the matches that hand their buffers on by
// Release (a simulation's, a search's), not from zero at each match:
// tic-tac-toe's playouts are shorter than yieldEvery plies. With two Ps it
// never yields.
func TestPlayYieldsAcrossReleasedMatches(t *testing.T) {
	for _, procs := range []int{1, 2} {
		plies, yields := playReleased(t, procs)
		want := plies / yieldEvery
		if procs > 1 {
			want = 0
		}
		if yields != want {
			t.Errorf("GOMAXPROCS %d: %d yields in %d plies, want %d", procs, yields, plies, want)
		}
	}
}

// playReleased plays 40 tic-tac-toe matches, each released for the next,
// with procs Ps, and returns the plies and yields the last chain of
// matches sharing Play's buffers counted.
func playReleased(t *testing.T, procs int) (plies, yields uint64) {
	t.Helper()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
	p := bundled(t, "tictactoe")
	var total, plies0, yields0 uint64 // the chain's plies, and its buffers' counts when it began
	var pl *playLog
	for seed := uint64(1); seed <= 40; seed++ {
		m := newMatch(t, p, 2, Options{Seed: seed, NoHistory: true})
		if b := m.playBufs(); b != pl { // the first match, or the pool dropped the block (a collection): count again
			pl, total, plies0, yields0 = b, 0, b.plies, b.yields
		}
		n, err := m.Play(NewRandomBot(seed), 0)
		if err != nil {
			t.Fatal(err)
		}
		if n >= yieldEvery {
			t.Fatalf("a tic-tac-toe playout of %d plies", n)
		}
		total += uint64(n)
		m.Release()
	}
	if pl.plies-plies0 != total {
		t.Fatalf("Play counted %d plies, took %d", pl.plies-plies0, total)
	}
	return total, pl.yields - yields0
}
