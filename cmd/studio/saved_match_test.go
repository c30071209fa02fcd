package main

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/project"
)

// TestSaveMatchFromTheWindow: a hot-seat tic-tac-toe match played three
// moves in the window is kept in the project file (Play > Save Match…)
// with its moves, as `studio play --save` keeps one; refused while the pack
// has unsaved changes or was started on rules since changed; and another studio opening the project plays it
// again (Play > Open Saved Match…) to the same step with the same events.
func TestSaveMatchFromTheWindow(t *testing.T) {
	path, app, ed := tictactoeProject(t)
	if err := ed.StartMatch("4", []string{"person", "person"}); err != nil {
		t.Fatal(err)
	}
	s := ed.Play.Session()
	for i := 0; i < 3; i++ {
		moves, err := s.Match().LegalAll()
		if err != nil || len(moves) == 0 {
			t.Fatalf("move %d: %v %v", i, moves, err)
		}
		ed.Play.Take(moves[len(moves)-1])
	}
	want := s.Record()
	if len(want.Moves) != 3 {
		t.Fatalf("the match holds %d moves, want 3", len(want.Moves))
	}

	ed.SelectState("3")
	if err := ed.RenameState("3", "nextMark"); err != nil {
		t.Fatal(err)
	}
	if _, err := ed.SaveMatch("opening"); err == nil || !strings.Contains(err.Error(), "unsaved changes") {
		t.Fatalf("saving a match over unsaved changes: %v, want a refusal", err)
	}
	ed.Undo()
	id, err := ed.SaveMatch("opening")
	if err != nil {
		t.Fatal(err)
	}

	p, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	kept, err := p.Match(id)
	p.Close()
	if err != nil {
		t.Fatal(err)
	}
	if kept.Name != "opening" || !reflect.DeepEqual(kept.Record.Moves, want.Moves) || kept.Record.Seed != 4 || kept.Record.PackHash != want.PackHash {
		t.Fatalf("the project keeps %+v, want the match's record %+v", kept, want)
	}
	// Rules edited and saved after the match started: its record's hash is
	// no longer the saved pack's.
	if err := ed.RenameState("3", "nextMark"); err != nil {
		t.Fatal(err)
	}
	if err := ed.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := ed.SaveMatch("later"); err == nil || !strings.Contains(err.Error(), "rules changed") {
		t.Errorf("saving a match played on older rules: %v, want a refusal", err)
	}
	ed.SetPack(nil, nil) // closes the project

	again := newEditor(app)
	if err := again.Open(path); err != nil {
		t.Fatal(err)
	}
	settle(again) // the window as the designer sees it once the layout is done
	if err := again.OpenSavedMatch(id); err != nil {
		t.Fatal(err)
	}
	got := again.Play.Session()
	// The same events but for state 3's name, renamed since.
	unnamed := func(es []engine.Event) []engine.Event {
		out := slices.Clone(es)
		for i := range out {
			out[i].State, out[i].Name = "", ""
		}
		return out
	}
	if got.Head() != s.Head() || got.Cursor() != got.Head() || !reflect.DeepEqual(unnamed(got.Log()), unnamed(s.Log())) {
		t.Errorf("played again: head %d cursor %d, %d events; want head %d and the same %d events", got.Head(), got.Cursor(), len(got.Log()), s.Head(), len(s.Log()))
	}
}
