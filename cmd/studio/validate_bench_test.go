package main

import (
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/internal/corpus"
)

// validate runs every check `studio validate` and the editor run on a pack
// (the editor on every edit) and returns the number of diagnostics.
func validate(p *graph.Pack) int {
	return len(graph.Check(p)) + len(engine.Check(p))
}

// BenchmarkValidateLargestCorpus validates the corpus file with the most
// states (imported once, outside the timing).
func BenchmarkValidateLargestCorpus(b *testing.B) {
	var largest *graph.Pack
	for _, f := range corpus.Files(b) {
		p, err := bga.ImportFile(f)
		if err == nil && (largest == nil || len(p.States) > len(largest.States)) {
			largest = p
		}
	}
	if largest == nil {
		b.Skip("no corpus file imports")
	}
	b.Logf("%s: %d states", largest.Source, len(largest.States))
	b.ReportAllocs()
	for b.Loop() {
		validate(largest)
	}
}

// BenchmarkValidateLargestBundled validates the bundled pack with the most
// text (parsed once, outside the timing): the one with the most code to
// compile and check.
func BenchmarkValidateLargestBundled(b *testing.B) {
	name, size := "", 0
	for _, n := range assets.Packs() {
		if data, _ := assets.Pack(n); len(data) > size {
			name, size = n, len(data)
		}
	}
	data, _ := assets.Pack(name)
	p, err := graph.ReadMultiDoc(data, name+".yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%s: %d bytes", name, size)
	b.ReportAllocs()
	for b.Loop() {
		if validate(p) != 0 {
			b.Fatal("the bundled pack has diagnostics")
		}
	}
}
