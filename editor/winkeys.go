package editor

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
// (the one that gets keys when nothing has the focus) with [toWindow]. The
// editor's own widgets (the canvas, the code editor, form fields, play
// buttons) call it in their TypedKey; the Fyne widgets the window shows
// are the small types below.

// isWindowKey reports whether k acts on the window whatever has the focus.
func isWindowKey(k fyne.KeyName) bool {
	for _, sc := range []*desktop.CustomShortcut{continueShortcut, stepShortcut, backShortcut, forwardShortcut} {
		if k == sc.KeyName {
			return true
		}
	}
	return false
}

// toWindow hands ev to the key handler of the window o is in when it is a
// window-wide key, and reports whether it did (the widget then ignores it).
func toWindow(o fyne.CanvasObject, ev *fyne.KeyEvent) bool {
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

// shortcutToWindow hands s to the shortcuts of the window o is in when the
// window holds it without a menu item (ctrl+shift+Z, the zoom keys), and
// reports whether it did. Fyne's driver looks for a shortcut in the menus,
// then gives it to the focused widget alone, so a text field that kept such
// a shortcut would drop it (redo did nothing in a form's field).
func shortcutToWindow(o fyne.CanvasObject, s fyne.Shortcut) bool {
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
	if s.ShortcutName() == redoShortcut.ShortcutName() {
		return true
	}
	for _, z := range zoomInShortcuts {
		if s.ShortcutName() == z.ShortcutName() {
			return true
		}
	}
	return false
}

// winEntry is a widget.Entry that passes the window-wide keys on.
type winEntry struct{ widget.Entry }

func newWinEntry() *winEntry {
	e := &winEntry{}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewEntry
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey passes the window-wide keys on and the others to the entry.
func (e *winEntry) TypedKey(ev *fyne.KeyEvent) {
	if !toWindow(e, ev) {
		e.Entry.TypedKey(ev)
	}
}

// TypedShortcut passes the window's shortcuts on and the others to the entry.
func (e *winEntry) TypedShortcut(s fyne.Shortcut) {
	if !shortcutToWindow(e, s) {
		e.Entry.TypedShortcut(s)
	}
}

// winSelectEntry is a widget.SelectEntry that passes the window-wide keys on.
type winSelectEntry struct{ widget.SelectEntry }

func newWinSelectEntry(options []string) *winSelectEntry {
	e := &winSelectEntry{}
	e.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewSelectEntry
	e.ExtendBaseWidget(e)
	e.SetOptions(options)
	// The drop-down button beside the text takes the focus too (Tab): the
	// same button, passing the keys on.
	if b, ok := e.ActionItem.(*widget.Button); ok {
		d := newWinButtonWithIcon("", b.Icon, b.OnTapped)
		d.Importance = b.Importance
		e.ActionItem = d
	}
	return e
}

// TypedKey passes the window-wide keys on and the others to the entry.
func (e *winSelectEntry) TypedKey(ev *fyne.KeyEvent) {
	if !toWindow(e, ev) {
		e.SelectEntry.TypedKey(ev)
	}
}

// TypedShortcut passes the window's shortcuts on and the others to the entry.
func (e *winSelectEntry) TypedShortcut(s fyne.Shortcut) {
	if !shortcutToWindow(e, s) {
		e.SelectEntry.TypedShortcut(s)
	}
}

// winSelect is a widget.Select that passes the window-wide keys on.
type winSelect struct{ widget.Select }

func newWinSelect(options []string, changed func(string)) *winSelect {
	s := &winSelect{}
	s.Options, s.OnChanged = options, changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey passes the window-wide keys on and the others to the select.
func (s *winSelect) TypedKey(ev *fyne.KeyEvent) {
	if !toWindow(s, ev) {
		s.Select.TypedKey(ev)
	}
}

// winList is a widget.List that passes the window-wide keys on.
type winList struct{ widget.List }

func newWinList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject)) *winList {
	l := &winList{}
	l.Length, l.CreateItem, l.UpdateItem = length, create, update
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey passes the window-wide keys on and the others to the list.
func (l *winList) TypedKey(ev *fyne.KeyEvent) {
	if !toWindow(l, ev) {
		l.List.TypedKey(ev)
	}
}

// winSlider is a widget.Slider that passes the window-wide keys on.
type winSlider struct{ widget.Slider }

func newWinSlider(min, max float64) *winSlider {
	s := &winSlider{}
	s.Min, s.Max, s.Step, s.Orientation = min, max, 1, widget.Horizontal
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey passes the window-wide keys on and the others to the slider.
func (s *winSlider) TypedKey(ev *fyne.KeyEvent) {
	if !toWindow(s, ev) {
		s.Slider.TypedKey(ev)
	}
}

// winCheck is a widget.Check that passes the window-wide keys on.
type winCheck struct{ widget.Check }

func newWinCheck(label string, changed func(bool)) *winCheck {
	c := &winCheck{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey passes the window-wide keys on and the others to the check.
func (c *winCheck) TypedKey(ev *fyne.KeyEvent) {
	if !toWindow(c, ev) {
		c.Check.TypedKey(ev)
	}
}

// winButton is a widget.Button that passes the window-wide keys on (a
// button has the focus after Tab).
type winButton struct{ widget.Button }

func newWinButton(label string, tapped func()) *winButton {
	b := &winButton{}
	b.Text, b.OnTapped = label, tapped
	b.ExtendBaseWidget(b)
	return b
}

func newWinButtonWithIcon(label string, icon fyne.Resource, tapped func()) *winButton {
	b := newWinButton(label, tapped)
	b.Icon = icon
	return b
}

// TypedKey passes the window-wide keys on and the others to the button.
func (b *winButton) TypedKey(ev *fyne.KeyEvent) {
	if !toWindow(b, ev) {
		b.Button.TypedKey(ev)
	}
}

// winToolbarAction is a toolbar button that passes the window-wide keys on.
type winToolbarAction struct {
	button *winButton
}

func newWinToolbarAction(icon fyne.Resource, tapped func()) *winToolbarAction {
	b := newWinButtonWithIcon("", icon, tapped)
	b.Importance = widget.LowImportance // as widget.ToolbarAction
	return &winToolbarAction{button: b}
}

// ToolbarObject implements widget.ToolbarItem.
func (t *winToolbarAction) ToolbarObject() fyne.CanvasObject { return t.button }
