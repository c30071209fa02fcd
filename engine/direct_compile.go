package engine

import (
	"fmt"
	"math/big"
	"slices"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// directCompiler builds the direct form (see dfn) of the functions of one
// pack's code.
type directCompiler struct {
	// env is, per function (a hook's or a script's), the names its module
	// sees: its globals and predeclared names, as Starlark resolved them.
	env map[*syntax.DefStmt]directEnv
	// fns is each script function's direct form, nil when it has none;
	// compiling marks the ones being compiled (a call cycle has none).
	fns       map[*starlark.Function]*dfn
	compiling map[*starlark.Function]bool
	defOf     map[*starlark.Function]*syntax.DefStmt
	sites     []*attrSite    // the x.name reads compiled, for resolveAttrs
	loopSites []*objLoopSite // the loops over objects() compiled, for resolveObjLoops
	handsBack bool           // the hook being compiled gives what it returns back (see hook)
}

// directEnv is what the names of one module resolve to.
type directEnv struct {
	globals, predeclared starlark.StringDict
}

func newDirectCompiler() *directCompiler {
	return &directCompiler{env: map[*syntax.DefStmt]directEnv{}, fns: map[*starlark.Function]*dfn{},
		compiling: map[*starlark.Function]bool{}, defOf: map[*starlark.Function]*syntax.DefStmt{}}
}

// script notes the top-level functions of a script that ran (f, its syntax
// tree; globals, what it defined; predeclared, the names it was given), for
// hooks that call them.
func (dc *directCompiler) script(f *syntax.File, globals, predeclared starlark.StringDict) {
	if len(f.Stmts) != 1 {
		return
	}
	top, ok := f.Stmts[0].(*syntax.IfStmt) // see scriptText
	if !ok {
		return
	}
	for _, st := range top.True {
		d, ok := st.(*syntax.DefStmt)
		if !ok {
			continue
		}
		// The global of that name is this def's function unless the script
		// bound the name again later. The function was compiled from
		// another parse of the same text (see compiler.program), whose
		// positions name the file by another pointer.
		fn, ok := globals[d.Name.Name].(*starlark.Function)
		if rf, isFn := d.Function.(*resolve.Function); ok && isFn && samePlace(fn.Position(), rf.Pos) {
			dc.defOf[fn] = d
			dc.env[d] = directEnv{globals: globals, predeclared: predeclared}
		}
	}
}

// samePlace reports whether a and b are the same line and column of the
// same file.
func samePlace(a, b syntax.Position) bool {
	return a.Line == b.Line && a.Col == b.Col && a.Filename() == b.Filename()
}

// named returns the direct form of a hook that names a script function
// ("action: stNextPlayer"), or nil.
func (dc *directCompiler) named(fn *starlark.Function) *dfn {
	if dc == nil {
		return nil
	}
	def := dc.defOf[fn]
	if def == nil {
		return nil
	}
	return dc.function(def, fn)
}

// hook returns the direct form of a hook's function def (compiled with
// predeclared), or nil. handsBack: what it returns goes to the engine,
// which gives it back (see hook.lendsReturn).
func (dc *directCompiler) hook(def *syntax.DefStmt, predeclared starlark.StringDict, handsBack bool) *dfn {
	if dc == nil { // the console's code runs once
		return nil
	}
	dc.env[def] = directEnv{predeclared: predeclared}
	dc.handsBack = handsBack
	defer func() { dc.handsBack = false }()
	return dc.function(def, nil)
}

// function returns the direct form of def, whose Starlark function is fn (a
// script's, or nil for a hook's), or nil when it has none.
func (dc *directCompiler) function(def *syntax.DefStmt, fn *starlark.Function) *dfn {
	if fn != nil {
		if d, ok := dc.fns[fn]; ok || dc.compiling[fn] {
			return d
		}
		dc.compiling[fn] = true
		defer delete(dc.compiling, fn)
	}
	rf, ok := def.Function.(*resolve.Function)
	if !ok || rf.HasVarargs || rf.HasKwargs || rf.NumKwonlyParams > 0 || len(rf.FreeVars) > 0 {
		return dc.remember(fn, nil)
	}
	names, defaults := make([]string, len(rf.Params)), make([]starlark.Value, len(rf.Params))
	for i, p := range rf.Params {
		switch p := p.(type) {
		case *syntax.Ident:
			names[i] = p.Name
		case *syntax.BinaryExpr: // name=default, of a script's function
			if fn == nil || p.Op != syntax.EQ {
				return dc.remember(fn, nil)
			}
			names[i], defaults[i] = p.X.(*syntax.Ident).Name, fn.ParamDefault(i)
		default: // * or **
			return dc.remember(fn, nil)
		}
	}
	for _, b := range rf.Locals {
		if !slotScope(b.Scope) {
			return dc.remember(fn, nil)
		}
	}
	fc := &funcCompiler{dc: dc, env: dc.env[def], locals: rf.Locals, steps: 4, body: rf.Body, handsBack: fn == nil && dc.handsBack}
	body := fc.block(rf.Body)
	// Pure code run again after its bound (direct_loop.go) would print
	// twice: code with comprehensions that prints keeps the interpreter.
	if body == nil || fc.steps >= maxDirectSteps || fc.loops && fc.prints {
		return dc.remember(fn, nil)
	}
	return dc.remember(fn, &dfn{name: rf.Name, nparams: len(rf.Params), params: names, defaults: defaults,
		nlocals: len(rf.Locals), body: body, steps: fc.steps, loops: fc.loops, prints: fc.prints, lends: fc.lends,
		unset: unsetLocals(rf.Body, rf.Locals, len(rf.Params)), lentAt: fc.lentAt(), byName: byNameParams(rf)})
}

func (dc *directCompiler) remember(fn *starlark.Function, d *dfn) *dfn {
	if fn != nil {
		dc.fns[fn] = d
	}
	return d
}

// maxDirectSteps is the most steps a function with a direct form may take
// (see dfn.steps): far under any budget a pack is played with.
const maxDirectSteps = 10_000

// funcCompiler compiles the body of one function; every method returns nil
// for code that has no direct form.
type funcCompiler struct {
	dc     *directCompiler
	body   []syntax.Stmt // the function's statements (lentCards reads every use of a name in them)
	env    directEnv
	locals []*resolve.Binding
	steps  uint64                     // the bound so far (see dfn.steps)
	loops  bool                       // the code has a comprehension, or calls code that has (see dfn.loops)
	prints bool                       // the code calls print, or calls code that does
	free   []*resolve.Binding         // while compiling a before(lambda: ...), the lambda's free names
	shared *syntax.CallExpr           // while compiling a loop's iterable, the call it is (see iterable)
	lentOf map[*resolve.Binding][]int // the lend slots of each local lentCards lends to
	lends  bool                       // a return may give a list it lends (see dfn.lends)
	// handsBack: the function is a hook whose result goes to the engine,
	// which gives it back (see hook.lendsReturn)
	handsBack bool
	// lentDict: while compiling a create's first argument, its element's
	// dict literal, made in lent dicts (direct_lenddict.go)
	lentDict *lentDictSite
}

// lentAt lists the locals a place lends its list to, in slot order.
func (fc *funcCompiler) lentAt() []int {
	var at []int
	for b := range fc.lentOf {
		at = append(at, b.Index)
	}
	slices.Sort(at)
	return at
}

// slotScope reports whether a name of that scope is a slot of the running
// call's locals: a local, or a cell (a local a lambda reads, which direct
// code has only in before(lambda: ...), called at once: see beforeLambda).
func slotScope(s resolve.Scope) bool { return s == resolve.Local || s == resolve.Cell }

// stepsPerNode bounds the Starlark instructions one syntax node compiles to
// (a call: the callee, CALL, and a constant per keyword's name).
const stepsPerNode = 4

func (fc *funcCompiler) block(stmts []syntax.Stmt) dblock {
	b := make(dblock, 0, len(stmts))
	for _, s := range stmts {
		d := fc.stmt(s)
		if d == nil {
			return nil
		}
		b = append(b, d)
	}
	return b
}

func (fc *funcCompiler) stmt(s syntax.Stmt) dstmt {
	fc.steps += stepsPerNode
	switch s := s.(type) {
	case *syntax.ExprStmt:
		x := fc.expr(s.X)
		if x == nil {
			return nil
		}
		return func(m *Match, l []starlark.Value) (bool, error) {
			_, err := x(m, l)
			return false, err
		}
	case *syntax.BranchStmt:
		if s.Token != syntax.PASS {
			return nil
		}
		return func(*Match, []starlark.Value) (bool, error) { return false, nil }
	case *syntax.ReturnStmt:
		return fc.returnStmt(s)
	case *syntax.IfStmt:
		return fc.ifStmt(s)
	case *syntax.AssignStmt:
		return fc.assign(s)
	case *syntax.ForStmt:
		return fc.forStmt(s)
	}
	return nil // while, break, continue, nested functions, load
}

func (fc *funcCompiler) returnStmt(s *syntax.ReturnStmt) dstmt {
	if s.Result == nil {
		return func(m *Match, _ []starlark.Value) (bool, error) { m.dret = starlark.None; return true, nil }
	}
	if d, ok := fc.freshReturn(s); ok {
		return d
	}
	if d := fc.handBack(s); d != nil {
		return d
	}
	x := fc.expr(s.Result)
	if x == nil {
		return nil
	}
	if escape := fc.lentReturn(s.Result); escape != nil {
		fc.lends = true
		return func(m *Match, l []starlark.Value) (bool, error) {
			v, err := x(m, l)
			if err != nil {
				return false, err
			}
			escape(m, l, v)
			m.dret = v
			return true, nil
		}
	}
	return func(m *Match, l []starlark.Value) (bool, error) {
		v, err := x(m, l)
		if err != nil {
			return false, err
		}
		m.dret = v
		return true, nil
	}
}

func (fc *funcCompiler) ifStmt(s *syntax.IfStmt) dstmt {
	if fc.testLends(s.Cond) {
		cond, yes, no := fc.test(s.Cond), fc.block(s.True), fc.block(s.False)
		if cond == nil || yes == nil || no == nil {
			return nil
		}
		return func(m *Match, l []starlark.Value) (bool, error) {
			c, err := cond(m, l)
			if err != nil {
				return false, err
			}
			if c {
				return yes.run(m, l)
			}
			return no.run(m, l)
		}
	}
	cond, yes, no := fc.expr(s.Cond), fc.block(s.True), fc.block(s.False)
	if cond == nil || yes == nil || no == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (bool, error) {
		c, err := cond(m, l)
		if err != nil {
			return false, err
		}
		if c.Truth() {
			return yes.run(m, l)
		}
		return no.run(m, l)
	}
}

// assign compiles x = e, x.f = e and their augmented forms (x += e) for a
// local x.
func (fc *funcCompiler) assign(s *syntax.AssignStmt) dstmt {
	if lent := fc.lentCards(s); lent != nil {
		return lent
	}
	if lent, ok := fc.lentComprehension(s); ok {
		return lent
	}
	if lent := fc.lentLocal(s); lent != nil {
		return lent
	}
	rhs := fc.expr(s.RHS)
	if rhs == nil {
		return nil
	}
	op := syntax.ILLEGAL
	if s.Op != syntax.EQ {
		op = s.Op - syntax.PLUS_EQ + syntax.PLUS
	}
	switch lhs := unparen(s.LHS).(type) {
	case *syntax.Ident:
		b, ok := lhs.Binding.(*resolve.Binding)
		if !ok || !slotScope(b.Scope) {
			return nil
		}
		i := b.Index
		if op == syntax.ILLEGAL {
			return func(m *Match, l []starlark.Value) (bool, error) {
				v, err := rhs(m, l)
				if err != nil {
					return false, err
				}
				l[i] = v
				return false, nil
			}
		}
		read := fc.local(lhs, i)
		return func(m *Match, l []starlark.Value) (bool, error) {
			x, err := read(m, l)
			if err != nil {
				return false, err
			}
			y, err := rhs(m, l)
			if err != nil {
				return false, err
			}
			z, err := augmented(m, op, x, y)
			if err != nil {
				return false, failAt(s.OpPos, err)
			}
			l[i] = z
			return false, nil
		}
	case *syntax.DotExpr:
		return fc.setField(lhs, s.OpPos, op, rhs)
	}
	return nil // x[i] = e, tuple unpacking
}

// setField compiles x.f = e and x.f op= e: Starlark evaluates x once, then
// (augmented) reads x.f, then e.
func (fc *funcCompiler) setField(lhs *syntax.DotExpr, opPos syntax.Position, op syntax.Token, rhs dexpr) dstmt {
	recv := fc.expr(lhs.X)
	if recv == nil {
		return nil
	}
	name, dot := lhs.Name.Name, lhs.Dot
	return func(m *Match, l []starlark.Value) (bool, error) {
		x, err := recv(m, l)
		if err != nil {
			return false, err
		}
		var old starlark.Value
		if op != syntax.ILLEGAL {
			if old, err = getAttr(m, x, name); err != nil {
				return false, failAt(dot, err)
			}
		}
		v, err := rhs(m, l)
		if err != nil {
			return false, err
		}
		if op != syntax.ILLEGAL {
			if v, err = augmented(m, op, old, v); err != nil {
				return false, failAt(opPos, err)
			}
		}
		if err := setField(m, x, name, v); err != nil {
			return false, failAt(dot, err)
		}
		return false, nil
	}
}

func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

func (fc *funcCompiler) expr(e syntax.Expr) dexpr {
	fc.steps += stepsPerNode
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return fc.expr(e.X)
	case *syntax.Ident:
		return fc.ident(e)
	case *syntax.Literal:
		v := literal(e)
		if v == nil {
			return nil
		}
		return func(*Match, []starlark.Value) (starlark.Value, error) { return v, nil }
	case *syntax.DotExpr:
		x := fc.expr(e.X)
		if x == nil {
			return nil
		}
		name, dot := e.Name.Name, e.Dot
		site := fc.dc.attrSite(name)
		return func(m *Match, l []starlark.Value) (starlark.Value, error) {
			v, err := x(m, l)
			if err != nil {
				return nil, err
			}
			if o, isObj := v.(*objectValue); isObj && o.m == m && site != nil {
				if w, found, err := site.read(m, o); found || err != nil {
					if err != nil {
						return nil, failAt(dot, err)
					}
					return w, nil
				}
			}
			if v, err = getAttr(m, v, name); err != nil {
				return nil, failAt(dot, err)
			}
			return v, nil
		}
	case *syntax.CallExpr:
		return fc.call(e)
	case *syntax.UnaryExpr:
		return fc.unary(e)
	case *syntax.BinaryExpr:
		return fc.binary(e)
	case *syntax.CondExpr:
		return fc.cond(e)
	case *syntax.ListExpr:
		return fc.list(e.List, false)
	case *syntax.TupleExpr:
		return fc.list(e.List, true)
	case *syntax.DictExpr:
		return fc.dict(e)
	case *syntax.Comprehension:
		return fc.comprehension(e)
	case *syntax.IndexExpr:
		return fc.index(e)
	}
	return nil // slice, lambda
}

