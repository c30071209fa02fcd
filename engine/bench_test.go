package engine

import (
	"runtime"
	"testing"
)

func benchPlayouts(b *testing.B, pack string) {
	p := bundled(b, pack)
	seats := 2
	if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
		seats = pl.Min
	}
	seed := uint64(0)
	plies := 0
	for b.Loop() {
		seed++
		m, err := p.NewMatch(seats, Options{Seed: seed, NoHistory: true})
		if err != nil {
			b.Fatal(err)
		}
		n, err := m.Play(NewRandomBot(seed), 0)
		if err != nil {
			b.Fatal(err)
		}
		plies += n
		m.Release()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/b.Elapsed().Seconds(), "actions/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

// BenchmarkPlayoutTicTacToe: random tic-tac-toe games per second, from a new
// match to the end (each match released for the next, as simulations do).
func BenchmarkPlayoutTicTacToe(b *testing.B) { benchPlayouts(b, "tictactoe") }

// BenchmarkPlayoutReversi: random Reversi games per second.
func BenchmarkPlayoutReversi(b *testing.B) { benchPlayouts(b, "reversi") }

// BenchmarkPlayoutConnectFour: random connect-four games per second (a drop
// body with a for loop over the column).
func BenchmarkPlayoutConnectFour(b *testing.B) { benchPlayouts(b, "connectfour") }

// BenchmarkPlayoutHearts: random four-player Hearts games (to 100 points) per
// second: a deck, card domains and combinations, no clauses.
func BenchmarkPlayoutHearts(b *testing.B) { benchPlayouts(b, "hearts") }

// BenchmarkPlayoutSeeds: random games of the seed-effects pack per second:
// 18 objects whose while, whenever and when clauses settle before every step.
func BenchmarkPlayoutSeeds(b *testing.B) { benchPlayouts(b, "seeds") }

// BenchmarkPerftReversi6: Reversi perft to depth 6, leaf nodes (8,200) per
// second, as bench/reversi's BenchmarkPerft6Bulk counts them.
func BenchmarkPerftReversi6(b *testing.B) {
	p := bundled(b, "reversi")
	m := newMatch(b, p, 2, Options{NoHistory: true})
	for b.Loop() {
		if _, err := m.Perft(6); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(8200*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkStep: the latency of one player action with full history (events
// and snapshots), including the steps it triggers up to the next decision.
func BenchmarkStep(b *testing.B) {
	p := bundled(b, "reversi")
	m := newMatch(b, p, 2, Options{})
	moves, _ := m.LegalAll()
	mv := moves[0]
	start := m.save()
	nev, nh := len(m.events), len(m.history)
	for b.Loop() {
		if err := m.apply(mv); err != nil {
			b.Fatal(err)
		}
		m.restore(start)
		m.events, m.history = m.events[:nev], m.history[:nh]
	}
}

// BenchmarkHistoryBytes: heap bytes kept per step by a recorded Reversi match
// (snapshots and events).
func BenchmarkHistoryBytes(b *testing.B) {
	p := bundled(b, "reversi")
	var total, steps uint64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		m := newMatch(b, p, 2, Options{Seed: 1})
		if _, err := m.Play(NewRandomBot(1), 0); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		total += after.HeapAlloc - before.HeapAlloc
		steps += uint64(m.Step())
		runtime.KeepAlive(m)
	}
	b.ReportMetric(float64(total)/float64(steps), "bytes/step")
}
