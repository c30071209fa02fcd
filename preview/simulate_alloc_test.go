package preview

import (
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestPlayRandomMatchesAllocateLittle: random bots' matches counted as they
// end (as `studio simulate --lite` plays them, one job) allocate what the
// engine does and a winners list, not the seats' bots again for each match:
// about 2 allocations a tic-tac-toe match (3 when every match made its bots).
func TestPlayRandomMatchesAllocateLittle(t *testing.T) {
	p := program(t, "tictactoe")
	plies := 0
	sim := Simulation{Matches: 500, Seed: 1, Seats: 2, Bots: []string{"random"}, Jobs: 1,
		Observe: func(_ int, _ *engine.Match, r *Result) { plies += r.Plies }}
	if err := Play(p, sim); err != nil { // the first run makes the worker's buffers
		t.Fatal(err)
	}
	got := testing.AllocsPerRun(3, func() {
		if err := Play(p, sim); err != nil {
			t.Fatal(err)
		}
	}) / float64(sim.Matches)
	if got > 2.5 {
		t.Errorf("%.2f allocations a match, want at most 2.5", got)
	}
}
