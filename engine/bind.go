package engine

import "go.starlark.net/starlark"

// A player, object or card value names its match (p.m, o.m, c.m): its
// attributes read and write that match. Values stored in the match's state
// (variables, a frame's parameters) are shared by every match forked from
// it (At, Fork, Determinize), so a fork reading one gets the value of the
// match that stored it; rebind gives the fork its own, or code in the fork
// assigning through it (self.controller.life += 3) would change the match
// it was forked from. A value inside a container a variable holds (a list
// of players) is not rebound: code reaching one through the container
// still reads and writes the match that stored it.

// rebind returns v as m's own value when v is a player, object or card of
// another match; any other value as it is.
func (m *Match) rebind(v starlark.Value) starlark.Value {
	switch x := v.(type) {
	case *playerValue:
		if x.m != m {
			return m.pvals[x.seat]
		}
	case *objectValue:
		if x.m != m {
			return m.objValue(x.id)
		}
	case *cardValue:
		if x.m != m {
			return m.card(x.deck, x.id)
		}
	}
	return v
}
