package editor

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/graph"
)

// TestYAMLViewOfAState: the view shows the selected state's lines of the
// whole pack's canonical YAML, numbered as there; an edit in the form shows
// in the text, and typing in the text edits the pack (one undo step).
func TestYAMLViewOfAState(t *testing.T) {
	e := seedsEditor(t)
	y := e.YAML()
	e.Dock.Show(PanelYAML)
	e.SelectState("2")
	whole, err := graph.Marshal(e.Pack())
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(whole), "\n")
	if got := lines[y.FirstLine()-1]; got != "  - id: 2" {
		t.Errorf("the view starts at line %d of the pack, %q", y.FirstLine(), got)
	}
	n := strings.Count(y.Text(), "\n") + 1
	if want := strings.Join(lines[y.FirstLine()-1:y.FirstLine()-1+n], "\n"); y.Text() != want {
		t.Errorf("the view shows\n%s\nwant the pack's lines\n%s", y.Text(), want)
	}
	if !strings.Contains(lines[y.FirstLine()-1+n], "- id: 3") {
		t.Errorf("the view stops before %q", lines[y.FirstLine()-1+n])
	}

	// Forms to text.
	typeAtEnd(widgetAt[*forms.Entry](t, e.Inspector.Form(), "name"), "Z")
	e.Seal()
	if !strings.Contains(y.Text(), "name: playerTurnZ\n") {
		t.Errorf("after renaming in the form the view shows\n%s", y.Text())
	}

	// Text to forms: the designer types a description at the end of a line.
	c := y.Code()
	c.SetCursor(2, 100) // the end of "    name: playerTurnZ"
	test.Type(c, "Y")
	if got := place.State(e.Pack(), "2").Name; got != "playerTurnZY" {
		t.Errorf("typing in the view: name %q", got)
	}
	if got, _ := e.Inspector.Field("name"); got != "playerTurnZY" {
		t.Errorf("the form shows name %q", got)
	}
	// A text that does not read: marked, and the pack keeps its last good state.
	test.Type(c, ": [")
	if got := place.State(e.Pack(), "2").Name; got != "playerTurnZY" {
		t.Errorf("a text that does not read changed the name to %q", got)
	}
	if m := c.Marks(); len(m) != 1 || m[0].Severity != graph.Error || y.Status() == "" {
		t.Errorf("marks %+v, status %q", m, y.Status())
	}
	for range 3 {
		c.TypedKey(backspace)
	}
	if m := c.Marks(); len(m) != 0 || y.Status() != "" {
		t.Errorf("after fixing the text: marks %+v, status %q", m, y.Status())
	}
	e.Undo() // the typing in the view
	if got := place.State(e.Pack(), "2").Name; got != "playerTurnZ" {
		t.Errorf("undo of the typing in the view: name %q", got)
	}
}

// TestYAMLViewOfTheWholePack: the whole pack's text is its canonical YAML;
// editing a line replaces the pack (the canvas and forms follow), and the
// edits of one typing are one undo step.
func TestYAMLViewOfTheWholePack(t *testing.T) {
	e := seedsEditor(t)
	y := e.YAML()
	e.Dock.Show(PanelYAML)
	y.SetScope(code.ScopeWhole)
	whole, _ := graph.Marshal(e.Pack())
	if y.Text() != strings.TrimSuffix(string(whole), "\n") || y.FirstLine() != 1 {
		t.Fatal("the whole pack's view is not its canonical YAML")
	}
	c := y.Code()
	c.SetCursor(3, 100) // "title: The seed effects"
	test.Type(c, "!!")
	if e.Pack().Title != "The seed effects!!" {
		t.Errorf("title %q", e.Pack().Title)
	}
	c.FocusLost() // the designer leaves the text: the next typing is a step of its own
	// A state added in the text shows on the canvas.
	i := strings.Index(y.Text(), "actions:")
	before := strings.Count(y.Text()[:i], "\n") // the line before "actions:"
	c.SetCursor(before, 100)
	clip := fyne.CurrentApp().Clipboard()
	clip.SetContent("\n  - id: 50\n    name: extra\n    type: game")
	c.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	if place.State(e.Pack(), "50") == nil {
		t.Fatalf("no state 50 after typing it; status %q", y.Status())
	}
	if !slices.Contains(e.View.States(), "50") {
		t.Error("the canvas does not draw state 50")
	}
	e.Undo()
	if place.State(e.Pack(), "50") != nil || e.Pack().Title != "The seed effects!!" {
		t.Errorf("one undo: state 50 there %v, title %q", place.State(e.Pack(), "50") != nil, e.Pack().Title)
	}
}

