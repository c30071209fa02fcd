package engine

import (
	"github.com/rulestudio/studio/graph"
	"go.starlark.net/syntax"
)

// place is where a piece of code runs, as far as it can be known before a
// match: what the static checks ([Check]) resolve its names against.
type place struct {
	states   []*graph.State    // the states whose transitions next_state takes and whose parameters `state` holds; nil: not known
	otype    *graph.ObjectType // the type of `self` (object type clauses)
	sstate   *graph.State      // `self` is this state's parameters (state clauses)
	self     bool              // `self` is bound
	value    bool              // `value` is bound (a property or variable wrapper)
	inner    bool              // `inner` is bound (a method wrapper)
	params   graph.Params      // action or method parameters, bound by name
	method   string            // the method whose body this is
	whenever *graph.Trigger    // the whenever clause the code belongs to
}

// unit is one piece of a pack's code that compiled, kept for the static
// checks: its syntax tree (the hook function, whose positions are the YAML
// file's) or the name of the script function it names.
type unit struct {
	what  string
	code  graph.Code
	pure  bool
	place place
	fn    *syntax.DefStmt // inline code as the function the compiler built
	ctx   []int           // the context names fn takes, in order
	named string          // the script function the code names ("action: stNextPlayer")
}

// statesAllowing maps each action name to the states whose possibleactions
// list it, in pack order.
func statesAllowing(p *graph.Pack) map[string][]*graph.State {
	out := map[string][]*graph.State{}
	for _, s := range p.States {
		for _, a := range s.PossibleActions {
			out[a] = append(out[a], s)
		}
	}
	return out
}
