package engine

import (
	"sync/atomic"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Lent lists. deck.cards makes a new list at every call, and a card game
// calls it at every card played (Hearts' stNextPlayer reads the trick on the
// table into a local it only measures and loops over). Where direct code
// assigns deck.cards(...) to a local name that its function only reads in
// ways that keep nothing of the list (len(x), for v in x, a comprehension's
// for over x, x[i], v in x, not x, if x) and that no nested function reads,
// nothing but that local ever holds the list. The next call at the same
// place fills the same list again when the local that held it holds
// something else or its call has returned (direct frames are cleared as
// they pop), and nothing iterates it (Clear refuses); else it makes a new
// one, as Starlark does.

// lendSlots is how many places of a match lend a list at once; places share
// a slot by their number, which costs only a list made anew.
const lendSlots = 8

// lendSites numbers the places that lend, for their slot.
var lendSites atomic.Uint32

// lentList is the list a place lent last, and the local it went into.
type lentList struct {
	list *starlark.List
	at   *starlark.Value
	next *starlark.Value // the local the running call's list goes into
}

// lentCards compiles s, x = deck.cards(...) with positional arguments, when
// x is a local its function only reads as above; nil otherwise (assign
// compiles it as any assignment). Its steps are those of the assignment.
func (fc *funcCompiler) lentCards(s *syntax.AssignStmt) dstmt {
	id, ok := s.LHS.(*syntax.Ident)
	if !ok || s.Op != syntax.EQ {
		return nil
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || b.Scope != resolve.Local {
		return nil
	}
	call, ok := s.RHS.(*syntax.CallExpr)
	if !ok {
		return nil
	}
	dot, ok := call.Fn.(*syntax.DotExpr)
	if !ok || dot.Name.Name != "cards" {
		return nil
	}
	dv, ok := fc.predeclared(dot.X).(*deckValue)
	if !ok {
		return nil
	}
	for _, a := range call.Args {
		switch a := a.(type) {
		case *syntax.BinaryExpr:
			if a.Op == syntax.EQ {
				return nil
			}
		case *syntax.UnaryExpr:
			if a.Op == syntax.STAR || a.Op == syntax.STARSTAR {
				return nil
			}
		}
	}
	if !onlyRead(fc.body, b) {
		return nil
	}
	fc.steps += stepsPerNode // the call's node, as expr counts it
	c := &builtinCall{lparen: call.Lparen, name: dv.name + ".cards", args: fc.exprs(call.Args), kws: []dexpr{}}
	if c.args == nil {
		return nil
	}
	ls := int(lendSites.Add(1) % lendSlots)
	c.goFn = func(m *Match, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		return dv.lentCards(m, &m.lent[ls], c.name, args, kw)
	}
	slot := b.Index
	return func(m *Match, l []starlark.Value) (bool, error) {
		lent := &m.lent[ls]
		// Set for the call, after its arguments: a call of the same place
		// among them (a recursion) sets and restores its own.
		saved := lent.next
		lent.next = &l[slot]
		v, err := c.eval(m, l)
		lent.next = saved
		if err != nil {
			return false, err
		}
		l[slot] = v
		return false, nil
	}
}

// lentCards is deck.cards into lent's list when nothing else can hold it
// any more, else into a new one that lent keeps.
func (d *deckValue) lentCards(m *Match, lent *lentList, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	m.note(rdDeck, d.idx, m.st.decks[d.idx].ver) // as call reads
	loc, argV, err := locArgs(fn, args, kw)
	if err != nil {
		return nil, err
	}
	arg, hasArg, err := locArg(m, fn, argV)
	if err != nil {
		return nil, err
	}
	ids := m.inLoc(d.idx, loc, arg, hasArg)
	l := lent.list
	if l != nil && (lent.at == lent.next || *lent.at != starlark.Value(l)) && l.Clear() == nil {
		for _, id := range ids {
			l.Append(m.card(d, int(id))) // cannot fail: Clear did not
		}
	} else {
		l = d.list(m, ids)
	}
	lent.list, lent.at = l, lent.next
	return l, nil
}

// onlyRead reports whether every use of the local b in body but its
// assignments is one that keeps nothing of its value (see lentCards).
func onlyRead(body []syntax.Stmt, b *resolve.Binding) bool {
	ok := true
	var stack []syntax.Node
	for _, s := range body {
		syntax.Walk(s, func(n syntax.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if id, isID := n.(*syntax.Ident); isID && id.Binding == b && len(stack) > 0 {
				var grand syntax.Node
				if len(stack) > 1 {
					grand = stack[len(stack)-2]
				}
				ok = ok && readOnly(id, stack[len(stack)-1], grand)
			}
			stack = append(stack, n)
			return ok
		})
		if !ok {
			return false
		}
	}
	return ok
}

// readOnly reports whether id, a use of a local in parent (in grand), keeps
// nothing of its value: an assignment to it, or one of lentCards's reads.
func readOnly(id *syntax.Ident, parent, grand syntax.Node) bool {
	switch p := parent.(type) {
	case *syntax.AssignStmt:
		return p.LHS == syntax.Expr(id) && p.Op == syntax.EQ
	case *syntax.ForStmt:
		return p.X == syntax.Expr(id) || p.Vars == syntax.Expr(id)
	case *syntax.ForClause:
		return p.X == syntax.Expr(id) || p.Vars == syntax.Expr(id)
	case *syntax.CallExpr:
		fn, isID := p.Fn.(*syntax.Ident)
		if !isID || fn.Name != "len" || len(p.Args) != 1 {
			return false
		}
		fb, isB := fn.Binding.(*resolve.Binding)
		return isB && fb.Scope == resolve.Universal
	case *syntax.IndexExpr:
		a, isAssign := grand.(*syntax.AssignStmt)
		return p.X == syntax.Expr(id) && !(isAssign && a.LHS == syntax.Expr(p))
	case *syntax.UnaryExpr:
		return p.Op == syntax.NOT
	case *syntax.IfStmt:
		return p.Cond == syntax.Expr(id)
	case *syntax.BinaryExpr:
		return (p.Op == syntax.IN || p.Op == syntax.NOT_IN) && p.Y == syntax.Expr(id)
	}
	return false
}
