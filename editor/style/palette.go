package style

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Palette holds the canvas's colours that do not depend on a state: one for
// the light theme and one for the dark. State boxes keep their type's colour
// (TypeFill) in both, with dark text, so that a type reads the same
// everywhere (the DOT export, the legend, the exported images).
type Palette struct {
	Paper     color.NRGBA // the canvas's background
	Ink       color.NRGBA // state names
	Edge      color.NRGBA // transition arrows
	Hot       color.NRGBA // arrows of the selected state, the selected arrow
	Label     color.NRGBA // transition names
	LabelBack color.NRGBA // behind transition names, so they read over lines
	Selection color.NRGBA // the border of selected states
	Err, Warn color.NRGBA // the diagnostic mark of a state
	Call      color.NRGBA // call (push) and return (pop) arrows
	Inferred  color.NRGBA // transitions inferred from a State class's code (dashed too)
	Band      color.NRGBA // the rubber band's border and the arrow being drawn
	BandFill  color.NRGBA // inside the rubber band
	Scroll    color.NRGBA // the scroll indicators
}

var (
	Light = Palette{
		Paper:     color.NRGBA{R: 0xfb, G: 0xfb, B: 0xf8, A: 0xff},
		Ink:       color.NRGBA{R: 0x22, G: 0x22, B: 0x22, A: 0xff},
		Edge:      color.NRGBA{R: 0x55, G: 0x5b, B: 0x66, A: 0xff},
		Hot:       color.NRGBA{R: 0xd9, G: 0x5f, B: 0x02, A: 0xff},
		Label:     color.NRGBA{R: 0x30, G: 0x34, B: 0x3b, A: 0xff},
		LabelBack: color.NRGBA{R: 0xfb, G: 0xfb, B: 0xf8, A: 0xe6},
		Selection: color.NRGBA{R: 0xd9, G: 0x5f, B: 0x02, A: 0xff},
		Err:       color.NRGBA{R: 0xd3, G: 0x2f, B: 0x2f, A: 0xff},
		Warn:      color.NRGBA{R: 0xf5, G: 0x9e, B: 0x0b, A: 0xff},
		Call:      color.NRGBA{R: 0x1b, G: 0x7f, B: 0x79, A: 0xff},
		Inferred:  color.NRGBA{R: 0x7c, G: 0x4d, B: 0xc4, A: 0xff},
		Band:      color.NRGBA{R: 0x1f, G: 0x6f, B: 0xd1, A: 0xff},
		BandFill:  color.NRGBA{R: 0x1f, G: 0x6f, B: 0xd1, A: 0x22},
		Scroll:    color.NRGBA{R: 0x00, G: 0x00, B: 0x00, A: 0x40},
	}
	Dark = Palette{
		Paper:     color.NRGBA{R: 0x1f, G: 0x21, B: 0x26, A: 0xff},
		Ink:       color.NRGBA{R: 0x22, G: 0x22, B: 0x22, A: 0xff},
		Edge:      color.NRGBA{R: 0xa4, G: 0xab, B: 0xb6, A: 0xff},
		Hot:       color.NRGBA{R: 0xff, G: 0x9a, B: 0x3c, A: 0xff},
		Label:     color.NRGBA{R: 0xdd, G: 0xe1, B: 0xe6, A: 0xff},
		LabelBack: color.NRGBA{R: 0x1f, G: 0x21, B: 0x26, A: 0xe6},
		Selection: color.NRGBA{R: 0xff, G: 0x9a, B: 0x3c, A: 0xff},
		Err:       color.NRGBA{R: 0xef, G: 0x53, B: 0x50, A: 0xff},
		Warn:      color.NRGBA{R: 0xf5, G: 0x9e, B: 0x0b, A: 0xff},
		Call:      color.NRGBA{R: 0x4d, G: 0xd0, B: 0xc4, A: 0xff},
		Inferred:  color.NRGBA{R: 0xb3, G: 0x8c, B: 0xf5, A: 0xff},
		Band:      color.NRGBA{R: 0x64, G: 0xa8, B: 0xff, A: 0xff},
		BandFill:  color.NRGBA{R: 0x64, G: 0xa8, B: 0xff, A: 0x2a},
		Scroll:    color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0x40},
	}
)

// PaletteFor returns the canvas colours for a theme variant.
func PaletteFor(v fyne.ThemeVariant) Palette {
	if v == theme.VariantDark {
		return Dark
	}
	return Light
}

// CurrentVariant is the variant the app's theme is drawn in: the one the
// studio forces (View > Theme) or, by default, the system's.
func CurrentVariant() fyne.ThemeVariant {
	app := fyne.CurrentApp()
	if app == nil {
		return theme.VariantLight
	}
	if f, ok := app.Settings().Theme().(*VariantTheme); ok {
		return f.Variant
	}
	return app.Settings().ThemeVariant()
}
