package engine

import (
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Starlark's interpreter makes the values of x * n, s + t, "sep".join(xs)
// and list(xs) itself, with no hook to count them first. So the code it
// runs is compiled from a syntax tree in which those operations call the
// engine's guards (see guardTree), which charge the running code's
// allocator (alloc.go) and then do what the interpreter would:
//
//   - x + y, x * y, x % y call the builtin "+", "*" or "%" (names no code
//     can spell), at the operator's place;
//   - x += y becomes x += "+="(x, y) (x evaluated again only when that
//     has no effect: a name, an attribute or an index of one), whose guard
//     charges and gives y back to the interpreter's own +=, which keeps its
//     in-place list semantics;
//   - x.join and the other methods of methodSizes become ".join"(x),
//     called or not: the guard looks the method up as Starlark does and,
//     for a string's, list's, dict's or set's, gives a method of the same
//     name that charges before it calls it (getattr(x, "join") gives the
//     same);
//   - the builtins of universeSizes are given, under their own names, as
//     predeclared names that charge before they call Starlark's.
//
// An operation that fails in a guard fails as the interpreter's would, at
// the same place with the same message: the guard's own frame is taken off
// the error (stripGuards), as direct code never has it. The tree a pack's
// checks and direct code read is the unguarded one. Each guard costs a
// builtin call more than the operation; literals that cannot make a large
// value (1 + 2, i % 2) are left alone.

// methodGuards are the guards of methodSizes, by the names the guarded tree
// calls them (".join").
var methodGuards = func() map[string]*starlark.Builtin {
	g := map[string]*starlark.Builtin{}
	for name, size := range methodSizes {
		g["."+name] = methodGuard(name, size)
	}
	return g
}()

// guards are the builtins a guarded tree calls, by the names it calls them.
var guards = func() starlark.StringDict {
	g := starlark.StringDict{}
	for _, op := range []syntax.Token{syntax.PLUS, syntax.STAR, syntax.PERCENT} {
		g[op.String()] = opGuard(op)
		g[op.String()+"="] = augmentedGuard(op)
	}
	for name, b := range methodGuards {
		g[name] = b
	}
	for name, size := range universeSizes {
		g[name] = universeGuard(starlark.Universe[name].(*starlark.Builtin), size)
	}
	g["getattr"] = getattrGuard(starlark.Universe["getattr"].(*starlark.Builtin))
	return g
}()

// guardFrame reports whether a frame is a guard's own, which errors leave
// out: a builtin whose name no Starlark name can be ("+", ".join"; the
// guards of universeSizes and getattr have the names of Starlark's).
func guardFrame(fr starlark.CallFrame) bool {
	return fr.Pos.Filename() == builtinFile && fr.Name != "" && guards[fr.Name] != nil && !isIdentStart(fr.Name[0])
}

func isIdentStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// stripGuards takes a guard's frame off the innermost end of ee's call
// stack: the error is then the one the operation gives without a guard.
func stripGuards(ee *starlark.EvalError) {
	if n := len(ee.CallStack); n > 0 && guardFrame(ee.CallStack[n-1]) {
		ee.CallStack = ee.CallStack[:n-1]
	}
}

func opGuard(op syntax.Token) *starlark.Builtin {
	return starlark.NewBuiltin(op.String(), func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		x, y := args[0], args[1]
		if a := allocOf(th); a != nil {
			if err := a.charge(binarySize(op, x, y, a.left())); err != nil {
				return nil, err
			}
		}
		return starlark.Binary(op, x, y)
	})
}

func augmentedGuard(op syntax.Token) *starlark.Builtin {
	return starlark.NewBuiltin(op.String()+"=", func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		x, y := args[0], args[1]
		if a := allocOf(th); a != nil {
			if err := a.charge(augmentedSize(op, x, y, a.left())); err != nil {
				return nil, err
			}
		}
		return y, nil
	})
}

func universeGuard(b *starlark.Builtin, size sizeFn) *starlark.Builtin {
	return starlark.NewBuiltin(b.Name(), func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if a := allocOf(th); a != nil {
			if err := a.charge(size(args, kw, a.left())); err != nil {
				return nil, err
			}
		}
		return b.CallInternal(th, args, kw)
	})
}

func methodGuard(name string, size methodSize) *starlark.Builtin {
	return starlark.NewBuiltin("."+name, func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		x := args[0]
		v, err := getAttrOn(th, x, name)
		if err != nil {
			return nil, err
		}
		method, ok := v.(*starlark.Builtin)
		if !ok || !starlarkOwn(x) {
			return v, nil
		}
		return starlark.NewBuiltin(name, func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			if a := allocOf(th); a != nil {
				if err := a.charge(size(x, args, kw, a.left())); err != nil {
					return nil, err
				}
			}
			return method.CallInternal(th, args, kw)
		}).BindReceiver(x), nil
	})
}

// getattrGuard is getattr that gives the methods of methodSizes as their
// guards give them (getattr(s, "join") is s.join).
func getattrGuard(b *starlark.Builtin) *starlark.Builtin {
	return starlark.NewBuiltin("getattr", func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		v, err := b.CallInternal(th, args, kw)
		if err != nil || len(args) < 2 {
			return v, err
		}
		name, ok := args[1].(starlark.String)
		if g, guarded := methodGuards["."+string(name)]; ok && guarded && starlarkOwn(args[0]) {
			return g.CallInternal(th, args[:1], nil)
		}
		return v, nil
	})
}

// starlarkOwn reports whether x is of one of Starlark's types whose methods
// methodSizes knows.
func starlarkOwn(x starlark.Value) bool {
	switch x.(type) {
	case starlark.String, *starlark.List, *starlark.Dict, *starlark.Set:
		return true
	}
	return false
}
