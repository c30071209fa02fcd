package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestLeaksCommand: studio leaks exits 1 on a pack that leaks, naming the
// rule as file:line:col and writing a record that replays; 0 on one that
// does not.
func TestLeaksCommand(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "drawn-variable.yaml")
	data, err := os.ReadFile("../../preview/testdata/leaks/drawn-variable.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pack, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(dir, "leak.json")
	_, stderr, err := runSplit(t, "leaks", pack, "--matches", "3", "--record", rec)
	if err == nil || exitCode(err) != 1 {
		t.Fatalf("want exit status 1, got %v", err)
	}
	msg := err.Error() + stderr
	if !strings.Contains(msg, "drawn-variable.yaml:33:7: leak to seat 2") || !strings.Contains(msg, "game.last_drawn") || !strings.Contains(msg, rec) {
		t.Fatalf("the report does not name the rule, the field and the record:\n%s", msg)
	}
	raw, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	r, err := graph.ReadRecord(raw, rec)
	if err != nil || r.Source != "drawn-variable.yaml" || len(r.Moves) == 0 {
		t.Fatalf("record %+v %v: want the pack beside it and the moves up to the leak", r, err)
	}
	if out, err := run(t, "replay", rec); err != nil || !strings.Contains(out, "last_drawn") {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	out, err := run(t, "leaks", "tictactoe", "--matches", "2")
	if err != nil || !strings.Contains(out, "no leak: 2 matches") {
		t.Fatalf("tictactoe: %v\n%s", err, out)
	}
}
