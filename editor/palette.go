package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// palette holds the canvas's colours that do not depend on a state: one for
// the light theme and one for the dark. State boxes keep their type's colour
// (TypeFill) in both, with dark text, so that a type reads the same
// everywhere (the DOT export, the legend, the exported images).
type palette struct {
	paper     color.NRGBA // the canvas's background
	ink       color.NRGBA // state names
	edge      color.NRGBA // transition arrows
	hot       color.NRGBA // arrows of the selected state, the selected arrow
	label     color.NRGBA // transition names
	labelBack color.NRGBA // behind transition names, so they read over lines
	selection color.NRGBA // the border of selected states
	err, warn color.NRGBA // the diagnostic mark of a state
	call      color.NRGBA // call (push) and return (pop) arrows
	inferred  color.NRGBA // transitions inferred from a State class's code (dashed too)
	band      color.NRGBA // the rubber band's border and the arrow being drawn
	bandFill  color.NRGBA // inside the rubber band
	scroll    color.NRGBA // the scroll indicators
}

var (
	lightPalette = palette{
		paper:     color.NRGBA{R: 0xfb, G: 0xfb, B: 0xf8, A: 0xff},
		ink:       color.NRGBA{R: 0x22, G: 0x22, B: 0x22, A: 0xff},
		edge:      color.NRGBA{R: 0x55, G: 0x5b, B: 0x66, A: 0xff},
		hot:       color.NRGBA{R: 0xd9, G: 0x5f, B: 0x02, A: 0xff},
		label:     color.NRGBA{R: 0x30, G: 0x34, B: 0x3b, A: 0xff},
		labelBack: color.NRGBA{R: 0xfb, G: 0xfb, B: 0xf8, A: 0xe6},
		selection: color.NRGBA{R: 0xd9, G: 0x5f, B: 0x02, A: 0xff},
		err:       color.NRGBA{R: 0xd3, G: 0x2f, B: 0x2f, A: 0xff},
		warn:      color.NRGBA{R: 0xf5, G: 0x9e, B: 0x0b, A: 0xff},
		call:      color.NRGBA{R: 0x1b, G: 0x7f, B: 0x79, A: 0xff},
		inferred:  color.NRGBA{R: 0x7c, G: 0x4d, B: 0xc4, A: 0xff},
		band:      color.NRGBA{R: 0x1f, G: 0x6f, B: 0xd1, A: 0xff},
		bandFill:  color.NRGBA{R: 0x1f, G: 0x6f, B: 0xd1, A: 0x22},
		scroll:    color.NRGBA{R: 0x00, G: 0x00, B: 0x00, A: 0x40},
	}
	darkPalette = palette{
		paper:     color.NRGBA{R: 0x1f, G: 0x21, B: 0x26, A: 0xff},
		ink:       color.NRGBA{R: 0x22, G: 0x22, B: 0x22, A: 0xff},
		edge:      color.NRGBA{R: 0xa4, G: 0xab, B: 0xb6, A: 0xff},
		hot:       color.NRGBA{R: 0xff, G: 0x9a, B: 0x3c, A: 0xff},
		label:     color.NRGBA{R: 0xdd, G: 0xe1, B: 0xe6, A: 0xff},
		labelBack: color.NRGBA{R: 0x1f, G: 0x21, B: 0x26, A: 0xe6},
		selection: color.NRGBA{R: 0xff, G: 0x9a, B: 0x3c, A: 0xff},
		err:       color.NRGBA{R: 0xef, G: 0x53, B: 0x50, A: 0xff},
		warn:      color.NRGBA{R: 0xf5, G: 0x9e, B: 0x0b, A: 0xff},
		call:      color.NRGBA{R: 0x4d, G: 0xd0, B: 0xc4, A: 0xff},
		inferred:  color.NRGBA{R: 0xb3, G: 0x8c, B: 0xf5, A: 0xff},
		band:      color.NRGBA{R: 0x64, G: 0xa8, B: 0xff, A: 0xff},
		bandFill:  color.NRGBA{R: 0x64, G: 0xa8, B: 0xff, A: 0x2a},
		scroll:    color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0x40},
	}
)

// paletteFor returns the canvas colours for a theme variant.
func paletteFor(v fyne.ThemeVariant) palette {
	if v == theme.VariantDark {
		return darkPalette
	}
	return lightPalette
}

// currentVariant is the variant the app's theme is drawn in: the one the
// studio forces (View > Theme) or, by default, the system's.
func currentVariant() fyne.ThemeVariant {
	app := fyne.CurrentApp()
	if app == nil {
		return theme.VariantLight
	}
	if f, ok := app.Settings().Theme().(*variantTheme); ok {
		return f.variant
	}
	return app.Settings().ThemeVariant()
}