// dict compiles {k: v, ...}: a new dict each time, its entries set in order;
// a key met twice fails at its colon, as Starlark's SETDICTUNIQ does.
func (fc *funcCompiler) dict(e *syntax.DictExpr) dexpr {
	type entry struct {
		k, v  dexpr
		colon syntax.Position
	}
	entries := make([]entry, len(e.List))
	for i, x := range e.List {
		de := x.(*syntax.DictEntry)
		entries[i] = entry{fc.expr(de.Key), fc.expr(de.Value), de.Colon}
		if entries[i].k == nil || entries[i].v == nil {
			return nil
		}
	}
	newDict := func(*Match) *starlark.Dict { return new(starlark.Dict) }
	if ld := fc.lentDict; ld != nil && ld.e == e {
		ls := ld.ls
		newDict = func(m *Match) *starlark.Dict { return m.lentDict(ls) }
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		d := newDict(m)
		for _, en := range entries {
			k, v, err := operands(m, l, en.k, en.v)
			if err != nil {
				return nil, err
			}
			n := d.Len()
			if err := d.SetKey(k, v); err != nil {
				return nil, failAt(en.colon, err)
			}
			if d.Len() == n {
				return nil, failAt(en.colon, fmt.Errorf("duplicate key: %v", k))
			}
		}
		return d, nil
	}
}

