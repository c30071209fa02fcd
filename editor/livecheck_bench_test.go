package editor

import (
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/internal/corpus"
)

// BenchmarkDiagnosticsAfterEdit measures what the editor does after an edit
// to show its diagnostics, less the waiting: the edit (a keystroke in a
// state's description), the copy of the pack taken on the UI goroutine, and
// on another goroutine every check of `studio validate` on the pack written
// as canonical YAML and read back, with each finding located in the pack.
// corpus: the corpus file with the most states; bundled: the bundled pack
// with the most text (the most code to compile and check).
func BenchmarkDiagnosticsAfterEdit(b *testing.B) {
	var largest *graph.Pack
	for _, f := range corpus.Files(b) {
		p, err := bga.ImportFile(f)
		if err == nil && (largest == nil || len(p.States) > len(largest.States)) {
			largest = p
		}
	}
	name, size := "", 0
	for _, n := range assets.Packs() {
		if data, _ := assets.Pack(n); len(data) > size {
			name, size = n, len(data)
		}
	}
	data, _ := assets.Pack(name)
	bundled, err := graph.ReadMultiDoc(data, name+".yaml")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    *graph.Pack
	}{{"corpus", largest}, {"bundled", bundled}} {
		if c.p == nil {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			b.Logf("%s: %d states", c.p.Source, len(c.p.States))
			h := graph.NewHistory(c.p)
			id := c.p.States[len(c.p.States)/2].ID.String()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				ed, err := graph.EditState(h.Pack(), id, "description", func(s *graph.State) { s.Description += string(rune('a' + i%26)) })
				if err != nil {
					b.Fatal(err)
				}
				if _, err := h.Merge("bench", ed); err != nil {
					b.Fatal(err)
				}
				r := diagnose(h.Pack().Clone())
				if r.text == nil {
					b.Fatal("the pack did not make the round trip through YAML")
				}
			}
		})
	}
}
