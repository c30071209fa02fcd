package engine

import (
	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Lent calls. The seed effects' script functions each return a
// comprehension (hand(p), battlefield(tag), damaged()), and their callers
// use the list where they get it: for o in battlefield(tag="elf"),
// len(damaged()) > 0, if hand(opponent):. A call whose list is used so
// (the iterable of a for loop or clause; the argument of len, any or all;
// a truth test: the condition of an if, of a comprehension's if, of a
// conditional expression, the operand of not, and and or operands whose
// expression is itself only tested; the list of x in f(); f()[i] with i a
// name or a literal; a local only read, as lentCards's; a domain, handed to
// the engine) is a place that lends: it asks its callee (Match.lendTo) to
// make the list it returns in the place's slot. The callee's return [...]
// fills the list the slot lent last when nothing can see it any more (as
// lentComprehension does), and its return x of a lent local hands that list
// over. A list used in place is held (lentList.held) until its user is done
// with it (Match.giveBack): a call of the same place meanwhile (a
// recursion through an object's property) makes a new list, as Starlark
// does. The callee's elements and steps are Starlark's; only where the
// list lives changes.

// lendReq is what a place that lends asks of the call it makes: the list
// goes to lent's slot, and into the local next of the caller (nil: it is
// used in place and held). Only the return of the call whose frame begins
// at frame answers it.
type lendReq struct {
	lent  *lentList
	next  *starlark.Value
	frame *starlark.Value
}

// lender returns the direct form of the script function x calls, when x
// is such a call (positional and name=value arguments) and the function
// may return a list it lends (dfn.lends); nil otherwise. It compiles
// nothing of the caller.
func (fc *funcCompiler) lender(x syntax.Expr) *dfn {
	call, ok := x.(*syntax.CallExpr)
	if !ok {
		return nil
	}
	for _, a := range call.Args {
		if u, ok := a.(*syntax.UnaryExpr); ok && (u.Op == syntax.STAR || u.Op == syntax.STARSTAR) {
			return nil
		}
	}
	id, ok := unparen(call.Fn).(*syntax.Ident)
	if !ok {
		return nil
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || b.Scope == resolve.Local {
		return nil
	}
	fn, ok := fc.value(id, b).(*starlark.Function)
	if !ok || fc.dc.defOf[fn] == nil {
		return nil
	}
	d := fc.dc.function(fc.dc.defOf[fn], fn)
	if d == nil || !d.lends || d.nlocals == 0 {
		return nil
	}
	return d
}

// lentCall is a call of a function whose list goes to the slot ls: into
// the caller's local (local >= 0) or used in place (local < 0).
type lentCall struct {
	d           *dfn
	args        []dexpr
	slots, fill []int
	lparen      syntax.Position
	ls, local   int
}

// lentCall compiles x, a call lender accepted, whose node is counted (as
// expr counts it before call); nil when it has no direct form.
func (fc *funcCompiler) lentCall(x syntax.Expr, local int) *lentCall {
	e := x.(*syntax.CallExpr)
	var pos, vals []syntax.Expr
	var names []starlark.Value
	for _, a := range e.Args {
		if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			names = append(names, starlark.String(b.X.(*syntax.Ident).Name))
			vals = append(vals, b.Y)
			continue
		}
		pos = append(pos, a)
	}
	d := fc.callee(e.Fn, &builtinCall{})
	if d == nil {
		return nil
	}
	slots, fill := d.bind(len(pos), names)
	if slots == nil {
		return nil
	}
	args := fc.exprs(append(pos, vals...))
	if args == nil {
		return nil
	}
	return &lentCall{d: d, args: args, slots: slots, fill: fill, lparen: e.Lparen,
		ls: int(lendSites.Add(1) % lendSlots), local: local}
}

// eval makes the call, asking its return for the slot's list (see
// lendReq). A list used in place must be given back (Match.giveBack).
func (c *lentCall) eval(m *Match, l []starlark.Value) (starlark.Value, error) {
	d := c.d
	callee, base := d.frame(m)
	for i, x := range c.args {
		v, err := x(m, l)
		if err != nil {
			d.pop(m, callee, base)
			return nil, err
		}
		callee[c.slots[i]] = v
	}
	for _, i := range c.fill {
		callee[i] = d.defaults[i]
	}
	// Set for the call, after its arguments: a call among them asks its
	// own and gives back this one.
	saved := m.lendTo
	m.lendTo = lendReq{lent: m.lentSlot(c.ls), frame: &callee[0]}
	if c.local >= 0 {
		m.lendTo.next = &l[c.local]
	}
	v, err := d.run(m, callee, base)
	m.lendTo = saved
	if err != nil {
		err.(*dfail).pos = c.lparen // the caller's frame is at the call
	}
	return v, err
}

// lendsHere returns the slot and the local of the return of the call whose
// frame is l, when its caller asked for one (see lendReq).
func (m *Match) lendsHere(l []starlark.Value) (lent *lentList, next *starlark.Value) {
	if m.lendTo.frame == nil || m.lendTo.frame != &l[0] {
		return nil, nil
	}
	return m.lendTo.lent, m.lendTo.next
}

// lendList returns a list of acc's elements in lent's slot: the list it
// lent last when nothing can see it any more, else a new one; it goes into
// the local next, or is held (next nil).
func (m *Match) lendList(lent *lentList, next *starlark.Value, acc []starlark.Value) *starlark.List {
	at := next
	if at == nil {
		at = &noLocal
	}
	list := lent.list
	if list != nil && !lent.escaped && (lent.at == at || *lent.at != starlark.Value(list)) && refill(list, acc) {
		// acc keeps its elements (the list holds them too) until the next
		// call writes over them, or the match's Release clears it.
		lent.scratch = acc[:0]
	} else {
		if acc == nil {
			acc = []starlark.Value{} // as NewList(nil), but a list to fill
		}
		list = starlark.NewList(acc)
	}
	lent.list, lent.at = list, at
	lent.escaped, lent.held = next == nil, next == nil
	return list
}

// refill makes list hold vals instead of its elements, as Clear then Append
// would, writing over the elements it has when vals are as many or more:
// Clear's bulk write of nils costs the collector's barrier while it marks.
// It reports false, changing nothing, when list cannot change (frozen, or
// iterated).
func refill(list *starlark.List, vals []starlark.Value) bool {
	n := list.Len()
	if n == 0 || len(vals) < n {
		if list.Clear() != nil {
			return false
		}
		for _, v := range vals {
			list.Append(v) // cannot fail: Clear did not
		}
		return true
	}
	if list.SetIndex(0, vals[0]) != nil {
		return false
	}
	for i := 1; i < n; i++ {
		list.SetIndex(i, vals[i]) // cannot fail: the first did not
	}
	for _, v := range vals[n:] {
		list.Append(v)
	}
	return true
}

// giveBack gives back v, a list used in place that its user is done with,
// when a slot holds it (see lendList).
func (m *Match) giveBack(v starlark.Value) {
	list, ok := v.(*starlark.List)
	if !ok || m.lent == nil {
		return
	}
	for i := range m.lent {
		if lent := &m.lent[i]; lent.held && lent.list == list {
			lent.held, lent.escaped = false, false
		}
	}
}

// freshReturn compiles return [...], a comprehension the function returns
// (ok false when s is not one): its list is made in the slot of a caller
// that lends (lendList), else a new one as comprehension makes; a domain's
// (funcCompiler.handsBack) is made in a slot of its own and held for the
// engine. Its steps are those of the return.
func (fc *funcCompiler) freshReturn(s *syntax.ReturnStmt) (d dstmt, ok bool) {
	if _, isParen := s.Result.(*syntax.ParenExpr); isParen && !fc.handsBack {
		return nil, false
	}
	e, isComp := unparen(s.Result).(*syntax.Comprehension)
	if !isComp || e.Curly {
		return nil, false
	}
	for x := s.Result; x != syntax.Expr(e); x = x.(*syntax.ParenExpr).X {
		fc.steps += stepsPerNode // as expr counts the parentheses
	}
	fc.steps += stepsPerNode // the comprehension's node, as expr counts it
	fc.loops = true
	run := fc.clauses(e, 0, nil)
	if run == nil {
		return nil, true
	}
	fc.lends = true
	own := -1
	if fc.handsBack {
		own = int(lendSites.Add(1) % lendSlots)
	}
	return func(m *Match, l []starlark.Value) (bool, error) {
		lent, next := m.lendsHere(l)
		if own >= 0 {
			lent, next = m.lentSlot(own), nil
		}
		var acc []starlark.Value
		if lent != nil {
			acc = lent.scratch
			lent.scratch = nil // a call of this place while it runs makes its own
		}
		acc, err := run(m, l, acc)
		if err != nil {
			return false, err
		}
		if lent == nil {
			m.dret = starlark.NewList(acc)
		} else {
			m.dret = m.lendList(lent, next, acc)
		}
		return true, nil
	}, true
}

// inPlace compiles x, a call lender accepted, for a user that keeps
// nothing of its list and gives it back (giveBack); its node counted as
// expr counts it. Nil when x is no such call.
func (fc *funcCompiler) inPlace(x syntax.Expr) *lentCall {
	if fc.lender(x) == nil {
		return nil
	}
	fc.steps += stepsPerNode
	return fc.lentCall(x, -1)
}

// lentLocal compiles s, x = f(...), when f may lend its list and x is a
// local its function only reads (see onlyRead); nil otherwise. Its steps
// are those of the assignment.
func (fc *funcCompiler) lentLocal(s *syntax.AssignStmt) dstmt {
	b := localOf(s.LHS)
	if b == nil || s.Op != syntax.EQ || fc.lender(s.RHS) == nil || !onlyRead(fc.body, b) {
		return nil
	}
	fc.steps += stepsPerNode
	c := fc.lentCall(s.RHS, b.Index)
	if c == nil {
		return nil
	}
	if fc.lentOf == nil {
		fc.lentOf = map[*resolve.Binding][]int{}
	}
	fc.lentOf[b] = append(fc.lentOf[b], c.ls)
	slot := b.Index
	return func(m *Match, l []starlark.Value) (bool, error) {
		v, err := c.eval(m, l)
		if err != nil {
			return false, err
		}
		l[slot] = v
		return false, nil
	}
}

// handBack compiles the return of a hook whose result the engine gives
// back (funcCompiler.handsBack) when it returns a call that may lend: the
// list is held for the engine. Nil otherwise. Its steps are those of the
// return.
func (fc *funcCompiler) handBack(s *syntax.ReturnStmt) dstmt {
	if !fc.handsBack || fc.lender(unparen(s.Result)) == nil {
		return nil
	}
	for x := s.Result; x != unparen(x); x = x.(*syntax.ParenExpr).X {
		fc.steps += stepsPerNode // as expr counts the parentheses
	}
	c := fc.inPlace(unparen(s.Result))
	if c == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (bool, error) {
		v, err := c.eval(m, l)
		if err != nil {
			return false, err
		}
		m.dret = v
		return true, nil
	}
}

// measured compiles len(f(...)), any(f(...)) and all(f(...)) of Starlark's
// builtins when f may lend (see lender): the builtin reads the list and
// keeps nothing, then the list is given back. Nil otherwise.
func (fc *funcCompiler) measured(e *syntax.CallExpr) dexpr {
	id, ok := unparen(e.Fn).(*syntax.Ident)
	if !ok || len(e.Args) != 1 || id.Name != "len" && id.Name != "any" && id.Name != "all" {
		return nil
	}
	if b, ok := id.Binding.(*resolve.Binding); !ok || b.Scope != resolve.Universal {
		return nil
	}
	arg := fc.inPlace(e.Args[0])
	if arg == nil {
		return nil
	}
	fn, lparen := starlark.Universe[id.Name].(*starlark.Builtin), e.Lparen
	want := map[string]int{"len": -1, "any": 1, "all": 0}[id.Name] // the truth that decides
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		v, err := arg.eval(m, l)
		if err != nil {
			return nil, err
		}
		if list, ok := v.(*starlark.List); ok && want >= 0 {
			// any and all of a list, as the builtins answer them,
			// without their iterator.
			found := false
			for x := range list.Elements() {
				if bool(x.Truth()) == (want == 1) {
					found = true
					break
				}
			}
			m.giveBack(v)
			return starlark.Bool(found == (want == 1)), nil
		}
		// The argument on the match's stack, as builtinCall passes it.
		base := len(m.argbuf)
		m.argbuf = grow(m.argbuf, 1)
		args := m.argbuf[base : base+1 : base+1]
		args[0] = v
		r, err := fn.CallInternal(m.thread, args, nil)
		m.argbuf = m.argbuf[:base]
		m.giveBack(v)
		if err != nil {
			return nil, &dfail{err: err, pos: lparen, callee: fn.Name()}
		}
		return r, nil
	}
}

