package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// The canvas's edits, continued: renaming, retyping, deleting, selecting
// several, copy and paste, undo.

// TestRenameStateAndTransition: F2 renames the selected state; a double
// click on an arrow's name renames the transition.
func TestRenameStateAndTransition(t *testing.T) {
	e := newEditEditor(t)
	test.TapAt(e.View, at(e, 0, 130))
	e.View.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF2})
	answer(t, e, "playOrPass")
	if s := stateOf(e.Pack(), "2"); s.Name != "playOrPass" {
		t.Errorf("F2 and typing: state 2 is named %q", s.Name)
	}
	// A name with a space is refused and the prompt stays.
	e.View.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF2})
	answer(t, e, "play or pass")
	if e.prompt.done || stateOf(e.Pack(), "2").Name != "playOrPass" {
		t.Errorf("a name with spaces was taken: %q", stateOf(e.Pack(), "2").Name)
	}
	e.prompt.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})

	label := e.View.TransitionAt(diagram.TransitionRef{From: "3", Name: "end"})
	test.TapAt(e.View, label)
	test.TapAt(e.View, label)
	answer(t, e, "finish")
	s := stateOf(e.Pack(), "3")
	if _, ok := s.Transitions.Lookup("finish"); !ok || s.Transitions[1].Name != "finish" || s.Transitions[1].To != graph.NumID(99) {
		t.Errorf("renamed transition: %v, want finish (second, to 99)", s.Transitions)
	}
	assertCanvasImage(t, e, "edit_rename.png")
}

// TestChangeStateType: the selected states take the type picked; one undo
// step.
func TestChangeStateType(t *testing.T) {
	e := newEditEditor(t)
	e.View.SetSelection([]string{"2", "3"}, "2")
	e.setSelectionType(graph.MultipleActivePlayer)
	for _, id := range []string{"2", "3"} {
		if s := stateOf(e.Pack(), id); s.Type != graph.MultipleActivePlayer {
			t.Errorf("state %s is %s", id, s.Type)
		}
	}
	if got := drawing(e.View).Boxes["3"].Fill; got != style.TypeFill(graph.MultipleActivePlayer) {
		t.Errorf("state 3's box is filled %v, want the multipleactiveplayer colour", got)
	}
	e.Undo()
	if stateOf(e.Pack(), "2").Type != graph.ActivePlayer || stateOf(e.Pack(), "3").Type != graph.Game {
		t.Error("one undo does not give both types back")
	}
}

// TestDeleteStatesAndTransitions: Delete removes the selected states with
// the transitions leading to them, or the selected transition; undo brings
// everything back, positions included.
func TestDeleteStatesAndTransitions(t *testing.T) {
	e := newEditEditor(t)
	before := yamlOf(t, e.Pack())
	test.TapAt(e.View, at(e, 280, 130))
	e.View.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if stateOf(e.Pack(), "3") != nil {
		t.Fatal("state 3 is still there")
	}
	if s := stateOf(e.Pack(), "2"); len(s.Transitions) != 0 {
		t.Errorf("state 2 keeps transitions to the deleted state: %v", s.Transitions)
	}
	if _, ok := e.Pack().Editor.Positions["3"]; ok {
		t.Error("the deleted state keeps its position")
	}
	if n := len(drawing(e.View).Arrows); n != 1 {
		t.Errorf("the canvas draws %d arrows, want 1 (1 -> 2)", n)
	}
	assertCanvasImage(t, e, "edit_delete.png")
	e.Undo()
	if got := yamlOf(t, e.Pack()); got != before {
		t.Errorf("undo after deleting a state:\n%s", got)
	}

	label := e.View.TransitionAt(diagram.TransitionRef{From: "2", Name: "pass"})
	test.TapAt(e.View, label)
	if ref, ok := e.View.SelectedTransition(); !ok || ref.Name != "pass" {
		t.Fatalf("tapping the label of pass selects %v %v", ref, ok)
	}
	e.View.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if _, ok := stateOf(e.Pack(), "2").Transitions.Lookup("pass"); ok || len(stateOf(e.Pack(), "2").Transitions) != 1 {
		t.Errorf("after deleting pass: %v", stateOf(e.Pack(), "2").Transitions)
	}
}

