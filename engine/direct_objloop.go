package engine

import (
	"slices"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Loops over objects() that visit only the objects their first condition
// can hold for. A comprehension [... for x in objects(...) if x.V == K and
// ...] (or any()/all() of one, or a for loop whose body is one if statement
// of that condition) repeats its clauses for every object, and for most the
// first comparison is false: the clauses stop there and the iteration has
// done nothing but count its steps and, under read tracking, read x. Where
// the program tells such iterations apart before they run (V a variable no
// while clause wraps, K a constant: see resolveObjLoops), the loop looks at
// each object's mark (objindex.go) instead of running its clauses, and for
// an object whose value of V is a constant other than K it adds the
// iteration's steps (the same bound, checked against the same limit) and
// notes the read of x that x.V would have noted; every other object runs
// as before (errors, wrappers, the rest of the condition and the body are
// Starlark's), except that for an object marked with K itself the first
// comparison is known to hold: a comprehension's iteration notes the read
// of x and runs the condition from its second conjunct on (ifSplit). A
// visit that writes the match ends the shortcut: the rest of the objects
// run in full, as their marks may be another's by then. The list objects()
// shares with a loop (objectsShared) comes with its objects' ids, so an
// object the marks rule out costs a look at its mark only (walkIDs).

// objLoopSite is one loop that may visit objects by the mark of their
// value of name: lit's mark, once the program is compiled.
type objLoopSite struct {
	name string
	lit  starlark.Value
	k    int  // the objVar of name in Program.objVars; -1: every object runs
	mark int8 // lit's mark
}

// objLoop is a loop of site over the objects() list, its variable in slot,
// each iteration counting per steps at pos.
type objLoop struct {
	site *objLoopSite
	slot int
	per  uint64
	pos  syntax.Position
}

// objLoopOf returns the site of a loop whose variable is vars and iterable
// x, run only while cond holds, when it has that form: x a call of the
// engine's objects() and cond's first conjunct vars.V == K or K == vars.V.
func (fc *funcCompiler) objLoopOf(vars, x, cond syntax.Expr) *objLoopSite {
	name, lit := fc.objLoopForm(vars, x, cond)
	if lit == nil {
		return nil
	}
	s := &objLoopSite{name: name, lit: lit, k: -1}
	fc.dc.loopSites = append(fc.dc.loopSites, s)
	return s
}

// objLoopForm returns V and K when a loop of vars over x, run only while
// cond holds, has objLoopOf's form; lit nil otherwise.
func (fc *funcCompiler) objLoopForm(vars, x, cond syntax.Expr) (name string, lit starlark.Value) {
	id, ok := vars.(*syntax.Ident)
	if !ok || !fc.objectsCall(x) {
		return "", nil
	}
	for { // the first conjunct: a and b and c is (a and b) and c
		b, ok := unparen(cond).(*syntax.BinaryExpr)
		if !ok || b.Op != syntax.AND {
			break
		}
		cond = b.X
	}
	eq, ok := unparen(cond).(*syntax.BinaryExpr)
	if !ok || eq.Op != syntax.EQL {
		return "", nil
	}
	name, lit = varOfLoop(id, eq.X, eq.Y)
	if lit == nil {
		name, lit = varOfLoop(id, eq.Y, eq.X)
	}
	return name, lit
}

// ifSplit compiles e's clause i, an if clause, and the clauses after it
// twice over, as it were, with each piece of syntax compiled once: full
// runs the whole condition, as clauses does; known runs it from its second
// conjunct on, for an object whose mark says the first holds (see walk).
// The condition is compiled conjunct by conjunct, in order, each as test
// compiles it (which is as expr does for one that lends nothing), and the
// ands and parentheses of (a and b) and c counted as expr and test count
// them: fc.steps and the slots come out as clauses' compile leaves them.
// An and's value is its first false conjunct or its last, whose truth is
// what an if clause asks: the conjuncts run in order, stopping at the
// first false one or error, as the and would.
func (fc *funcCompiler) ifSplit(e *syntax.Comprehension, i int, sink dsink) (full, known dclause) {
	var conj []syntax.Expr // last first
	x := e.Clauses[i].(*syntax.IfClause).Cond
	for {
		if p, ok := x.(*syntax.ParenExpr); ok {
			fc.steps += stepsPerNode
			x = p.X
			continue
		}
		if b, ok := x.(*syntax.BinaryExpr); ok && b.Op == syntax.AND {
			fc.steps += stepsPerNode
			conj = append(conj, b.Y)
			x = b.X
			continue
		}
		break
	}
	conj = append(conj, x)
	slices.Reverse(conj)
	tests := make([]dtest, len(conj))
	for k, c := range conj {
		if tests[k] = fc.test(c); tests[k] == nil {
			return nil, nil
		}
	}
	next := fc.clauses(e, i+1, sink)
	if next == nil {
		return nil, nil
	}
	from := func(tests []dtest) dclause {
		switch len(tests) { // the known run of c.zone == K and c.controller == p, or of c.zone == K
		case 0:
			return next
		case 1:
			t := tests[0]
			return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
				if ok, err := t(m, l); err != nil || !ok {
					return acc, err
				}
				return next(m, l, acc)
			}
		}
		return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
			for _, t := range tests {
				if ok, err := t(m, l); err != nil || !ok {
					return acc, err
				}
			}
			return next(m, l, acc)
		}
	}
	return from(tests), from(tests[1:])
}

