package style

import (
	"image/color"
	"strconv"

	"github.com/rulestudio/studio/graph"
)

// Missing is the pseudo state type of a box drawn for a transition target that
// no state defines, so that a broken arrow still has somewhere to point.
const Missing graph.StateType = "missing"

// FrameworkEnd is the pseudo state type of the box drawn for a transition to
// BGA's own end state, which a game need not declare (State classes never
// do): id 99, or the framework's constant ST_END_GAME when its value is not
// in sight. graph.Check calls it "the BGA framework provides gameEnd", not an
// error, so it is drawn like a manager state, not as a missing one.
const FrameworkEnd graph.StateType = "bga-gameend"

// ClauseCaller is the pseudo state type of the box drawn for an object
// type's clause that calls a state (graph.ClauseCalls): the call runs in
// whatever state is current when the clause fires, so the arrow starts at
// the clause, or the called state would look unreachable.
const ClauseCaller graph.StateType = "clause"

// Placeholder reports whether t is the type of a box that stands for no state
// of the pack (Missing, FrameworkEnd, ClauseCaller): it cannot be selected or
// moved, and has no saved position.
func Placeholder(t graph.StateType) bool {
	return t == Missing || t == FrameworkEnd || t == ClauseCaller
}

// TypeFill is the fill colour of a state's box: the colour of its BGA type in
// every drawing of the studio (the same as in exported DOT files).
func TypeFill(t graph.StateType) color.NRGBA {
	if t == FrameworkEnd {
		t = graph.Manager
	}
	if t == Missing {
		return color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	}
	if t == ClauseCaller {
		return color.NRGBA{R: 0xd9, G: 0xf2, B: 0xef, A: 0xff} // a pale shade of the call arrows' teal
	}
	return parseHex(graph.TypeColor(t))
}

// TypeInk is the darker shade of a type's colour used for box borders and
// badges.
func TypeInk(t graph.StateType) color.NRGBA {
	if t == Missing {
		return color.NRGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}
	}
	c := TypeFill(t)
	return color.NRGBA{R: c.R / 2, G: c.G / 2, B: c.B / 2, A: 0xff}
}

// TypeBadge is the short text of a state type's badge.
func TypeBadge(t graph.StateType) string {
	switch t {
	case graph.ActivePlayer:
		return "ACTIVE PLAYER"
	case graph.MultipleActivePlayer:
		return "MULTI ACTIVE"
	case graph.Private:
		return "PRIVATE"
	case graph.Game:
		return "GAME"
	case graph.Manager:
		return "MANAGER"
	case Missing:
		return "MISSING"
	case FrameworkEnd:
		return "BGA"
	case ClauseCaller:
		return "CLAUSE"
	case "":
		return "NO TYPE"
	}
	return "? " + string(t)
}

// parseHex reads "#rrggbb".
func parseHex(s string) color.NRGBA {
	if len(s) != 7 || s[0] != '#' {
		return color.NRGBA{R: 0xcc, G: 0xcc, B: 0xcc, A: 0xff}
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.NRGBA{R: 0xcc, G: 0xcc, B: 0xcc, A: 0xff}
	}
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}