// TestShiftClickAndMoveTogether: shift-click adds to the selection; dragging
// one of the selected states moves them all, as one undo step.
func TestShiftClickAndMoveTogether(t *testing.T) {
	e := newEditEditor(t)
	test.TapAt(e.View, at(e, 0, 130))
	e.View.SetModifiers(func() fyne.KeyModifier { return fyne.KeyModifierShift })
	test.TapAt(e.View, at(e, 280, 280))
	e.View.SetModifiers(func() fyne.KeyModifier { return 0 })
	if got := strings.Join(e.View.Selection(), " "); got != "2 99" {
		t.Fatalf("selection after tap and shift-tap: %q, want 2 99", got)
	}
	drag(e.View, at(e, 0, 130), at(e, 30, 170), 0)
	want := map[string]graph.Point{"1": {X: 0, Y: 0}, "2": {X: 30, Y: 170}, "3": {X: 280, Y: 130}, "99": {X: 310, Y: 320}}
	for id, pt := range want {
		if got := e.Pack().Editor.Positions[id]; got != pt {
			t.Errorf("state %s at %v, want %v", id, got, pt)
		}
	}
	assertCanvasImage(t, e, "edit_move.png")
	e.Undo()
	if got := e.Pack().Editor.Positions["99"]; got != (graph.Point{X: 280, Y: 280}) {
		t.Errorf("one undo puts 99 at %v, want back at (280, 280)", got)
	}
	if got := e.Pack().Editor.Positions["2"]; got != (graph.Point{X: 0, Y: 130}) {
		t.Errorf("one undo puts 2 at %v, want back at (0, 130)", got)
	}
}

// TestRubberBand: shift+drag on the background selects the states the band
// touches; a plain drag there pans.
func TestRubberBand(t *testing.T) {
	e := newEditEditor(t)
	var picked []string
	e.View.OnSelected = func(id string) { picked = append(picked, id) }
	drag(e.View, at(e, -100, 80), at(e, 420, 180), fyne.KeyModifierShift)
	if got := strings.Join(e.View.Selection(), " "); got != "2 3" {
		t.Errorf("the band selects %q, want 2 3", got)
	}
	if len(picked) != 1 {
		t.Errorf("OnSelected calls %v, want one when the band ends", picked)
	}
	off := e.View.Offset()
	drag(e.View, at(e, 150, 60), at(e, 170, 60), 0)
	if e.View.Offset() == off || strings.Join(e.View.Selection(), " ") != "2 3" {
		t.Errorf("a plain drag on the background: offset %v -> %v, selection %v", off, e.View.Offset(), e.View.Selection())
	}
}

