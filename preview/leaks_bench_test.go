package preview

import (
	"context"
	"testing"
)

// BenchmarkLeaksHearts: the leak check on a whole Hearts match of four
// random bots (about 440 decisions, each seen by four seats in three
// copies dealt again). Reported as decisions a second; target at least
// 200 on one core (GOMAXPROCS=1: the check uses one goroutine).
func BenchmarkLeaksHearts(b *testing.B) {
	pack := bundled(b, "hearts")
	decisions := 0
	for b.Loop() {
		rep, err := CheckLeaks(context.Background(), pack, LeakOptions{Matches: 1, Seed: 1})
		if err != nil || rep.Leak != nil {
			b.Fatalf("%v %v", err, rep.Leak)
		}
		decisions += rep.Decisions
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}
