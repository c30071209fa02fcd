package editor

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
)

// TestInspectorKeepsTheStateOfTheSelectedArrow: with an arrow selected
// the Inspector shows the form of the state it leaves; typing in that form
// keeps it there (each keystroke's edit loads the Inspector again, and it
// went to the pack's form, the next keystrokes typed into a form no longer
// shown). Found by the window exerciser (TestExerciseWindow).
func TestInspectorKeepsTheStateOfTheSelectedArrow(t *testing.T) {
	e := seedsEditor(t)
	var from, name string
	for _, s := range e.Pack().States {
		if len(s.Transitions) > 0 {
			from, name = s.ID.String(), s.Transitions[0].Name
			break
		}
	}
	tr := diagram.TransitionRef{From: from, Name: name}
	if !e.View.SelectTransition(tr) {
		t.Fatalf("no arrow %s/%s drawn", from, name)
	}
	e.View.OnTransitionSelected(tr)
	if got := e.Inspector.Shown(); got != from {
		t.Fatalf("arrow %s/%s selected: the Inspector shows %q, want state %s", from, name, got, from)
	}
	en := widgetAt[*forms.Entry](t, e.Inspector.Form(), "description")
	typeAtEnd(en, " now")
	settle(e)
	if got := e.Inspector.Shown(); got != from {
		t.Errorf("after typing in state %s's description: the Inspector shows %q", from, got)
	}
	if d := place.State(e.Pack(), from).Description; !strings.HasSuffix(d, " now") {
		t.Errorf("state %s's description %q, want it to end in \" now\"", from, d)
	}
}

// TestRenamedArrowKeepsItsStateInTheInspector: renaming the selected arrow
// keeps it selected and the Inspector on the state it leaves (it showed the
// pack's form, and the first keystroke typed there switched it to the
// state's). Found by the window exerciser.
func TestRenamedArrowKeepsItsStateInTheInspector(t *testing.T) {
	e := seedsEditor(t)
	tr := diagram.TransitionRef{From: "2", Name: e.Pack().States[1].Transitions[0].Name}
	if e.Pack().States[1].ID.String() != "2" || !e.View.SelectTransition(tr) {
		t.Fatalf("no arrow %v", tr)
	}
	e.View.OnTransitionSelected(tr)
	if err := e.RenameTransition(tr, "renamed"); err != nil {
		t.Fatal(err)
	}
	if got, ok := e.View.SelectedTransition(); !ok || got != (diagram.TransitionRef{From: "2", Name: "renamed"}) {
		t.Errorf("selected arrow after the rename: %v %v", got, ok)
	}
	if got := e.Inspector.Shown(); got != "2" {
		t.Errorf("after renaming an arrow of state 2 the Inspector shows %q", got)
	}
}

// TestArrowRenamedInTheFormKeepsTheForm: with an arrow selected, renaming
// it in the Inspector's transitions field (Enter) leaves the Inspector on
// its state's form, though the arrow selected is gone under its old name.
func TestArrowRenamedInTheFormKeepsTheForm(t *testing.T) {
	e := seedsEditor(t)
	tr := diagram.TransitionRef{From: "2", Name: e.Pack().States[1].Transitions[0].Name}
	if !e.View.SelectTransition(tr) {
		t.Fatalf("no arrow %v", tr)
	}
	e.View.OnTransitionSelected(tr)
	name := widgetAt[*forms.Entry](t, e.Inspector.Form(), "transitions/0")
	typeAtEnd(name, "9")
	submit(name)
	settle(e)
	if !hasTransition(e.Pack(), "2", tr.Name+"9") {
		t.Fatalf("state 2 has no transition %s9", tr.Name)
	}
	if got := e.Inspector.Shown(); got != "2" {
		t.Errorf("after renaming arrow %s in state 2's form the Inspector shows %q", tr.Name, got)
	}
}