// literal is the constant Starlark's compiler makes of a literal.
func literal(e *syntax.Literal) starlark.Value {
	switch v := e.Value.(type) {
	case int64:
		return starlark.MakeInt64(v)
	case *big.Int:
		return starlark.MakeBigInt(v)
	case float64:
		return starlark.Float(v)
	case string:
		if e.Token == syntax.BYTES {
			return starlark.Bytes(v)
		}
		return starlark.String(v)
	}
	return nil
}

// ident compiles a name: a local, or a global, predeclared or universal name,
// whose value is fixed once the pack is compiled (a script's globals are
// frozen).
func (fc *funcCompiler) ident(id *syntax.Ident) dexpr {
	b, ok := id.Binding.(*resolve.Binding)
	if !ok {
		return nil
	}
	if slotScope(b.Scope) {
		return fc.local(id, b.Index)
	}
	if b.Scope == resolve.Free && b.Index < len(fc.free) {
		// A name a before(lambda: ...) reads from the code around it (see
		// beforeLambda): that code's local.
		if fb := fc.free[b.Index]; slotScope(fb.Scope) {
			return fc.local(id, fb.Index)
		}
	}
	v := fc.value(id, b)
	if v == nil {
		return nil
	}
	return func(*Match, []starlark.Value) (starlark.Value, error) { return v, nil }
}

