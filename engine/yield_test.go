package engine

import "testing"

// TestPlayYieldsAcrossReleasedMatches: Play yields once every yieldEvery
// plies, counted over the matches that hand their buffers on by Release
// (a simulation's, a search's), not from zero at each match: tic-tac-toe's
// playouts are shorter than yieldEvery plies.
func TestPlayYieldsAcrossReleasedMatches(t *testing.T) {
	p := bundled(t, "tictactoe")
	total := 0
	var pl *playLog
	for seed := uint64(1); seed <= 40; seed++ {
		m := newMatch(t, p, 2, Options{Seed: seed, NoHistory: true})
		n, err := m.Play(NewRandomBot(seed), 0)
		if err != nil {
			t.Fatal(err)
		}
		if n >= yieldEvery {
			t.Fatalf("a tic-tac-toe playout of %d plies", n)
		}
		if m.plog != pl { // the pool dropped the block (a collection): count again
			pl, total = m.plog, 0
		}
		total += n
		m.Release()
	}
	if pl == nil || pl.plies != uint64(total) {
		t.Fatalf("Play counted %v plies, took %d", pl, total)
	}
	if want := uint64(total / yieldEvery); pl.yields != want {
		t.Errorf("%d yields in %d plies, want %d", pl.yields, total, want)
	}
}
