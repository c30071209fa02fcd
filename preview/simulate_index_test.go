package preview

import (
	"fmt"
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestSimulateByIndexAsByMoves: random bots in a simulation choose by a
// move's number (engine.IndexBot: Hearts' passes are not made one by one)
// and play the same matches as when each decision's moves are made and
// shown (Decide) or recorded (Record), which choose from the moves.
func TestSimulateByIndexAsByMoves(t *testing.T) {
	for _, c := range []struct {
		pack    string
		seats   int
		matches int
	}{{"hearts", 4, 3}, {"seeds", 2, 20}, {"tictactoe", 2, 40}} {
		p := program(t, c.pack)
		sim := Simulation{Matches: c.matches, Seed: 7, Seats: c.seats, Jobs: 1}
		w := newWorker(0, sim)
		w.pb.bots = w.seatBots([]string{"random"})
		if !w.pb.byIndex() {
			t.Fatal("random bots do not choose by index: the test would test nothing")
		}
		byIndex, err := Simulate(p, sim)
		if err != nil {
			t.Fatal(err)
		}
		decided := 0
		shown := sim
		shown.Decide = func(int, *engine.Match, []engine.Move) { decided++ }
		byMoves, err := Simulate(p, shown)
		if err != nil {
			t.Fatal(err)
		}
		recorded := sim
		recorded.Record = true
		byRecord, err := Simulate(p, recorded)
		if err != nil {
			t.Fatal(err)
		}
		plies := 0
		for i := range byIndex {
			a, b, r := byIndex[i], byMoves[i], byRecord[i]
			plies += a.Plies
			if outcome(a) != outcome(b) || outcome(a) != outcome(r) || a.Plies != len(r.Record.Moves) {
				t.Errorf("%s: by index %s; by moves %s; recorded %s", c.pack, outcome(a), outcome(b), outcome(r))
			}
		}
		if decided != plies {
			t.Errorf("%s: %d decisions shown, %d plies", c.pack, decided, plies)
		}
	}
}

// outcome is what a result says but its record.
func outcome(r Result) string { return fmt.Sprint(r.Seed, r.Plies, r.Winners, r.Err) }
