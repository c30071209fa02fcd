package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Window-wide keys. The match's step keys (F5, F9, F10, F11) act whatever
// has the focus. Fyne hands a key to the focused widget alone and makes
// shortcuts only of keys with ctrl, alt or super held, so a menu shortcut
// or one added to the window's canvas never sees a bare F10: each widget
// that can take the focus passes these keys on to the window's own handler
// (the one that gets keys when nothing has the focus) with [ToWindow]. The
// editor's own widgets (the canvas, the code editor, form fields, play
// buttons) call it in their TypedKey; the Fyne widgets the window shows
// are the small types below.

// isWindowKey reports whether k acts on the window whatever has the focus.
func isWindowKey(k fyne.KeyName) bool {
	for _, sc := range []*desktop.CustomShortcut{ContinueKey, StepKey, BackKey, ForwardKey} {
		if k == sc.KeyName {
			return true
		}
	}
	return false
}

// ToWindow hands ev to the key handler of the window o is in when it is a
// window-wide key, and reports whether it did (the widget then ignores it).
func ToWindow(o fyne.CanvasObject, ev *fyne.KeyEvent) bool {
	if !isWindowKey(ev.Name) {
		return false
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil || c.OnTypedKey() == nil {
		return false
	}
	c.OnTypedKey()(ev)
	return true
}

// ShortcutToWindow hands s to the shortcuts of the window o is in when the
// window holds it without a menu item (ctrl+shift+Z, the zoom keys), and
// reports whether it did. Fyne's driver looks for a shortcut in the menus,
// then gives it to the focused widget alone, so a text field that kept such
// a shortcut would drop it (redo did nothing in a form's field).
func ShortcutToWindow(o fyne.CanvasObject, s fyne.Shortcut) bool {
	cs, ok := s.(*desktop.CustomShortcut)
	if !ok || !isWindowShortcut(cs) {
		return false
	}
	c, ok := fyne.CurrentApp().Driver().CanvasForObject(o).(fyne.Shortcutable)
	if !ok {
		return false
	}
	c.TypedShortcut(s)
	return true
}

// isWindowShortcut reports whether s is one of the window's own shortcuts.
func isWindowShortcut(s *desktop.CustomShortcut) bool {
	if s.ShortcutName() == RedoShortcut.ShortcutName() {
		return true
	}
	for _, z := range ZoomInShortcuts {
		if s.ShortcutName() == z.ShortcutName() {
			return true
		}
	}
	return false
}

// Entry is a widget.Entry that passes the window-wide keys on.
type Entry struct{ widget.Entry }

func NewEntry() *Entry {
	e := &Entry{}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewEntry
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey passes the window-wide keys on and the others to the entry.
func (e *Entry) TypedKey(ev *fyne.KeyEvent) {
	if !ToWindow(e, ev) {
		e.Entry.TypedKey(ev)
	}
}

// TypedShortcut passes the window's shortcuts on and the others to the entry.
func (e *Entry) TypedShortcut(s fyne.Shortcut) {
	if !ShortcutToWindow(e, s) {
		e.Entry.TypedShortcut(s)
	}
}

// SelectEntry is a widget.SelectEntry that passes the window-wide keys on.
type SelectEntry struct{ widget.SelectEntry }

func NewSelectEntry(options []string) *SelectEntry {
	e := &SelectEntry{}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewSelectEntry
	e.ExtendBaseWidget(e)
	e.SetOptions(options)
	// The drop-down button beside the text takes the focus too (Tab): the
	// same button, passing the keys on.
	if b, ok := e.ActionItem.(*widget.Button); ok {
		d := NewButtonWithIcon("", b.Icon, b.OnTapped)
		d.Importance = b.Importance
		e.ActionItem = d
	}
	return e
}

// TypedKey passes the window-wide keys on and the others to the entry.
func (e *SelectEntry) TypedKey(ev *fyne.KeyEvent) {
	if !ToWindow(e, ev) {
		e.SelectEntry.TypedKey(ev)
	}
}

// TypedShortcut passes the window's shortcuts on and the others to the entry.
func (e *SelectEntry) TypedShortcut(s fyne.Shortcut) {
	if !ShortcutToWindow(e, s) {
		e.SelectEntry.TypedShortcut(s)
	}
}

// Select is a widget.Select that passes the window-wide keys on.
type Select struct{ widget.Select }

func NewSelect(options []string, changed func(string)) *Select {
	s := &Select{}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey passes the window-wide keys on and the others to the select.
func (s *Select) TypedKey(ev *fyne.KeyEvent) {
	if !ToWindow(s, ev) {
		s.Select.TypedKey(ev)
	}
}

// List is a widget.List that passes the window-wide keys on.
type List struct{ widget.List }

func NewList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *List {
	l := &List{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey passes the window-wide keys on and the others to the list.
func (l *List) TypedKey(ev *fyne.KeyEvent) {
	if !ToWindow(l, ev) {
		l.List.TypedKey(ev)
	}
}

// Slider is a widget.Slider that passes the window-wide keys on.
type Slider struct{ widget.Slider }

func NewSlider(min, max float64) *Slider {
	s := &Slider{}
	s.Min, s.Max, s.Step, s.Orientation = min, max, 1, widget.Horizontal
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey passes the window-wide keys on and the others to the slider.
func (s *Slider) TypedKey(ev *fyne.KeyEvent) {
	if !ToWindow(s, ev) {
		s.Slider.TypedKey(ev)
	}
}

// Check is a widget.Check that passes the window-wide keys on.
type Check struct{ widget.Check }

func NewCheck(label string, changed func(bool)) *Check {
	c := &Check{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey passes the window-wide keys on and the others to the check.
func (c *Check) TypedKey(ev *fyne.KeyEvent) {
	if !ToWindow(c, ev) {
		c.Check.TypedKey(ev)
	}
}

// Button is a widget.Button that passes the window-wide keys on (a
// button has the focus after Tab).
type Button struct{ widget.Button }

func NewButton(label string, tapped func()) *Button {
	b := &Button{}
	b.Text, b.OnTapped = label, tapped
	b.ExtendBaseWidget(b)
	return b
}

func NewButtonWithIcon(label string, icon fyne.Resource, tapped func()) *Button {
	b := NewButton(label, tapped)
	b.Icon = icon
	return b
}

// TypedKey passes the window-wide keys on and the others to the button.
func (b *Button) TypedKey(ev *fyne.KeyEvent) {
	if !ToWindow(b, ev) {
		b.Button.TypedKey(ev)
	}
}

// ToolbarAction is a toolbar button that passes the window-wide keys on.
type ToolbarAction struct {
	button *Button
}

func NewToolbarAction(icon fyne.Resource, tapped func()) *ToolbarAction {
	b := NewButtonWithIcon("", icon, tapped)
	b.Importance = widget.LowImportance // as widget.ToolbarAction
	return &ToolbarAction{button: b}
}

// ToolbarObject implements widget.ToolbarItem.
func (t *ToolbarAction) ToolbarObject() fyne.CanvasObject { return t.button }
