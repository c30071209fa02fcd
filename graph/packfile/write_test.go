package packfile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/graph/packfile"
)

// TestWriteFileIsAllOrNothing: a write that fails half-way leaves the old
// file as it was and no temporary file behind; one that succeeds replaces
// the file and keeps its mode.
func TestWriteFileIsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pack.yaml")
	write(t, path, "old contents\n")
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := packfile.WriteFile(path, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("WriteFile returned %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "old contents\n" {
		t.Errorf("a failed write left %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a failed write left files: %v", entries)
	}
	if err := packfile.WriteFile(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if string(data) != "new\n" || fi.Mode().Perm() != 0o600 {
		t.Errorf("after the write: %q, mode %v", data, fi.Mode().Perm())
	}
	fresh := filepath.Join(dir, "fresh.yaml")
	packfile.WriteFile(fresh, func(w io.Writer) error { return nil })
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("a new file: %v, mode %v", err, fi.Mode().Perm())
	}
	if err := packfile.WriteFile(dir, func(io.Writer) error { return nil }); err == nil {
		t.Error("WriteFile replaced a folder")
	}
}
