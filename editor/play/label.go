package play

import (
	"strings"

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
