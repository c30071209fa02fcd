package graph_test

import (
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/internal/corpus"
)

// largestCorpusPack imports every corpus file and returns the pack with the most
// states, skipping when ../shared is absent.
func largestCorpusPack(b *testing.B) *graph.Pack {
	b.Helper()
	files := corpus.Files(b)
	var best *graph.Pack
	for _, f := range files {
		p, err := bga.ImportFile(f)
		if err == nil && (best == nil || len(p.States) > len(best.States)) {
			best = p
		}
	}
	b.Logf("largest corpus file: %s (%d states)", filepath.Base(best.Source), len(best.States))
	return best
}

// BenchmarkMarshalLargest: canonical YAML of the largest corpus pack.
func BenchmarkMarshalLargest(b *testing.B) {
	p := largestCorpusPack(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := graph.Marshal(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDiffSemantic: graph.Diff of the largest corpus pack against a copy
// with one state's description changed (issue 26: under 20 ms).
func BenchmarkDiffSemantic(b *testing.B) {
	p := largestCorpusPack(b)
	q := p.Clone()
	s := q.States[len(q.States)/2]
	s.Description += " (changed)"
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cs, err := graph.Diff(p, q)
		if err != nil {
			b.Fatal(err)
		}
		if len(cs) != 1 {
			b.Fatalf("%d changes, want 1", len(cs))
		}
	}
}
