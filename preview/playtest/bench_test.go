package playtest

import "testing"

// benchRun plays batches of n matches of pack on one job, as `studio
// simulate PACK --jobs 1` does (with --lite when lite), and reports matches
// and actions per second.
func benchRun(b *testing.B, pack string, n int, lite bool) {
	p := bundled(b, pack)
	seats := 2
	if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
		seats = pl.Min
	}
	seed, matches, plies := uint64(1), 0, int64(0)
	for b.Loop() {
		s := run(b, Config{Program: p, Seats: seats, Seed: seed, Matches: n, Jobs: 1, Bots: "random", Lite: lite})
		if len(s.Errors) > 0 {
			b.Fatalf("%s: %s", pack, s.Errors[0].Message)
		}
		for l, k := range s.Lengths {
			plies += int64(l) * k
		}
		seed += uint64(n)
		matches += n
	}
	b.ReportMetric(float64(matches)/b.Elapsed().Seconds(), "matches/s")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkSimulateTicTacToeFull: tic-tac-toe matches per second through
// Run with every statistic (events, visits, uses, firings, branching), one
// job: what `studio simulate tictactoe --jobs 1` costs without the printing.
func BenchmarkSimulateTicTacToeFull(b *testing.B) { benchRun(b, "tictactoe", 1000, false) }

// BenchmarkSimulateTicTacToeLite: the same matches with Lite (lengths and
// outcomes only, no events): the engine's own speed plus the pool.
func BenchmarkSimulateTicTacToeLite(b *testing.B) { benchRun(b, "tictactoe", 1000, true) }

// BenchmarkSimulateHeartsFull: four-seat Hearts matches with every
// statistic: many events a match (cards, tricks, scores).
func BenchmarkSimulateHeartsFull(b *testing.B) { benchRun(b, "hearts", 5, false) }

// BenchmarkSimulateHeartsLite: the same Hearts matches without events.
func BenchmarkSimulateHeartsLite(b *testing.B) { benchRun(b, "hearts", 5, true) }