// value is the value of a name that is not a local, nil if it has none.
func (fc *funcCompiler) value(id *syntax.Ident, b *resolve.Binding) starlark.Value {
	switch b.Scope {
	case resolve.Global:
		return fc.env.globals[id.Name]
	case resolve.Predeclared:
		return fc.env.predeclared[id.Name]
	case resolve.Universal:
		return starlark.Universe[id.Name]
	}
	return nil
}

// local reads local i, which fails as Starlark's does before it is assigned.
func (fc *funcCompiler) local(id *syntax.Ident, i int) dexpr {
	pos, name := id.NamePos, fc.locals[i].First.Name
	return func(_ *Match, l []starlark.Value) (starlark.Value, error) {
		if v := l[i]; v != nil {
			return v, nil
		}
		return nil, failAt(pos, fmt.Errorf("local variable %s referenced before assignment", name))
	}
}

func (fc *funcCompiler) unary(e *syntax.UnaryExpr) dexpr {
	if e.Op == syntax.NOT && fc.testLends(e.X) {
		if t := fc.test(e.X); t != nil {
			return tested(func(m *Match, l []starlark.Value) (bool, error) {
				v, err := t(m, l)
				return !v, err
			})
		}
		return nil
	}
	x := fc.expr(e.X)
	if x == nil {
		return nil
	}
	op, pos := e.Op, e.OpPos
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		v, err := x(m, l)
		if err != nil {
			return nil, err
		}
		z, err := starlark.Unary(op, v)
		if err != nil {
			return nil, failAt(pos, err)
		}
		return z, nil
	}
}

