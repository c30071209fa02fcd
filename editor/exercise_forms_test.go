package editor

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/forms"
)

// The forms driver: the Inspector's form, the Actions, Object types and
// Scripts tabs, typed into field by field as a designer does: a click in
// the field, the text typed at its end, then Enter (one-line fields) or a
// click elsewhere.

// What the exerciser types: into code fields, a piece of Starlark; into
// other fields, words and numbers (some of which a field refuses).
var (
	exerciseCode  = []string{" and True", "\nx = 1", "pass", "# note", "len([])", "${you}"}
	exerciseWords = []string{"x", "2", "Now", " now", "9", "-1"}
)

// typeableFields returns the paths of f's text and code fields that show
// in the window, sorted.
func (x *exerciser) typeableFields(f *forms.Form) []string {
	var out []string
	for _, path := range f.Paths() {
		switch w := f.Place(path).(type) {
		case *forms.Entry:
			if !w.Disabled() && w.Visible() {
				out = append(out, path)
			}
		case *code.Editor:
			if w.Visible() {
				out = append(out, path)
			}
		}
	}
	return out
}

// fieldText is what field o shows.
func fieldTextOf(o fyne.CanvasObject) string {
	switch w := o.(type) {
	case *forms.Entry:
		return w.Text
	case *code.Editor:
		return w.Text()
	}
	return ""
}

// bindOf returns the getter of the field widget o of f (its sub-forms
// included), or nil.
func bindOf(f *forms.Form, o fyne.CanvasObject) forms.Getter {
	var found forms.Getter
	f.EachBound(func(b fyne.CanvasObject, get forms.Getter) {
		if found == nil && b == o {
			found = get
		}
	})
	return found
}

// message is what the window says to the designer now: the status line
// when it says more than the pack's counts, and the dialogs shown.
func (x *exerciser) message() string {
	var out []string
	if s := x.e.status.Text; !regularStatus(s) {
		out = append(out, s)
	}
	if len(x.e.modals) > 0 {
		out = append(out, "a dialog")
	}
	return strings.Join(out, "; ")
}

// regularStatus reports whether s is the status line's account of the pack
// (updateTitle), not a message.
func regularStatus(s string) bool {
	return s == "" || strings.Contains(s, " states, ") && strings.Contains(s, " diagnostics · ")
}

// squeeze drops white space, for comparing code whose indentation the
// editor may have completed.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// typeInto clicks field path of the form form() returns, types text at its
// end and leaves the field. The text must then be in the pack's value of
// the field, or the window must say why not (typed); the field must show
// what was typed, once (no doubled characters).
func (x *exerciser) typeInto(where string, form func() *forms.Form, path, text string, rng *rand.Rand) string {
	f := form()
	o := f.Place(path)
	c := x.e.Window().Canvas()
	before := fieldTextOf(o)
	status := x.e.status.Text
	switch w := o.(type) {
	case *forms.Entry:
		c.Focus(w)
		w.CursorRow = strings.Count(w.Text, "\n")
		w.CursorColumn = len([]rune(w.Text[strings.LastIndex(w.Text, "\n")+1:]))
	case *code.Editor:
		lines := strings.Split(w.Text(), "\n")
		w.SetCursor(len(lines), len([]rune(lines[len(lines)-1]))+1)
		c.Focus(w)
	}
	if c.Focused() != o.(fyne.Focusable) {
		return fmt.Sprintf("%s field %s is out of sight: no click, no typing", where, path)
	}
	x.typeRunes(text)
	shown := fieldTextOf(o)
	leave := "a click elsewhere"
	if en, ok := o.(*forms.Entry); ok && !en.MultiLine && rng.IntN(2) == 0 {
		leave = "Enter"
		x.press(fyne.KeyReturn, 0)
	}
	c.Unfocus()
	x.typed = append(x.typed, func() *broken {
		// A refusal says so once the window has settled: in the status
		// line (not overwritten by the pack's counts) or in the form.
		msg := x.message()
		if x.e.status.Text == status && len(x.e.modals) == 0 {
			msg = ""
		}
		if now := form(); now != nil && msg == "" {
			msg = warningIn(now.Content())
		}
		if msg != "" {
			x.refused[o] = true
		}
		if squeeze(shown) != squeeze(before+text) {
			return brokenf("typed", "%s %s: typed %q at the end of %q, the field shows %q", where, path, text, before, shown)
		}
		if msg != "" {
			return nil // refused, and the window says so
		}
		// The field as the form shows it now: a rename builds the form
		// of the element under its new name.
		now := form()
		if now == nil || now.Place(path) == nil {
			var paths []string
			if now != nil {
				paths = x.typeableFields(now)
			}
			return brokenf("typed", "%s %s: %q typed, and the form or its field went away (the form now: %v; fields %v)", where, path, text, now != f, paths)
		}
		g := bindOf(now, now.Place(path))
		if g == nil {
			return nil // a field for no value (a filter)
		}
		v, ok := g(x.e.Pack())
		switch {
		case !ok:
			return brokenf("typed", "%s %s: %q typed, and the field's element is not in the pack (no message)", where, path, text)
		case !strings.Contains(squeeze(v), squeeze(text)):
			return brokenf("typed", "%s %s: %q typed into %q, the pack holds %q and the window says nothing", where, path, text, before, v)
		}
		return nil
	})
	return fmt.Sprintf("type %q at the end of %s field %s, leave it with %s", text, where, path, leave)
}

