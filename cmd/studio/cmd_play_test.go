package main

import (
	"encoding/json"
	"errors"
	"github.com/rulestudio/studio/preview/playtest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
)

// eventLines keeps the event log of play's output (its JSON lines with a
// "kind"), dropping the views.
func eventLines(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if strings.HasPrefix(l, `{"step":`) {
			b.WriteString(l)
		}
	}
	if b.Len() == 0 {
		t.Fatalf("no events in:\n%s", out)
	}
	return b.String()
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPlayRecordReplay: a match played with bots prints its event log; the
// record it writes, and the one simulate writes for the same seed, replay
// to the same log byte for byte.
func TestPlayRecordReplay(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "match.json")
	out, err := run(t, "play", "seeds", "--seed", "8", "--bots", "random", "--events", "--record", rec)
	if err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	events := eventLines(t, out)
	var views []engine.View
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(l, `{"seat":`) {
			var v engine.View
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatal(err)
			}
			views = append(views, v)
		}
	}
	if len(views) != 2 || !views[0].Over || views[1].Seat != 1 {
		t.Fatalf("views: %+v", views)
	}
	replayed, err := run(t, "replay", rec)
	if err != nil || replayed != events {
		t.Fatalf("replay: %v\n%d bytes, play printed %d", err, len(replayed), len(events))
	}
	recs := filepath.Join(dir, "records")
	if out, err := run(t, "simulate", "seeds", "--matches", "3", "--seed", "7", "--record", recs); err != nil {
		t.Fatalf("simulate: %v\n%s", err, out)
	}
	fromSim, err := run(t, "replay", filepath.Join(recs, "seeds-8.json"))
	if err != nil || fromSim != events {
		t.Fatalf("replay of simulate's record: %v (%d bytes, want %d)", err, len(fromSim), len(events))
	}
	// Replaying on other rules warns, and says where they first differ
	// through the log.
	pack, _ := assets.Pack("seeds")
	other := writeFile(t, dir, "other.yaml", strings.Replace(string(pack), "self.controller.life += 3", "self.controller.life += 4", 1))
	out, err = run(t, "replay", rec, "--pack", other)
	if err != nil && exitCode(err) != 1 || !strings.Contains(out, "warning: "+other+" is not the pack the record was played on") {
		t.Errorf("replay on other rules: %v\n%s", err, out[:min(len(out), 300)])
	}
}

// TestPlayRefused: a refused move prints what was played and exits 1
// naming the move and why; a bad move file says where.
func TestPlayRefused(t *testing.T) {
	dir := t.TempDir()
	moves := writeFile(t, dir, "moves.jsonl", `{"player":1,"action":"mark","args":{"cell":[0,0]}}
{"player":2,"action":"mark","args":{"cell":[0,0]}}
`)
	out, err := run(t, "play", "tictactoe", "--actions", moves, "--events")
	want := `move 2 {"player":2,"action":"mark","args":{"cell":[0,0]}} refused: argument cell = (0, 0) is not in its domain (board.empty())`
	if err == nil || exitCode(err) != 1 || err.Error() != want {
		t.Fatalf("got %v\nwant %s", err, want)
	}
	if !strings.Contains(eventLines(t, out), `"kind":"action_taken","state":"playerTurn","player":1,"name":"mark","detail":"cell=(0, 0)"`) {
		t.Errorf("the first move is not in the log:\n%s", out)
	}
	bad := writeFile(t, dir, "bad.json", "[{\"player\":1,\"action\":\"mark\"},\n {\"player\":1, \"acton\":\"mark\"}]")
	if _, err := run(t, "play", "tictactoe", "--actions", bad); err == nil || err.Error() != bad+`:2:15: unknown key "acton"` {
		t.Errorf("bad file: %v", err)
	}
	// People's moves between the bots'; a move left after the end.
	moves = writeFile(t, dir, "x.json", `[{"player":1,"action":"mark","args":{"cell":[1,1]}}]`)
	out, err = run(t, "play", "tictactoe", "--actions", moves, "--bots", "human,random", "--seed", "2")
	if err != nil || !strings.Contains(out, `"description":"You must place a mark"`) {
		t.Errorf("human and bot: %v\n%s", err, out)
	}
	if _, err := run(t, "play", "tictactoe", "--bots", "random,nobody"); err == nil || !strings.Contains(err.Error(), `--bots: seat 2: unknown bot "nobody"`) {
		t.Errorf("unknown bot: %v", err)
	}
	if _, err := run(t, "play", "tictactoe", "--bots", "random,random,random"); err == nil || !strings.Contains(err.Error(), "--bots names 3 seats; the match has 2") {
		t.Errorf("too many bots: %v", err)
	}
}