func (fc *funcCompiler) binary(e *syntax.BinaryExpr) dexpr {
	if d := fc.inDir(e); d != nil {
		return d
	}
	if d := fc.inLent(e); d != nil {
		return d
	}
	if t, form := fc.attrCompare(e); form {
		if t == nil {
			return nil
		}
		return tested(t)
	}
	x, y := fc.expr(e.X), fc.expr(e.Y)
	if x == nil || y == nil {
		return nil
	}
	op, pos := e.Op, e.OpPos
	switch op {
	case syntax.AND, syntax.OR:
		or := op == syntax.OR
		return func(m *Match, l []starlark.Value) (starlark.Value, error) {
			a, err := x(m, l)
			if err != nil || bool(a.Truth()) == or {
				return a, err
			}
			return y(m, l)
		}
	case syntax.EQL, syntax.NEQ, syntax.LT, syntax.GT, syntax.LE, syntax.GE:
		eq := op == syntax.EQL || op == syntax.NEQ
		return func(m *Match, l []starlark.Value) (starlark.Value, error) {
			a, b, err := operands(m, l, x, y)
			if err != nil {
				return nil, err
			}
			if eq {
				if same, ok := equalFast(a, b); ok {
					return starlark.Bool(same == (op == syntax.EQL)), nil
				}
			}
			if c, ok := compareInts(op, a, b); ok {
				return starlark.Bool(c), nil
			}
			c, err := starlark.Compare(op, a, b)
			if err != nil {
				return nil, failAt(pos, err)
			}
			return starlark.Bool(c), nil
		}
	}
	sized := op == syntax.PLUS || op == syntax.STAR || op == syntax.PERCENT
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		a, b, err := operands(m, l, x, y)
		if err != nil {
			return nil, err
		}
		if sized {
			if err := m.mem.charge(binarySize(op, a, b, m.mem.left())); err != nil {
				return nil, failAt(pos, err)
			}
		}
		z, err := starlark.Binary(op, a, b)
		if err != nil {
			return nil, failAt(pos, err)
		}
		return z, nil
	}
}

