package editor

import (
	"os"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
)

// Recent files: the projects and pack files opened or saved lately, newest
// first, kept in the app's preferences (so between sessions) and offered
// under File > Open Recent.

// prefRecent is the preference key of the recent files.
const prefRecent = "recent"

// maxRecent is how many recent files File > Open Recent lists.
const maxRecent = 10

// Recent returns the recent files, newest first, leaving out those no
// longer there.
func (e *Editor) Recent() []string {
	var out []string
	for _, p := range e.app.Preferences().StringList(prefRecent) {
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// remember puts path at the top of the recent files and updates the menu.
func (e *Editor) remember(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := slices.DeleteFunc(e.app.Preferences().StringList(prefRecent), func(p string) bool { return p == path })
	list = append([]string{path}, list...)
	if len(list) > maxRecent {
		list = list[:maxRecent]
	}
	e.app.Preferences().SetStringList(prefRecent, list)
	e.refreshMenu()
}

// recentMenu is File > Open Recent.
func (e *Editor) recentMenu() *fyne.Menu {
	m := fyne.NewMenu("")
	for _, p := range e.Recent() {
		m.Items = append(m.Items, fyne.NewMenuItem(filepath.Base(p)+"  —  "+filepath.Dir(p), e.guard(func() { e.openPath(p) })))
	}
	if len(m.Items) == 0 {
		none := fyne.NewMenuItem("No recent files", nil)
		none.Disabled = true
		m.Items = append(m.Items, none)
	}
	return m
}

// refreshMenu builds the main menu again (the recent files changed).
func (e *Editor) refreshMenu() {
	if e.mainMenu != nil {
		e.mainMenu = e.menu()
		e.win.SetMainMenu(e.mainMenu)
	}
}
