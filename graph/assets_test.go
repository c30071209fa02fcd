package graph_test

import (
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// TestBundledPacksCheckClean: every pack the studio ships passes every static
// check, so a designer who opens one starts from a clean diagnostics list.
func TestBundledPacksCheckClean(t *testing.T) {
	sources := map[string][]byte{assets.ExamplePackName: assets.ExamplePack}
	for _, name := range assets.Packs() {
		data, _ := assets.Pack(name)
		sources["packs/"+name+".yaml"] = data
	}
	if len(sources) < 4 {
		t.Fatalf("only %d bundled packs", len(sources))
	}
	for name, data := range sources {
		p, err := graph.Parse(data, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, d := range graph.Check(p) {
			t.Errorf("%s", d)
		}
	}
}
