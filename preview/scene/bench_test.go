package scene

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkSceneHearts: the scenes of the four seats of a Hearts match at
// one step (mid-trick, 30 steps in). Target: under 200 µs for the four.
// Besides ns/op (wall time, which other processes on a shared machine
// stretch) it reports cpu-ns/op, the process's CPU time per op.
func BenchmarkSceneHearts(b *testing.B) {
	s := played(b, bundled(b, "hearts"), 1, 30)
	pack, m := s.Pack(), s.Match()
	start := cpuTime()
	for b.Loop() {
		for seat := 1; seat <= 4; seat++ {
			if _, err := Build(pack, m, seat); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
