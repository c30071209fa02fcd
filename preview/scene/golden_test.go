package scene

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// goldenSteps are the steps each bundled pack's goldens are taken at
// (random bots, seed 1): early in the match and later or at its end. The
// picture package draws the same steps.
var goldenSteps = map[string][]int{
	"tictactoe":   {4, 99},
	"connectfour": {9, 30},
	"reversi":     {5, 60},
	"hearts":      {6, 30},
	"seeds":       {9, 30},
}

// TestSceneGolden: the scenes of every bundled pack at a few steps, the
// designer's and every seat's, as JSON, are those in testdata/ (go test
// -update writes them again).
func TestSceneGolden(t *testing.T) {
	for name, steps := range goldenSteps {
		for _, step := range steps {
			s := played(t, bundled(t, name), 1, step)
			var all []*Scene
			for seat := Designer; seat <= s.Match().Seats(); seat++ {
				sc, err := Build(s.Pack(), s.Match(), seat)
				if err != nil {
					t.Fatal(err)
				}
				all = append(all, sc)
			}
			data, err := json.MarshalIndent(all, "", " ")
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", fmt.Sprintf("%s-%d.json", name, step)), append(data, '\n'))
		}
	}
}

// golden compares got with the file at path, or writes it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if !bytes.Equal(gl[i], wl[i]) {
				t.Fatalf("%s: line %d differs:\n got  %s\n want %s", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: %d lines, want %d", path, len(gl), len(wl))
	}
}
