package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// Ctrl is the shortcut of k with the platform's shortcut modifier (Ctrl, or
// Cmd on macOS).
func Ctrl(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

// CtrlShift is Ctrl with Shift held too.
func CtrlShift(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// Key is a shortcut without modifier: shown in a menu, handled by the
// canvas when it has the focus (Fyne's menus take only shortcuts with a
// modifier).
func Key(k fyne.KeyName) *desktop.CustomShortcut { return &desktop.CustomShortcut{KeyName: k} }

// The match's step keys, as the usual debuggers have them. Fyne's menus
// take no shortcut without a modifier: the window hears them whatever has
// the focus (ToWindow), and the editor's menus show them beside their items.
var (
	ContinueKey = Key(fyne.KeyF5)
	StepKey     = Key(fyne.KeyF10)
	BackKey     = Key(fyne.KeyF9)
	ForwardKey  = Key(fyne.KeyF11)
)

// ZoomInShortcuts and RedoShortcut are the window's shortcuts that no menu
// item shows (an item shows one): the text fields pass them on
// (ShortcutToWindow).
var (
	ZoomInShortcuts = []*desktop.CustomShortcut{
		{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		{KeyName: fyne.KeyPlus, Modifier: fyne.KeyModifierShortcutDefault},
	}
	RedoShortcut = CtrlShift(fyne.KeyZ)
)
