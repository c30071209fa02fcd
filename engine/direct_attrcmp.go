package engine

import (
	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Comparisons of an object's variable: c.controller == p, c.zone ==
// "hand", the conditions a card game's loops ask of every object they
// visit. Through binary and expr such a comparison ran four closures and a
// rebind of the variable's value (a third of a seed effects playout's
// visits to an object went there), and an if asked the boxed Bool's Truth
// besides. attrCompare reads the variable and compares in one closure; the
// value is compared as stored when equalFast answers, as rebind (bind.go)
// keeps an object's id and a player's seat, so the answer is the rebound
// value's. Everything else (a wrapped variable, a property, a value of
// another kind, errors) goes the way expr and binary go, in their order:
// x, then x.name, then y.

// attrCompare compiles e, x.name == y or x.name != y, as a test, counting
// the steps expr counts for its operands (not for e's own node). form is
// false, and nothing compiled, when e is not of that form; t is nil when
// it is and an operand does not compile.
func (fc *funcCompiler) attrCompare(e *syntax.BinaryExpr) (t dtest, form bool) {
	if e.Op != syntax.EQL && e.Op != syntax.NEQ {
		return nil, false
	}
	d, ok := e.X.(*syntax.DotExpr)
	if !ok {
		return nil, false
	}
	switch d.Name.Name {
	case "id", "type", "has_tag", "add_tag", "remove_tag":
		return nil, false // no site: Attr answers them
	}
	site := fc.dc.attrSite(d.Name.Name)
	fc.steps += stepsPerNode // the dot's node, as expr counts it
	x, xi := fc.expr(d.X), fc.slotOf(d.X)
	y, yi := fc.expr(e.Y), fc.slotOf(e.Y)
	if x == nil || y == nil {
		return nil, true
	}
	name, dot, pos, op := d.Name.Name, d.Dot, e.OpPos, e.Op
	eql := op == syntax.EQL
	return func(m *Match, l []starlark.Value) (bool, error) {
		v, err := operand(m, l, x, xi)
		if err != nil {
			return false, err
		}
		var a starlark.Value
		stored := false
		if o, isObj := v.(*objectValue); isObj && o.m == m {
			if a, stored, err = site.stored(m, o); err != nil {
				return false, failAt(dot, err)
			}
		}
		if !stored {
			if a, err = getAttr(m, v, name); err != nil {
				return false, failAt(dot, err)
			}
		}
		b, err := operand(m, l, y, yi)
		if err != nil {
			return false, err
		}
		if same, ok := equalFast(a, b); ok {
			return same == eql, nil
		}
		if c, ok := compareInts(op, a, b); ok {
			return c, nil
		}
		if stored {
			a = m.rebind(a)
		}
		return compareSlow(op, pos, a, b)
	}, true
}

// operand is x's value: local i's when x is one (i >= 0) and assigned,
// read in place of x's call (c and p of c.controller == p); x's otherwise,
// which fails as Starlark does for a local not assigned yet.
func operand(m *Match, l []starlark.Value, x dexpr, i int) (starlark.Value, error) {
	if i >= 0 {
		if v := l[i]; v != nil {
			return v, nil
		}
	}
	return x(m, l)
}

// slotOf is the slot of l that x reads when ident compiles it as a local
// (local); -1 when x is not such a name.
func (fc *funcCompiler) slotOf(x syntax.Expr) int {
	id, ok := x.(*syntax.Ident)
	if !ok {
		return -1
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok {
		return -1
	}
	if slotScope(b.Scope) {
		return b.Index
	}
	if b.Scope == resolve.Free && b.Index < len(fc.free) && slotScope(fc.free[b.Index].Scope) {
		return fc.free[b.Index].Index
	}
	return -1
}

// compareSlow is binary's a op b for the pairs equalFast and compareInts
// do not answer.
func compareSlow(op syntax.Token, pos syntax.Position, a, b starlark.Value) (bool, error) {
	c, err := starlark.Compare(op, a, b)
	if err != nil {
		return false, failAt(pos, err)
	}
	return c, nil
}

// stored is read without the rebind when no wrapper can be on name: the
// value as the object holds it, which rebind would change only to the same
// object, player or card of m. found and err are read's.
func (s *attrSite) stored(m *Match, o *objectValue) (v starlark.Value, found bool, err error) {
	if !s.plain {
		return s.read(m, o)
	}
	ob := objAt(m.st.objs, o.id) // m.obj, inlined
	if ob == nil {
		ob = m.lookupIndexed(o.id)
	}
	if m.rd != nil {
		m.noteObj(o.id, ob)
	}
	if ob == nil || ob.typ.idx >= len(s.vars) {
		return nil, false, nil
	}
	if i := s.vars[ob.typ.idx]; i >= 0 {
		return ob.vars[i], true, nil
	}
	return nil, false, nil
}

// noteObj notes the read of object id, ob (nil when gone), as obj does.
func (m *Match) noteObj(id int, ob *object) {
	var ver uint64
	if ob != nil {
		ver = ob.ver
	}
	m.note(rdObject, id, ver)
}
