package engine

import (
	"errors"
	"fmt"

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
	run := fc.clauses(e, 0)
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

// clauses compiles e's clauses from i on, then its body, as Starlark's
// compiler nests them.
func (fc *funcCompiler) clauses(e *syntax.Comprehension, i int) dclause {
	if i == len(e.Clauses) {
		body := fc.expr(e.Body)
		if body == nil {
			return nil
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
		cond, next := fc.expr(c.Cond), fc.clauses(e, i+1)
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
		return fc.forClause(c, e, i)
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
	xs := fc.expr(s.X)
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
	return func(m *Match, l []starlark.Value) (bool, error) {
		x, err := xs(m, l)
		if err != nil {
			return false, err
		}
		it := starlark.Iterate(x)
		if it == nil {
			return false, failAt(pos, fmt.Errorf("%s value is not iterable", x.Type()))
		}
		var v starlark.Value
		for it.Next(&v) {
			if m.dsteps += per; m.dsteps >= m.dlimit {
				it.Done()
				return false, failAt(pos, errDirectSteps)
			}
			l[slot] = v
			if ret, err := body.run(m, l); ret || err != nil {
				it.Done()
				return ret, err
			}
		}
		it.Done()
		return false, nil
	}
}

// forClause compiles for x in xs and what it repeats, the clauses of e from
// i+1 on.
func (fc *funcCompiler) forClause(c *syntax.ForClause, e *syntax.Comprehension, i int) dclause {
	slot, ok := fc.loopVar(c.Vars)
	if !ok {
		return nil
	}
	xs := fc.expr(c.X)
	if xs == nil {
		return nil
	}
	start := fc.steps
	next := fc.clauses(e, i+1)
	if next == nil {
		return nil
	}
	// What one iteration repeats, and ITERJMP and the jump back.
	per, pos := fc.steps-start+stepsPerNode, c.For
	return func(m *Match, l []starlark.Value, acc []starlark.Value) ([]starlark.Value, error) {
		x, err := xs(m, l)
		if err != nil {
			return acc, err
		}
		it := starlark.Iterate(x)
		if it == nil {
			return acc, failAt(pos, fmt.Errorf("%s value is not iterable", x.Type()))
		}
		defer it.Done()
		var v starlark.Value
		for it.Next(&v) {
			if m.dsteps += per; m.dsteps >= m.dlimit {
				return acc, failAt(pos, errDirectSteps)
			}
			l[slot] = v
			if acc, err = next(m, l, acc); err != nil {
				return acc, err
			}
		}
		return acc, nil
	}
}
