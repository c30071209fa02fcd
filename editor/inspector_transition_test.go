package editor

import (
	"strings"
	"testing"
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
	tr := TransitionRef{From: from, Name: name}
	if !e.View.SelectTransition(tr) {
		t.Fatalf("no arrow %s/%s drawn", from, name)
	}
	e.View.OnTransitionSelected(tr)
	if got := e.Inspector.Shown(); got != from {
		t.Fatalf("arrow %s/%s selected: the Inspector shows %q, want state %s", from, name, got, from)
	}
	en := widgetAt[*formEntry](t, e.Inspector.form, "description")
	typeAtEnd(en, " now")
	settle(e)
	if got := e.Inspector.Shown(); got != from {
		t.Errorf("after typing in state %s's description: the Inspector shows %q", from, got)
	}
	if d := findState(e.Pack(), from).Description; !strings.HasSuffix(d, " now") {
		t.Errorf("state %s's description %q, want it to end in \" now\"", from, d)
	}
}
