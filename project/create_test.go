package project

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestCreateFromWholeOrNothing: a new project appears whole or not at all:
// a pack the project refuses leaves nothing in the folder, one it takes
// is revision 1 of a file that opens, and what an earlier build killed half
// way left is removed.
func TestCreateFromWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new"+Extension)
	bad := sketch(t)
	s := bad.States[1]
	s.Transitions = append(s.Transitions, s.Transitions[0])
	if _, err := CreateFrom(path, bad, "bad"); err == nil {
		t.Fatal("CreateFrom stored a pack that does not read back")
	}
	assertEntries(t, dir)
	// What a studio killed while building it left goes with the next build.
	for _, name := range []string{".new" + Extension + ".tmp-1", ".new" + Extension + ".tmp-1-journal"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("left by a kill"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := CreateFrom(path, sketch(t), "first")
	if err != nil {
		t.Fatal(err)
	}
	if r, err := p.Latest(); err != nil || r.ID != 1 || r.Message != "first" {
		t.Errorf("latest revision %+v, %v", r, err)
	}
	p.Close()
	if _, err := CreateFrom(path, sketch(t), "again"); !errors.Is(err, os.ErrExist) {
		t.Errorf("CreateFrom over a project: %v", err)
	}
	assertEntries(t, dir, "new"+Extension)
}

// TestReplace: Save As over a project keeps the old file whole until the
// new one is: a refused pack leaves it byte for byte, a project another
// studio holds is not replaced, and an interrupted save of the old file is
// rolled back first so that its journal never meets the new file.
func TestReplace(t *testing.T) {
	path := interrupted(t)
	dir := filepath.Dir(path)
	bad := sketch(t)
	s := bad.States[1]
	s.Transitions = append(s.Transitions, s.Transitions[0])
	if _, err := Replace(path, bad, "bad"); err == nil {
		t.Fatal("Replace stored a pack that does not read back")
	}
	if _, err := os.Stat(path + "-journal"); !os.IsNotExist(err) {
		t.Errorf("the old file's journal is still there: %v", err)
	}
	if q, err := Open(path, Options{ReadOnly: true}); err != nil {
		t.Errorf("the old file after a refused Replace: %v", err)
	} else if got, err := q.Pack(); err != nil || got.Title != "first" {
		t.Errorf("the old file after a refused Replace holds %v, %v", got, err)
	} else {
		q.Close()
	}
	holder, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	kept := fileSum(t, path)
	var locked *LockedError
	if _, err := Replace(path, sketch(t), "new"); !errors.As(err, &locked) {
		t.Errorf("Replace of a project held elsewhere: %v", err)
	}
	if fileSum(t, path) != kept {
		t.Error("Replace changed a project held elsewhere")
	}
	holder.Close()
	pack := sketch(t)
	pack.Title = "replaced"
	p, err := Replace(path, pack, "new")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	got, err := p.Pack()
	if r, _ := p.Latest(); err != nil || got.Title != "replaced" || r.ID != 1 {
		t.Errorf("after Replace: revision %d %v, %v", r.ID, got, err)
	}
	assertEntries(t, dir, filepath.Base(path), filepath.Base(lockPath(path)))
}

// assertEntries checks that dir holds exactly the files names.
func assertEntries(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if len(got) != len(names) {
		t.Errorf("%s holds %v, want %v", dir, got, names)
		return
	}
	for i := range got {
		if got[i] != names[i] {
			t.Errorf("%s holds %v, want %v", dir, got, names)
			return
		}
	}
}
