package reversi

import "testing"

var want = []uint64{4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288}

func TestPerft(t *testing.T) {
	for d := 1; d <= 8; d++ {
		if got := Perft(Start(), d); got != want[d-1] {
			t.Errorf("perft %d = %d, want %d", d, got, want[d-1])
		}
		if got := PerftBulk(Start(), d); got != want[d-1] {
			t.Errorf("bulk perft %d = %d, want %d", d, got, want[d-1])
		}
	}
}

// BenchmarkPerft6 reports leaf nodes per second at depth 6, every leaf played.
func BenchmarkPerft6(b *testing.B) {
	for b.Loop() {
		Perft(Start(), 6)
	}
	b.ReportMetric(float64(want[5])*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft6Bulk reports leaf nodes per second at depth 6, the last ply
// counted without being played (the engine's method).
func BenchmarkPerft6Bulk(b *testing.B) {
	for b.Loop() {
		PerftBulk(Start(), 6)
	}
	b.ReportMetric(float64(want[5])*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft9Bulk reports leaf nodes per second at depth 9 (3,005,288
// leaves), the last ply counted: the peer of `studio perft reversi --depth 9`.
func BenchmarkPerft9Bulk(b *testing.B) {
	for b.Loop() {
		PerftBulk(Start(), 9)
	}
	b.ReportMetric(float64(want[8])*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
