package editor

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/ui"
)

// pressKey delivers a key typed in the window as Fyne's desktop driver
// does: to the widget that has the focus, else to the window's handler.
func pressKey(c fyne.Canvas, name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	} else if k := c.OnTypedKey(); k != nil {
		k(ev)
	}
}

// fyneOf is the Fyne widget inside o when o is one of the window's types
// that pass the step keys on (the tests tap, tick and choose through
// Fyne's own widget), else o itself.
func fyneOf(o fyne.CanvasObject) fyne.CanvasObject {
	switch x := o.(type) {
	case *ui.Button:
		return &x.Button
	case *ui.Select:
		return &x.Select
	case *ui.Check:
		return &x.Check
	}
	return o
}

// focusables returns the widgets on screen in w that can take the focus.
func focusables(w fyne.Window) []fyne.Focusable {
	var out []fyne.Focusable
	var walk func(fyne.CanvasObject)
	walk = func(at fyne.CanvasObject) {
		if at == nil || !at.Visible() {
			return
		}
		if f, ok := at.(fyne.Focusable); ok {
			out = append(out, f)
		}
		switch x := at.(type) {
		case *fyne.Container:
			for _, k := range x.Objects {
				walk(k)
			}
		case fyne.Widget:
			for _, k := range test.WidgetRenderer(x).Objects() {
				walk(k)
			}
		}
	}
	walk(w.Content())
	return out
}

// TestStepKeysWhateverHasTheFocus: F9 steps back and F11 forward whichever
// widget of the window has the focus (the canvas clicked, a debugger
// filter, the timeline, a form field of the Inspector…), and with none.
func TestStepKeysWhateverHasTheFocus(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	c := e.Window().Canvas()
	tried := map[string]bool{}
	try := func(where string) {
		for _, f := range append(focusables(e.Window()), nil) {
			name, key := "nothing", "nothing"
			if f != nil {
				name, key = fmt.Sprintf("%T", f), fmt.Sprintf("%p", f)
			}
			if tried[key] {
				continue
			}
			tried[key], tried[name] = true, true
			if f == nil {
				c.Unfocus()
			} else if c.Focus(f); c.Focused() != f {
				continue // disabled: it cannot have the focus
			}
			at := e.Play.Session().Cursor()
			pressKey(c, fyne.KeyF9)
			back := e.Play.Session().Cursor()
			pressKey(c, fyne.KeyF11)
			if back != at-1 || e.Play.Session().Cursor() != at {
				t.Errorf("%s, focus on %s (%T): F9 then F11 moved the cursor %d -> %d -> %d", where, name, c.Focused(), at, back, e.Play.Session().Cursor())
			}
		}
	}
	try("the match")
	for _, tab := range e.Play.Tabs() {
		e.Play.ShowTab(tab)
		try("debugger tab " + tab)
	}
	e.Dock.Show(PanelInspector)
	try("the pack's form")
	e.SelectState(e.Pack().States[1].ID.String()) // a state's form has choices and a check
	if e.View.Selected() == "" {
		t.Fatal("no state selected")
	}
	try("a state's form")
	for _, id := range []string{PanelObjectTypes, PanelActions, PanelScripts, PanelYAML} {
		e.Dock.Show(id)
		try("the " + id + " tab")
	}
	for _, kind := range []string{"*diagram.View", "*code.Editor", "*forms.Entry", "*ui.Entry", "*ui.List", "*ui.Slider", "*ui.SelectEntry", "*ui.Button", "*ui.Select", "*ui.Check", "*play.Choice", "nothing"} {
		if !tried[kind] {
			t.Errorf("no %s among the widgets tried", kind)
		}
	}
	t.Logf("%d widgets tried", len(tried))
}

// TestPlayMenuShowsTheStepKeys: the Play menu's step commands carry their
// keys as shortcuts (drawn beside the item as every other menu's are), not
// as words in their labels, and the keys are the ones the window hears.
func TestPlayMenuShowsTheStepKeys(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	for label, k := range map[string]fyne.KeyName{"Step": fyne.KeyF10, "Continue": fyne.KeyF5, "Back": fyne.KeyF9, "Forward": fyne.KeyF11} {
		it := menuItem(e, label)
		if it == nil {
			t.Errorf("the Play menu has no item %q", label)
			continue
		}
		sc, ok := it.Shortcut.(*desktop.CustomShortcut)
		if !ok || sc.KeyName != k || sc.Modifier != 0 {
			t.Errorf("Play > %s: shortcut %#v, want %s", label, it.Shortcut, k)
		}
	}
	at := e.Play.Session().Cursor()
	menuItem(e, "Back").Action()
	if e.Play.Session().Cursor() != at-1 {
		t.Errorf("Play > Back: cursor %d, want %d", e.Play.Session().Cursor(), at-1)
	}
}

// TestStepKeysWithoutAMatchSaySo: with no match, F5/F9/F10/F11 and the
// Play menu's step commands say how to start one instead of doing nothing
// (under Xvfb F10 after End Match left the window as it was, silent).
func TestStepKeysWithoutAMatchSaySo(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "hearts"), nil)
	settle(e)
	c := e.Window().Canvas()
	for _, k := range []fyne.KeyName{fyne.KeyF5, fyne.KeyF9, fyne.KeyF10, fyne.KeyF11} {
		e.setStatus("")
		c.Unfocus()
		pressKey(c, k)
		if !strings.Contains(e.status.Text, "New match") {
			t.Errorf("%s with no match: status %q", k, e.status.Text)
		}
	}
	for _, label := range []string{"Step", "Continue", "Back", "Forward"} {
		e.setStatus("")
		menuItem(e, label).Action()
		if !strings.Contains(e.status.Text, "New match") {
			t.Errorf("Play > %s with no match: status %q", label, e.status.Text)
		}
	}
}
