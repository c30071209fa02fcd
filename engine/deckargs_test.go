package engine

import (
	"fmt"
	"testing"

	"go.starlark.net/starlark"
)

// TestDeckArgsReadAsUnpackArgs: the deck's methods read their arguments
// without UnpackArgs in the common shapes; in every shape (right ones,
// missing, extra, named, of the wrong type) they read the same values and
// fail with the same errors as UnpackArgs does.
func TestDeckArgsReadAsUnpackArgs(t *testing.T) {
	s := func(x string) starlark.Value { return starlark.String(x) }
	n := func(x int64) starlark.Value { return starlark.MakeInt64(x) }
	kw := func(name string, v starlark.Value) starlark.Tuple { return starlark.Tuple{s(name), v} }
	card := s("a card") // move takes any value as its card; cardID judges it
	calls := []struct {
		args starlark.Tuple
		kw   []starlark.Tuple
	}{
		{}, {args: starlark.Tuple{s("hand")}},
		{args: starlark.Tuple{card, s("hand")}}, {args: starlark.Tuple{card, s("hand"), n(2)}},
		{args: starlark.Tuple{card, s("hand"), n(2), n(3)}}, {args: starlark.Tuple{card, n(1)}},
		{args: starlark.Tuple{s("hand"), s("deck")}}, {args: starlark.Tuple{s("hand"), s("deck"), starlark.None, n(4)}},
		{args: starlark.Tuple{s("hand"), s("deck"), n(1), n(4), n(5)}}, {args: starlark.Tuple{s("hand"), n(0)}},
		{args: starlark.Tuple{n(13), n(1)}}, {args: starlark.Tuple{n(13), n(1), s("pile")}},
		{args: starlark.Tuple{n(13), n(1), n(2)}}, {args: starlark.Tuple{n(1 << 40), n(1)}},
		{args: starlark.Tuple{starlark.Float(2), n(1)}}, {args: starlark.Tuple{n(-1), s("deck"), s("hand")}},
		{args: starlark.Tuple{n(3), s("deck"), s("hand"), n(2)}}, {args: starlark.Tuple{n(3), s("deck"), n(2)}},
		{args: starlark.Tuple{card}, kw: []starlark.Tuple{kw("location", s("hand"))}},
		{args: starlark.Tuple{s("a")}, kw: []starlark.Tuple{kw("to", s("b")), kw("to_arg", n(1))}},
		{args: starlark.Tuple{n(2)}, kw: []starlark.Tuple{kw("player", n(1))}},
		{kw: []starlark.Tuple{kw("location", s("pile"))}},
	}
	show := func(vs ...any) string { return fmt.Sprint(vs...) }
	for _, c := range calls {
		for _, r := range []struct {
			fn        string
			got, want func() string
		}{
			{"deck.move", func() string { return show(deckMoveArgs("deck.move", c.args, c.kw)) },
				func() string { return show(unpackDeckMoveArgs("deck.move", c.args, c.kw)) }},
			{"deck.move_all", func() string { return show(moveAllArgs("deck.move_all", c.args, c.kw)) },
				func() string { return show(unpackMoveAllArgs("deck.move_all", c.args, c.kw)) }},
			{"deck.pick", func() string { return show(pickArgs("pick", "deck.pick", c.args, c.kw)) },
				func() string { return show(unpackPickArgs("pick", "deck.pick", c.args, c.kw)) }},
			{"deck.pick_for_location", func() string { return show(pickArgs("pick_for_location", "deck.pick_for_location", c.args, c.kw)) },
				func() string {
					return show(unpackPickArgs("pick_for_location", "deck.pick_for_location", c.args, c.kw))
				}},
			{"deck.shuffle", func() string { return show(shuffleArgs("deck.shuffle", c.args, c.kw)) },
				func() string {
					loc := "deck"
					err := starlark.UnpackArgs("deck.shuffle", c.args, c.kw, "location?", &loc)
					return show(loc, err)
				}},
			{"deck.cards", func() string { return show(locArgs("deck.cards", c.args, c.kw)) },
				func() string { return show(unpackLocArgs("deck.cards", c.args, c.kw)) }},
			{"set_active", func() string { return show(onlyArg("set_active", c.args, c.kw)) },
				func() string {
					var p starlark.Value
					err := starlark.UnpackPositionalArgs("set_active", c.args, c.kw, 1, &p)
					return show(p, err)
				}},
		} {
			if got, want := r.got(), r.want(); got != want {
				t.Errorf("%s%v%v: read %s, UnpackArgs reads %s", r.fn, c.args, c.kw, got, want)
			}
		}
	}
}
