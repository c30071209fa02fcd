package engine

import (
	"fmt"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Index expressions in direct code. (A slice has none: its error takes the
// position of whichever instruction before it last had one.)

// index compiles x[y]: Starlark's INDEX, as its interpreter does it
// (go.starlark.net's getIndex, which it does not export), with its errors.
func (fc *funcCompiler) index(e *syntax.IndexExpr) dexpr {
	if d := fc.indexLent(e); d != nil {
		return d
	}
	x, y := fc.expr(e.X), fc.expr(e.Y)
	if x == nil || y == nil {
		return nil
	}
	pos := e.Lbrack
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		a, b, err := operands(m, l, x, y)
		if err != nil {
			return nil, err
		}
		v, err := getIndex(a, b)
		if err != nil {
			return nil, failAt(pos, err)
		}
		return v, nil
	}
}

// getIndex is x[y] as Starlark's interpreter does it.
func getIndex(x, y starlark.Value) (starlark.Value, error) {
	switch x := x.(type) {
	case starlark.Mapping: // dict
		z, found, err := x.Get(y)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, fmt.Errorf("key %v not in %s", y, x.Type())
		}
		return z, nil
	case starlark.Indexable: // string, list, tuple
		n := x.Len()
		i, err := starlark.AsInt32(y)
		if err != nil {
			return nil, fmt.Errorf("%s index: %s", x.Type(), err)
		}
		orig := i
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			if n == 0 {
				return nil, fmt.Errorf("index %d out of range: empty %s", orig, x.Type())
			}
			return nil, fmt.Errorf("%s index %d out of range [%d:%d]", x.Type(), orig, -n, n-1)
		}
		return x.Index(i), nil
	}
	return nil, fmt.Errorf("unhandled index operation %s[%s]", x.Type(), y.Type())
}