// varOfLoop returns V and K when dot is v.V (v the loop's variable) and
// lit a string or an int that fits 64 bits; lit nil otherwise.
func varOfLoop(v *syntax.Ident, dot, lit syntax.Expr) (string, starlark.Value) {
	d, ok := unparen(dot).(*syntax.DotExpr)
	if !ok {
		return "", nil
	}
	x, ok := unparen(d.X).(*syntax.Ident)
	if !ok || x.Binding == nil || x.Binding != v.Binding {
		return "", nil
	}
	l, ok := unparen(lit).(*syntax.Literal)
	if !ok {
		return "", nil
	}
	switch l.Value.(type) {
	case string:
		if l.Token == syntax.BYTES {
			return "", nil
		}
	case int64:
	default:
		return "", nil
	}
	return d.Name.Name, literal(l)
}

// objectsCall reports whether x calls the engine's objects(), not a name
// of the pack's that hides it.
func (fc *funcCompiler) objectsCall(x syntax.Expr) bool {
	call, ok := unparen(x).(*syntax.CallExpr)
	if !ok {
		return false
	}
	id, ok := unparen(call.Fn).(*syntax.Ident)
	if !ok || id.Name != "objects" {
		return false
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || b.Scope != resolve.Predeclared {
		return false
	}
	v, ok := fc.value(id, b).(*starlark.Builtin)
	return ok && engineFns["objects"] != nil && fc.env.predeclared["objects"] == v
}

// resolveObjLoops gives each loop site its objVar, once the program's types
// are prepared: a variable no while clause targets (a wrapper would change
// what x.V reads) and that no type has as a property or a method (x.V would
// run code). A site of any other name keeps k -1, as does one whose
// variable already has the most constants a mark holds.
func (dc *directCompiler) resolveObjLoops(p *Program) {
	for _, s := range dc.loopSites {
		if !p.indexable(s.name) {
			continue
		}
		v := p.objVarOf(s.name)
		i := 0
		for i < len(v.lits) && !(v.lits[i].Type() == s.lit.Type() && v.lits[i].String() == s.lit.String()) {
			i++
		}
		if i == len(v.lits) {
			if len(v.lits) >= 126 {
				continue
			}
			v.lits = append(v.lits, s.lit)
		}
		s.k, s.mark = slices.Index(p.objVars, v), int8(i+1)
	}
	dc.loopSites = nil
}

// indexable reports whether loops may visit objects by their value of name
// (see resolveObjLoops).
func (p *Program) indexable(name string) bool {
	for _, t := range p.types {
		if i, ok := t.attr(name); ok && i < 0 || t.c.methods[name] != nil {
			return false
		}
	}
	return !p.wrapsName(name)
}

// wrapsName reports whether a while clause of the program (an object
// type's or a state's) targets name: only then can a wrapper be on it.
func (p *Program) wrapsName(name string) bool {
	wraps := func(cc *cclauses) bool {
		for _, cw := range cc.while {
			if slices.Contains(cw.w.Target, name) {
				return true
			}
		}
		return false
	}
	for _, t := range p.types {
		if wraps(t.c) {
			return true
		}
	}
	for _, s := range p.states {
		if s.clauses != nil && wraps(s.clauses) {
			return true
		}
	}
	return false
}

// objVarOf returns the program's objVar of name, made at its first loop.
func (p *Program) objVarOf(name string) *objVar {
	for _, v := range p.objVars {
		if v.name == name {
			return v
		}
	}
	v := &objVar{name: name, slot: make([]int, len(p.types))}
	for _, t := range p.types {
		v.slot[t.idx] = -1
		if i, ok := t.attr(name); ok && i >= 0 {
			v.slot[t.idx] = i
		}
	}
	p.objVars = append(p.objVars, v)
	return v
}

// list returns the list a loop of lp iterates, x, when the loop may visit
// by marks here: not inside before() (the marks are of the present), the
// index on, and x the list objects() gave.
func (lp *objLoop) list(m *Match, x starlark.Value) (*starlark.List, bool) {
	if lp == nil || lp.site.k < 0 || m.cur != nil || !objLoopIndex {
		return nil, false
	}
	list, ok := x.(*starlark.List)
	return list, ok
}

// room returns the room a comprehension makes for what it keeps of list:
// the objects the marks say it may visit.
func (lp *objLoop) room(m *Match, list *starlark.List) []starlark.Value {
	c := m.objIndexNow().vars[lp.site.k].count
	return make([]starlark.Value, 0, min(int(c[lp.site.mark]+c[markVisit]), list.Len(), maxSized))
}

// walk calls visit with each element of list (objects of m) the marks do
// not rule out, after putting it in l[lp.slot], as the loop would run them,
// and counts the steps (and notes the reads, under tracking) of the others
// (see above). visit is told when the object's mark is the loop's constant
// (known: the first comparison holds; its read of x is noted here) and
// reports whether the loop stops (a return).
func (lp *objLoop) walk(m *Match, l []starlark.Value, list *starlark.List, visit func(known bool) (bool, error)) error {
	ix := m.objIndexNow()
	if ids := m.sharedIDs(list); ids != nil {
		return lp.walkIDs(m, l, list, ids, ix, visit)
	}
	k, want, n := lp.site.k, lp.site.mark, list.Len()
	seq, skipped := m.wseq, uint64(0)
	for j := 0; j < n; j++ {
		v := list.Index(j)
		known, id := false, 0
		if o, ok := v.(*objectValue); ok && o.m == m {
			mk := ix.markAt(k, o.id)
			if mk != want && mk != markVisit {
				if m.rd == nil {
					skipped++ // counted at once before the next visit: nothing between sees them
					continue
				}
				if err := lp.count(m, skipped+1); err != nil {
					return err
				}
				skipped = 0
				m.obj(o.id) // the read of x.V, noted
				continue
			}
			known, id = mk == want, o.id
		}
		if err := lp.count(m, skipped+1); err != nil {
			return err
		}
		skipped = 0
		l[lp.slot] = v
		if known && m.rd != nil {
			m.obj(id) // the read of x.V, noted
		}
		if stop, err := visit(known); stop || err != nil {
			return err
		}
		if m.wseq != seq {
			return lp.rest(m, l, list, j+1, visit)
		}
	}
	if n > 0 {
		l[lp.slot] = list.Index(n - 1) // as the loop leaves it
	}
	return lp.count(m, skipped)
}

// walkIDs is walk over a list of objects of m whose ids are ids (see
// sharedIDs): an object the marks rule out costs a look at its mark, not
// at its value.
func (lp *objLoop) walkIDs(m *Match, l []starlark.Value, list *starlark.List, ids []int32, ix *objMarks, visit func(known bool) (bool, error)) error {
	k, want := lp.site.k, lp.site.mark
	// The marks as they are: only a change of the objects marks again, and
	// a visit that makes one (a write) ends the walk by marks (rest).
	at := ix.vars[k].at
	seq, skipped := m.wseq, uint64(0)
	for j, id := range ids {
		mk := markVisit // as markAt answers
		if uint(id) < uint(len(at)) && at[id] != markUnknown {
			mk = at[id]
		}
		if mk != want && mk != markVisit {
			if m.rd == nil {
				skipped++ // counted at once before the next visit: nothing between sees them
				continue
			}
			if err := lp.count(m, skipped+1); err != nil {
				return err
			}
			skipped = 0
			m.obj(int(id)) // the read of x.V, noted
			continue
		}
		if err := lp.count(m, skipped+1); err != nil {
			return err
		}
		skipped = 0
		l[lp.slot] = list.Index(j)
		known := mk == want
		if known && m.rd != nil {
			m.obj(int(id)) // the read of x.V, noted
		}
		if stop, err := visit(known); stop || err != nil {
			return err
		}
		if m.wseq != seq {
			return lp.rest(m, l, list, j+1, visit)
		}
	}
	if n := list.Len(); n > 0 {
		l[lp.slot] = list.Index(n - 1) // as the loop leaves it
	}
	return lp.count(m, skipped)
}

// sharedIDs returns the ids of list's objects when list is a remembered
// answer of objects() (objectsShared), every element an object of m; nil
// otherwise.
func (m *Match) sharedIDs(list *starlark.List) []int32 {
	if m.objsMemo == nil {
		return nil
	}
	for i := range m.objsMemo.answers {
		if a := &m.objsMemo.answers[i]; a.list == list {
			return a.ids
		}
	}
	return nil
}

// count adds the steps of n iterations, failing as the iteration that
// passes the bound does.
func (lp *objLoop) count(m *Match, n uint64) error {
	if n == 0 {
		return nil
	}
	if m.dsteps += n * lp.per; m.dsteps >= m.dlimit {
		return failAt(lp.pos, errDirectSteps)
	}
	return nil
}

// rest runs the iterations of list from j on in full.
func (lp *objLoop) rest(m *Match, l []starlark.Value, list *starlark.List, j int, visit func(known bool) (bool, error)) error {
	for ; j < list.Len(); j++ {
		if err := lp.count(m, 1); err != nil {
			return err
		}
		l[lp.slot] = list.Index(j)
		if stop, err := visit(false); stop || err != nil {
			return err
		}
	}
	return nil
}
