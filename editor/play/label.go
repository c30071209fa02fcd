package play

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"go.starlark.net/starlark"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
)

// valueText is how a picker names value v: a card as the pack's display
// hints read it ("Q♥", as the table draws it, not "3/12"), a tuple or list
// of cards card by card, anything else as preview.Label writes it.
func valueText(pack *graph.Pack, v starlark.Value) string {
	if pack == nil {
		return preview.Label(v)
	}
	if c, ok := engine.CardOf(v); ok {
		return scene.CardText(pack, c.Deck, preview.Label(v))
	}
	switch x := v.(type) {
	case starlark.Tuple, *starlark.List:
		it := x.(starlark.Iterable).Iterate()
		defer it.Done()
		var parts []string
		var e starlark.Value
		for it.Next(&e) {
			parts = append(parts, valueText(pack, e))
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return preview.Label(v)
}

// blackSuits writes the black suits ♠ and ♣ as their white forms ♤ and ♧:
// Fyne draws the black ones from its colour emoji font, black whatever the
// theme, which a dark theme's button all but hides (the red suits read
// on either).
var blackSuits = strings.NewReplacer("♠", "♤", "♣", "♧")

// shownSuits returns text as a picker's button shows it: with the white
// forms of the black suits when the theme is dark (blackSuits).
func shownSuits(text string, dark bool) string {
	if !dark {
		return text
	}
	return blackSuits.Replace(text)
}

// darkTheme reports whether the app draws with a dark theme.
func darkTheme() bool {
	a := fyne.CurrentApp()
	return a != nil && a.Settings().ThemeVariant() == theme.VariantDark
}
