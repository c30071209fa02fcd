package engine

import (
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Direct evaluation: a piece of the pack's code without while loops or
// nested functions (but before(lambda: ...)), whose for loops and list comprehensions count their
// steps as they run (direct_loop.go), that calls only builtins, methods
// found on values and such functions (a tic-tac-toe move, Hearts' every
// procedure, conditions, domains and progression), runs as
// a tree of Go closures built from its syntax tree, each node doing what
// Starlark's interpreter does for it, with the same functions (starlark.Binary,
// Compare, Unary, a value's Attr and SetField, a builtin's CallInternal).
// A Starlark call of such code allocates its frame, digests its arguments and
// dispatches every instruction: a small procedure with three builtin calls
// took 730 ns that way against 11 ns as direct Go calls (measured beside each
// other in one run), and a random tic-tac-toe playout spent most of its time
// there.
//
// Errors are Starlark's: an operation that fails is given the error, call
// stack and position Starlark would give it (see dfail). Starlark counts each
// instruction against Options.Budget; direct code, which calls no Starlark
// function, takes a bounded number of them (dfn.steps), and has a direct
// form only when that bound is under the budget (a loop's iterations are
// counted as they run, and past their bound the code runs again through
// Starlark: direct_loop.go, redo.go). Code that runs
// inside it through the engine (a wrapper, a condition) has a budget of its
// own either way (see Match.call). Options.Interpret turns direct evaluation
// off, for tests that compare the two.

// dfn is a function of the pack's code compiled for direct evaluation: a
// hook's function ("__hook", as Starlark names it) or a script's.
type dfn struct {
	name    string
	nparams int // parameters (a hook's have no defaults)
	// params are the parameters' names, defaults their default values (a
	// script function's, frozen), nil for those without.
	params   []string
	defaults []starlark.Value
	nlocals  int // parameters first, as Starlark numbers them
	body     dblock
	steps    uint64 // bounds the Starlark steps of one call, callees included...
	loops    bool   // ...but for its loops' iterations, and it may stop partway (direct_loop.go)
	prints   bool   // it calls print (see funcCompiler.prints)
	// lends: a return may give a list it lends to a caller that asks
	// (direct_lendcall.go)
	lends bool
	// byName has a bit for each of the first 64 parameters the code reads
	// only as x.NAME (byNameParams): a value it is given cannot be told
	// from another of the same content.
	byName uint64
	// unset are the locals a read may find unassigned (unsetLocals), which
	// frame clears.
	unset []int
	// lentAt are the locals a place of f lends its list to (fc.lentOf's),
	// which pop clears: a list is lent again once its local holds
	// something else or its call has returned (see lendList).
	lentAt []int
}

// dexpr evaluates an expression with the running call's locals; its error is
// a *dfail.
type dexpr func(m *Match, l []starlark.Value) (starlark.Value, error)

// dstmt runs a statement with the running call's locals; it reports whether
// a return statement ran (its value in Match.dret). Its error is a *dfail.
type dstmt func(m *Match, l []starlark.Value) (bool, error)

type dblock []dstmt

func (b dblock) run(m *Match, l []starlark.Value) (bool, error) {
	for _, s := range b {
		if ret, err := s(m, l); ret || err != nil {
			return ret, err
		}
	}
	return false, nil
}

// dfail is an operation of direct code that failed, on its way out through
// the direct calls it is in: err is what Starlark's interpreter got from the
// operation (a *starlark.EvalError when a builtin's own Starlark code
// failed), pos the place of the instruction that failed in the innermost
// call not yet left, frames the calls left, innermost first.
type dfail struct {
	err    error
	pos    syntax.Position
	frames []starlark.CallFrame
	callee string // the builtin that failed, whose frame Starlark shows innermost
}

func (f *dfail) Error() string { return f.err.Error() }

// builtinFile is the file Starlark places a builtin's frame in.
var builtinFile = "<builtin>"

// failAt is the failure of an operation at pos with err.
func failAt(pos syntax.Position, err error) error { return &dfail{err: err, pos: pos} }

// call runs f with args (exactly nparams of them).
func (f *dfn) call(m *Match, args []starlark.Value) (starlark.Value, error) {
	l, base := f.frame(m)
	copy(l, args)
	return f.run(m, l, base)
}

// frame pushes f's locals on the match's direct stack; base is the stack's
// length before, for run. Calls nested in the arguments push above it.
//
// The slots hold what the last frame there left (pop writes nothing but
// lent locals: every write of a pointer costs the collector's barrier
// while it marks, and a frame's slots are written once a call at least).
// Every caller sets each parameter before the body runs (call, callScript,
// lentCall.eval); of the other locals, those a read may find unassigned
// (f.unset) are cleared here, one store each (clear's bulk barrier costs
// more than a few stores).
func (f *dfn) frame(m *Match) (l []starlark.Value, base int) {
	base = len(m.dstack)
	m.dstack = grow(m.dstack, f.nlocals)
	l = m.dstack[base : base+f.nlocals : base+f.nlocals]
	for _, i := range f.unset {
		l[i] = nil
	}
	return l, base
}

// pop pops f's frame l, pushed at base, clearing its lent locals.
func (f *dfn) pop(m *Match, l []starlark.Value, base int) {
	for _, i := range f.lentAt {
		l[i] = nil
	}
	m.dstack = m.dstack[:base]
}

// run runs f's body on its frame l, then pops the frame.
func (f *dfn) run(m *Match, l []starlark.Value, base int) (starlark.Value, error) {
	ret, err := f.body.run(m, l)
	f.pop(m, l, base)
	if err != nil {
		df := err.(*dfail)
		df.frames = append(df.frames, starlark.CallFrame{Name: f.name, Pos: df.pos})
		return nil, df
	}
	if ret {
		v := m.dret
		m.dret = nil
		return v, nil
	}
	return starlark.None, nil
}

// callDirect runs hook h's direct form with args. Its error is the
// *starlark.EvalError Starlark would have returned.
func (m *Match) callDirect(h *hook, args starlark.Tuple) (starlark.Value, error) {
	outer := m.thread.CallStackDepth()
	if h.pure {
		if m.pure == 0 {
			m.pureWhat = h.what
		}
		m.pure++
	}
	budget := m.budget() // for Starlark a builtin runs (see inplaceFns)
	dsteps, dlimit := m.dsteps, m.dlimit
	m.dsteps, m.dlimit = h.direct.steps, maxDirectSteps
	if !h.pure {
		m.dlimit = m.opts.Budget
	}
	v, err := h.direct.call(m, args)
	m.dsteps, m.dlimit = dsteps, dlimit
	m.endBudget(budget)
	if h.pure {
		m.pure--
	}
	if err != nil {
		df := err.(*dfail)
		if df.err == errDirectSteps {
			if h.pure { // it changed nothing
				return m.callStarlark(h, args)
			}
			m.redo = true // see Match.redoable
			return nil, errDirectSteps
		}
		return nil, m.evalError(df, outer)
	}
	return v, nil
}

// runsDirect reports whether h runs directly here: code that may stop
// partway (dfn.loops) only where it can be run again, pure code through
// Starlark and a body by Match.redoable.
func (m *Match) runsDirect(h *hook) bool {
	d := h.direct
	switch {
	case d == nil || m.opts.Interpret:
		return false
	case !d.loops:
		return true
	case h.pure:
		return m.opts.Budget > maxDirectSteps
	}
	return m.redoable
}

// evalError is the error Starlark would have made of f, the thread's call
// stack outer frames deep when the direct code began: an EvalError whose
// call stack holds the direct calls where Starlark has their frames.
func (m *Match) evalError(f *dfail, outer int) error {
	var inner starlark.CallStack
	ee, ok := f.err.(*starlark.EvalError)
	if ok {
		// Starlark code a builtin called: Starlark has the builtin's frame
		// under it, which CallInternal did not push.
		if f.callee != "" {
			inner = append(inner, starlark.CallFrame{Name: f.callee, Pos: syntax.MakePosition(&builtinFile, 0, 0)})
		}
		inner = append(inner, ee.CallStack[outer:]...)
	} else {
		// Starlark makes its EvalError from the operation's error, a cause
		// only it can set: a builtin that returns that error gets one, with
		// the failing builtin's frame when a builtin failed.
		name := f.callee
		if name == "" {
			name = "raise"
		}
		raise := starlark.NewBuiltin(name, func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
			return nil, f.err
		})
		_, err := starlark.Call(m.thread, raise, nil, nil)
		ee = err.(*starlark.EvalError)
		if f.callee != "" {
			inner = ee.CallStack[outer:]
		}
	}
	out := *ee // the copy keeps the cause
	stack := make(starlark.CallStack, 0, outer+len(f.frames)+len(inner))
	stack = append(stack, ee.CallStack[:outer]...)
	for i := len(f.frames) - 1; i >= 0; i-- {
		stack = append(stack, f.frames[i])
	}
	out.CallStack = append(stack, inner...)
	return &out
}

// countHook counts a compiled hook and whether it has a direct form.
func (p *Program) countHook(h *hook) {
	p.hooks++
	if h.direct != nil {
		p.directHooks++
		p.redoBodies = p.redoBodies || h.direct.loops && !h.pure
	}
}
