package engine

import (
	"errors"
	"fmt"
	"slices"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Direct loops. A for loop or a list comprehension runs as many times as its
// iterable has elements, so the steps of code with one have no bound known
// when the pack compiles. Such code (dfn.loops) counts a bound of its steps
// as it runs (Match.dsteps: each iteration adds the bound of the code it
// repeats). Pure code cannot change the match, so when that bound passes
// maxDirectSteps the direct call stops and the hook runs again through
// Starlark's interpreter, which counts its steps exactly against the budget:
// "too many steps" fires where it always did, and under the bound the
// interpreter could not have run out either. A body stops when the bound
// passes the budget, and the action (or the start of the match) runs again
// from before it with such bodies interpreted (redo.go). (print is what
// would show twice: code with loops that prints keeps the interpreter.)

// errDirectSteps stops a direct call whose bound of steps passed
// maxDirectSteps (see callDirect).
var errDirectSteps = errors.New("direct code past its bound of steps")

// maxSized is the most elements a comprehension makes room for before its
// first; past it, append grows its array.
const maxSized = 256

// dclause runs the clauses of a comprehension from one on, appending to acc.
type dclause func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error)

// comprehension compiles [body for x in xs if c ...] whose loop variables
// are names (a dict comprehension, or one unpacking tuples, has no direct
// form).
func (fc *funcCompiler) comprehension(e *syntax.Comprehension) dexpr {
	if e.Curly {
		return nil
	}
	fc.loops = true
	run := fc.clauses(e, 0, nil)
	if run == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		acc, err := run(m, l, nil)
		if err != nil {
			return nil, err
		}
		return starlark.NewList(acc), nil
	}
}

// dsink takes an element a comprehension made: what appending it to acc
// gives (nil: append it).
type dsink func(m *Match, acc []starlark.Value, v starlark.Value) []starlark.Value

// clauses compiles e's clauses from i on, then its body, as Starlark's
// compiler nests them, each element going to sink.
func (fc *funcCompiler) clauses(e *syntax.Comprehension, i int, sink dsink) dclause {
	if i == len(e.Clauses) {
		body := fc.expr(e.Body)
		if body == nil {
			return nil
		}
		if sink != nil {
			return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
				v, err := body(m, l)
				if err != nil {
					return acc, err
				}
				return sink(m, acc, v), nil
			}
		}
		return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
			v, err := body(m, l)
			if err != nil {
				return acc, err
			}
			return append(acc, v), nil
		}
	}
	switch c := e.Clauses[i].(type) {
	case *syntax.IfClause:
		if fc.testLends(c.Cond) {
			cond, next := fc.test(c.Cond), fc.clauses(e, i+1, sink)
			if cond == nil || next == nil {
				return nil
			}
			return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
				t, err := cond(m, l)
				if err != nil || !t {
					return acc, err
				}
				return next(m, l, acc)
			}
		}
		cond, next := fc.expr(c.Cond), fc.clauses(e, i+1, sink)
		if cond == nil || next == nil {
			return nil
		}
		return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
			v, err := cond(m, l)
			if err != nil || !v.Truth() {
				return acc, err
			}
			return next(m, l, acc)
		}
	case *syntax.ForClause:
		return fc.forClause(c, e, i, sink)
	}
	return nil
}

