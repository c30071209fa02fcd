package engine

import (
	"fmt"
	"slices"

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
	if x := fc.lenEmpty(e); x != nil {
		return x
	}
	if x := fc.beforeLambda(e); x != nil {
		return x
	}
	if x := fc.anyAll(e); x != nil {
		return x
	}
	if x := fc.measured(e); x != nil {
		return x
	}
	c := &builtinCall{names: names, lparen: e.Lparen}
	d := fc.callee(e.Fn, c)
	if d != nil {
		slots, fill := d.bind(len(pos), names)
		if slots == nil {
			return nil // Starlark refuses the call: its error
		}
		return fc.callScript(d, append(pos, vals...), slots, fill, e.Lparen)
	}
	if c.callee == nil && c.goFn == nil {
		c.callee = fc.dynamicCallee(e.Fn, e.Lparen)
	}
	if e == fc.shared && c.goFn != nil && c.name == "objects" {
		c.goFn = objectsShared
	}
	if first := fc.combinationsOfCards(c, pos); first != nil {
		if rest := fc.exprs(pos[1:]); rest != nil {
			c.args = append([]dexpr{first}, rest...)
		}
	} else {
		outer := fc.lentDict // a create's whose element calls this
		ld := fc.createDicts(e, pos)
		if ld != nil {
			fc.lentDict = ld
		}
		if ld != nil {
			if first := fc.createCards(pos[0].(*syntax.Comprehension), ld.ls); first != nil {
				if rest := fc.exprs(pos[1:]); rest != nil {
					c.args = append([]dexpr{first}, rest...)
				}
			}
		} else {
			c.args = fc.exprs(pos)
		}
		fc.lentDict = outer
		if ld != nil && c.goFn != nil && c.args != nil {
			c.kws = fc.exprs(vals)
			if c.kws == nil {
				return nil
			}
			return lendingDicts(c.eval, ld.ls)
		}
	}
	c.kws = fc.exprs(vals)
	if c.callee == nil && c.goFn == nil || c.args == nil || c.kws == nil {
		return nil
	}
	return c.eval
}

// combinationsOfCards compiles the first argument of c, a call of the
// engine's combinations(), when it is deck.cards(...): combinations copies
// the cards and keeps nothing of the list, so it is lent as a loop's is
// (loopedCards). Nil otherwise.
func (fc *funcCompiler) combinationsOfCards(c *builtinCall, pos []syntax.Expr) dexpr {
	if c.goFn == nil || c.name != "combinations" || len(pos) == 0 {
		return nil
	}
	return fc.loopedCards(pos[0])
}

// builtinCall is a call of a builtin with positional arguments args and
// keyword arguments names=kws. The builtins direct code calls keep none of
// their argument slices: theirs are lent from the match's stack (Starlark
// gives every builtin call new ones).
type builtinCall struct {
	args, kws []dexpr
	names     []starlark.Value
	lparen    syntax.Position
	// callee gives the builtin, one of Starlark's (see leafUniverse)...
	callee dexpr
	// ...or goFn is the engine's builtin or board's or deck's method name,
	// called in Go with the match, not through its *starlark.Builtin (which
	// looks the match up in the thread's locals).
	goFn func(m *Match, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error)
	name string
	size sizeFn // the bytes callee would make, for the ones that make values of any size
}

func (c *builtinCall) eval(m *Match, l []starlark.Value) (starlark.Value, error) {
	n, nk := len(c.args), len(c.kws)
	var b *starlark.Builtin
	if c.goFn == nil {
		f, err := c.callee(m, l)
		if err != nil {
			return nil, err
		}
		b = f.(*starlark.Builtin) // one of leafUniverse's
	}
	// Every slot is written before the call; the stale values above the
	// stack's length are left for the next calls to overwrite.
	base, kbase := len(m.argbuf), len(m.kwbuf)
	m.argbuf, m.kwbuf = grow(m.argbuf, n+2*nk), grow(m.kwbuf, nk)
	v, err := c.call(m, l, b, m.argbuf[base:base+n+2*nk:base+n+2*nk], m.kwbuf[kbase:kbase+nk:kbase+nk])
	m.argbuf, m.kwbuf = m.argbuf[:base], m.kwbuf[:kbase]
	return v, err
}

// lenEmpty compiles len(board.empty()), how packs say how many cells are
// empty (tic-tac-toe's progression), as that count: the list Starlark makes
// only to measure it was the most of a progression's time.
func (fc *funcCompiler) lenEmpty(e *syntax.CallExpr) dexpr {
	id, ok := unparen(e.Fn).(*syntax.Ident)
	if !ok || id.Name != "len" || len(e.Args) != 1 {
		return nil
	}
	if b, ok := id.Binding.(*resolve.Binding); !ok || b.Scope != resolve.Universal {
		return nil
	}
	inner, ok := unparen(e.Args[0]).(*syntax.CallExpr)
	if !ok || len(inner.Args) != 0 {
		return nil
	}
	dot, ok := unparen(inner.Fn).(*syntax.DotExpr)
	if !ok || dot.Name.Name != "empty" {
		return nil
	}
	bv, ok := fc.predeclared(dot.X).(*boardValue)
	if !ok {
		return nil
	}
	fc.steps += 3 * stepsPerNode
	return func(m *Match, _ []starlark.Value) (starlark.Value, error) {
		return starlark.MakeInt(bv.emptyCount(m)), nil
	}
}

