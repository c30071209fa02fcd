package main

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/project"
)

// TestSaveAsWholeOrNothing: the window's Save As writes a project whole or
// not at all. A pack the project refuses (two transitions of one name would
// not read back) leaves no file at a new path and the old file untouched at
// a path the designer chose to replace; a pack that saves replaces the old
// file in one step. Nothing else is left in the folder.
func TestSaveAsWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.rulestudio")
	p, err := project.Create(old)
	if err != nil {
		t.Fatal(err)
	}
	kept := tictactoe(t)
	kept.Title = "kept"
	if _, err := p.Save(kept, "kept"); err != nil {
		t.Fatal(err)
	}
	p.Close()
	before, _ := os.ReadFile(old)

	ed := newEditor(test.NewTempApp(t))
	defer ed.SetPack(nil, nil)
	bad := tictactoe(t)
	s := bad.States[1]
	s.Transitions = append(s.Transitions, s.Transitions[0])
	ed.SetPack(bad, nil)
	fresh := filepath.Join(dir, "fresh.rulestudio")
	if err := ed.SaveAs(fresh); err == nil {
		t.Fatal("Save As stored a pack that does not read back")
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("a refused Save As left %s (%v)", fresh, err)
	}
	if err := ed.SaveAs(old); err == nil {
		t.Fatal("Save As stored a pack that does not read back")
	}
	if after, _ := os.ReadFile(old); string(after) != string(before) {
		t.Errorf("a refused Save As over %s changed it", old)
	}

	good := tictactoe(t)
	good.Title = "replaced"
	ed.SetPack(good, nil)
	if err := ed.SaveAs(old); err != nil {
		t.Fatalf("Save As over a project: %v", err)
	}
	ed.SetPack(nil, nil) // closes the project
	title, rev, err := openTitle(old)
	if err != nil || title != "replaced" || rev != 1 {
		t.Errorf("after Save As %s holds revision %d %q (%v), want revision 1 \"replaced\"", old, rev, title, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the folder holds %v, want only old.rulestudio", names)
	}
}
