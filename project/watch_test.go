package project

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWatches: the watched expressions read back in their order from the
// file opened again; saving the same list writes nothing; an empty list
// empties the table; a read-only project refuses to save them.
func TestWatches(t *testing.T) {
	p := mustCreate(t)
	mustSave(t, p, sketch(t), "")
	if ws, err := p.Watches(); err != nil || ws != nil {
		t.Fatalf("a new project watches %q %v", ws, err)
	}
	want := []string{"len(board.empty())", "players[0].score", "len(board.empty())"}
	if err := p.SaveWatches(want); err != nil {
		t.Fatal(err)
	}
	before := fileSum(t, p.Path())
	st, _ := os.Stat(p.Path())
	if err := p.SaveWatches(slices.Clone(want)); err != nil {
		t.Fatal(err)
	}
	st2, _ := os.Stat(p.Path())
	if fileSum(t, p.Path()) != before || !st.ModTime().Equal(st2.ModTime()) {
		t.Error("saving the same watches wrote to the file")
	}
	p.Close()

	q, err := Open(p.Path(), Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if ws, err := q.Watches(); err != nil || !slices.Equal(ws, want) {
		t.Errorf("reopened: watches %q %v, want %q", ws, err, want)
	}
	if err := q.SaveWatches(nil); !errors.Is(err, ErrReadOnly) {
		t.Errorf("read-only SaveWatches: %v, want ErrReadOnly", err)
	}
	q.Close()

	r, err := Open(p.Path(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.SaveWatches(want[1:2]); err != nil {
		t.Fatal(err)
	}
	if ws, err := r.Watches(); err != nil || !slices.Equal(ws, want[1:2]) {
		t.Errorf("after removing two: %q %v", ws, err)
	}
	if err := r.SaveWatches(nil); err != nil {
		t.Fatal(err)
	}
	if ws, err := r.Watches(); err != nil || ws != nil {
		t.Errorf("after removing all: %q %v", ws, err)
	}
}

// TestMigrateWatches: a schema 5 file has no watches read-only (and stays
// at 5); opened to write, it is upgraded and keeps them.
func TestMigrateWatches(t *testing.T) {
	path := filepath.Join(t.TempDir(), "five"+Extension)
	p, err := create(path, 5)
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, p, sketch(t), "")
	p.Close()
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if ws, err := ro.Watches(); err != nil || ws != nil {
		t.Errorf("schema 5, read-only: watches %q %v", ws, err)
	}
	if v, _ := ro.Version(); v != 5 {
		t.Errorf("read-only open changed the version to %d", v)
	}
	ro.Close()
	q, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if v, _ := q.Version(); v != SchemaVersion {
		t.Errorf("upgraded to version %d, want %d", v, SchemaVersion)
	}
	if err := q.SaveWatches([]string{"turn"}); err != nil {
		t.Fatal(err)
	}
	if ws, err := q.Watches(); err != nil || !slices.Equal(ws, []string{"turn"}) {
		t.Errorf("after the upgrade: watches %q %v", ws, err)
	}
}