// textFor is what the exerciser types into the field at path.
func textFor(o fyne.CanvasObject, rng *rand.Rand) string {
	if _, ok := o.(*code.Editor); ok {
		return oneOf(rng, exerciseCode)
	}
	return oneOf(rng, exerciseWords)
}

// typeInForm types into a random field of the form form returns.
func (x *exerciser) typeInForm(where string, form func() *forms.Form, rng *rand.Rand) string {
	f := form()
	if f == nil {
		return "no form"
	}
	path := oneOf(rng, x.typeableFields(f))
	if path == "" {
		return "no field"
	}
	return x.typeInto(where, form, path, textFor(f.Place(path), rng), rng)
}

// typeInInspector types into a field of the Inspector's form (a state's,
// or the pack's with no state selected).
func (x *exerciser) typeInInspector(rng *rand.Rand) string {
	x.e.Dock.Show(PanelInspector)
	return x.typeInForm("the Inspector's", func() *forms.Form { return x.e.Inspector.Form() }, rng)
}

// tapAdd taps a form's "+" button of a list of cards (path ends in /add).
func (x *exerciser) tapAdd(f *forms.Form, rng *rand.Rand, prefix string) string {
	var adds []string
	for _, path := range f.Paths() {
		if _, ok := fyneOf(f.Place(path)).(*widget.Button); ok && strings.HasPrefix(path, prefix) && strings.HasSuffix(path, "/add") {
			adds = append(adds, path)
		}
	}
	path := oneOf(rng, adds)
	if path == "" {
		return "no + button"
	}
	b := fyneOf(f.Place(path)).(*widget.Button)
	x.tap(b, fyne.NewPos(2, 2))
	return "tap + of " + path
}

// addStateClause taps + of a clause kind in the selected state's form.
func (x *exerciser) addStateClause(rng *rand.Rand) string {
	x.e.Dock.Show(PanelInspector)
	if f := x.e.Inspector.Form(); f != nil && x.e.Inspector.Shown() != "" {
		return x.tapAdd(f, rng, "clauses/")
	}
	return "no state shown"
}

// switchTab brings a random docked panel to the front, as a click on its
// tab does.
func (x *exerciser) switchTab(rng *rand.Rand) string {
	var ids []string
	for at := dock.Centre; at < dock.Places; at++ {
		ids = append(ids, x.e.Dock.Panels(at)...)
	}
	id := oneOf(rng, ids)
	x.e.Dock.Show(id)
	return "click the tab " + id
}

// panelOf returns the element panel of an id, shown in front.
func (x *exerciser) panelOf(id string) *forms.ListPanel {
	x.e.Dock.Show(id)
	switch id {
	case PanelActions:
		return x.e.Actions()
	case PanelObjectTypes:
		return x.e.ObjectTypes()
	}
	return x.e.Scripts()
}

// selectElement clicks an element of a panel's list.
func (x *exerciser) selectElement(ep *forms.ListPanel, rng *rand.Rand) string {
	name := oneOf(rng, ep.Names())
	if name != "" {
		ep.Select(name)
	}
	return name
}

func (x *exerciser) addElement(id string) string {
	ep := x.panelOf(id)
	ep.Add()
	return "tap + in the list, " + ep.Selected() + " added"
}

func (x *exerciser) deleteElement(id string, rng *rand.Rand) string {
	ep := x.panelOf(id)
	name := x.selectElement(ep, rng)
	if name == "" {
		return "nothing to delete"
	}
	ep.Delete()
	return "click " + name + ", tap Delete"
}

