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

// TestRecordSourceStaysInItsFolder: a record's source names a bundled pack
// or a file in the record's own folder; any other path (absolute, with
// "..", through a symbolic link out of the folder, not a regular file) is
// refused without being read, with the way to give the pack instead.
func TestRecordSourceStaysInItsFolder(t *testing.T) {
	dir := t.TempDir()
	data, _ := assets.Pack("tictactoe")
	pack := filepath.Join(dir, "ttt.yaml")
	if err := os.WriteFile(pack, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(dir, "r.json")
	if out, err := run(t, "play", pack, "--bots", "random", "--record", rec); err != nil {
		t.Fatalf("play: %v\n%s", err, out)
	}
	text, err := os.ReadFile(rec)
	if err != nil || !strings.Contains(string(text), `"source": "ttt.yaml"`) {
		t.Fatalf("the record names its pack beside it as %s (%v)", text, err)
	}
	if out, err := run(t, "replay", rec, "--pack="); err != nil || !strings.Contains(out, "state_entered") {
		t.Errorf("replay of a record beside its pack: %v\n%s", err, out)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(dir, "link.yaml")); err != nil {
		t.Fatal(err)
	}
	outside := "names its pack %q, which is not in the record's folder: a record names only a bundled pack or a file beside it; give the pack with --pack PACK"
	for _, c := range []struct{ source, want string }{
		{"/etc/passwd", strings.ReplaceAll(outside, "%q", `"/etc/passwd"`)},
		{"../ttt.yaml", strings.ReplaceAll(outside, "%q", `"../ttt.yaml"`)},
		{"link.yaml", strings.ReplaceAll(outside, "%q", `"link.yaml"`)},
		{"fifo.yaml", "fifo.yaml: a named pipe (FIFO), not a file"},
		{"nothing", `names its pack "nothing": no such file beside the record, and no bundled pack of that name`},
	} {
		bad := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(bad, []byte(strings.Replace(string(text), `"ttt.yaml"`, `"`+c.source+`"`, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := runWithin(t, 5*time.Second, "replay", bad, "--pack=")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "root") {
			t.Errorf("source %q: %v\nwant %s", c.source, err, c.want)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	if _, err := run(t, "replay", bad, "--pack", pack); err != nil {
		t.Errorf("replay --pack of a record whose source is refused: %v", err)
	}
	os.WriteFile(bad, []byte(strings.Replace(string(text), `"ttt.yaml"`, `"tictactoe"`, 1)), 0o644)
	if _, err := run(t, "replay", bad, "--pack="); err != nil {
		t.Errorf("replay of a record naming a bundled pack: %v", err)
	}
}
