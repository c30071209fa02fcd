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