// loopVar is the slot of a loop's variable, a local name (a loop unpacking
// tuples has no direct form).
func (fc *funcCompiler) loopVar(vars syntax.Expr) (int, bool) {
	id, ok := vars.(*syntax.Ident)
	if !ok {
		return 0, false
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || !slotScope(b.Scope) {
		return 0, false
	}
	return b.Index, true
}

// forStmt compiles for x in xs: body, counting the bound of each iteration
// as it runs (break and continue have no direct form).
func (fc *funcCompiler) forStmt(s *syntax.ForStmt) dstmt {
	slot, ok := fc.loopVar(s.Vars)
	if !ok {
		return nil
	}
	fc.loops = true
	xs, lent := fc.iterable(s.X)
	if xs == nil {
		return nil
	}
	start := fc.steps
	body := fc.block(s.Body)
	if body == nil {
		return nil
	}
	// What one iteration repeats, and ITERJMP, the variable's SETLOCAL and
	// the jump back.
	per, pos := fc.steps-start+stepsPerNode, s.For
	var lp *objLoop
	if site := fc.objLoopOf(s.Vars, s.X, onlyIf(s.Body)); site != nil {
		lp = &objLoop{site: site, slot: slot, per: per, pos: pos}
	}
	return func(m *Match, l []starlark.Value) (bool, error) {
		x, err := xs(m, l)
		if err != nil {
			return false, err
		}
		var ret bool
		if list, ok := lp.list(m, x); ok {
			err = lp.walk(m, l, list, func(bool) (bool, error) {
				ret, err = body.run(m, l)
				return ret, err
			})
			return ret, err
		}
		err = each(x, pos, func(v starlark.Value) (bool, error) {
			if m.dsteps += per; m.dsteps >= m.dlimit {
				return true, failAt(pos, errDirectSteps)
			}
			l[slot] = v
			ret, err = body.run(m, l)
			return ret, err
		})
		if lent {
			m.giveBack(x)
		}
		return ret, err
	}
}

// forClause compiles for x in xs and what it repeats, the clauses of e from
// i+1 on.
func (fc *funcCompiler) forClause(c *syntax.ForClause, e *syntax.Comprehension, i int, sink dsink) dclause {
	slot, ok := fc.loopVar(c.Vars)
	if !ok {
		return nil
	}
	xs, lent := fc.iterable(c.X)
	if xs == nil {
		return nil
	}
	// A loop over objects() whose if clause compares first: known is what
	// an iteration runs when the object's mark says the comparison holds.
	ic, isIf := nextIf(e, i)
	byMark := isIf && i == 0
	if byMark {
		_, lit := fc.objLoopForm(c.Vars, c.X, ic.Cond)
		byMark = lit != nil
	}
	start := fc.steps
	var next, known dclause
	if byMark {
		next, known = fc.ifSplit(e, i+1, sink)
	} else {
		next = fc.clauses(e, i+1, sink)
	}
	if next == nil {
		return nil
	}
	// What one iteration repeats, and ITERJMP and the jump back.
	per, pos := fc.steps-start+stepsPerNode, c.For
	sized := i == 0 && sink == nil && !slices.ContainsFunc(e.Clauses[1:], func(c syntax.Node) bool {
		_, isFor := c.(*syntax.ForClause)
		return isFor
	})
	var lp *objLoop
	if byMark {
		if site := fc.objLoopOf(c.Vars, c.X, ic.Cond); site != nil {
			lp = &objLoop{site: site, slot: slot, per: per, pos: pos}
		}
	}
	return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
		x, err := xs(m, l)
		if err != nil {
			return acc, err
		}
		if list, ok := lp.list(m, x); ok {
			if sized && acc == nil {
				acc = lp.room(m, list)
			}
			err = lp.walk(m, l, list, func(k bool) (bool, error) {
				if k {
					acc, err = known(m, l, acc)
				} else {
					acc, err = next(m, l, acc)
				}
				return false, err
			})
			return acc, err
		}
		if sized && acc == nil {
			// At most one element an iteration: one array, however many
			// the conditions keep, rather than append's doublings (of a
			// list or tuple, which is in memory already: a range's length
			// is not).
			switch x := x.(type) {
			case *starlark.List:
				acc = make([]starlark.Value, 0, min(x.Len(), maxSized))
			case starlark.Tuple:
				acc = make([]starlark.Value, 0, min(len(x), maxSized))
			}
		}
		err = each(x, pos, func(v starlark.Value) (bool, error) {
			if m.dsteps += per; m.dsteps >= m.dlimit {
				return true, failAt(pos, errDirectSteps)
			}
			l[slot] = v
			acc, err = next(m, l, acc)
			return false, err
		})
		if lent {
			m.giveBack(x)
		}
		return acc, err
	}
}

