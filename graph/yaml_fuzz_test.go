package graph

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse checks that Parse never panics on any input, and that a pack it
// accepts marshals to canonical YAML that parses back to the same canonical
// YAML.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"sketch.yaml", "display.yaml"} {
		if seed, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(seed)
		}
	}
	f.Add([]byte("format: 1\npack: x\nstates: []\n"))
	f.Add([]byte("format: 1\npack: x\nstates:\n  - id: ST_A\n    name: a\n    type: game\n    extra: {k: !const K}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data, "f.yaml")
		if err != nil {
			return
		}
		y, err := Marshal(p)
		if err != nil {
			return // a value the canonical form cannot hold; Parse refusing nothing is not a crash
		}
		p2, err := Parse(y, "f.yaml")
		if err != nil {
			t.Fatalf("canonical YAML does not parse: %v\n%s", err, y)
		}
		y2, err := Marshal(p2)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		if !bytes.Equal(y, y2) {
			t.Fatalf("parse → marshal is not stable:\n%s\n---\n%s", y, y2)
		}
	})
}
