package editor

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/rulestudio/studio/editor/place"
)

// TestRedoWhateverHasTheFocus: ctrl+shift+Z redoes as ctrl+Y does with the
// focus in a form's field or code field. No menu item shows it (an item has
// one shortcut), so Fyne's driver gave it to the focused widget, which
// dropped it; the window exerciser found it (seeds 2 and 4).
func TestRedoWhateverHasTheFocus(t *testing.T) {
	e := newEditEditor(t)
	h := hands{t, e}
	for _, field := range []string{"description", "action"} {
		if err := e.RenameState("2", "renamed"); err != nil {
			t.Fatal(err)
		}
		e.Undo()
		settle(e)
		e.SelectState("2")
		settle(e)
		w, ok := fyneOf(e.Inspector.Form().Place(field)).(fyne.Focusable)
		if !ok {
			t.Fatalf("field %s is %T, not focusable", field, e.Inspector.Form().Place(field))
		}
		h.click(w)
		h.shortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
		if got := place.State(e.Pack(), "2").Name; got != "renamed" {
			t.Errorf("ctrl+shift+Z with the focus on %s: state 2 is %q, want the rename redone", field, got)
		}
		e.Undo()
		settle(e)
	}
}
