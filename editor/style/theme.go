package style

import (
	"image/color"

	"fyne.io/fyne/v2"
)

// VariantTheme is Fyne's default theme drawn in one variant whatever the
// system says.
type VariantTheme struct {
	fyne.Theme
	Variant fyne.ThemeVariant
}

// Color implements fyne.Theme.
func (t *VariantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.Variant)
}
