package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/forms"
)

// TestRefusedTextStays: what the designer types is never dropped. A value a
// field cannot take (a word in players max, a broken YAML value) stays in
// the field, marked with a message beside it, while the pack keeps its
// value, and other edits do not load the field again over it; a value it
// takes clears the message. An empty max is no limit (the engine's 0): setting
// min does not fill max with 0, so that typing 2 there gives 2, not 02.
func TestRefusedTextStays(t *testing.T) {
	e, _ := newTestEditor(t)
	e.New()
	settle(e)
	h := hands{t, e}
	f := e.Inspector.Form()
	min := widgetAt[*forms.Entry](t, f, "players/min")
	max := widgetAt[*forms.Entry](t, f, "players/max")
	h.click(min)
	h.typ("2")
	if got := max.Text; got != "" {
		t.Errorf("players max shows %q after setting min, want it empty (no limit)", got)
	}
	h.click(max)
	h.typ("4")
	if pl := e.Pack().Players; pl == nil || pl.Min != 2 || pl.Max != 4 || max.Text != "4" {
		t.Fatalf("players %+v, max shows %q, want 2 to 4", pl, max.Text)
	}
	message := func(path string) string {
		t.Helper()
		got, ok := e.Inspector.Field(path)
		if !ok {
			t.Fatalf("the form has no message line at %s", path)
		}
		return got
	}
	hint := message("players/message")
	hintHeight := e.Inspector.Form().Place("players/message").MinSize().Height

	h.shortcut(&fyne.ShortcutSelectAll{})
	h.typ("x")
	if max.Text != "x" || e.Pack().Players.Max != 4 {
		t.Errorf("typing x in players max: the field shows %q, the pack has %d", max.Text, e.Pack().Players.Max)
	}
	if m := message("players/message"); !strings.Contains(m, "x") || m == hint {
		t.Errorf("no message beside players max after typing x: %q", m)
	}
	if m := e.Inspector.Form().Place("players/message"); m.MinSize().Height != hintHeight {
		t.Errorf("the message line is %v high, the hint was %v: the fields below moved", m.MinSize().Height, hintHeight)
	}
	// Another edit loads the form again: the refused text stays.
	h.click(widgetAt[*forms.Entry](t, f, "title"))
	h.typ("!")
	if max.Text != "x" {
		t.Errorf("another edit replaced the refused %q in players max by %q", "x", max.Text)
	}
	h.click(max)
	h.shortcut(&fyne.ShortcutSelectAll{})
	h.typ("5")
	if e.Pack().Players.Max != 5 || message("players/message") != hint {
		t.Errorf("after typing 5: max %d, message %q", e.Pack().Players.Max, message("players/message"))
	}
	// Undo (players max back to 4) loads the field again.
	h.click(widgetAt[*forms.Entry](t, f, "title"))
	e.Undo()
	if max.Text != "4" {
		t.Errorf("after undo players max shows %q, want 4", max.Text)
	}

	// A variable's value that does not read as YAML.
	e.Dock.Show(PanelObjectTypes)
	ot := e.ObjectTypes()
	ot.Add()
	ot.Form().Place("variables/add").(interface{ Tapped(*fyne.PointEvent) }).Tapped(nil)
	val := widgetAt[*forms.Entry](t, ot.Form(), "variables/0/value")
	valueHint, _ := ot.Field("variables/0/message")
	h.click(val)
	h.typ("[1,")
	if val.Text != "[1," || e.Pack().ObjectTypes[0].Clauses.Variables[0].Value != nil {
		t.Errorf("typing [1, in a value: the field shows %q", val.Text)
	}
	if m, _ := ot.Field("variables/0/message"); m == valueHint {
		t.Errorf("no message beside the variable's value: %q", m)
	}
	h.click(widgetAt[*forms.Entry](t, ot.Form(), "name"))
	h.typ("s") // renamed on leaving: another edit
	h.click(val)
	if val.Text != "[1," {
		t.Errorf("another edit replaced the refused value by %q", val.Text)
	}
	h.typ(" 2]")
	if v := e.Pack().ObjectTypes[0].Clauses.Variables[0].Value; v == nil || len(v.List) != 2 {
		t.Errorf("after completing the list: %+v", v)
	}
}