// call evaluates the arguments into vals and kwargs and calls b, or c.goFn
// when b is nil.
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
	var v starlark.Value
	name := c.name
	if b != nil {
		name = b.Name()
		if c.size != nil {
			err = m.mem.charge(c.size(positional, kwargs, m.mem.left()))
		}
		if err == nil {
			v, err = b.CallInternal(m.thread, positional, kwargs)
		}
	} else {
		v, err = c.goFn(m, positional, kwargs)
	}
	if err == nil && v == nil {
		err = fmt.Errorf("internal error: nil (not None) returned from <built-in function %s>", name)
	}
	if err != nil {
		return nil, &dfail{err: err, pos: c.lparen, callee: name}
	}
	return v, nil
}

// callee compiles the callee fn of call c: it returns a script function's
// direct form, or sets c.goFn or c.callee; nothing when the call has no
// direct form.
func (fc *funcCompiler) callee(fn syntax.Expr, c *builtinCall) *dfn {
	switch fn := unparen(fn).(type) {
	case *syntax.Ident:
		b, ok := fn.Binding.(*resolve.Binding)
		if !ok || b.Scope == resolve.Local {
			return nil
		}
		switch v := fc.value(fn, b).(type) {
		case *starlark.Function:
			def := fc.dc.defOf[v]
			if def == nil {
				return nil
			}
			d := fc.dc.function(def, v)
			if d != nil {
				fc.steps += d.steps
				fc.loops = fc.loops || d.loops
				fc.prints = fc.prints || d.prints
			}
			return d
		case *starlark.Builtin:
			switch {
			case !fc.leafBuiltin(fn.Name, v, b.Scope, c.names):
			case b.Scope == resolve.Universal:
				c.callee, c.size = fc.ident(fn), universeSizes[fn.Name]
				fc.prints = fc.prints || fn.Name == "print"
			default:
				f, name := engineFns[fn.Name], fn.Name
				c.goFn = func(m *Match, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
					return f(m, name, args, kw)
				}
				c.name = name
			}
		}
	case *syntax.DotExpr:
		method := fn.Name.Name
		switch v := fc.predeclared(fn.X).(type) {
		case *boardValue:
			if boardMethod(method) >= 0 {
				c.name = v.name + "." + method
				c.goFn = func(m *Match, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
					return v.callIn(m, method, c.name, args, kw)
				}
			}
		case *deckValue:
			if v.methods[method] != nil {
				c.name = v.name + "." + method
				c.goFn = func(m *Match, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
					return v.call(m, method, c.name, args, kw)
				}
			}
		}
	}
	return nil
}

// beforeLambda compiles before(lambda: e), how conditions read the step
// before (the seed effects' "self.controller.drawn > before(lambda:
// self.controller.drawn)"): e evaluated directly in the past, as the engine's
// before() calls its function (biBefore), e's names being those of the code
// around it. An error in e shows the lambda's frame and before's, as
// Starlark shows them.
func (fc *funcCompiler) beforeLambda(e *syntax.CallExpr) dexpr {
	id, ok := unparen(e.Fn).(*syntax.Ident)
	if !ok || id.Name != "before" || len(e.Args) != 1 {
		return nil
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || b.Scope != resolve.Predeclared {
		return nil
	}
	if bf, ok := fc.value(id, b).(*starlark.Builtin); !ok || bf.Name() != "before" || engineFns["before"] == nil {
		return nil
	}
	lam, ok := e.Args[0].(*syntax.LambdaExpr)
	if !ok || fc.free != nil {
		return nil
	}
	rf, ok := lam.Function.(*resolve.Function)
	if !ok || len(rf.Params) > 0 || len(rf.Locals) > 0 || rf.HasVarargs || rf.HasKwargs {
		return nil
	}
	fc.steps += stepsPerNode // MAKEFUNC, before's CALL, the lambda's RETURN
	fc.free = rf.FreeVars
	body := fc.expr(lam.Body)
	fc.free = nil
	if body == nil {
		return nil
	}
	lparen := e.Lparen
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		cur := m.st
		if m.cur == nil {
			m.cur = cur
		}
		m.st = m.prev
		m.pure++
		if m.pure == 1 {
			m.pureWhat = "before()"
		}
		v, err := body(m, l)
		m.pure--
		m.st = cur
		if m.cur == cur {
			m.cur = nil
		}
		if err != nil {
			df := err.(*dfail)
			df.frames = append(df.frames, starlark.CallFrame{Name: "lambda", Pos: df.pos},
				starlark.CallFrame{Name: "before", Pos: syntax.MakePosition(&builtinFile, 0, 0)})
			df.pos = lparen
			return nil, df
		}
		if m.beforeLog != nil {
			*m.beforeLog = append(*m.beforeLog, v.String())
		}
		return v, nil
	}
}

