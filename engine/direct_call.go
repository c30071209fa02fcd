package engine

import (
	"fmt"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// call compiles a call with positional and name=value arguments of a callee
// known when the pack compiles: a script function with a direct form, a
// builtin that runs no Starlark function itself (see leafBuiltin), or a
// method of a board or deck.
func (fc *funcCompiler) call(e *syntax.CallExpr) dexpr {
	var pos, vals []syntax.Expr
	var names []starlark.Value // boxed once: the call would box them each time
	for _, a := range e.Args {
		switch a := a.(type) {
		case *syntax.BinaryExpr:
			if a.Op == syntax.EQ {
				names = append(names, starlark.String(a.X.(*syntax.Ident).Name))
				vals = append(vals, a.Y)
				continue
			}
		case *syntax.UnaryExpr:
			if a.Op == syntax.STAR || a.Op == syntax.STARSTAR {
				return nil
			}
		}
		pos = append(pos, a)
	}
	callee, d, ours := fc.callee(e.Fn, names)
	if d != nil {
		if len(names) > 0 || len(pos) != d.nparams {
			return nil
		}
		return fc.callScript(d, pos, e.Lparen)
	}
	args, kws := fc.exprs(pos), fc.exprs(vals)
	if callee == nil || args == nil || kws == nil {
		return nil
	}
	c := &builtinCall{callee: callee, args: args, kws: kws, names: names, lparen: e.Lparen, ours: ours}
	return c.eval
}

// builtinCall is a call of a builtin with positional arguments args and
// keyword arguments names=kws.
type builtinCall struct {
	callee, args, kws []dexpr
	names             []starlark.Value
	lparen            syntax.Position
	// ours is set for the engine's builtins and the methods of boards and
	// decks, which keep none of their argument slices: theirs are lent from
	// the match's stack (Starlark gives every builtin call new ones).
	ours bool
}

func (c *builtinCall) eval(m *Match, l []starlark.Value) (starlark.Value, error) {
	f, err := c.callee[0](m, l)
	if err != nil {
		return nil, err
	}
	b, ok := f.(*starlark.Builtin)
	if !ok { // a board's or deck's method is a builtin
		return nil, failAt(c.lparen, fmt.Errorf("invalid call of non-function (%s)", f.Type()))
	}
	n, nk := len(c.args), len(c.kws)
	base, kbase := len(m.argbuf), len(m.kwbuf)
	var vals starlark.Tuple // positional arguments, then keyword pairs
	var kwargs []starlark.Tuple
	if c.ours {
		// Every slot is written before the call; the stale values above
		// the stack's length are left for the next calls to overwrite.
		m.argbuf = grow(m.argbuf, n+2*nk)
		vals = m.argbuf[base : base+n+2*nk : base+n+2*nk]
		m.kwbuf = grow(m.kwbuf, nk)
		kwargs = m.kwbuf[kbase : kbase+nk : kbase+nk]
	} else {
		vals = make(starlark.Tuple, n+2*nk)
		kwargs = make([]starlark.Tuple, nk)
	}
	v, err := c.call(m, l, b, vals, kwargs)
	if c.ours {
		m.argbuf, m.kwbuf = m.argbuf[:base], m.kwbuf[:kbase]
	}
	return v, err
}

// call evaluates the arguments into vals and kwargs and calls b.
func (c *builtinCall) call(m *Match, l []starlark.Value, b *starlark.Builtin, vals starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var err error
	n := len(c.args)
	for i, x := range c.args {
		if vals[i], err = x(m, l); err != nil {
			return nil, err
		}
	}
	for i, x := range c.kws {
		pair := vals[n+2*i : n+2*i+2 : n+2*i+2]
		if pair[1], err = x(m, l); err != nil {
			return nil, err
		}
		pair[0], kwargs[i] = c.names[i], pair
	}
	positional := vals[:n:n]
	if n == 0 {
		positional = nil
	}
	if len(kwargs) == 0 {
		kwargs = nil
	}
	v, err := b.CallInternal(m.thread, positional, kwargs)
	if err == nil && v == nil {
		err = fmt.Errorf("internal error: nil (not None) returned from %s", b)
	}
	if err != nil {
		return nil, &dfail{err: err, pos: c.lparen, callee: b.Name()}
	}
	return v, nil
}

// callee compiles the callee of a call with keyword arguments names: a
// script function's direct form (d), or the expression giving a builtin,
// ours when it is the engine's; both nil when the call has no direct form.
func (fc *funcCompiler) callee(fn syntax.Expr, names []starlark.Value) (x []dexpr, d *dfn, ours bool) {
	switch fn := unparen(fn).(type) {
	case *syntax.Ident:
		b, ok := fn.Binding.(*resolve.Binding)
		if !ok || b.Scope == resolve.Local {
			return nil, nil, false
		}
		switch v := fc.value(fn, b).(type) {
		case *starlark.Function:
			def := fc.dc.defOf[v]
			if def == nil {
				return nil, nil, false
			}
			d := fc.dc.function(def, v)
			if d != nil {
				fc.steps += d.steps
			}
			return nil, d, false
		case *starlark.Builtin:
			if !fc.leafBuiltin(fn.Name, v, b.Scope, names) {
				return nil, nil, false
			}
			return []dexpr{fc.ident(fn)}, nil, b.Scope != resolve.Universal
		}
	case *syntax.DotExpr:
		recv, ok := fn.X.(*syntax.Ident)
		if !ok {
			return nil, nil, false
		}
		b, ok := recv.Binding.(*resolve.Binding)
		if !ok || b.Scope != resolve.Predeclared {
			return nil, nil, false
		}
		switch fc.value(recv, b).(type) {
		case *boardValue, *deckValue: // methods in Go
			return []dexpr{fc.expr(fn)}, nil, true
		}
	}
	return nil, nil, false
}

// leafBuiltin reports whether the builtin v, named name in scope, runs no
// Starlark function itself: Starlark would count that function's steps
// against the code calling it, which direct code does not take (the pack's
// code the engine's builtins run goes through Match.call, with a budget of
// its own).
func (fc *funcCompiler) leafBuiltin(name string, v *starlark.Builtin, scope resolve.Scope, names []starlark.Value) bool {
	if scope == resolve.Universal {
		switch name {
		case "sorted", "min", "max":
			for _, n := range names {
				if n == starlark.String("key") {
					return false
				}
			}
			return true
		}
		return leafUniverse[name]
	}
	return name != "before" && engineBuiltins[name] && fc.env.predeclared[name] == v
}

// leafUniverse are Starlark's universal builtins that call no function.
var leafUniverse = map[string]bool{
	"abs": true, "any": true, "all": true, "bool": true, "bytes": true, "chr": true, "dict": true,
	"dir": true, "enumerate": true, "fail": true, "float": true, "getattr": true, "hasattr": true,
	"hash": true, "int": true, "len": true, "list": true, "ord": true, "print": true, "range": true,
	"repr": true, "reversed": true, "set": true, "str": true, "tuple": true, "type": true, "zip": true,
}

// engineBuiltins names the builtins of builtins().
var engineBuiltins = func() map[string]bool {
	names := map[string]bool{}
	for name := range builtins() {
		names[name] = true
	}
	return names
}()

// callScript compiles a call, at lparen, of a script function's direct form
// with exactly its parameters.
func (fc *funcCompiler) callScript(d *dfn, pos []syntax.Expr, lparen syntax.Position) dexpr {
	args := fc.exprs(pos)
	if args == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		callee, base := d.frame(m)
		for i, x := range args {
			v, err := x(m, l)
			if err != nil {
				d.pop(m, callee, base)
				return nil, err
			}
			callee[i] = v
		}
		v, err := d.run(m, callee, base)
		if err != nil {
			err.(*dfail).pos = lparen // the caller's frame is at the call
		}
		return v, err
	}
}

// grow lengthens s by n, reusing its capacity (the new elements hold what
// they held) or copying it into a larger array.
func grow[T any](s []T, n int) []T {
	if len(s)+n <= cap(s) {
		return s[:len(s)+n]
	}
	return append(s, make([]T, n)...)
}
