package engine

import (
	"fmt"
	"testing"
)

// withNewStates runs f with every snapshot in a new state.
func withNewStates(f func()) {
	reuseStates = false
	defer func() { reuseStates = true }()
	f()
}

// TestStatesReused: a seed effects playout without history reuses the past
// its steps stopped reading for their snapshots: at least one allocation a
// step fewer than with every snapshot new.
func TestStatesReused(t *testing.T) {
	p := bundled(t, "seeds")
	playout := func() int {
		m := newMatch(t, p, 2, Options{Seed: 5, NoHistory: true})
		if _, err := m.Play(NewRandomBot(5), 0); err != nil {
			t.Fatal(err)
		}
		steps := m.Step()
		m.Release()
		return steps
	}
	steps := playout()
	reused := testing.AllocsPerRun(20, func() { playout() })
	var fresh float64
	withNewStates(func() { fresh = testing.AllocsPerRun(20, func() { playout() }) })
	if fresh-reused < float64(steps)/2 {
		t.Errorf("%.0f allocations a playout of %d steps with states reused, %.0f without: want at least %d fewer", reused, steps, fresh, steps/2)
	}
}

// TestHeldStatesKept: a fork taken mid-match reads the states it took
// (its present and its past) after the match has gone on: it plays on as
// the fork of a twin match that stopped there does.
func TestHeldStatesKept(t *testing.T) {
	p := bundled(t, "seeds")
	play := func(m *Match, bot Bot, n int) {
		for i := 0; i < n && !m.Over(); i++ {
			if err := m.Apply(bot.Choose(m, legal(t, m))); err != nil {
				t.Fatal(err)
			}
		}
	}
	for seed := uint64(1); seed <= 6; seed++ {
		opts := Options{Seed: seed, NoHistory: true, StopAtError: true, Interpret: true} // no undo point holds the past at each move
		m, twin := newMatch(t, p, 2, opts), newMatch(t, p, 2, opts)
		play(m, NewRandomBot(seed), 10)
		play(twin, NewRandomBot(seed), 10)
		f, g := m.Fork(), twin.Fork()
		past, present := *f.prev, *f.st
		play(m, NewRandomBot(seed+100), 30) // its steps end: what they stop reading is offered for reuse
		if f.prev.gen != past.gen || f.prev.step != past.step || f.st.gen != present.gen || f.st.step != present.step {
			t.Fatalf("seed %d: the fork's past (gen %d, step %d) and present (gen %d, step %d) were made another state: %d, %d, %d, %d", seed, past.gen, past.step, present.gen, present.step, f.prev.gen, f.prev.step, f.st.gen, f.st.step)
		}
		fb, gb := NewRandomBot(seed+200), NewRandomBot(seed+200)
		for i := 0; i < 40 && !f.Over(); i++ {
			fm, gm := fb.Choose(f, legal(t, f)), gb.Choose(g, legal(t, g))
			if fm.String() != gm.String() {
				t.Fatalf("seed %d, move %d after the fork: %s, the twin's fork %s", seed, i, fm, gm)
			}
			if err := f.Apply(fm); err != nil {
				t.Fatal(err)
			}
			if err := g.Apply(gm); err != nil {
				t.Fatal(err)
			}
		}
		if f.Step() != g.Step() || fmt.Sprint(f.Scores()) != fmt.Sprint(g.Scores()) {
			t.Errorf("seed %d: fork at step %d scores %v, the twin's at %d scores %v", seed, f.Step(), f.Scores(), g.Step(), g.Scores())
		}
	}
}

// legal returns m's legal moves, failing t on an error.
func legal(t *testing.T, m *Match) []Move {
	t.Helper()
	moves, err := m.LegalAll()
	if err != nil {
		t.Fatal(err)
	}
	return moves
}