// iterable compiles the iterable of a for loop or clause. A call of
// objects() there gives the loop objects()'s remembered answer rather than
// a copy of it (objectsShared): nothing but the loop reaches that list, so
// nothing can change it. A call of deck.cards there lends its list (see
// loopedCards), as does a call of a function that lends (see lendReq):
// then lent is set, and the loop gives the list back when it is over.
func (fc *funcCompiler) iterable(x syntax.Expr) (xs dexpr, lent bool) {
	if d := fc.loopedCards(x); d != nil {
		return d, false
	}
	if c := fc.inPlace(x); c != nil {
		return c.eval, true
	}
	if call, ok := unparen(x).(*syntax.CallExpr); ok {
		saved := fc.shared
		fc.shared = call
		defer func() { fc.shared = saved }()
	}
	return fc.expr(x), false
}

// each calls f with every element of x in order until f says stop or fails,
// as Starlark's for does: a list cannot change while it runs (its count of
// iterators is up), an error names pos when x is not iterable. Lists and
// tuples are iterated without the iterator Starlark allocates for them.
func each(x starlark.Value, pos syntax.Position, f func(v starlark.Value) (stop bool, err error)) error {
	switch x := x.(type) {
	case *starlark.List:
		for v := range x.Elements() {
			if stop, err := f(v); stop || err != nil {
				return err
			}
		}
		return nil
	case starlark.Tuple:
		for _, v := range x {
			if stop, err := f(v); stop || err != nil {
				return err
			}
		}
		return nil
	}
	it := starlark.Iterate(x)
	if it == nil {
		return failAt(pos, fmt.Errorf("%s value is not iterable", x.Type()))
	}
	defer it.Done()
	var v starlark.Value
	for it.Next(&v) {
		if stop, err := f(v); stop || err != nil {
			return err
		}
	}
	return nil
}

// anyAll compiles any([...]) and all([...]) of a comprehension (how
// conditions ask "is there one": the seed effects' any([o != self ... for o
// in battlefield(tag="elf")])) without making the list: every element is
// made, as the list would have been, with its errors and steps, and the
// answer is the first element any would find true (all false). Only
// whether there was one is kept, as the length (at most 1) of a slice of
// Match.sink.
func (fc *funcCompiler) anyAll(e *syntax.CallExpr) dexpr {
	id, ok := unparen(e.Fn).(*syntax.Ident)
	if !ok || id.Name != "any" && id.Name != "all" || len(e.Args) != 1 {
		return nil
	}
	if b, ok := id.Binding.(*resolve.Binding); !ok || b.Scope != resolve.Universal {
		return nil
	}
	comp, ok := e.Args[0].(*syntax.Comprehension)
	if !ok || comp.Curly {
		return nil
	}
	want := id.Name == "any" // the truth of the element that decides
	sink := func(m *Match, acc []starlark.Value, v starlark.Value) []starlark.Value {
		if len(acc) == 0 && bool(v.Truth()) == want {
			return m.sink[:1]
		}
		return acc
	}
	fc.steps += stepsPerNode // the argument's node, as the call's would count it
	fc.loops = true
	run := fc.clauses(comp, 0, sink)
	if run == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		acc, err := run(m, l, m.sink[:0])
		if err != nil {
			return nil, err
		}
		return starlark.Bool((len(acc) > 0) == want), nil
	}
}

// nextIf returns clause i+1 of e when it is an if clause.
func nextIf(e *syntax.Comprehension, i int) (*syntax.IfClause, bool) {
	if i+1 >= len(e.Clauses) {
		return nil, false
	}
	ic, ok := e.Clauses[i+1].(*syntax.IfClause)
	return ic, ok
}

// onlyIf returns the condition of a loop body that is one if statement
// without else (nil otherwise): an iteration whose condition is false does
// nothing more.
func onlyIf(body []syntax.Stmt) syntax.Expr {
	if len(body) != 1 {
		return nil
	}
	s, ok := body[0].(*syntax.IfStmt)
	if !ok || len(s.False) > 0 {
		return nil
	}
	return s.Cond
}
