package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// The keyboard driver: keys reach the window as Fyne's desktop driver
// routes them (internal/driver/glfw, window.go: processKeyPressed and
// triggersShortcut), so that "whatever has the focus" means what it
// means in the real window. The headless test canvas routes nothing: a
// test that calls a widget's TypedKey or the editor's method itself never
// sees a key the focused widget swallows.

// press presses the key name with the modifiers mods in x's window.
func (x *exerciser) press(name fyne.KeyName, mods fyne.KeyModifier) {
	c := x.e.Window().Canvas()
	if name == fyne.KeyTab && mods&^fyne.KeyModifierShift == 0 {
		if t, ok := c.Focused().(fyne.Tabbable); ok && t.AcceptsTab() {
			c.Focused().TypedKey(&fyne.KeyEvent{Name: name})
		} else if mods == 0 {
			c.FocusNext()
		} else {
			c.FocusPrevious()
		}
		return
	}
	if sc := shortcutOf(name, mods); sc != nil {
		if x.menuShortcut(sc) {
			return
		}
		if s, ok := c.Focused().(fyne.Shortcutable); ok {
			s.TypedShortcut(sc)
			return
		}
		if h, ok := c.(interface{ TypedShortcut(fyne.Shortcut) }); ok {
			h.TypedShortcut(sc)
		}
		return
	}
	ev := &fyne.KeyEvent{Name: name}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	} else if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
}

// shortcutOf is the shortcut Fyne's desktop driver makes of a key with
// modifiers, or nil for a plain key (which goes to TypedKey).
func shortcutOf(name fyne.KeyName, mods fyne.KeyModifier) fyne.Shortcut {
	if mods == fyne.KeyModifierControl {
		switch name {
		case fyne.KeyZ:
			return &fyne.ShortcutUndo{}
		case fyne.KeyY:
			return &fyne.ShortcutRedo{}
		case fyne.KeyA:
			return &fyne.ShortcutSelectAll{}
		}
	}
	if mods == 0 || mods == fyne.KeyModifierShift {
		return nil
	}
	return &desktop.CustomShortcut{KeyName: name, Modifier: mods}
}

// menuShortcut runs the main menu's item of shortcut sc, as the desktop
// driver does before anything else, and reports whether there was one.
func (x *exerciser) menuShortcut(sc fyne.Shortcut) bool {
	var in func(m *fyne.Menu) bool
	in = func(m *fyne.Menu) bool {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil {
				it.Action()
				return true
			}
			if it.ChildMenu != nil && in(it.ChildMenu) {
				return true
			}
		}
		return false
	}
	for _, m := range x.e.mainMenu.Items {
		if in(m) {
			return true
		}
	}
	return false
}
