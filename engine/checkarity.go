package engine

import (
	"fmt"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/resolve"
	"go.starlark.net/syntax"
)

// arity is how a builtin is called: positional arguments from min to max
// (-1: any number), and whether it takes keyword arguments.
type arity struct {
	min, max int
	kw       bool
	sig      string
}

// builtinArity is the signature of every builtin (see builtins).
var builtinArity = map[string]arity{
	"next_state":           {0, 1, false, "next_state(transition)"},
	"call":                 {1, -1, true, "call(state, **params)"},
	"end_turn":             {0, 1, false, "end_turn(player=None)"},
	"end_game":             {0, 0, false, "end_game()"},
	"set_active":           {1, 1, false, "set_active(player)"},
	"activate_next_player": {0, 0, false, "activate_next_player()"},
	"player_after":         {1, 1, false, "player_after(player)"},
	"player_no":            {1, 1, false, "player_no(n)"},
	"set_all_multiactive":  {0, 0, false, "set_all_multiactive()"},
	"set_multiactive":      {1, 1, false, "set_multiactive(players)"},
	"deactivate":           {1, 2, false, `deactivate(player, transition="")`},
	"is_multiactive":       {1, 1, false, "is_multiactive(player)"},
	"rand":                 {1, 1, false, "rand(n)"},
	"shuffle":              {1, 1, false, "shuffle(items)"},
	"notify":               {1, 1, true, "notify(message, to=None, **args)"},
	"before":               {1, 1, false, "before(fn)"},
	"objects":              {0, 2, true, "objects(type=None, tag=None)"},
	"create":               {1, 1, true, "create(type, tags=[], **variables)"},
	"destroy":              {1, 1, false, "destroy(object)"},
	"combinations":         {2, 2, false, "combinations(items, k)"},
	"require":              {2, 2, false, "require(condition, reason)"},
	"reveal":               {1, 1, true, "reveal(card, to=None)"},
}

// checkArity reports a call of a builtin, a script function or an object
// method with a number of arguments it does not take.
func (a *analyzer) checkArity(what string, n *syntax.CallExpr, pl place) {
	args, kw, spread := kwargs(n)
	if spread {
		return
	}
	switch fn := n.Fn.(type) {
	case *syntax.Ident:
		if scopeOf(fn) != resolve.Predeclared {
			return
		}
		if s := a.fns[fn.Name]; s != nil {
			a.checkDefArity(what, fn.Name, s.def, n, len(args), kw)
			return
		}
		ar, ok := builtinArity[fn.Name]
		if !ok {
			return
		}
		if len(args) < ar.min || ar.max >= 0 && len(args) > ar.max || len(kw) > 0 && !ar.kw {
			a.report(graph.Error, "call", gpos(n.Lparen), "%s: %s called with %s: it is %s", what, fn.Name, argCount(len(args), len(kw)), ar.sig)
		}
	case *syntax.DotExpr:
		ms := a.methodsNamed(fn.Name.Name, a.kindOf(fn.X, pl))
		if len(ms) == 0 {
			return
		}
		for _, m := range ms[1:] {
			if len(m.Params) != len(ms[0].Params) {
				return // which type's method runs is not known
			}
		}
		m := ms[0]
		if len(args)+len(kw) != len(m.Params) {
			a.report(graph.Error, "call", gpos(n.Lparen), "%s: method %s called with %s: it takes %s", what, m.Name, argCount(len(args), len(kw)), paramList(m.Params))
		}
	}
}

// methodsNamed returns the methods named name an object of kind k may have:
// its type's, or every type's when the type is not known; none for values
// that are not objects.
func (a *analyzer) methodsNamed(name string, k valType) []*graph.Method {
	if k.k != kObject && k.k != kUnknown {
		return nil
	}
	var out []*graph.Method
	for _, t := range a.pack.ObjectTypes {
		if k.t != nil && t != k.t {
			continue
		}
		for _, m := range t.Methods {
			if m.Name == name {
				out = append(out, m)
			}
		}
	}
	if k.k == kUnknown && len(out) > 0 && (boardOrDeckMethod(name) || a.starlarkMethod(name)) {
		return nil // maybe a component's or a list's method of that name
	}
	return out
}

func boardOrDeckMethod(name string) bool {
	for _, ms := range [][]string{boardMethods, deckMethods} {
		for _, m := range ms {
			if m == name {
				return true
			}
		}
	}
	return false
}

// checkDefArity checks a call of a script function against its def.
func (a *analyzer) checkDefArity(what, name string, d *syntax.DefStmt, n *syntax.CallExpr, npos int, kw []*syntax.BinaryExpr) {
	required, max, names := 0, 0, map[string]bool{}
	for _, p := range d.Params {
		switch p := p.(type) {
		case *syntax.Ident:
			required++
			max++
			names[p.Name] = true
		case *syntax.BinaryExpr: // name=default
			max++
			names[p.X.(*syntax.Ident).Name] = true
		case *syntax.UnaryExpr: // *args, **kwargs
			return
		}
	}
	given := npos
	for _, k := range kw {
		if !names[k.X.(*syntax.Ident).Name] {
			a.report(graph.Error, "call", gpos(k.X.(*syntax.Ident).NamePos), "%s: %s has no parameter %q (def at %d:%d)", what, name, k.X.(*syntax.Ident).Name, d.Def.Line, d.Def.Col)
			return
		}
		given++
	}
	if npos > max || given < required {
		takes := fmt.Sprintf("%d to %d", required, max)
		if required == max {
			takes = fmt.Sprint(max)
		}
		a.report(graph.Error, "call", gpos(n.Lparen), "%s: %s called with %s: it takes %s (def at %d:%d)", what, name, argCount(npos, len(kw)), takes, d.Def.Line, d.Def.Col)
	}
}

func argCount(pos, kw int) string {
	s := fmt.Sprintf("%d argument", pos)
	if pos != 1 {
		s += "s"
	}
	if kw > 0 {
		s += fmt.Sprintf(" and %d by name", kw)
	}
	return s
}

func paramList(ps graph.Params) string {
	if len(ps) == 0 {
		return "no arguments"
	}
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += ", "
		}
		s += p.Name
	}
	return fmt.Sprintf("%d (%s)", len(ps), s)
}
