package engine

import (
	"slices"
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
//
// Such a local may also be returned (return x, return x or y): the list then
// goes to the caller and is never lent again (escaped), but where the caller
// uses it in place (direct_lendcall.go: a loop over the call, len of it, a
// domain that is one call of that function with names and literals for
// arguments, hook.lendsReturn...), nothing but that user receives it, and
// once done it gives the list back (Match.giveBack).

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
	// escaped: a return gave list to its caller; held: to one that uses
	// it in place and gives it back (Match.giveBack)
	escaped, held bool
	// scratch is the array a lent comprehension makes its elements in,
	// empty between calls (direct_lendcomp.go)
	scratch []starlark.Value
	// dicts are the dicts of creates' comprehensions, the first dictsUsed
	// taken by the creates running (direct_lenddict.go)
	dicts     []*starlark.Dict
	dictsUsed int
	// createOut is the list a create is reading, given back when it
	// returns (direct_lenddict.go)
	createOut *starlark.List
}

// release empties lent for the next match of a released one (the match
// and all it gave are dead): its list and scratch array stay, free.
func (lent *lentList) release() {
	if lent.list != nil && lent.list.Clear() != nil {
		lent.list = nil // frozen, or iterated (it cannot be)
	}
	clear(lent.scratch[:cap(lent.scratch)]) // the released match's values go
	*lent = lentList{list: lent.list, at: &noLocal, scratch: lent.scratch[:0], dicts: lent.dicts}
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
	if call, ok := s.RHS.(*syntax.CallExpr); !ok || !isDot(call.Fn, "cards") || !onlyRead(fc.body, b) {
		return nil // (the cheap test first)
	}
	c, ls := fc.lentCardsCall(s.RHS)
	if c == nil {
		return nil
	}
	slot := b.Index
	if fc.lentOf == nil {
		fc.lentOf = map[*resolve.Binding][]int{}
	}
	fc.lentOf[b] = append(fc.lentOf[b], ls)
	return func(m *Match, l []starlark.Value) (bool, error) {
		lent := m.lentSlot(ls)
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

// lentCardsCall compiles x when it is deck.cards(...) of a deck with
// positional arguments: a call whose list is lent through m.lent[ls]
// (lentCards's goes to Match.lent's next); nil otherwise. Its steps are
// those of the call.
func (fc *funcCompiler) lentCardsCall(x syntax.Expr) (c *builtinCall, ls int) {
	call, ok := x.(*syntax.CallExpr)
	if !ok {
		return nil, 0
	}
	dot, ok := call.Fn.(*syntax.DotExpr)
	if !ok || dot.Name.Name != "cards" {
		return nil, 0
	}
	dv, ok := fc.predeclared(dot.X).(*deckValue)
	if !ok {
		return nil, 0
	}
	for _, a := range call.Args {
		switch a := a.(type) {
		case *syntax.BinaryExpr:
			if a.Op == syntax.EQ {
				return nil, 0
			}
		case *syntax.UnaryExpr:
			if a.Op == syntax.STAR || a.Op == syntax.STARSTAR {
				return nil, 0
			}
		}
	}
	fc.steps += stepsPerNode // the call's node, as expr counts it
	c = &builtinCall{lparen: call.Lparen, name: dv.name + ".cards", args: fc.exprs(call.Args), kws: []dexpr{}}
	if c.args == nil {
		return nil, 0
	}
	ls = int(lendSites.Add(1) % lendSlots)
	c.goFn = func(m *Match, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		return dv.lentCards(m, m.lentSlot(ls), c.name, args, kw)
	}
	return c, ls
}

// isDot reports whether x is e.name.
func isDot(x syntax.Expr, name string) bool {
	dot, ok := x.(*syntax.DotExpr)
	return ok && dot.Name.Name == name
}

// noLocal is the local a loop's own list goes into: none, it stays nil.
var noLocal starlark.Value

// loopedCards compiles x, the iterable of a for loop or clause, when it is
// deck.cards(...) (see lentCardsCall): nothing but the loop reaches its
// list, so the next call at the same place fills it again once no loop
// iterates it (Clear refuses while one does). Nil otherwise.
func (fc *funcCompiler) loopedCards(x syntax.Expr) dexpr {
	c, ls := fc.lentCardsCall(x)
	if c == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		lent := m.lentSlot(ls)
		saved := lent.next
		lent.next = &noLocal
		v, err := c.eval(m, l)
		lent.next = saved
		return v, err
	}
}

// lentCards is deck.cards into lent's list when nothing else can hold it
// any more, else into a new one that lent keeps.
func (d *deckValue) lentCards(m *Match, lent *lentList, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	m.note(rdDeck, d.idx, m.st.decks[d.idx].ver) // as call reads
	loc, arg, hasArg, err := locRead(m, fn, args, kw)
	if err != nil {
		return nil, err
	}
	ids := m.inLoc(d.idx, loc, arg, hasArg)
	l := lent.list
	if l != nil && !lent.escaped && (lent.at == lent.next || *lent.at != starlark.Value(l)) && l.Clear() == nil {
		for _, id := range ids {
			l.Append(m.card(d, int(id))) // cannot fail: Clear did not
		}
	} else {
		l = d.list(m, ids)
	}
	lent.list, lent.at, lent.escaped = l, lent.next, false
	return l, nil
}

// lentReturn compiles the return of x, where x is the function's result:
// when x is a local lentCards lends to (or x is a or b of such locals), the
// list returned is marked escaped, with the call that returned it; nil when
// x is none of these.
func (fc *funcCompiler) lentReturn(x syntax.Expr) func(m *Match, l []starlark.Value, v starlark.Value) {
	names := []*resolve.Binding{localOf(x)}
	if bin, ok := x.(*syntax.BinaryExpr); ok && bin.Op == syntax.OR {
		names = []*resolve.Binding{localOf(bin.X), localOf(bin.Y)}
	}
	names = slices.DeleteFunc(names, func(b *resolve.Binding) bool { return b == nil })
	if len(names) == 0 {
		return nil
	}
	// lentOf is complete once the function compiled: a return may come
	// before the assignment in the text.
	return func(m *Match, l []starlark.Value, v starlark.Value) {
		lv, ok := v.(*starlark.List)
		if !ok {
			return
		}
		// A caller that uses the list in place gives it back.
		to, next := m.lendsHere(l)
		held := to != nil && next == nil
		for _, b := range names {
			for _, ls := range fc.lentOf[b] {
				if lent := m.lentSlot(ls); lent.list == lv {
					lent.escaped, lent.held = true, held
				}
			}
		}
	}
}

// localOf is the binding of x when x is a local name, else nil.
func localOf(x syntax.Expr) *resolve.Binding {
	id, ok := x.(*syntax.Ident)
	if !ok {
		return nil
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || b.Scope != resolve.Local {
		return nil
	}
	return b
}

// lentSlot is the slot of the place numbered ls, the slots made at the
// first lend.
func (m *Match) lentSlot(ls int) *lentList {
	if m.lent == nil {
		m.lent = new([lendSlots]lentList)
	}
	return &m.lent[ls]
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
	case *syntax.ReturnStmt: // the list escapes (see lentReturn)
		return p.Result == syntax.Expr(id)
	case *syntax.BinaryExpr:
		if r, isReturn := grand.(*syntax.ReturnStmt); isReturn && p.Op == syntax.OR && r.Result == syntax.Expr(p) {
			return true // return x or y: as return x
		}
		return (p.Op == syntax.IN || p.Op == syntax.NOT_IN) && p.Y == syntax.Expr(id)
	}
	return false
}
