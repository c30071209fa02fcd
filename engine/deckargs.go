package engine

import "go.starlark.net/starlark"

// The deck's methods read their arguments as Starlark's UnpackArgs reads
// them, but without its allocations in the common shape (positional
// arguments of the right types): UnpackArgs takes its variables by pointer,
// which puts each on the heap, and deck.move alone is called at every card
// a card game plays. Any other shape goes through UnpackArgs, in a function
// of its own (so that only its variables escape), for its exact errors.

// positional reports whether a call has no keyword arguments and between
// lo and hi positional ones.
func positional(args starlark.Tuple, kw []starlark.Tuple, lo, hi int) bool {
	return len(kw) == 0 && len(args) >= lo && len(args) <= hi
}

// argStrings reports whether args[i] for each i of is is a string.
func argStrings(args starlark.Tuple, is ...int) bool {
	for _, i := range is {
		if i < len(args) {
			if _, ok := args[i].(starlark.String); !ok {
				return false
			}
		}
	}
	return true
}

// argStr is args[i] as a string when there is one (argStrings said it is one),
// else def.
func argStr(args starlark.Tuple, i int, def string) string {
	if i < len(args) {
		return string(args[i].(starlark.String))
	}
	return def
}

// argVal is args[i] when there is one, else def.
func argVal(args starlark.Tuple, i int, def starlark.Value) starlark.Value {
	if i < len(args) {
		return args[i]
	}
	return def
}

// locRead reads a location read's arguments (location, location_arg) as
// deck.cards, count and top take them: the location, and the arg when one
// is given (locArg).
func locRead(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (loc string, arg int, hasArg bool, err error) {
	loc, argV, err := locArgs(fn, args, kw)
	if err != nil {
		return "", 0, false, err
	}
	arg, hasArg, err = locArg(m, fn, argV)
	return loc, arg, hasArg, err
}

// locArgs reads deck.cards, count and top's (location?, arg?): positional
// arguments as Starlark's UnpackArgs would read them, without its
// allocations; anything else goes to UnpackArgs, for its errors.
func locArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (loc string, argV starlark.Value, err error) {
	argV = starlark.None
	if len(kw) == 0 && len(args) <= 2 {
		s, ok := starlark.String(""), true
		if len(args) > 0 {
			s, ok = args[0].(starlark.String)
		}
		if ok {
			if len(args) == 2 {
				argV = args[1]
			}
			return string(s), argV, nil
		}
	}
	return unpackLocArgs(fn, args, kw)
}

// unpackLocArgs is locArgs through UnpackArgs, whose pointers put its
// variables on the heap: a function of its own, so locArgs's stay off it.
func unpackLocArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (string, starlark.Value, error) {
	var loc string
	var argV starlark.Value = starlark.None
	err := starlark.UnpackArgs(fn, args, kw, "location?", &loc, "arg?", &argV)
	return loc, argV, err
}

// deckMoveArgs reads deck.move's (card, location, arg=0).
func deckMoveArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (card starlark.Value, loc string, argV starlark.Value, err error) {
	if positional(args, kw, 2, 3) && argStrings(args, 1) {
		return args[0], argStr(args, 1, ""), argVal(args, 2, starlark.MakeInt(0)), nil
	}
	return unpackDeckMoveArgs(fn, args, kw)
}

func unpackDeckMoveArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, string, starlark.Value, error) {
	var card starlark.Value
	var loc string
	var argV starlark.Value = starlark.MakeInt(0)
	err := starlark.UnpackArgs(fn, args, kw, "card", &card, "location", &loc, "arg?", &argV)
	return card, loc, argV, err
}

// moveAllArgs reads deck.move_all's (from, to, from_arg=None, to_arg=0).
func moveAllArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (from, to string, fromV, toV starlark.Value, err error) {
	if positional(args, kw, 2, 4) && argStrings(args, 0, 1) {
		return argStr(args, 0, ""), argStr(args, 1, ""), argVal(args, 2, starlark.None), argVal(args, 3, starlark.MakeInt(0)), nil
	}
	return unpackMoveAllArgs(fn, args, kw)
}

func unpackMoveAllArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (string, string, starlark.Value, starlark.Value, error) {
	var from, to string
	var fromV starlark.Value = starlark.None
	var toV starlark.Value = starlark.MakeInt(0)
	err := starlark.UnpackArgs(fn, args, kw, "from", &from, "to", &to, "from_arg?", &fromV, "to_arg?", &toV)
	return from, to, fromV, toV, err
}

// pickArgs reads deck.pick's (n, player, location="deck") or, for
// pick_for_location, (n, from, to, arg=0): the number, the location taken
// from, the one put in, and its arg.
func pickArgs(name, fn string, args starlark.Tuple, kw []starlark.Tuple) (n int, from, to string, argV starlark.Value, err error) {
	if len(args) > 0 {
		// An int that is no int32 goes through UnpackArgs, which reads it as
		// an int or says why it is not one.
		if n32, err := starlark.AsInt32(args[0]); err == nil {
			if name == "pick" && positional(args, kw, 2, 3) && argStrings(args, 2) {
				return n32, argStr(args, 2, "deck"), "hand", args[1], nil
			}
			if name == "pick_for_location" && positional(args, kw, 3, 4) && argStrings(args, 1, 2) {
				return n32, argStr(args, 1, ""), argStr(args, 2, ""), argVal(args, 3, starlark.MakeInt(0)), nil
			}
		}
	}
	return unpackPickArgs(name, fn, args, kw)
}

func unpackPickArgs(name, fn string, args starlark.Tuple, kw []starlark.Tuple) (int, string, string, starlark.Value, error) {
	var n int
	from, to := "deck", "hand"
	var argV starlark.Value = starlark.MakeInt(0)
	var err error
	if name == "pick" {
		err = starlark.UnpackArgs(fn, args, kw, "n", &n, "player", &argV, "location?", &from)
	} else {
		err = starlark.UnpackArgs(fn, args, kw, "n", &n, "from", &from, "to", &to, "arg?", &argV)
	}
	return n, from, to, argV, err
}

// shuffleArgs reads deck.shuffle's (location="deck").
func shuffleArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (string, error) {
	if positional(args, kw, 0, 1) && argStrings(args, 0) {
		return argStr(args, 0, "deck"), nil
	}
	loc := "deck"
	err := starlark.UnpackArgs(fn, args, kw, "location?", &loc)
	return loc, err
}
