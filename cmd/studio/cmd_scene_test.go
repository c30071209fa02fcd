package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/preview/scene"
)

// TestSceneCommand: studio scene writes a seat's table as JSON (its own
// hand face up, the others' as backs), every view with --seat all, and
// the same table from a record of the match as from the pack, seed and
// bots it was played with.
func TestSceneCommand(t *testing.T) {
	out, err := run(t, "scene", "hearts", "--bots", "random", "--seed", "1", "--step", "30", "--seat", "2")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var sc scene.Scene
	if err := json.Unmarshal([]byte(out), &sc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if sc.Seat != 2 || sc.Step != 30 || sc.Areas[1].Seat != 2 || sc.Areas[1].Side != "bottom" {
		t.Fatalf("seat %d step %d, first seat area %+v", sc.Seat, sc.Step, sc.Areas[1])
	}
	for _, a := range sc.Areas[1:] {
		for _, l := range a.Locations {
			if l.Name != "hand" {
				continue
			}
			for _, c := range l.Cards {
				if c.Hidden != (a.Seat != 2) {
					t.Errorf("seat 2 sees card %s of %s's hand hidden=%v", c.ID, a.Name, c.Hidden)
				}
			}
		}
	}
	out, err = run(t, "scene", "hearts", "--bots", "random", "--seed", "1", "--step", "30", "--seat", "all")
	if err != nil {
		t.Fatal(err)
	}
	var all []scene.Scene
	if err := json.Unmarshal([]byte(out), &all); err != nil || len(all) != 5 || all[0].Seat != 0 || all[4].Seat != 4 {
		t.Fatalf("--seat all: %d scenes, %v", len(all), err)
	}
	rec := filepath.Join(t.TempDir(), "match.json")
	if out, err := run(t, "play", "hearts", "--bots", "random", "--seed", "1", "--record", rec); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	fromRecord, err := run(t, "scene", rec, "--step", "30", "--seat", "2")
	if err != nil {
		t.Fatal(err)
	}
	fromPack, _ := run(t, "scene", "hearts", "--bots", "random", "--seed", "1", "--step", "30", "--seat", "2")
	if fromRecord != fromPack {
		t.Errorf("the record's scene differs from the pack's:\n%s", fromRecord)
	}
}

// TestScenePictures: --format svg and png write pictures, to a file or to
// standard output with -o -.
func TestScenePictures(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.png")
	if out, err := run(t, "scene", "tictactoe", "--bots", "random", "--format", "png", "-o", path); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || img.Bounds().Dx() < 300 {
		t.Fatalf("not a picture of a table: %v %v", err, img)
	}
	out, stderr, err := runSplit(t, "scene", "connectfour", "--bots", "random", "--seat", "all", "--format", "svg", "-o", "-")
	if err != nil || !strings.HasPrefix(out, "<?xml") || !strings.Contains(out, "seen by Player 2") || stderr != "" {
		t.Fatalf("svg: %v, stderr %q\n%.200s", err, stderr, out)
	}
}

// TestSceneRefuses: a seat, format or step the match does not have is
// refused, saying what to give.
func TestSceneRefuses(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--seat", "3"}, `--seat "3": give designer, all, or a seat from 1 to 2`},
		{[]string{"--format", "gif"}, `--format "gif": give json, svg or png`},
		{[]string{"--step", "500"}, `--step 500: the match has`},
	} {
		out, err := run(t, append([]string{"scene", "tictactoe", "--bots", "random"}, tt.args...)...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: got %v\n%s", tt.args, err, out)
		}
	}
}