// TestPlayRunError: an error of the pack's code exits 1 naming the move it
// followed and the place of the code.
func TestPlayRunError(t *testing.T) {
	pack, _ := assets.Pack("tictactoe")
	path := writeFile(t, t.TempDir(), "broken.yaml", strings.Replace(string(pack), "      next_state(\"mark\")\n", "      next_state(\"mark\")\n      if board.count(1) == 2:\n          fail(\"two crosses\")\n", 1))
	out, err := run(t, "play", path, "--bots", "random", "--events")
	var re *engine.RunError
	if err == nil || exitCode(err) != 1 || !errors.As(err, &re) || re.Source != "actions/mark/body" ||
		!regexp.MustCompile(`^after move 3 \{"player":1,"action":"mark",.*\}: .*broken.yaml:\d+:\d+: action mark body: fail: two crosses$`).MatchString(err.Error()) {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(out, "Traceback") || !strings.Contains(out, `"kind":"action_taken"`) {
		t.Errorf("no backtrace or events:\n%s", out)
	}
}

// TestSimulateGroupsErrors: identical errors are one line with their seeds,
// and the exit status is 1.
func TestSimulateGroupsErrors(t *testing.T) {
	pack, _ := assets.Pack("tictactoe")
	path := writeFile(t, t.TempDir(), "broken.yaml", strings.Replace(string(pack), "      next_state(\"mark\")\n", "      next_state(\"mark\")\n      if board.count(1) == 3:\n          fail(\"three crosses\")\n", 1))
	out, err := run(t, "simulate", path, "--matches", "30", "--seed", "1", "--jobs", "2")
	if err == nil || exitCode(err) != 1 {
		t.Fatalf("exit: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`errors: (\d+)\n  (\d+) matches: \S+broken.yaml:\d+:\d+: action mark body: fail: three crosses\n    seeds: ([0-9, -]+)(, \.\.\. \(\d+ more\))?\n`).FindStringSubmatch(out)
	if m == nil || m[1] != m[2] || err.Error() != m[1]+" of 30 matches ended in an error" {
		t.Fatalf("summary:\n%s\n%v", out, err)
	}
	out, _ = run(t, "simulate", path, "--matches", "30", "--seed", "1", "--json")
	var sum playtest.Report
	if err := json.Unmarshal([]byte(out), &sum); err != nil || len(sum.Errors) != 1 || int64(len(sum.Errors[0].Seeds)) != min(sum.Errors[0].Count, playtest.MaxErrorSeeds) || sum.Errors[0].Count < 2 {
		t.Fatalf("json: %v\n%s", err, out)
	}
}

func TestSeedList(t *testing.T) {
	if got := playtest.SeedList([]uint64{1, 2, 3, 5, 7, 8}); got != "1-3, 5, 7-8" {
		t.Errorf("got %q", got)
	}
}

// TestPlayProject: a match saved in a project is listed, replays from the
// project and from its exported record, byte for byte.
func TestPlayProject(t *testing.T) {
	dir := t.TempDir()
	src, _ := assets.Pack("tictactoe")
	proj := filepath.Join(dir, "ttt.rulestudio")
	if out, err := run(t, "import", writeFile(t, dir, "ttt.yaml", string(src)), "-o", proj); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := run(t, "play", proj, "--seed", "4", "--bots", "random", "--events", "--save", "first try")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	events := eventLines(t, out)
	list, err := run(t, "matches", proj)
	if err != nil || !regexp.MustCompile(`^1\tfirst try\ttictactoe seed 4\trandom,random\t\d+ moves\trevision 1\t`).MatchString(list) {
		t.Fatalf("matches: %v\n%s", err, list)
	}
	if got, err := run(t, "replay", proj, "--match", "1"); err != nil || got != events {
		t.Fatalf("replay from the project: %v\n%s", err, got)
	}
	file := filepath.Join(dir, "exported.json")
	if _, err := run(t, "matches", proj, "--export", "1", "-o", file); err != nil {
		t.Fatal(err)
	}
	if got, err := run(t, "replay", file); err != nil || got != events {
		t.Fatalf("replay of the exported record: %v", err)
	}
	if _, err := run(t, "replay", proj); err == nil || !strings.Contains(err.Error(), "give --match ID") {
		t.Errorf("replay of a project without --match: %v", err)
	}
}

// TestPlaySaysTheDesignersReason: a move refused by a precondition that
// gives its reason through require() says it, with the rule's place
// (docs/model.md, "Why a move is refused").
func TestPlaySaysTheDesignersReason(t *testing.T) {
	dir := t.TempDir()
	data, _ := assets.Pack("seeds")
	pack := writeFile(t, dir, "seeds.yaml", strings.Replace(string(data), "precondition: len(library(player)) > 0",
		`precondition: require(len(library(player)) > 0, "your library is empty, every card is drawn")`, 1))
	moves := writeFile(t, dir, "moves.json", strings.Repeat(`{"player": 1, "action": "draw"}`+"\n", 7))
	out, err := run(t, "play", pack, "--actions", moves)
	want := `move 7 {"player":1,"action":"draw"} refused: your library is empty, every card is drawn (the precondition of draw, at ` + pack + `:67:19)`
	if err == nil || err.Error() != want {
		t.Errorf("play: %v\nwant %s\n%s", err, want, out)
	}
}

// TestPlayShowsWhatTheRuleRead: a move refused by a rule that gives no
// words of its own prints, under the refusal, the rule's value broken down
// by sub-expression: what it read that made it false.
func TestPlayShowsWhatTheRuleRead(t *testing.T) {
	moves := writeFile(t, t.TempDir(), "moves.json", strings.Repeat(`{"player": 1, "action": "draw"}`+"\n", 7))
	_, stderr, err := runSplit(t, "play", "seeds", "--actions", moves)
	if err == nil || !strings.Contains(err.Error(), "refused: precondition does not hold: len(library(player)) > 0") {
		t.Fatalf("play: %v", err)
	}
	want := "the precondition of draw, at seeds.yaml:67:19, read:\n" +
		"  len(library(player)) > 0 → False\n" +
		"    len(library(player)) → 0\n"
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr has no\n%s\nin\n%s", want, stderr)
	}
}
