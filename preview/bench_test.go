package preview

import (
	"runtime"
	"testing"
)

// heartsSession is a Hearts match four random bots played to its end.
func heartsSession(b *testing.B, seed uint64) *Session {
	b.Helper()
	s, err := New(bundled(b, "hearts"), Config{Seats: seats(4, "random"), Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	if st, err := s.Continue(); err != nil || st.Reason != Ended {
		b.Fatalf("%+v %v", st, err)
	}
	return s
}

// BenchmarkStepBack: one step back in a whole Hearts match (about 2,400
// steps), then what the debugger's panels read there without drawing: the
// match at that step, its state stack, execution stack and the step's
// events; "view" adds what the deciding seat sees (its description, args,
// hand and legal moves). Target under 1 ms, goal 50 µs.
func BenchmarkStepBack(b *testing.B) {
	s := heartsSession(b, 1)
	back := func() {
		if !s.Back() {
			s.JumpTo(s.Head())
		}
	}
	b.Run("state", func(b *testing.B) {
		for b.Loop() {
			back()
			m := s.Match()
			if _, err := m.Frames(); err != nil {
				b.Fatal(err)
			}
			_ = m.ExecStack()
			_ = s.StepEvents(s.Cursor())
		}
	})
	b.Run("view", func(b *testing.B) {
		for b.Loop() {
			back()
			m := s.Match()
			if _, err := m.Frames(); err != nil {
				b.Fatal(err)
			}
			_ = m.ExecStack()
			_ = s.StepEvents(s.Cursor())
			if _, err := m.View(m.Active()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkHistoryHearts10k: the memory 10,000 steps of Hearts history take
// in sessions (snapshots, events, moves): whole matches four random bots
// play, one after another, until 10,000 steps, measured as the live heap
// they add, reported as MB per 10,000 steps. Target under 50 MB.
func BenchmarkHistoryHearts10k(b *testing.B) {
	var mb float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var kept []*Session
		steps := 0
		for seed := uint64(1); steps < 10_000; seed++ {
			s := heartsSession(b, seed)
			kept = append(kept, s)
			steps += s.Head()
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		mb = float64(after.HeapAlloc-before.HeapAlloc) / float64(steps) * 10_000 / 1e6
		runtime.KeepAlive(kept)
	}
	b.ReportMetric(mb, "MB/10k-steps")
}

// BenchmarkSimulateTicTacToe: matches of tic-tac-toe played by random bots
// on one job, per second (the pool's own cost over the engine's).
func BenchmarkSimulateTicTacToe(b *testing.B) {
	p := program(b, "tictactoe")
	n := 0
	for b.Loop() {
		if _, err := Simulate(p, Simulation{Matches: 1000, Seed: uint64(n), Seats: 2, Jobs: 1}); err != nil {
			b.Fatal(err)
		}
		n += 1000
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "matches/s")
}