// dtest evaluates an expression whose value is only tested for its truth.
type dtest func(m *Match, l []starlark.Value) (bool, error)

// test compiles e where only its truth counts (an if's condition, a
// comprehension's if, a conditional expression's, not's operand): a call
// that may lend there, directly or as an operand of not, and or or, is
// used in place and its list given back once tested. Its steps are those
// of the expression.
func (fc *funcCompiler) test(e syntax.Expr) dtest {
	if !fc.testLends(e) {
		if b, ok := e.(*syntax.BinaryExpr); ok {
			if t, form := fc.attrCompare(b); form {
				fc.steps += stepsPerNode // e's node, as expr counts it
				return t
			}
		}
		x := fc.expr(e)
		if x == nil {
			return nil
		}
		return func(m *Match, l []starlark.Value) (bool, error) {
			v, err := x(m, l)
			if err != nil {
				return false, err
			}
			return bool(v.Truth()), nil
		}
	}
	switch e := e.(type) {
	case *syntax.ParenExpr:
		fc.steps += stepsPerNode
		return fc.test(e.X)
	case *syntax.UnaryExpr: // not
		fc.steps += stepsPerNode
		x := fc.test(e.X)
		if x == nil {
			return nil
		}
		return func(m *Match, l []starlark.Value) (bool, error) {
			t, err := x(m, l)
			return !t, err
		}
	case *syntax.BinaryExpr: // and, or
		fc.steps += stepsPerNode
		x, y := fc.test(e.X), fc.test(e.Y)
		if x == nil || y == nil {
			return nil
		}
		or := e.Op == syntax.OR
		return func(m *Match, l []starlark.Value) (bool, error) {
			t, err := x(m, l)
			if err != nil || t == or {
				return t, err
			}
			return y(m, l)
		}
	}
	c := fc.inPlace(e)
	if c == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (bool, error) {
		v, err := c.eval(m, l)
		if err != nil {
			return false, err
		}
		t := bool(v.Truth())
		m.giveBack(v)
		return t, nil
	}
}

