package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/graph"
)

// TestCodeFieldKeys: Tab in a one-line code field moves on to the next
// field as in any other field (it left four spaces in the pack's timeout);
// in code of several lines it indents. ctrl+End and ctrl+Home go to the
// end and the start of the text, and Backspace in an indentation takes
// back one level.
func TestCodeFieldKeys(t *testing.T) {
	e := seedsEditor(t)
	h := hands{t, e}
	e.SelectState("") // the pack's own fields
	timeout := widgetAt[*code.Editor](t, e.Inspector.Form(), "timeout")
	before := e.Pack().Timeout.Src
	h.click(timeout)
	h.key(fyne.KeyTab)
	if got := e.Pack().Timeout.Src; got != before {
		t.Errorf("Tab in the timeout field left %q in the pack, want %q", got, before)
	}
	if timeout.Focused() || e.Window().Canvas().Focused() == nil {
		t.Errorf("Tab did not move the focus on from the timeout field (focused: %T)", e.Window().Canvas().Focused())
	}

	e.Dock.Show(PanelActions)
	ap := e.Actions()
	ap.Select("draw")
	body := widgetAt[*code.Editor](t, ap.Form(), "body")
	h.click(body)
	body.SetText("if True:\nx = 1\ny = 2")
	body.SetCursor(2, 1)
	h.key(fyne.KeyTab)
	if got := e.Pack().Actions.Lookup("draw").Body.Src; got != "if True:\n    x = 1\ny = 2" {
		t.Errorf("Tab in a body of several lines gave %q", got)
	}
	ctrlKey := func(k fyne.KeyName, mod fyne.KeyModifier) {
		h.shortcut(&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | mod})
	}
	ctrlKey(fyne.KeyEnd, 0)
	if l, c := body.CursorPos(); l != 3 || c != 6 {
		t.Errorf("ctrl+End put the cursor at %d:%d, want 3:6", l, c)
	}
	ctrlKey(fyne.KeyHome, 0)
	if l, c := body.CursorPos(); l != 1 || c != 1 {
		t.Errorf("ctrl+Home put the cursor at %d:%d, want 1:1", l, c)
	}
	ctrlKey(fyne.KeyEnd, fyne.KeyModifierShift)
	if got := body.SelectedText(); got != body.Text() {
		t.Errorf("ctrl+shift+End from the start selected %q", got)
	}

	body.SetText("if True:\n        x = 1")
	body.SetCursor(2, 9) // after eight spaces
	h.key(fyne.KeyBackspace)
	if got := body.Text(); got != "if True:\n    x = 1" {
		t.Errorf("Backspace in an indentation of two levels gave %q", got)
	}
	body.SetText("if True:\n      x = 1")
	body.SetCursor(2, 7) // after six spaces: back to the level of four
	h.key(fyne.KeyBackspace)
	if got := body.Text(); got != "if True:\n    x = 1" {
		t.Errorf("Backspace after six spaces gave %q", got)
	}
	body.SetCursor(2, 6) // after "    x": one character
	h.key(fyne.KeyBackspace)
	if got := body.Text(); got != "if True:\n     = 1" {
		t.Errorf("Backspace after code gave %q", got)
	}
}

// TestCodeFieldMessageInStatus: a code field writes a mark's message after
// its line, where a long one is cut at the field's edge; while the cursor
// is on that line the status line holds the whole message, also when the
// check comes back after the keystroke that made the mistake.
func TestCodeFieldMessageInStatus(t *testing.T) {
	e := seedsEditor(t)
	h := hands{t, e}
	e.SelectState("3")
	action := widgetAt[*code.Editor](t, e.Inspector.Form(), "action")
	h.click(action)
	h.key(fyne.KeyEnd)
	h.typ("s")
	settle(e)
	if len(action.Marks()) == 0 {
		t.Fatal("no mark on the action stNextPlayers")
	}
	want := action.Marks()[0].Message
	if got := status(e); !strings.Contains(got, want) {
		t.Errorf("the status line says %q, want the mark's message %q", got, want)
	}
	if row := action.Grid().RowText(0); !strings.Contains(row, "error: ") {
		t.Errorf("the marked line shows %q, no message after it", row)
	}
}

// TestTabCyclesInTheForm: Tab from the last field of the pack's form (the
// one-line timeout) goes back to the form's first field, not to the
// toolbar's first button, and the digit typed next lands in that field;
// the same from the last field of an action's form.
func TestTabCyclesInTheForm(t *testing.T) {
	e := seedsEditor(t)
	h := hands{t, e}
	e.SelectState("")
	in := e.Inspector
	settle(e)
	h.click(widgetAt[*code.Editor](t, in.Form(), "timeout"))
	h.key(fyne.KeyTab)
	inForm := func(f *forms.Form) bool {
		got := e.Window().Canvas().Focused()
		for _, path := range f.Paths() {
			if fo, ok := fyneOf(f.Place(path)).(fyne.Focusable); ok && fo == got {
				return true
			}
		}
		return false
	}
	if !inForm(in.Form()) {
		t.Fatalf("Tab from the timeout field put the focus on %T, outside the pack's form", e.Window().Canvas().Focused())
	}
	before, _ := graph.Marshal(e.Pack())
	h.typ("7")
	if after, _ := graph.Marshal(e.Pack()); string(after) == string(before) && !strings.Contains(status(e), "7") {
		t.Errorf("the 7 typed after Tab went nowhere (focus on %T, status %q)", e.Window().Canvas().Focused(), status(e))
	}

	e.Dock.Show(PanelActions)
	ap := e.Actions()
	ap.Select("draw")
	settle(e)
	last := lastFocusable(t, e, ap.Form())
	h.click(last)
	h.key(fyne.KeyTab)
	if !inForm(ap.Form()) {
		t.Errorf("Tab from the action form's last field put the focus on %T, outside the form", e.Window().Canvas().Focused())
	}
}

// lastFocusable is the last field of f on screen in the order Tab visits
// the window's widgets.
func lastFocusable(t *testing.T, e *Editor, f *forms.Form) fyne.Focusable {
	t.Helper()
	var last fyne.Focusable
	for _, fo := range focusables(e.Window()) {
		for _, path := range f.Paths() {
			if fyneOf(f.Place(path)) == fo.(fyne.CanvasObject) {
				last = fo
			}
		}
	}
	if last == nil {
		t.Fatal("the form has no field on screen")
	}
	return last
}
