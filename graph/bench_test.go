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

// BenchmarkDiffSemantic: graph.Diff of the largest corpus pack against
// itself with one clause changed (issue 26: under 20 ms). A BGA file has no
// object types, so both sides are given one with a whenever clause, and
// the copy's body differs by a line.
func BenchmarkDiffSemantic(b *testing.B) {
	p := largestCorpusPack(b).Clone()
	p.ObjectTypes = append(p.ObjectTypes, &graph.ObjectType{Name: "watcher", Clauses: graph.Clauses{
		Whenever: []*graph.Trigger{{Name: "turn", Condition: graph.Code{Src: "entered('playerTurn')"}, Body: graph.Code{Src: "log('turn')\n"}}}}})
	q := p.Clone()
	q.ObjectTypes[len(q.ObjectTypes)-1].Whenever[0].Body = graph.Code{Src: "log('turn')\nlog('again')\n"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cs, err := graph.Diff(p, q)
		if err != nil {
			b.Fatal(err)
		}
		if len(cs) != 1 || cs[0].Path != "object_types/watcher/whenever/turn/body" {
			b.Fatalf("changes %+v, want the clause's body", cs)
		}
	}
}