// testLends reports whether e, only tested for its truth, has a call that
// may lend where test uses it in place.
func (fc *funcCompiler) testLends(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return fc.testLends(e.X)
	case *syntax.UnaryExpr:
		return e.Op == syntax.NOT && fc.testLends(e.X)
	case *syntax.BinaryExpr:
		return (e.Op == syntax.AND || e.Op == syntax.OR) && (fc.testLends(e.X) || fc.testLends(e.Y))
	}
	return fc.lender(e) != nil
}

// tested wraps a test as a value.
func tested(t dtest) dexpr {
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		v, err := t(m, l)
		if err != nil {
			return nil, err
		}
		return starlark.Bool(v), nil
	}
}

// inLent compiles x in f(...) and x not in f(...) when f may lend: the list
// is looked in, then given back. Nil otherwise.
func (fc *funcCompiler) inLent(e *syntax.BinaryExpr) dexpr {
	if e.Op != syntax.IN && e.Op != syntax.NOT_IN || fc.lender(e.Y) == nil {
		return nil
	}
	x := fc.expr(e.X)
	y := fc.inPlace(e.Y)
	if x == nil || y == nil {
		return nil
	}
	op, pos := e.Op, e.OpPos
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		a, err := x(m, l)
		if err != nil {
			return nil, err
		}
		b, err := y.eval(m, l)
		if err != nil {
			return nil, err
		}
		z, err := starlark.Binary(op, a, b)
		m.giveBack(b)
		if err != nil {
			return nil, failAt(pos, err)
		}
		return z, nil
	}
}

// indexLent compiles f(...)[i] when f may lend and i is a name, a literal
// or a negative one (nothing runs between the call and the index): the element is
// read, then the list given back. Nil otherwise.
func (fc *funcCompiler) indexLent(e *syntax.IndexExpr) dexpr {
	switch y := e.Y.(type) {
	case *syntax.Ident, *syntax.Literal:
	case *syntax.UnaryExpr: // -1
		if _, ok := y.X.(*syntax.Literal); !ok || y.Op != syntax.MINUS {
			return nil
		}
	default:
		return nil
	}
	if fc.lender(e.X) == nil {
		return nil
	}
	x := fc.inPlace(e.X)
	y := fc.expr(e.Y)
	if x == nil || y == nil {
		return nil
	}
	pos := e.Lbrack
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		a, err := x.eval(m, l)
		if err != nil {
			return nil, err
		}
		b, err := y(m, l)
		if err == nil {
			var v starlark.Value
			v, err = getIndex(a, b)
			m.giveBack(a)
			if err != nil {
				return nil, failAt(pos, err)
			}
			return v, nil
		}
		m.giveBack(a)
		return nil, err
	}
}
