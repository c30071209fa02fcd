package code

import (
	"image/color"

	"fyne.io/fyne/v2/theme"
	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"

	"github.com/rulestudio/studio/editor/style"
)

// palette holds the colours of the editor other than the tokens'.
type palette struct {
	text, back, gutter, cursor, selection color.NRGBA
	tokens                                *chroma.Style
}

// currentPalette returns the colours for the current theme: chroma's "github"
// style on a light theme, "github-dark" on a dark one. The variant is the
// one the fields are drawn in (View > Theme may force one), not the
// system's: the light style's colours are unreadable on the dark field.
func currentPalette() palette {
	name := "github"
	if style.CurrentVariant() == theme.VariantDark {
		name = "github-dark"
	}
	st := styles.Get(name)
	return palette{
		text:      nrgba(theme.Color(theme.ColorNameForeground)),
		back:      nrgba(theme.Color(theme.ColorNameInputBackground)),
		gutter:    nrgba(theme.Color(theme.ColorNamePlaceHolder)),
		cursor:    nrgba(theme.Color(theme.ColorNamePrimary)),
		selection: nrgba(theme.Color(theme.ColorNameSelection)),
		tokens:    st,
	}
}

func nrgba(c color.Color) color.NRGBA {
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}

// highlight colours every rune of lines as chroma's lexer for lang ("starlark"
// is chroma's Python lexer, "yaml") and the palette's style say. A text the
// lexer cannot read is left in the text colour.
func highlight(lang string, lines [][]rune, pal palette) [][]color.NRGBA {
	out := make([][]color.NRGBA, len(lines))
	var src []rune
	for i, l := range lines {
		out[i] = make([]color.NRGBA, len(l))
		for j := range out[i] {
			out[i][j] = pal.text
		}
		if i > 0 {
			src = append(src, '\n')
		}
		src = append(src, l...)
	}
	lexer := lexers.Get(lang)
	if lexer == nil {
		return out
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, string(src)+"\n")
	if err != nil {
		return out
	}
	row, col := 0, 0
	back := pal.tokens.Get(chroma.Background).Background
	for tok := it(); tok != chroma.EOF; tok = it() {
		c := pal.text
		// A token with a background of its own (chroma's Error: a `$` the
		// Python lexer does not know) has a colour chosen for that
		// background, which the field does not paint: drawn on the
		// field's, it vanished. Its text colour reads; the checks mark
		// real errors.
		if e := pal.tokens.Get(tok.Type); e.Colour.IsSet() && (!e.Background.IsSet() || e.Background == back) {
			c = color.NRGBA{R: e.Colour.Red(), G: e.Colour.Green(), B: e.Colour.Blue(), A: 0xff}
		}
		for _, r := range tok.Value {
			if r == '\n' {
				row, col = row+1, 0
				continue
			}
			if row < len(out) && col < len(out[row]) {
				out[row][col] = c
			}
			col++
		}
	}
	return out
}
