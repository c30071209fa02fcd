package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// readRecordFile reads a record file a command wrote.
func readRecordFile(t *testing.T, path string) *graph.Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := graph.ReadRecord(data, path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRecordsKeepBotsSource: the same match of random bots recorded by
// play --record, play --save (exported by matches --export) and simulate
// --record keeps the same bots' source after its last move.
func TestRecordsKeepBotsSource(t *testing.T) {
	dir := t.TempDir()
	src, _ := assets.Pack("tictactoe")
	proj := filepath.Join(dir, "ttt.rulestudio")
	if out, err := run(t, "import", writeFile(t, dir, "ttt.yaml", string(src)), "-o", proj); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	played := filepath.Join(dir, "played.json")
	if out, err := run(t, "play", proj, "--seed", "4", "--bots", "random", "--record", played, "--save", "kept"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	exported := filepath.Join(dir, "exported.json")
	if out, err := run(t, "matches", proj, "--export", "1", "-o", exported); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	sims := filepath.Join(dir, "sims")
	if out, err := run(t, "simulate", proj, "--matches", "1", "--seed", "4", "--record", sims); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := readRecordFile(t, played)
	if want.BotsSource == nil {
		t.Fatalf("play --record wrote no bots_source: %+v", want)
	}
	for _, path := range []string{exported, filepath.Join(sims, "tictactoe-4.json")} {
		if got := readRecordFile(t, path); got.BotsSource == nil || *got.BotsSource != *want.BotsSource || len(got.Moves) != len(want.Moves) {
			t.Errorf("%s: %d moves, bots' source %v; want %d moves, %d", filepath.Base(path), len(got.Moves), got.BotsSource, len(want.Moves), *want.BotsSource)
		}
	}
}

// TestSavedMatchBotsGoOn: a match of a person against a random bot, kept
// part way in the project (Play > Save Match…) and opened again in another
// studio (Play > Open Saved Match…), goes on as the match itself did when
// the person plays the same moves: the bot chooses as it did.
func TestSavedMatchBotsGoOn(t *testing.T) {
	path, app, ed := tictactoeProject(t)
	if err := ed.StartMatch("5", []string{"person", "random"}); err != nil {
		t.Fatal(err)
	}
	last := func(ed *editor.Editor) engine.Move { // the person's move: always the last legal one
		moves, err := ed.Play.Session().Match().LegalAll()
		if err != nil || len(moves) == 0 {
			t.Fatalf("no move: %v %v", moves, err)
		}
		return moves[len(moves)-1]
	}
	ed.Play.Take(last(ed))
	id, err := ed.SaveMatch("part way")
	if err != nil {
		t.Fatal(err)
	}
	kept := len(ed.Play.Session().Record().Moves)
	for !ed.Play.Session().Match().Over() {
		ed.Play.Take(last(ed))
	}
	want, wantScores := ed.Play.Session().Record(), ed.Play.Session().Match().Scores()
	ed.SetPack(nil, nil)

	again := newEditor(app)
	if err := again.Open(path); err != nil {
		t.Fatal(err)
	}
	settle(again) // the window as the designer sees it once the layout is done
	if err := again.OpenSavedMatch(id); err != nil {
		t.Fatal(err)
	}
	if n := len(again.Play.Session().Record().Moves); n != kept || kept != 2 {
		t.Fatalf("opened with %d moves, kept %d (want the person's and the bot's)", n, kept)
	}
	for !again.Play.Session().Match().Over() {
		again.Play.Take(last(again))
	}
	got, scores := again.Play.Session().Record(), again.Play.Session().Match().Scores()
	if !reflect.DeepEqual(got.Moves, want.Moves) || !reflect.DeepEqual(scores, wantScores) {
		t.Errorf("went on to\n%v scores %v\nwant\n%v scores %v", got.Moves, scores, want.Moves, wantScores)
	}
}
