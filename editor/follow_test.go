package editor

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
)

// hands drive the window as a designer at the keyboard does: a click
// moves the focus through the window's canvas (so the field left hears
// FocusLost, as it does in the real window), and keys, runes and
// shortcuts go to whatever has the focus then, or to the window.
type hands struct {
	t *testing.T
	e *Editor
}

func (h hands) canvas() fyne.Canvas { return h.e.Window().Canvas() }

// click puts the focus in o, as a click on it does.
func (h hands) click(o fyne.Focusable) { h.canvas().Focus(o) }

// typ types s into the focused widget, rune by rune ('\n' as Enter).
func (h hands) typ(s string) {
	h.t.Helper()
	for _, r := range s {
		if r == '\n' {
			h.key(fyne.KeyReturn)
			continue
		}
		f := h.canvas().Focused()
		if f == nil {
			h.t.Fatalf("typing %q with nothing focused", s)
		}
		f.TypedRune(r)
	}
}

// key presses the key named k. Tab moves the focus on unless the focused
// widget keeps it (fyne.Tabbable), as Fyne's desktop driver does.
func (h hands) key(k fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: k}
	if k == fyne.KeyTab {
		if tb, ok := h.canvas().Focused().(fyne.Tabbable); !ok || !tb.AcceptsTab() {
			h.canvas().FocusNext()
			return
		}
	}
	if f := h.canvas().Focused(); f != nil {
		f.TypedKey(ev)
	} else if on := h.canvas().OnTypedKey(); on != nil {
		on(ev)
	}
}

// shortcut presses a shortcut as Fyne's desktop driver hands it on: to
// the main menu's item with that shortcut, else to the focused widget when
// it takes shortcuts, else to the window's canvas.
func (h hands) shortcut(s fyne.Shortcut) {
	if m := h.e.Window().MainMenu(); m != nil {
		for _, menu := range m.Items {
			if it := menuItemFor(menu, s); it != nil {
				it.Action()
				return
			}
		}
	}
	if f, ok := h.canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	if c, ok := h.canvas().(fyne.Shortcutable); ok {
		c.TypedShortcut(s)
	}
}

// menuItemFor finds the item of m (or of its submenus) whose shortcut is s.
func menuItemFor(m *fyne.Menu, s fyne.Shortcut) *fyne.MenuItem {
	for _, it := range m.Items {
		if it.Shortcut != nil && it.Action != nil && it.Shortcut.ShortcutName() == s.ShortcutName() {
			return it
		}
		if it.ChildMenu != nil {
			if found := menuItemFor(it.ChildMenu, s); found != nil {
				return found
			}
		}
	}
	return nil
}

// status is the window's status line.
func status(e *Editor) string { return e.status.Text }

// noRefusal fails the test when the status line says an edit found no
// element to edit.
func noRefusal(t *testing.T, e *Editor, doing string) {
	t.Helper()
	if s := status(e); strings.Contains(s, "there is none") {
		t.Errorf("%s: the status line says %q", doing, s)
	}
}

// renameIn types a new name into a commit field and presses Enter.
func (h hands) renameIn(en *forms.Entry, to string) {
	h.click(en)
	h.shortcut(&fyne.ShortcutSelectAll{})
	h.typ(to + "\n")
}