// equalFast is a == b for the values conditions compare most (strings,
// objects, players: a zone, an owner), as their CompareSameType answers it,
// without Compare's dynamic calls; ok is false for any other pair.
func equalFast(a, b starlark.Value) (same, ok bool) {
	switch x := a.(type) {
	case starlark.String:
		if y, isStr := b.(starlark.String); isStr {
			return x == y, true
		}
	case *objectValue:
		if y, isObj := b.(*objectValue); isObj {
			return x.id == y.id, true
		}
	case *playerValue:
		if y, isPlayer := b.(*playerValue); isPlayer {
			return x.seat == y.seat, true
		}
	}
	return false, false
}

// compareInts is a op b for two ints that fit in 64 bits (a card's suit
// and value, a score), as Int's Cmp answers it, without Compare's dynamic
// calls; ok is false for any other pair.
func compareInts(op syntax.Token, a, b starlark.Value) (c, ok bool) {
	x, isInt := a.(starlark.Int)
	if !isInt {
		return false, false
	}
	y, isInt := b.(starlark.Int)
	if !isInt {
		return false, false
	}
	i, ok1 := x.Int64()
	j, ok2 := y.Int64()
	if !ok1 || !ok2 {
		return false, false
	}
	switch op {
	case syntax.EQL:
		return i == j, true
	case syntax.NEQ:
		return i != j, true
	case syntax.LT:
		return i < j, true
	case syntax.GT:
		return i > j, true
	case syntax.LE:
		return i <= j, true
	case syntax.GE:
		return i >= j, true
	}
	return false, false
}

// operands evaluates x, then y.
func operands(m *Match, l []starlark.Value, x, y dexpr) (a, b starlark.Value, err error) {
	if a, err = x(m, l); err != nil {
		return nil, nil, err
	}
	if b, err = y(m, l); err != nil {
		return nil, nil, err
	}
	return a, b, nil
}

func (fc *funcCompiler) cond(e *syntax.CondExpr) dexpr {
	if fc.testLends(e.Cond) {
		c, t, f := fc.test(e.Cond), fc.expr(e.True), fc.expr(e.False)
		if c == nil || t == nil || f == nil {
			return nil
		}
		return func(m *Match, l []starlark.Value) (starlark.Value, error) {
			v, err := c(m, l)
			if err != nil {
				return nil, err
			}
			if v {
				return t(m, l)
			}
			return f(m, l)
		}
	}
	c, t, f := fc.expr(e.Cond), fc.expr(e.True), fc.expr(e.False)
	if c == nil || t == nil || f == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		v, err := c(m, l)
		if err != nil {
			return nil, err
		}
		if v.Truth() {
			return t(m, l)
		}
		return f(m, l)
	}
}

// list compiles [a, b] and (a, b): a new list (or tuple) each time, as
// Starlark makes.
func (fc *funcCompiler) list(elems []syntax.Expr, tuple bool) dexpr {
	xs := fc.exprs(elems)
	if xs == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		vs := make([]starlark.Value, len(xs))
		for i, x := range xs {
			v, err := x(m, l)
			if err != nil {
				return nil, err
			}
			vs[i] = v
		}
		if tuple {
			return starlark.Tuple(vs), nil
		}
		return starlark.NewList(vs), nil
	}
}

func (fc *funcCompiler) exprs(es []syntax.Expr) []dexpr {
	xs := make([]dexpr, len(es))
	for i, e := range es {
		if xs[i] = fc.expr(e); xs[i] == nil {
			return nil
		}
	}
	return xs
}
