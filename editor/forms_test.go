package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/graph"
)

// seedsEditor is a test editor showing the bundled seeds pack (states,
// actions, object types and a script), its checks done.
func seedsEditor(t *testing.T) *Editor {
	t.Helper()
	e, _ := newTestEditor(t)
	data, ok := assets.Pack("seeds")
	if !ok {
		t.Fatal("no bundled pack seeds")
	}
	p, err := graph.ReadMultiDoc(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(p, nil)
	settle(e)
	return e
}

// widgetAt returns the widget of the field at path of f, failing the test
// when there is none of type T.
func widgetAt[T any](t *testing.T, f *forms.Form, path string) T {
	t.Helper()
	w, ok := fyneOf(f.Place(path)).(T)
	if !ok {
		var zero T
		t.Fatalf("field %s is %T, want %T", path, f.Place(path), zero)
	}
	return w
}

// typeAtEnd types s at the end of an entry, as the designer would.
func typeAtEnd(en *forms.Entry, s string) {
	en.CursorRow, en.CursorColumn = 0, len([]rune(en.Text))
	test.Type(en, s)
}

// submit presses Enter in an entry.
func submit(en *forms.Entry) { en.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }

// undoAll undoes every step and checks the pack is back where it started.
func undoAll(t *testing.T, e *Editor, want *graph.Pack) {
	t.Helper()
	for {
		if _, ok := e.hist.CanUndo(); !ok {
			break
		}
		e.Undo()
	}
	got, _ := graph.Marshal(e.Pack())
	w, _ := graph.Marshal(want)
	if string(got) != string(w) {
		t.Errorf("undoing every step does not give the pack back")
	}
}

// TestStateFormEditsEveryField changes every field of a state through its
// widget and checks the pack; one undo step per field, and undoing them all
// gives the pack back.
func TestStateFormEditsEveryField(t *testing.T) {
	e := seedsEditor(t)
	orig := e.Pack().Clone()
	e.SelectState("10")
	f := e.Inspector.Form()
	st := func() *graph.State { return place.State(e.Pack(), "10") }
	steps := 0
	step := func(what string, n int) {
		t.Helper()
		steps += n
		if n := int(e.hist.Top()); n != steps {
			t.Errorf("after %s: %d undo steps, want %d", what, n, steps)
		}
	}

	typeAtEnd(widgetAt[*forms.Entry](t, f, "name"), "Now")
	if st().Name != "chooseTargetNow" {
		t.Errorf("name %q", st().Name)
	}
	step("name", 1)
	e.Seal()
	widgetAt[*widget.Select](t, f, "type").SetSelected("game")
	if st().Type != graph.Game {
		t.Errorf("type %q", st().Type)
	}
	step("type", 1)
	typeAtEnd(widgetAt[*forms.Entry](t, f, "description"), " now")
	typeAtEnd(widgetAt[*forms.Entry](t, f, "descriptionmyturn"), "!")
	if !strings.HasSuffix(st().Description, "${source} now") || !strings.HasSuffix(st().DescriptionMyTurn, "${source}!") {
		t.Errorf("descriptions %q, %q", st().Description, st().DescriptionMyTurn)
	}
	step("descriptions", 2) // typing in two fields: two steps (a new key starts one)
	test.Type(widgetAt[*code.Editor](t, f, "action"), "x = 1")
	test.Type(widgetAt[*code.Editor](t, f, "args"), "{}")
	if st().Action.Src != "x = 1" || !strings.HasPrefix(st().Args.Src, "{}") {
		t.Errorf("action %q, args %q", st().Action.Src, st().Args.Src)
	}
	step("code", 2)
	pa := widgetAt[*forms.Entry](t, f, "possibleactions")
	pa.SetText("target, pass")
	if got := strings.Join(st().PossibleActions, "|"); got != "target|pass" {
		t.Errorf("possibleactions %q", got)
	}
	step("possibleactions", 1)

	tapButton(t, f.Content(), "Add transition")
	if len(st().Transitions) != 1 || st().Transitions[0].Name != "next" {
		t.Fatalf("transitions after adding one: %+v", st().Transitions)
	}
	step("add transition", 1)
	name := widgetAt[*forms.Entry](t, f, "transitions/0")
	name.SetText("done")
	submit(name)
	widgetAt[*widget.Select](t, f, "transitions/0/to").SetSelected("2 · playerTurn")
	if tr := st().Transitions[0]; tr.Name != "done" || tr.To != graph.NumID(2) {
		t.Errorf("transition %+v, want done to 2", tr)
	}
	step("transition", 2)
	tapButton(t, f.Content(), "Add transition")
	test.Tap(widgetAt[*widget.Button](t, f, "transitions/1/delete"))
	if len(st().Transitions) != 1 {
		t.Errorf("after adding and deleting a second transition: %+v", st().Transitions)
	}
	step("add and delete a transition", 2)
	test.Tap(widgetAt[*widget.Check](t, f, "updateGameProgression"))
	widgetAt[*widget.Select](t, f, "initialprivate").SetSelected("11 · discardCard")
	if !st().UpdateGameProgression || st().InitialPrivate == nil || *st().InitialPrivate != graph.NumID(11) {
		t.Errorf("updateGameProgression %v, initialprivate %v", st().UpdateGameProgression, st().InitialPrivate)
	}
	step("check and initialprivate", 2)

	widgetAt[*forms.Entry](t, f, "params/1/default").SetText("3")
	widgetAt[*widget.Select](t, f, "params/0/type").SetSelected("player")
	if ps := st().Params; ps[1].Default == nil || ps[1].Default.Int != 3 || ps[0].Type != "player" {
		t.Errorf("params %+v %+v", ps[0], ps[1])
	}
	step("params", 2)
	test.Type(widgetAt[*code.Editor](t, f, "ending"), "True")
	test.Type(widgetAt[*code.Editor](t, f, "endaction"), "pass")
	if st().Ending.Src != "True" || st().EndAction.Src != "pass" {
		t.Errorf("ending %q, endaction %q", st().Ending.Src, st().EndAction.Src)
	}
	step("ending and endaction", 2)

	id := widgetAt[*forms.Entry](t, f, "id")
	id.SetText("12")
	submit(id)
	if place.State(e.Pack(), "12") == nil || e.View.Selected() != "12" || e.Inspector.Shown() != "12" {
		t.Errorf("after changing the id to 12: selected %q, inspector %q", e.View.Selected(), e.Inspector.Shown())
	}
	undoAll(t, e, orig)
}

// tapButton taps the button labelled text inside o.
func tapButton(t *testing.T, o fyne.CanvasObject, text string) {
	t.Helper()
	var found *widget.Button
	walk(o, func(o fyne.CanvasObject) {
		if b, ok := fyneOf(o).(*widget.Button); ok && b.Text == text && found == nil {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no button %q", text)
	}
	test.Tap(found)
}

// walk calls f for o and every object inside it (containers, and the
// objects of the widgets' renderers).
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch w := o.(type) {
	case *fyne.Container:
		for _, c := range w.Objects {
			walk(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(w).Objects() {
			walk(c, f)
		}
	}
}

// TestTypingKeepsTheField: typing in a field loads the forms after every
// keystroke without rebuilding the field or moving its cursor, and the
// typing is one undo step.
func TestTypingKeepsTheField(t *testing.T) {
	e := seedsEditor(t)
	e.SelectState("2")
	f := e.Inspector.Form()
	en := widgetAt[*forms.Entry](t, f, "description")
	orig := en.Text
	typeAtEnd(en, " now")
	if e.Inspector.Form() != f || f.Place("description") != en {
		t.Fatal("the form was rebuilt while typing")
	}
	if en.Text != orig+" now" || en.CursorColumn != len([]rune(orig+" now")) {
		t.Errorf("entry %q, cursor at %d", en.Text, en.CursorColumn)
	}
	if got := place.State(e.Pack(), "2").Description; got != orig+" now" {
		t.Errorf("description %q", got)
	}
	if e.hist.Top() != 1 {
		t.Errorf("%d undo steps for one field's typing, want 1", e.hist.Top())
	}
	e.Undo()
	if en.Text != orig {
		t.Errorf("undo: the field shows %q, want %q", en.Text, orig)
	}
}

// cardKinds are the YAML keys of the kinds of clause, in the order the
// cards show them (docs/model.md).
var cardKinds = []string{"while", "whenever", "when", "properties", "methods", "tags", "variables"}

// clauseList lists the names of c's clauses of the kind keyed kind.
func clauseList(c *graph.Clauses, kind string) []string {
	var out []string
	switch kind {
	case "while":
		for _, w := range c.While {
			out = append(out, w.Name)
		}
	case "whenever", "when":
		l := c.Whenever
		if kind == "when" {
			l = c.When
		}
		for _, w := range l {
			out = append(out, w.Name)
		}
	case "properties":
		for _, p := range c.Properties {
			out = append(out, p.Name)
		}
	case "methods":
		for _, m := range c.Methods {
			out = append(out, m.Name)
		}
	case "tags":
		out = append(out, c.Tags...)
	case "variables":
		for _, v := range c.Variables {
			out = append(out, v.Name)
		}
	default:
		out = []string{"?"}
	}
	return out
}

// clauseNames lists the names of an object type's clauses of one kind.
func clauseNames(c *graph.Clauses, kind string) string {
	return strings.Join(clauseList(c, kind), ",")
}
