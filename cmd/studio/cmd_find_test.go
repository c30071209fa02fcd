package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// TestFindWritesTheShortestWin: find's record of tic-tac-toe's gameEnd has
// the 5 moves of the shortest win, and replay plays it to the end.
func TestFindWritesTheShortestWin(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "win.json")
	out, err := run(t, "find", "tictactoe", "--breakpoint", `{"kind": "enter", "state": "gameEnd"}`, "-o", rec)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !regexp.MustCompile(`^found in 5 moves \(by the exact search: no match of seed 1 reaches it in fewer\), at step \d+: entered state 99 \(gameEnd\)\nsearched \d+ positions and 0 matches in \S+\n$`).MatchString(out) {
		t.Errorf("find said:\n%s", out)
	}
	data, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := graph.ReadRecord(data, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 5 || r.Source != "tictactoe" {
		t.Errorf("record of %d moves from %q", len(r.Moves), r.Source)
	}
	log, err := run(t, "replay", rec)
	if err != nil || !strings.Contains(log, `"kind":"game_ended"`) {
		t.Errorf("replay: %v\n%s", err, log)
	}
}

// TestFindPrintsMovesPlayCanTake: without -o the moves are printed one a
// line, and play takes them as the people's moves.
func TestFindPrintsMovesPlayCanTake(t *testing.T) {
	stdout, stderr, err := runSplit(t, "find", "seeds", "--until", `any([o.power == 4 for o in objects(type="elf_lord")])`)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if !strings.HasPrefix(stdout, "found in ") || len(lines) < 3 {
		t.Fatalf("find printed:\n%s", stdout)
	}
	moves := strings.Join(lines[2:], "\n")
	for _, l := range lines[2:] {
		var mv graph.Move
		if err := json.Unmarshal([]byte(l), &mv); err != nil || mv.Action == "" {
			t.Fatalf("not a move: %q (%v)", l, err)
		}
	}
	file := writeFile(t, t.TempDir(), "moves.json", moves)
	out, err := run(t, "play", "seeds", "--actions", file, "--events")
	if err != nil || !regexp.MustCompile(`"kind":"wrapper_applied".*"clause":"object_types/elf_lord/while/another-elf".*"field":"power"`).MatchString(out) {
		t.Errorf("play: %v\n%s", err, out)
	}
}

func TestFindSaysWhatItCannotFind(t *testing.T) {
	out, err := run(t, "find", "tictactoe", "--until", "len(board.empty()) == 10")
	var es *exitStatus
	if !errors.As(err, &es) || es.code != 1 {
		t.Fatalf("err %v, want exit status 1", err)
	}
	if !strings.Contains(out, "no match of seed 1 reaches when len(board.empty()) == 10: the exact search reached every position (5478)") {
		t.Errorf("find said:\n%s", out)
	}
	data, _ := assets.Pack("tictactoe")
	cursed := writeFile(t, t.TempDir(), "cursed.yaml", strings.Replace(string(data), "      board.set(cell, player)",
		"      if cell == (1, 1):\n          fail(\"the middle is cursed\")\n      board.set(cell, player)", 1))
	out, _ = run(t, "find", cursed, "--until", "board.get(1, 1) != 0")
	if !regexp.MustCompile(`the pack's code failed on \d+ moves, each a dead end of the search \(the first: .*cursed.yaml:39:15: action mark body: fail: the middle is cursed\)`).MatchString(out) {
		t.Errorf("find on a pack failing on a move said:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"find", "tictactoe"}, "give the breakpoint to reach"},
		{[]string{"find", "tictactoe", "--until", "True", "--breakpoint", `{"kind": "enter"}`}, "one of them"},
		{[]string{"find", "tictactoe", "--breakpoint", `{"kind": "enter", "stat": "x"}`}, `unknown field "stat"`},
		{[]string{"find", "tictactoe", "--breakpoint", `{"kind": "clause"}`}, "needs the clause's path"},
		{[]string{"find", "tictactoe", "--until", "True", "--bots", "oracle"}, `unknown bot "oracle"`},
	} {
		if out, err := run(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v\n%s", c.args, err, out)
		}
	}
}
