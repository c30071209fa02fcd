package engine

import (
	"errors"
	"fmt"
	"sync"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// The operations of direct code whose Starlark semantics are more than a call
// of an exported function of go.starlark.net: attributes (whose errors carry
// a spelling hint) and the in-place forms of += and |=.

// getAttr is Starlark's x.name, with the error its interpreter gives.
func getAttr(m *Match, x starlark.Value, name string) (starlark.Value, error) {
	return getAttrOn(m.thread, x, name)
}

// getAttrOn is getAttr for code running on th.
func getAttrOn(th *starlark.Thread, x starlark.Value, name string) (starlark.Value, error) {
	ha, ok := x.(starlark.HasAttrs)
	if !ok {
		return nil, fmt.Errorf("%s has no .%s field or method", x.Type(), name)
	}
	v, err := ha.Attr(name)
	if err == nil && v != nil {
		return v, nil
	}
	var nsa starlark.NoSuchAttrError
	if err != nil && !errors.As(err, &nsa) {
		return nil, err
	}
	// No such attribute: Starlark's message, with its hint of the name
	// meant, which only it can spell.
	return nil, viaStarlarkOn(th, "def f(x):\n    return x."+name+"\n", x)
}

// setField is Starlark's x.name = y, with the error its interpreter gives.
func setField(m *Match, x starlark.Value, name string, y starlark.Value) error {
	hs, ok := x.(starlark.HasSetField)
	if !ok {
		return fmt.Errorf("can't assign to .%s field of %s", name, x.Type())
	}
	err := hs.SetField(name, y)
	if _, nsa := err.(starlark.NoSuchAttrError); nsa {
		return viaStarlark(m, "def f(x, y):\n    x."+name+" = y\n", x, y)
	}
	return err
}

// augmented is x op= y: in place for a list += iterable and a dict |= dict,
// as Starlark's interpreter does it, else x op y.
func augmented(m *Match, op syntax.Token, x, y starlark.Value) (starlark.Value, error) {
	if err := m.mem.charge(augmentedSize(op, x, y, m.mem.left())); err != nil {
		return nil, err
	}
	inplace := false
	switch op {
	case syntax.PLUS:
		_, list := x.(*starlark.List)
		_, iter := y.(starlark.Iterable)
		inplace = list && iter
	case syntax.PIPE:
		_, xd := x.(*starlark.Dict)
		_, yd := y.(*starlark.Dict)
		inplace = xd && yd
	}
	if !inplace {
		return starlark.Binary(op, x, y)
	}
	fns := inplaceFns()
	f := fns["add"]
	if op == syntax.PIPE {
		f = fns["pipe"]
	}
	v, err := starlark.Call(m.thread, f, starlark.Tuple{x, y}, nil)
	if err != nil {
		return nil, cause(err)
	}
	return v, nil
}

// inplaceFns are Starlark functions that do x += y and x |= y.
var inplaceFns = sync.OnceValue(func() starlark.StringDict {
	src := "def add(x, y):\n    x += y\n    return x\ndef pipe(x, y):\n    x |= y\n    return x\n"
	g, err := starlark.ExecFileOptions(&syntax.FileOptions{}, &starlark.Thread{}, "inplace", src, nil)
	if err != nil {
		panic(err)
	}
	g.Freeze()
	return g
})

// viaStarlark runs the function f of src with args through Starlark, for the
// error of an operation Starlark gives with more than go.starlark.net
// exports: the operation's own error, without the frame of f.
func viaStarlark(m *Match, src string, args ...starlark.Value) error {
	return viaStarlarkOn(m.thread, src, args...)
}

// viaStarlarkOn is viaStarlark for code running on th.
func viaStarlarkOn(th *starlark.Thread, src string, args ...starlark.Value) error {
	g, err := starlark.ExecFileOptions(&syntax.FileOptions{}, &starlark.Thread{}, "op", src, nil)
	if err != nil {
		return err
	}
	if _, err = starlark.Call(th, g["f"], args, nil); err == nil {
		return errors.New("internal error: an operation that failed did not fail again")
	}
	return cause(err)
}

// cause is the error Starlark's interpreter got from an operation, inside the
// EvalError it made of it.
func cause(err error) error {
	if ee, ok := err.(*starlark.EvalError); ok && ee.Unwrap() != nil {
		return ee.Unwrap()
	}
	return err
}
