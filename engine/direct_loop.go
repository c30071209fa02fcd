package engine

import (
	"errors"
	"fmt"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Direct comprehensions. A list comprehension runs as many times as its
// iterable has elements, so the steps of code with one have no bound known
// when the pack compiles. Such code has a direct form only where it is pure
// (a domain, a condition, progression: see hook.pure and dfn.loops), and
// counts a bound of its steps as it runs (Match.dsteps: each iteration adds
// the bound of the code it repeats). Pure code cannot change the match, so
// when that bound passes maxDirectSteps the direct call stops and the hook
// runs again through Starlark's interpreter, which counts its steps exactly
// against the budget: "too many steps" fires where it always did, and under
// the bound the interpreter could not have run out either. (print is the one
// thing pure code does that shows: code with comprehensions that prints keeps
// the interpreter.)

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

// forClause compiles for x in xs and what it repeats, the clauses of e from
// i+1 on.
func (fc *funcCompiler) forClause(c *syntax.ForClause, e *syntax.Comprehension, i int) dclause {
	id, ok := c.Vars.(*syntax.Ident)
	if !ok {
		return nil
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || b.Scope != resolve.Local {
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
	per, slot, pos := fc.steps-start+stepsPerNode, b.Index, c.For
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
			if m.dsteps += per; m.dsteps >= maxDirectSteps {
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
