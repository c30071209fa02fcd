package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rulestudio/studio/assets"
)

// runWithin is run that fails the test when the command has not returned
// after d (a reader blocked on a FIFO never does; the goroutine is left).
func runWithin(t *testing.T, d time.Duration, args ...string) (string, error) {
	t.Helper()
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := run(t, args...)
		done <- result{out, err}
	}()
	select {
	case r := <-done:
		return r.out, r.err
	case <-time.After(d):
		t.Fatalf("studio %s: still running after %v", strings.Join(args, " "), d)
		return "", nil
	}
}

// TestReadersRefuseWhatIsNotAFile: every command that reads a file refuses a
// FIFO, a device and a folder at once, naming the path and what it is.
func TestReadersRefuseWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := func(name string) string {
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		return p
	}
	data, _ := assets.Pack("tictactoe")
	pack := filepath.Join(dir, "ttt.yaml")
	if err := os.WriteFile(pack, data, 0o644); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(dir, "p.rulestudio")
	if _, err := run(t, "import", pack, "-o", proj); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "folder.json")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"validate", fifo("pack.yaml")}, "a named pipe (FIFO), not a file"},
		{[]string{"validate", fifo("game.rulestudio")}, "a named pipe (FIFO), not a file"},
		{[]string{"validate", "/dev/zero"}, "/dev/zero: a device, not a file"},
		{[]string{"import-bga", fifo("states.inc.php"), "-o", filepath.Join(dir, "x.rulestudio")}, "a named pipe (FIFO), not a file"},
		{[]string{"replay", fifo("r.json")}, "a named pipe (FIFO), not a file"},
		{[]string{"replay", sub}, "folder.json: a folder, not a file"},
		{[]string{"merge", fifo("part.json")}, "a named pipe (FIFO), not a file"},
		{[]string{"merge", "/dev/zero"}, "/dev/zero: a device, not a file"},
		{[]string{"scenario", "add", proj, fifo("s.yaml")}, "a named pipe (FIFO), not a file"},
		{[]string{"play", pack, "--actions", fifo("moves.json")}, "a named pipe (FIFO), not a file"},
	}
	for _, c := range cases {
		out, err := runWithin(t, 5*time.Second, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("studio %s: %v (%s), want an error with %q", strings.Join(c.args, " "), err, out, c.want)
		}
	}
}

// TestReadersLimitSize: a file over its kind's limit is refused with its
// size, the limit and how to raise it; --max-size raises it.
func TestReadersLimitSize(t *testing.T) {
	dir := t.TempDir()
	data, _ := assets.Pack("tictactoe")
	pack := filepath.Join(dir, "ttt.yaml")
	if err := os.WriteFile(pack, data, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := run(t, "validate", "--max-size", "pack=1KB", pack)
	want := "ttt.yaml: the file is larger than a rule pack file may be ("
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "the limit is 1KB; raise it with --max-size pack=1MB") {
		t.Errorf("validate of a %d-byte pack with a 1KB limit: %v, want %q", len(data), err, want)
	}
	if out, err := run(t, "validate", "--max-size", "pack=1MB", pack); err != nil {
		t.Errorf("validate under a 1MB limit: %v\n%s", err, out)
	}
	if out, err := run(t, "validate", pack); err != nil {
		t.Errorf("validate after a run with --max-size: %v\n%s (the limit must not stay lowered)", err, out)
	}
	if _, err := run(t, "validate", "--max-states", "2", pack); err == nil || !strings.Contains(err.Error(), "ttt.yaml: the pack has 4 states, more than the 2 the studio takes") {
		t.Errorf("validate --max-states 2 of a 4-state pack: %v", err)
	}
	if _, err := run(t, "validate", "--max-size", "pak=1MB", pack); err == nil || !strings.Contains(err.Error(), "KIND one of pack, scenario, record, part, bga, project") {
		t.Errorf("--max-size with an unknown kind: %v", err)
	}
}
