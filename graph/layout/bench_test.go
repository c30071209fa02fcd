package layout_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/graph/layout"
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

// BenchmarkDotLayoutLargest: Graphviz layout of the largest corpus graph,
// including starting dot.
func BenchmarkDotLayoutLargest(b *testing.B) {
	if _, err := exec.LookPath("dot"); err != nil {
		b.Skip("Graphviz dot is not on PATH")
	}
	p := largestCorpusPack(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := layout.Dot(context.Background(), p, layout.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLayeredLayoutLargest: the built-in layout of the largest corpus graph.
func BenchmarkLayeredLayoutLargest(b *testing.B) {
	p := largestCorpusPack(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		layout.Layered(p, layout.Options{})
	}
}