// TestCopyPasteBetweenProjects: states copied in one editor paste into
// another through the clipboard as YAML, with free ids and names and their
// transitions following; Duplicate pastes beside the original.
func TestCopyPasteBetweenProjects(t *testing.T) {
	a := newEditEditor(t)
	a.View.SetSelection([]string{"2", "3"}, "2")
	a.Copy()
	text := a.app.Clipboard().Content()
	if !strings.Contains(text, "name: playerTurn") || !strings.Contains(text, "positions:") {
		t.Fatalf("the clipboard holds:\n%s", text)
	}

	b := New(a.app, &memStore{files: map[string][]byte{}}) // a second window: one system clipboard
	useQueue(b)                                            // closed below
	other := graph.Pack{Format: 1, Name: "other", States: []*graph.State{
		{ID: graph.NumID(2), Name: "setup", Type: graph.Game},
		{ID: graph.NumID(99), Name: "gameEnd", Type: graph.Manager},
	}, Editor: &graph.Editor{Positions: map[string]graph.Point{"2": {X: 0, Y: 0}, "99": {X: 0, Y: 200}}}}
	b.SetPack(&other, nil)
	settle(b)
	b.Paste()
	got := b.Pack()
	pt, nx := got.StateByName("playerTurn"), got.StateByName("nextPlayer")
	if pt == nil || nx == nil {
		t.Fatalf("pasted states missing: %v", b.View.States())
	}
	if pt.ID != graph.NumID(3) || nx.ID != graph.NumID(4) {
		t.Errorf("pasted ids %v and %v, want 3 (2 is taken) and 4", pt.ID, nx.ID)
	}
	if tr, _ := pt.Transitions.Lookup("play"); tr.To != nx.ID {
		t.Errorf("playerTurn's play leads to %v, want the pasted nextPlayer %v", tr.To, nx.ID)
	}
	if tr, ok := nx.Transitions.Lookup("end"); !ok || tr.To != graph.NumID(99) {
		t.Errorf("nextPlayer's end: %v %v, want 99 of this pack", tr, ok)
	}
	if tr, _ := nx.Transitions.Lookup("next"); tr.To != pt.ID {
		t.Errorf("nextPlayer's next leads to %v, want %v", tr.To, pt.ID)
	}
	if strings.Join(b.View.Selection(), " ") != "3 4" {
		t.Errorf("the pasted states are not selected: %v", b.View.Selection())
	}
	b.Undo()
	if len(b.Pack().States) != 2 {
		t.Errorf("one undo leaves %d states, want the 2 before the paste", len(b.Pack().States))
	}

	// Duplicate in the first editor: new ids and names, placed beside.
	b.Window().Close() // the test driver finds objects in its last window only
	a.Duplicate()
	d := a.Pack().StateByName("playerTurn2")
	if d == nil || d.ID != graph.NumID(4) {
		t.Fatalf("duplicate of playerTurn: %+v", d)
	}
	if got := a.Pack().Editor.Positions["4"]; got != (graph.Point{X: 40, Y: 170}) {
		t.Errorf("duplicate at %v, want the original moved by (40, 40)", got)
	}
	if tr, _ := d.Transitions.Lookup("play"); tr.To != a.Pack().StateByName("nextPlayer2").ID {
		t.Errorf("the duplicate's play leads to %v, want the duplicated nextPlayer", tr.To)
	}
	assertCanvasImage(t, a, "edit_duplicate.png")
}

// TestUndoRedoEveryOperation: a session of every kind of edit undoes back to
// the pack as opened and redoes to the end, step by step.
func TestUndoRedoEveryOperation(t *testing.T) {
	e := newEditEditor(t)
	var snaps []string
	snap := func() { snaps = append(snaps, yamlOf(t, e.Pack())) }
	snap()
	id, err := e.CreateState(graph.Point{X: 0, Y: 300})
	if err != nil {
		t.Fatal(err)
	}
	snap()
	steps := []func() error{
		func() error { return e.RenameState(id, "bonus") },
		func() error { return e.AddTransition(id, "back", "2") },
		func() error { return e.RenameTransition(diagram.TransitionRef{From: id, Name: "back"}, "again") },
		func() error { return e.SetStateType([]string{id}, graph.Game) },
		func() error {
			e.moved(map[string]graph.Point{id: {X: 50, Y: 320}, "1": {X: -10, Y: 0}})
			return nil
		},
		func() error { _, err := e.PasteText(mustCopy(t, e, "2")); return err },
		func() error { return e.DeleteStates([]string{"3"}) },
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		snap()
	}
	for i := len(snaps) - 2; i >= 0; i-- {
		e.Undo()
		if got := yamlOf(t, e.Pack()); got != snaps[i] {
			t.Fatalf("undo to step %d gives\n%s\nwant\n%s", i, got, snaps[i])
		}
	}
	if e.Dirty() {
		t.Error("undone back to the opened pack, it is still marked unsaved")
	}
	for i := 1; i < len(snaps); i++ {
		e.Redo()
		if got := yamlOf(t, e.Pack()); got != snaps[i] {
			t.Fatalf("redo to step %d gives\n%s\nwant\n%s", i, got, snaps[i])
		}
	}
}

func mustCopy(t *testing.T, e *Editor, ids ...string) string {
	t.Helper()
	text, err := e.CopyText(ids)
	if err != nil {
		t.Fatal(err)
	}
	return text
}
