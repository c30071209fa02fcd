package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSimulateRecordFails: records are written in seed order as the matches
// end; the first that cannot be written (its path is a folder) stops the
// run with that error, and no later seed's record is written.
func TestSimulateRecordFails(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "tictactoe-3.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, "simulate", "tictactoe", "--matches", "1000", "--seed", "1", "--jobs", "2", "--record", dir)
	if err == nil || !strings.Contains(err.Error(), "tictactoe-3.json") || strings.Contains(err.Error(), "cancel") {
		t.Fatalf("simulate: %v\n%s", err, out)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "tictactoe-1.json tictactoe-2.json tictactoe-3.json" {
		t.Errorf("records written: %v", names)
	}
}

// TestSimulateRefusesSeatsThePackDoesNotTake: --players outside the pack's
// players is refused before any match is played, as play and perft refuse
// it, rather than a report of N matches that all failed to start.
func TestSimulateRefusesSeatsThePackDoesNotTake(t *testing.T) {
	out, err := run(t, "simulate", "tictactoe", "--players", "3", "--matches", "5")
	if err == nil || !strings.Contains(err.Error(), "tictactoe is for 2 to 2 players, not 3") || strings.Contains(out, "matches: 5") {
		t.Errorf("simulate --players 3: %v\n%s", err, out)
	}
}