// dynamicCallee compiles the callee of a call known only when it runs: a
// method of a value (c.has_tag("spell"), xs.append(x)) or a local (a method
// wrapper's inner). Direct code calls it when it is a builtin that runs no
// Starlark function on the code's own steps (see leafBuiltin); anything else
// stops the direct call (errDirectSteps), for the hook to run through
// Starlark (see Match.callDirect). A method that makes values of any size,
// whose memory the interpreter's guards charge (alloc_rewrite.go), has no
// direct form.
func (fc *funcCompiler) dynamicCallee(fn syntax.Expr, lparen syntax.Position) dexpr {
	switch f := unparen(fn).(type) {
	case *syntax.DotExpr:
		if methodSizes[f.Name.Name] != nil {
			return nil
		}
	case *syntax.Ident:
		if b, ok := f.Binding.(*resolve.Binding); !ok || b.Scope != resolve.Local {
			return nil
		}
	default:
		return nil
	}
	x := fc.expr(fn)
	if x == nil {
		return nil
	}
	fc.loops = true
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		v, err := x(m, l)
		if err != nil {
			return nil, err
		}
		if b, ok := v.(*starlark.Builtin); ok && !callsStarlark(b) {
			return b, nil
		}
		return nil, failAt(lparen, errDirectSteps)
	}
}

// callsStarlark reports whether the builtin b may run a Starlark function
// on its caller's steps (sorted, min and max take a key; before() a
// function), prints (which the interpreter would do again), or makes values
// of any size, whose memory the interpreter's guards charge (alloc_guard.go).
func callsStarlark(b *starlark.Builtin) bool {
	name := b.Name()
	switch {
	case name == "before":
		return true
	case b.Receiver() != nil:
		return methodSizes[name] != nil
	case b == starlark.Universe[name]:
		return name == "sorted" || name == "min" || name == "max" || name == "print" || universeSizes[name] != nil
	}
	return false
}

// predeclared is the value of x when it names a predeclared value (a board,
// a deck), else nil.
func (fc *funcCompiler) predeclared(x syntax.Expr) starlark.Value {
	id, ok := x.(*syntax.Ident)
	if !ok {
		return nil
	}
	b, ok := id.Binding.(*resolve.Binding)
	if !ok || b.Scope != resolve.Predeclared {
		return nil
	}
	return fc.value(id, b)
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
	return name != "before" && engineFns[name] != nil && fc.env.predeclared[name] == v
}

// leafUniverse are Starlark's universal builtins that call no function (with
// sorted, min and max without a key); none keeps its argument slices.
var leafUniverse = map[string]bool{
	"abs": true, "any": true, "all": true, "bool": true, "bytes": true, "chr": true, "dict": true,
	"dir": true, "enumerate": true, "fail": true, "float": true, "getattr": true, "hasattr": true,
	"hash": true, "int": true, "len": true, "list": true, "ord": true, "print": true, "range": true,
	"repr": true, "reversed": true, "set": true, "str": true, "tuple": true, "type": true, "zip": true,
}

// bind binds a call's npos positional arguments and its keyword arguments
// names to d's parameters: slots is, for each argument in the call's order,
// its parameter; fill the parameters left to their defaults. slots is nil
// when Starlark would refuse the call (too many arguments, a name d has not
// or one given twice, a parameter without a default left out).
func (d *dfn) bind(npos int, names []starlark.Value) (slots, fill []int) {
	if npos > d.nparams {
		return nil, nil
	}
	set := make([]bool, d.nparams)
	slots = make([]int, 0, npos+len(names))
	for i := range npos {
		slots, set[i] = append(slots, i), true
	}
	for _, n := range names {
		i := slices.Index(d.params, string(n.(starlark.String)))
		if i < 0 || set[i] {
			return nil, nil
		}
		slots, set[i] = append(slots, i), true
	}
	for i, ok := range set {
		if !ok {
			if d.defaults == nil || d.defaults[i] == nil {
				return nil, nil
			}
			fill = append(fill, i)
		}
	}
	return slots, fill
}

// callScript compiles a call, at lparen, of a script function's direct form
// with arguments xs, bound to its parameters slots, the others fill taking
// their default values.
func (fc *funcCompiler) callScript(d *dfn, xs []syntax.Expr, slots, fill []int, lparen syntax.Position) dexpr {
	args := fc.exprs(xs)
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
			callee[slots[i]] = v
		}
		for _, i := range fill {
			callee[i] = d.defaults[i]
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