// TestYAMLViewOfAnObjectType: the view follows the object type selected in
// its panel, and a renamed type in the text is renamed in the pack.
func TestYAMLViewOfAnObjectType(t *testing.T) {
	e := seedsEditor(t)
	y := e.YAML()
	e.ObjectTypes().Select("bauble")
	e.Dock.Show(PanelYAML)
	if !strings.HasPrefix(y.Text(), "  bauble:\n") {
		t.Fatalf("the view shows\n%s", y.Text())
	}
	c := y.Code()
	c.SetCursor(1, 9) // after "  bauble"
	test.Type(c, "s")
	if e.Pack().ObjectTypes.Lookup("baubles") == nil || e.ObjectTypes().Selected() != "baubles" {
		t.Errorf("after renaming in the text: types %v, selected %q", e.ObjectTypes().Names(), e.ObjectTypes().Selected())
	}
}

var backspace = &fyne.KeyEvent{Name: fyne.KeyBackspace}

// TestEditAsYAML: with a state selected on the canvas, View > Edit as YAML
// (ctrl+U) brings the YAML view of the state to the front with the cursor
// at its start and the keyboard's focus; a clause typed at the end of its
// text, with the keys a designer uses, becomes the state's clause, whose
// code the inspector's card shows.
func TestEditAsYAML(t *testing.T) {
	e := seedsEditor(t)
	e.SelectState("2")
	e.win.Canvas().Focus(e.View)
	it := menuItem(e, "Edit as YAML")
	if it == nil || it.Shortcut == nil || it.Shortcut.ShortcutName() != yamlShortcut.ShortcutName() {
		t.Fatalf("View > Edit as YAML: %+v", it)
	}
	it.Action()
	y := e.YAML()
	if got := e.Dock.Front(dock.Centre); got != PanelYAML {
		t.Fatalf("the centre shows %q, want the YAML view", got)
	}
	if !strings.HasPrefix(y.Text(), "  - id: 2\n") {
		t.Fatalf("the YAML view shows\n%s\nwant state 2", y.Text())
	}
	if e.win.Canvas().Focused() != y.Code() {
		t.Fatalf("the focus is on %T, want the YAML view's text", e.win.Canvas().Focused())
	}
	if l, c := y.Code().CursorPos(); l != 1 || c != 1 {
		t.Errorf("the cursor is at %d:%d, want 1:1", l, c)
	}

	// The keys the Xvfb test (cmd/studio) types: to the end of the text, a
	// new line at column 0, the clause.
	cv := e.win.Canvas()
	for _, k := range []fyne.KeyName{fyne.KeyPageDown, fyne.KeyEnd, fyne.KeyReturn, fyne.KeyHome} {
		cv.Focused().TypedKey(&fyne.KeyEvent{Name: k})
	}
	body := `notify("bonus drawn")`
	for i, r := range `    clauses: {whenever: [{name: bonus, condition: "True", body: '` + body + `'}]}` {
		f := cv.Focused()
		if f == nil {
			t.Fatalf("the view lost the focus after %d runes: %q", i, y.Text())
		}
		f.TypedRune(r)
	}
	s := place.State(e.Pack(), "2")
	if s.Clauses == nil || len(s.Clauses.Whenever) != 1 || s.Clauses.Whenever[0].Body.Src != body {
		t.Fatalf("after typing the clause, state 2 has clauses %+v; status %q", s.Clauses, y.Status())
	}
	if got, _ := e.Inspector.Field("clauses/whenever/0/body"); got != body {
		t.Errorf("the inspector's whenever card shows body %q, want %q", got, body)
	}
	e.Undo()
	if s := place.State(e.Pack(), "2"); s.Clauses != nil && len(s.Clauses.Whenever) != 0 {
		t.Errorf("undo left the clause: %+v", s.Clauses)
	}
}