// TestFormsFollowRenames renames each kind of named element through its
// form (Enter, or leaving the field, or undo and redo) and goes on editing
// it in the same form: every edit must land on the renamed element, none be
// refused because the form still names it by its old name.
func TestFormsFollowRenames(t *testing.T) {
	t.Run("action", func(t *testing.T) {
		e := seedsEditor(t)
		h := hands{t, e}
		ap := e.Actions()
		e.Dock.Show(PanelActions)
		ap.Add()
		h.renameIn(widgetAt[*forms.Entry](t, ap.Form(), "name"), "draw2")
		body := widgetAt[*code.Editor](t, ap.Form(), "body")
		h.click(body)
		h.key(fyne.KeyEnd)
		h.typ("\ndraw(player)")
		noRefusal(t, e, "typing the renamed action's body")
		a := e.Pack().Actions.Lookup("draw2")
		if a == nil || a.Body.Src != "pass\ndraw(player)" {
			t.Fatalf("action draw2 after typing its body: %+v", a)
		}
		// Undo the body and the rename: the form follows the action back
		// to its old name and keeps editing it.
		e.Undo()
		e.Undo()
		if ap.Selected() != "action" || e.Pack().Actions.Lookup("action") == nil {
			t.Fatalf("after undoing the rename: selected %q, actions %v", ap.Selected(), ap.Names())
		}
		h.click(widgetAt[*code.Editor](t, ap.Form(), "precondition"))
		h.typ("True")
		noRefusal(t, e, "typing after undoing the rename")
		if got := e.Pack().Actions.Lookup("action").Precondition.Src; got != "True" {
			t.Errorf("precondition after undoing the rename %q", got)
		}
		// A rename committed by leaving the field for another one.
		name := widgetAt[*forms.Entry](t, ap.Form(), "name")
		h.click(name)
		h.shortcut(&fyne.ShortcutSelectAll{})
		h.typ("shuffle")
		h.click(widgetAt[*code.Editor](t, ap.Form(), "who"))
		h.typ("True")
		noRefusal(t, e, "typing after leaving the name field")
		if a := e.Pack().Actions.Lookup("shuffle"); a == nil || a.Who.Src != "True" {
			t.Errorf("action shuffle after typing its who: %+v", a)
		}
	})
	t.Run("object type", func(t *testing.T) {
		e := seedsEditor(t)
		h := hands{t, e}
		ot := e.ObjectTypes()
		e.Dock.Show(PanelObjectTypes)
		ot.Add()
		h.renameIn(widgetAt[*forms.Entry](t, ot.Form(), "name"), "token")
		test.Tap(widgetAt[*widget.Button](t, ot.Form(), "whenever/add"))
		noRefusal(t, e, "adding a whenever to the renamed type")
		typ := e.Pack().ObjectTypes.Lookup("token")
		if typ == nil || len(typ.Clauses.Whenever) != 1 {
			t.Fatalf("object type token after adding a whenever: %+v", typ)
		}
		// A clause renamed, then its condition typed.
		h.renameIn(widgetAt[*forms.Entry](t, ot.Form(), "whenever/0"), "refill")
		h.click(widgetAt[*code.Editor](t, ot.Form(), "whenever/0/condition"))
		h.shortcut(&fyne.ShortcutSelectAll{})
		h.typ("self.hp < 1")
		if w := e.Pack().ObjectTypes.Lookup("token").Clauses.Whenever[0]; w.Name != "refill" || w.Condition.Src != "self.hp < 1" {
			t.Errorf("whenever after renaming it and typing: %+v", w)
		}
		// A variable renamed, then its value typed.
		test.Tap(widgetAt[*widget.Button](t, ot.Form(), "variables/add"))
		h.renameIn(widgetAt[*forms.Entry](t, ot.Form(), "variables/0"), "hp")
		h.click(widgetAt[*forms.Entry](t, ot.Form(), "variables/0/value"))
		h.typ("3")
		noRefusal(t, e, "typing the renamed variable's value")
		if v := e.Pack().ObjectTypes.Lookup("token").Clauses.Variables[0]; v.Name != "hp" || v.Value == nil || v.Value.String() != "3" {
			t.Errorf("variable after renaming it and typing its value: %+v", v)
		}
	})
	t.Run("script", func(t *testing.T) {
		e := seedsEditor(t)
		h := hands{t, e}
		sp := e.Scripts()
		e.Dock.Show(PanelScripts)
		sp.Add()
		h.renameIn(widgetAt[*forms.Entry](t, sp.Form(), "name"), "helpers")
		h.click(widgetAt[*code.Editor](t, sp.Form(), ""))
		h.typ("# shared\n")
		noRefusal(t, e, "typing the renamed script")
		if s := e.Pack().Scripts[len(e.Pack().Scripts)-1]; s.Name != "helpers" || !strings.HasPrefix(s.Code.Src, "# shared\n") {
			t.Errorf("script after renaming and typing: %s %q", s.Name, s.Code.Src)
		}
	})
	t.Run("state", func(t *testing.T) {
		e := seedsEditor(t)
		h := hands{t, e}
		e.SelectState("10")
		id := widgetAt[*forms.Entry](t, e.Inspector.Form(), "id")
		h.renameIn(id, "20")
		desc := widgetAt[*forms.Entry](t, e.Inspector.Form(), "description")
		h.click(desc)
		h.typ("!")
		noRefusal(t, e, "typing the description of the state with a new id")
		if s := place.State(e.Pack(), "20"); s == nil || !strings.Contains(s.Description, "!") {
			t.Fatalf("state 20 after typing its description: %+v", s)
		}
		if e.View.Selected() != "20" || e.Inspector.Shown() != "20" {
			t.Errorf("selected %q, inspector shows %q, want 20", e.View.Selected(), e.Inspector.Shown())
		}
		e.Undo()
		e.Undo() // the id change: the state is 10 again, and still shown
		if e.View.Selected() != "10" || e.Inspector.Shown() != "10" {
			t.Fatalf("after undoing the id change: selected %q, inspector shows %q, want 10", e.View.Selected(), e.Inspector.Shown())
		}
		h.click(widgetAt[*forms.Entry](t, e.Inspector.Form(), "description"))
		h.typ("?")
		if s := place.State(e.Pack(), "10"); s == nil || !strings.Contains(s.Description, "?") {
			t.Errorf("state 10 after undoing the id change and typing: %+v", s)
		}
		if strings.Contains(e.Pack().Title, "?") || strings.Contains(e.Pack().Name, "?") {
			t.Errorf("the text went into the pack's own fields")
		}
	})
	t.Run("transition and parameter", func(t *testing.T) {
		e := seedsEditor(t)
		h := hands{t, e}
		e.SelectState("2")
		f := e.Inspector.Form()
		h.renameIn(widgetAt[*forms.Entry](t, f, "transitions/0"), "onwards")
		widgetAt[*widget.Select](t, f, "transitions/0/to").SetSelected(place.StateChoice(place.State(e.Pack(), "3")))
		noRefusal(t, e, "retargeting the renamed transition")
		if tr := place.State(e.Pack(), "2").Transitions[0]; tr.Name != "onwards" || tr.To.String() != "3" {
			t.Errorf("transition after renaming and retargeting: %+v", tr)
		}
		test.Tap(widgetAt[*widget.Button](t, f, "params/add"))
		h.click(widgetAt[*forms.Entry](t, f, "params/0"))
		h.shortcut(&fyne.ShortcutSelectAll{})
		h.typ("count")
		h.click(widgetAt[*forms.Entry](t, f, "params/0/default"))
		h.typ("2")
		noRefusal(t, e, "typing the renamed parameter's default")
		if pr := place.State(e.Pack(), "2").Params[0]; pr.Name != "count" || pr.Default == nil || pr.Default.String() != "2" {
			t.Errorf("parameter after renaming and typing its default: %+v", pr)
		}
	})
	t.Run("renamed in the YAML view", func(t *testing.T) {
		e := seedsEditor(t)
		h := hands{t, e}
		ap := e.Actions()
		e.Dock.Show(PanelActions)
		ap.Add()
		e.Dock.Show(PanelYAML)
		c := e.YAML().Code()
		lines := strings.Split(c.Text(), "\n")
		line := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "action:" })
		if line < 0 {
			t.Fatalf("no line naming the action in the YAML view:\n%s", c.Text())
		}
		c.SetCursor(line+1, strings.Index(lines[line], ":")+1) // before the colon
		h.typ("2")
		if e.Pack().Actions.Lookup("action2") == nil {
			t.Fatalf("the YAML view did not rename the action: %v", ap.Names())
		}
		e.Dock.Show(PanelActions)
		h.click(widgetAt[*code.Editor](t, ap.Form(), "precondition"))
		h.typ("True")
		noRefusal(t, e, "typing the action the YAML view renamed")
		if a := e.Pack().Actions.Lookup("action2"); a == nil || a.Precondition.Src != "True" {
			t.Errorf("action action2: %+v", a)
		}
	})
}
