package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/rulestudio/studio/editor/style"
)

// ThemeChoice is the theme the designer picked in View > Theme.
type ThemeChoice string

// The theme choices. ThemeSystem, the default, follows the desktop's light or
// dark setting as Fyne reads it (the freedesktop portal's colour scheme, or
// FYNE_THEME); the others force a variant.
const (
	ThemeSystem ThemeChoice = "system"
	ThemeLight  ThemeChoice = "light"
	ThemeDark   ThemeChoice = "dark"
)

// prefTheme is the preference key of the theme choice.
const prefTheme = "theme"

// SetTheme applies the designer's theme choice to the app, keeps it in the
// app's preferences and redraws the canvas in the matching colours.
func (e *Editor) SetTheme(c ThemeChoice) {
	switch c {
	case ThemeLight:
		e.app.Settings().SetTheme(&style.VariantTheme{Theme: theme.DefaultTheme(), Variant: theme.VariantLight})
	case ThemeDark:
		e.app.Settings().SetTheme(&style.VariantTheme{Theme: theme.DefaultTheme(), Variant: theme.VariantDark})
	default:
		c = ThemeSystem
		e.app.Settings().SetTheme(theme.DefaultTheme())
	}
	e.app.Preferences().SetString(prefTheme, string(c))
	e.View.Refresh()
}

// Theme returns the designer's theme choice.
func (e *Editor) Theme() ThemeChoice {
	switch c := ThemeChoice(e.app.Preferences().String(prefTheme)); c {
	case ThemeLight, ThemeDark:
		return c
	}
	return ThemeSystem
}

// followTheme applies the saved theme choice and redraws the canvas whenever
// the theme or the system's variant changes.
func (e *Editor) followTheme() {
	if c := e.Theme(); c != ThemeSystem {
		e.SetTheme(c)
	}
	e.app.Settings().AddListener(func(fyne.Settings) {
		e.do(func() { e.View.Refresh() })
	})
}