// renameElement clicks an element, then in its name field selects all,
// types a new name and presses Enter.
func (x *exerciser) renameElement(id string, rng *rand.Rand) string {
	ep := x.panelOf(id)
	old := x.selectElement(ep, rng)
	if old == "" || ep.Form() == nil {
		return "nothing to rename"
	}
	en, ok := ep.Form().Place("name").(*forms.Entry)
	if !ok {
		return "no name field"
	}
	c := x.e.Window().Canvas()
	status := x.e.status.Text
	c.Focus(en)
	x.press(fyne.KeyA, fyne.KeyModifierControl)
	name := oneOf(rng, []string{"draw", "pass", "card", "token", "take"})
	x.typeRunes(name)
	x.press(fyne.KeyReturn, 0)
	x.typed = append(x.typed, func() *broken {
		said := x.e.status.Text != status && !regularStatus(x.e.status.Text)
		if said {
			// Refused (the name is another's): the field keeps what was
			// typed, as every refused field does, and the status line
			// says why.
			x.refused[en] = true
			return nil
		}
		if slices.Contains(ep.Names(), name) {
			return nil
		}
		return brokenf("typed", "renamed %s to %q with Enter: not in the list %v and no message", old, name, ep.Names())
	})
	c.Unfocus()
	return fmt.Sprintf("click %s, select its name, type %q, Enter", old, name)
}

// typeInElement types into a field of an element of the panel id.
func (x *exerciser) typeInElement(id string, rng *rand.Rand) string {
	ep := x.panelOf(id)
	name := x.selectElement(ep, rng)
	if name == "" {
		return "no element"
	}
	return name + ": " + x.typeInForm("the "+id+" tab's", func() *forms.Form { return ep.Form() }, rng)
}

// typeInDisplay types into a field of the Display tab's form (the display
// hints): a suit's text or colour, a key, a variable list, a location.
func (x *exerciser) typeInDisplay(rng *rand.Rand) string {
	x.e.Dock.Show(PanelDisplay)
	return x.typeInForm("the Display tab's", func() *forms.Form { return x.e.Display().Form() }, rng)
}

// addDisplayRow taps one of the Display form's Add buttons (a type, a
// type_arg, a cell value, a location).
func (x *exerciser) addDisplayRow(rng *rand.Rand) string {
	x.e.Dock.Show(PanelDisplay)
	if f := x.e.Display().Form(); f != nil {
		return x.tapAdd(f, rng, "")
	}
	return "no Display form"
}

func (x *exerciser) addAction(*rand.Rand) string        { return x.addElement(PanelActions) }
func (x *exerciser) renameAction(rng *rand.Rand) string { return x.renameElement(PanelActions, rng) }
func (x *exerciser) deleteAction(rng *rand.Rand) string { return x.deleteElement(PanelActions, rng) }
func (x *exerciser) typeInAction(rng *rand.Rand) string { return x.typeInElement(PanelActions, rng) }
func (x *exerciser) addObjectType(*rand.Rand) string    { return x.addElement(PanelObjectTypes) }
func (x *exerciser) renameObjectType(r *rand.Rand) string {
	return x.renameElement(PanelObjectTypes, r)
}
func (x *exerciser) deleteObjectType(r *rand.Rand) string {
	return x.deleteElement(PanelObjectTypes, r)
}
func (x *exerciser) typeInObjectType(r *rand.Rand) string {
	return x.typeInElement(PanelObjectTypes, r)
}
func (x *exerciser) typeInScript(rng *rand.Rand) string { return x.typeInElement(PanelScripts, rng) }

// addTypeClause taps + of a clause kind of an object type.
func (x *exerciser) addTypeClause(rng *rand.Rand) string {
	ep := x.panelOf(PanelObjectTypes)
	name := x.selectElement(ep, rng)
	if name == "" || ep.Form() == nil {
		return "no object type"
	}
	return name + ": " + x.tapAdd(ep.Form(), rng, "")
}

// editAsYAML: ctrl+U.
func (x *exerciser) editAsYAML(rng *rand.Rand) string {
	where := x.focusSomewhere(rng)
	x.press(fyne.KeyU, fyne.KeyModifierControl)
	return "ctrl+U with the focus on " + where
}

// warningIn returns the text of the first warning or error shown in o: a
// label of danger or warning importance, or an entry's validation error.
func warningIn(o fyne.CanvasObject) string {
	found := ""
	walk(o, func(o fyne.CanvasObject) {
		if found != "" || !o.Visible() {
			return
		}
		switch w := o.(type) {
		case *widget.Label:
			if w.Text != "" && (w.Importance == widget.DangerImportance || w.Importance == widget.WarningImportance) {
				found = w.Text
			}
		case *forms.Entry:
			if err := w.Validate(); err != nil && w.Validator != nil {
				found = err.Error()
			}
		}
	})
	return found
}
