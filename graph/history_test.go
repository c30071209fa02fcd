package graph_test

import (
	"reflect"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// describe is the edit that sets state 3's description to s.
func describe(t *testing.T, h *graph.History, s string) graph.Edit {
	t.Helper()
	return need(t)(graph.EditState(h.Pack(), "3", "description", func(st *graph.State) { st.Description = s }))
}

func description(h *graph.History) string { return h.Pack().State(graph.NumID(3)).Description }

func TestHistoryUndoRedo(t *testing.T) {
	h := graph.NewHistory(sketch(t))
	orig := h.Pack().Clone()
	if _, ok := h.CanUndo(); ok {
		t.Error("a new history can undo")
	}
	if e, err := h.Undo(); e != nil || err != nil {
		t.Errorf("Undo with nothing done: %v, %v", e, err)
	}
	s1, _ := h.Do(describe(t, h, "one"))
	s2, _ := h.Do(describe(t, h, "two"))
	if s1 != 1 || s2 != 2 || h.Top() != 2 {
		t.Errorf("steps %d, %d, top %d", s1, s2, h.Top())
	}
	if label, ok := h.CanUndo(); !ok || label != "edit state 3 description" {
		t.Errorf("CanUndo = %q, %v", label, ok)
	}
	e, err := h.Undo()
	if err != nil || description(h) != "one" || e.Touched()[0] != (graph.Ref{Kind: graph.StateRef, Name: "3", Field: "description"}) {
		t.Fatalf("after one undo: %q (%v)", description(h), err)
	}
	h.Undo()
	if !reflect.DeepEqual(h.Pack(), orig) {
		t.Fatal("undoing everything did not give the pack back")
	}
	h.Redo()
	h.Redo()
	if description(h) != "two" {
		t.Errorf("after two redos: %q", description(h))
	}
	if e, _ := h.Redo(); e != nil {
		t.Error("redo with nothing undone did something")
	}
	// A new step forgets what was undone.
	h.Undo()
	h.Do(describe(t, h, "three"))
	if _, ok := h.CanRedo(); ok {
		t.Error("a new step kept the undone one to redo")
	}
	h.Undo()
	if description(h) != "one" {
		t.Errorf("undo after the new step: %q", description(h))
	}
}

func TestHistoryMergesTyping(t *testing.T) {
	h := graph.NewHistory(sketch(t))
	for _, s := range []string{"H", "He", "Hel"} {
		if st, err := h.Merge("state 3/description", describe(t, h, s)); err != nil || st != 1 {
			t.Fatalf("typing %q went to step %d (%v)", s, st, err)
		}
	}
	h.Seal() // the designer left the field
	h.Merge("state 3/description", describe(t, h, "Hello"))
	h.Merge("state 3/description", describe(t, h, "Hello!"))
	if h.Top() != 2 {
		t.Errorf("top step %d, want 2", h.Top())
	}
	h.Undo()
	if description(h) != "Hel" {
		t.Errorf("undo the second typing: %q, want Hel", description(h))
	}
	h.Undo()
	if description(h) != "" {
		t.Errorf("undo the first typing: %q, want empty", description(h))
	}
	// Another key, or a Do in between, starts a new step.
	h = graph.NewHistory(sketch(t))
	h.Merge("a", describe(t, h, "x"))
	h.Merge("b", describe(t, h, "y"))
	h.Do(describe(t, h, "z"))
	h.Merge("b", describe(t, h, "w"))
	if h.Top() != 4 {
		t.Errorf("top step %d, want 4", h.Top())
	}
	// Undo then redo seals: typing on starts a new step.
	h.Undo()
	h.Redo()
	h.Merge("b", describe(t, h, "v"))
	if h.Top() != 5 {
		t.Errorf("after undo, redo and typing: top step %d, want 5", h.Top())
	}
}

func TestHistorySavedMarker(t *testing.T) {
	h := graph.NewHistory(sketch(t))
	if !h.Saved() {
		t.Error("a project just opened is not saved")
	}
	h.Do(describe(t, h, "a"))
	if h.Saved() {
		t.Error("saved after an edit")
	}
	h.Undo()
	if !h.Saved() {
		t.Error("undoing back to the opened pack did not clear the unsaved mark")
	}
	h.Redo()
	h.Merge("d", describe(t, h, "ab"))
	h.MarkSaved()
	if !h.Saved() {
		t.Error("not saved after MarkSaved")
	}
	h.Merge("d", describe(t, h, "abc")) // typing on after the save: a new step
	if h.Saved() {
		t.Error("saved after typing on")
	}
	h.Undo()
	if !h.Saved() || description(h) != "ab" {
		t.Errorf("undo to the save: saved %v, description %q", h.Saved(), description(h))
	}
	h.Undo()
	if h.Saved() {
		t.Error("saved before the saved step")
	}
	h.Do(describe(t, h, "other")) // the saved step can never come back
	h.Undo()
	h.Redo()
	if h.Saved() {
		t.Error("saved though the saved step was forgotten")
	}
	// An import was never saved.
	h = graph.NewHistory(sketch(t))
	h.ForgetSaved()
	if h.Saved() {
		t.Error("an import counts as saved")
	}
}

func TestHistoryAmendRefinesItsStep(t *testing.T) {
	h := graph.NewHistory(sketch(t))
	at := func(id string) graph.Point { return h.Pack().Editor.Positions[id] }
	start := at("1")
	layout, _ := h.Do(graph.MoveStates(h.Pack(), map[string]graph.Point{"1": {X: 10, Y: 10}, "99": {X: 10, Y: 90}}, "automatic layout"))
	ok, err := h.Amend(layout, graph.MoveStates(h.Pack(), map[string]graph.Point{"1": {X: 20, Y: 20}, "3": {X: 5, Y: 5}}, ""))
	if !ok || err != nil || at("1") != (graph.Point{X: 20, Y: 20}) {
		t.Fatalf("amend: %v %v, 1 at %v", ok, err, at("1"))
	}
	if h.Top() != layout {
		t.Errorf("amending made a new step %d", h.Top())
	}
	if label, _ := h.CanUndo(); label != "automatic layout" {
		t.Errorf("the amended step is labelled %q", label)
	}
	h.Undo() // the layout and its refinement, in one step
	if at("1") != start {
		t.Errorf("undo: 1 at %v, want %v", at("1"), start)
	}
	if _, placed := h.Pack().Editor.Positions["3"]; placed {
		t.Error("undo left the position the refinement gave state 3")
	}
	// A refinement arriving after the designer did something else is dropped.
	h.Redo()
	h.Do(describe(t, h, "moved on"))
	before := h.Pack().Clone()
	if ok, _ := h.Amend(layout, graph.MoveStates(h.Pack(), map[string]graph.Point{"1": {X: 30, Y: 30}}, "")); ok {
		t.Error("amended a step that is no longer the latest")
	}
	if !reflect.DeepEqual(h.Pack(), before) {
		t.Error("a refused amend changed the pack")
	}
	// Amending the saved step leaves the pack unsaved.
	h.MarkSaved()
	if ok, _ := h.Amend(h.Top(), describe(t, h, "refined")); !ok || h.Saved() {
		t.Errorf("amend of the saved step: %v, saved %v", ok, h.Saved())
	}
}

func TestHistoryAmendStartingPoint(t *testing.T) {
	h := graph.NewHistory(sketch(t))
	ok, err := h.Amend(0, graph.MoveStates(h.Pack(), map[string]graph.Point{"3": {X: 1, Y: 2}}, ""))
	if !ok || err != nil {
		t.Fatalf("amend of the opening: %v %v", ok, err)
	}
	if _, can := h.CanUndo(); can || !h.Saved() {
		t.Errorf("the opening's layout is undoable (%v) or unsaved (saved %v)", can, h.Saved())
	}
	h.Do(describe(t, h, "x"))
	h.Undo()
	if ok, _ := h.Amend(0, graph.MoveStates(h.Pack(), map[string]graph.Point{"3": {X: 5, Y: 5}}, "")); ok {
		t.Error("amended the opening after a step was recorded")
	}
}

func TestHistoryFailedEditChangesNothing(t *testing.T) {
	h := graph.NewHistory(sketch(t))
	stale := need(t)(graph.DeleteAction(h.Pack(), "pass"))
	h.Do(stale)
	before := h.Pack().Clone()
	if _, err := h.Do(stale); err == nil {
		t.Fatal("a stale edit was recorded")
	}
	if h.Top() != 1 || !reflect.DeepEqual(h.Pack(), before) {
		t.Errorf("after the failed edit: top %d, pack changed %v", h.Top(), !reflect.DeepEqual(h.Pack(), before))
	}
}

// TestHistoryAmendNeedsNothingUndone: a layout step back on top because the
// step after it was undone is not amended (the undone step may come back).
func TestHistoryAmendNeedsNothingUndone(t *testing.T) {
	h := graph.NewHistory(sketch(t))
	layout, _ := h.Do(graph.MoveStates(h.Pack(), map[string]graph.Point{"1": {X: 10, Y: 10}}, "automatic layout"))
	h.Do(describe(t, h, "x"))
	h.Undo()
	if h.Top() != layout {
		t.Fatalf("top %d, want the layout step %d", h.Top(), layout)
	}
	if ok, _ := h.Amend(layout, graph.MoveStates(h.Pack(), map[string]graph.Point{"1": {X: 20, Y: 20}}, "")); ok {
		t.Error("amended a step with an undone step after it")
	}
}
