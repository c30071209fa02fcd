// Package style is how the studio draws, shared by every room of the
// editor: the canvas's colours for the light and dark theme variants
// ([Palette], [PaletteFor], [CurrentVariant]), Fyne's theme forced to one
// variant ([VariantTheme], what View > Theme sets), the colour and badge of
// each BGA state type and of the pseudo types the canvas draws for what is
// not a state ([TypeFill], [TypeInk], [TypeBadge], [Missing],
// [FrameworkEnd], [ClauseCaller]), and the icon of a diagnostic's severity.
//
// It may import Fyne and graph only: every editor package may import it,
// so it imports none of them (internal/arch holds this). Start with
// palette.go.
package style
