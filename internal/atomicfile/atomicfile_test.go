package atomicfile_test

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/internal/atomicfile"
)

// TestWrite: a write that fails half-way leaves the old file and nothing
// else; one that succeeds replaces it, keeping its mode.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "part.json")
	if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	if err := atomicfile.Write(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("Write returned %v", err)
	}
	assertDir(t, dir, map[string]string{"part.json": "old\n"})
	if err := atomicfile.Write(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	assertDir(t, dir, map[string]string{"part.json": "new\n"})
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the file replaced has mode %v, want 0600", fi.Mode().Perm())
	}
}

// TestCreate: the file built appears whole at the path; a build that fails,
// or a path taken meanwhile, leaves the folder as it was.
func TestCreate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.rulestudio")
	boom := errors.New("killed")
	if err := atomicfile.Create(path, func(tmp string) error {
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("during the build %s exists: %v", path, err)
		}
		os.WriteFile(tmp, []byte("half"), 0o644)
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("Create returned %v", err)
	}
	assertDir(t, dir, map[string]string{})
	if err := atomicfile.Create(path, func(tmp string) error {
		return os.WriteFile(tmp, []byte("whole\n"), 0o600)
	}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "whole\n" {
		t.Errorf("after Create: %q, %v", data, err)
	}
	err := atomicfile.Create(path, func(tmp string) error { return os.WriteFile(tmp, []byte("other\n"), 0o644) })
	if !errors.Is(err, fs.ErrExist) {
		t.Errorf("Create over a file: %v, want fs.ErrExist", err)
	}
	raced := filepath.Join(dir, "raced")
	err = atomicfile.Create(raced, func(tmp string) error { return os.WriteFile(raced, []byte("first\n"), 0o644) })
	if !errors.Is(err, fs.ErrExist) {
		t.Errorf("Create over a file made during the build: %v, want fs.ErrExist", err)
	}
	if data, _ := os.ReadFile(raced); string(data) != "first\n" {
		t.Errorf("Create replaced a file made during the build: %q", data)
	}
}

// TestStdout: "-" is standard output on the command line, never a file.
func TestStdout(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := atomicfile.Write("-", func(io.Writer) error { return nil }); !errors.Is(err, atomicfile.ErrStdout) {
		t.Errorf("Write(-): %v", err)
	}
	if err := atomicfile.Create("-", func(string) error { return nil }); !errors.Is(err, atomicfile.ErrStdout) {
		t.Errorf("Create(-): %v", err)
	}
	assertDir(t, ".", map[string]string{})
}

// assertDir checks that dir holds exactly the files of want, with their text.
func assertDir(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if w, ok := want[e.Name()]; !ok || w != string(data) {
			t.Errorf("%s holds %q (want %q, listed: %v)", e.Name(), data, w, ok)
		}
	}
	if len(entries) != len(want) {
		t.Errorf("%d files in %s, want %d", len(entries), dir, len(want))
	}
}

// TestReplace: the file built replaces the one at the path in one step; a
// build that fails leaves the old one.
func TestReplace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "kept.rulestudio")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("killed")
	if err := atomicfile.Replace(path, func(tmp string) error {
		os.WriteFile(tmp, []byte("half"), 0o644)
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("Replace returned %v", err)
	}
	assertDir(t, dir, map[string]string{"kept.rulestudio": "old\n"})
	if err := atomicfile.Replace(path, func(tmp string) error {
		if data, _ := os.ReadFile(path); string(data) != "old\n" {
			t.Errorf("during the build the old file holds %q", data)
		}
		return os.WriteFile(tmp, []byte("new\n"), 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	assertDir(t, dir, map[string]string{"kept.rulestudio": "new\n"})
	if err := atomicfile.Replace(dir, func(string) error { return nil }); err == nil {
		t.Error("Replace replaced a folder")
	}
}

// TestRemoveStale: what a killed writer left for a path goes; the file
// itself and the temporary files of other paths stay.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a[1].rulestudio")
	files := map[string]string{
		"a[1].rulestudio":                  "kept",
		".a[1].rulestudio.tmp-123":         "left by a kill",
		".a[1].rulestudio.tmp-123-journal": "its journal",
		".b.rulestudio.tmp-9":              "another file's",
		"a[1].rulestudio.tmp-1":            "not hidden: not ours",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n, err := atomicfile.RemoveStale(path)
	if err != nil || n != 2 {
		t.Errorf("RemoveStale: %d, %v; want 2 removed", n, err)
	}
	delete(files, ".a[1].rulestudio.tmp-123")
	delete(files, ".a[1].rulestudio.tmp-123-journal")
	assertDir(t, dir, files)
}
