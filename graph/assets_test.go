package graph_test

import (
	"bytes"
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

// TestBundledPacksRoundTrip: every pack the studio ships has display
// hints, written back as the pack file has them (its last section), and
// written, read back and written again it is the same.
func TestBundledPacksRoundTrip(t *testing.T) {
	for _, name := range assets.Packs() {
		data, _ := assets.Pack(name)
		p, err := graph.Parse(data, name+".yaml")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.Display == nil {
			t.Errorf("%s has no display hints", name)
			continue
		}
		out, err := graph.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		section := func(b []byte) string { return string(b[bytes.Index(b, []byte("\ndisplay:")):]) }
		if got, want := section(out), section(data); got != want {
			t.Errorf("%s: display written as\n%s\nnot as in the file:\n%s", name, got, want)
		}
		back, err := graph.Parse(out, name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := graph.Marshal(back); !bytes.Equal(again, out) {
			t.Errorf("%s: read back and written again it differs:\n%s", name, again)
		}
	}
}
