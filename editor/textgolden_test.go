package editor

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateCanvas = flag.Bool("update-canvas", false, "rewrite the canvas's text golden files in testdata/")

// assertGolden compares got with testdata/name, rewriting the file first
// with -update-canvas.
func assertGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *updateCanvas {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update-canvas to write it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update-canvas to accept it):\n%s", path, got)
	}
}
