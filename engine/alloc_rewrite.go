package engine

import (
	"go.starlark.net/syntax"
)

// guardTree rewrites f, parsed and not yet resolved, so that the
// operations that make values of any size call the guards (see
// alloc_guard.go), each at the place of the operation it stands for.
func guardTree(f *syntax.File) {
	guardStmts(f.Stmts)
}

func guardStmts(stmts []syntax.Stmt) {
	for _, s := range stmts {
		guardStmt(s)
	}
}

func guardStmt(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.AssignStmt:
		s.RHS = guardExpr(s.RHS)
		guardTarget(s.LHS)
		switch s.Op {
		case syntax.PLUS_EQ, syntax.STAR_EQ, syntax.PERCENT_EQ:
			x, ok := again(s.LHS, s.OpPos)
			if !ok {
				x = &syntax.Ident{NamePos: s.OpPos, Name: "None"}
			}
			s.RHS = guardCall(s.Op.String(), s.OpPos, x, s.RHS)
		}
	case *syntax.ExprStmt:
		s.X = guardExpr(s.X)
	case *syntax.IfStmt:
		s.Cond = guardExpr(s.Cond)
		guardStmts(s.True)
		guardStmts(s.False)
	case *syntax.ForStmt:
		s.X = guardExpr(s.X)
		guardStmts(s.Body)
	case *syntax.WhileStmt:
		s.Cond = guardExpr(s.Cond)
		guardStmts(s.Body)
	case *syntax.DefStmt:
		for i, p := range s.Params {
			s.Params[i] = guardParam(p)
		}
		guardStmts(s.Body)
	case *syntax.ReturnStmt:
		if s.Result != nil {
			s.Result = guardExpr(s.Result)
		}
	}
}

// guardTarget guards the expressions inside an assignment's target, which
// stays a target: a.b's a, a[i]'s a and i.
func guardTarget(e syntax.Expr) {
	switch e := e.(type) {
	case *syntax.DotExpr:
		e.X = guardExpr(e.X)
	case *syntax.IndexExpr:
		e.X, e.Y = guardExpr(e.X), guardExpr(e.Y)
	case *syntax.ParenExpr:
		guardTarget(e.X)
	case *syntax.ListExpr:
		for _, x := range e.List {
			guardTarget(x)
		}
	case *syntax.TupleExpr:
		for _, x := range e.List {
			guardTarget(x)
		}
	}
}

// guardParam guards a parameter's default value.
func guardParam(p syntax.Expr) syntax.Expr {
	if b, ok := p.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
		b.Y = guardExpr(b.Y)
	}
	return p
}

// guardCall is a call of the guard name at pos with args.
func guardCall(name string, pos syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{NamePos: pos, Name: name}, Lparen: pos, Args: args, Rparen: pos}
}

func guardExpr(e syntax.Expr) syntax.Expr {
	switch e := e.(type) {
	case *syntax.BinaryExpr:
		e.X, e.Y = guardExpr(e.X), guardExpr(e.Y)
		if !sizedOp(e) {
			return e
		}
		return guardCall(e.Op.String(), e.OpPos, e.X, e.Y)
	case *syntax.CallExpr:
		for i, a := range e.Args {
			switch a := a.(type) {
			case *syntax.BinaryExpr:
				if a.Op == syntax.EQ { // name=value
					a.Y = guardExpr(a.Y)
					continue
				}
			}
			e.Args[i] = guardExpr(a)
		}
		e.Fn = guardExpr(e.Fn)
	case *syntax.ParenExpr:
		e.X = guardExpr(e.X)
	case *syntax.UnaryExpr:
		if e.X != nil {
			e.X = guardExpr(e.X)
		}
	case *syntax.CondExpr:
		e.Cond, e.True, e.False = guardExpr(e.Cond), guardExpr(e.True), guardExpr(e.False)
	case *syntax.DotExpr:
		e.X = guardExpr(e.X)
		if methodSizes[e.Name.Name] != nil {
			return guardCall("."+e.Name.Name, e.Dot, e.X)
		}
	case *syntax.IndexExpr:
		e.X, e.Y = guardExpr(e.X), guardExpr(e.Y)
	case *syntax.SliceExpr:
		e.X = guardExpr(e.X)
		for _, p := range []*syntax.Expr{&e.Lo, &e.Hi, &e.Step} {
			if *p != nil {
				*p = guardExpr(*p)
			}
		}
	case *syntax.ListExpr:
		guardList(e.List)
	case *syntax.TupleExpr:
		guardList(e.List)
	case *syntax.DictExpr:
		for _, x := range e.List {
			de := x.(*syntax.DictEntry)
			de.Key, de.Value = guardExpr(de.Key), guardExpr(de.Value)
		}
	case *syntax.Comprehension:
		e.Body = guardExpr(e.Body)
		for _, c := range e.Clauses {
			switch c := c.(type) {
			case *syntax.ForClause:
				c.X = guardExpr(c.X)
			case *syntax.IfClause:
				c.Cond = guardExpr(c.Cond)
			}
		}
	case *syntax.LambdaExpr:
		for i, p := range e.Params {
			e.Params[i] = guardParam(p)
		}
		e.Body = guardExpr(e.Body)
	}
	return e
}

func guardList(xs []syntax.Expr) {
	for i, x := range xs {
		xs[i] = guardExpr(x)
	}
}

// sizedOp reports whether e may make a large value: * unless both operands
// are numbers, + and % unless one is a number (i + 1 and i % 2 are
// arithmetic, or fail) or both are literals (the size of "a" + "b" is the
// text's).
func sizedOp(e *syntax.BinaryExpr) bool {
	switch e.Op {
	case syntax.PLUS, syntax.PERCENT:
		return !numberLit(e.X) && !numberLit(e.Y) && !(isLit(e.X) && isLit(e.Y))
	case syntax.STAR:
		return !(numberLit(e.X) && numberLit(e.Y))
	}
	return false
}

func isLit(e syntax.Expr) bool {
	_, ok := unparen(e).(*syntax.Literal)
	return ok
}

func numberLit(e syntax.Expr) bool {
	l, ok := unparen(e).(*syntax.Literal)
	return ok && (l.Token == syntax.INT || l.Token == syntax.FLOAT)
}

// again is a new tree for x, an augmented assignment's target, when
// evaluating it once more has no effect: a name, or an attribute or index
// of one with names and literals as indexes. Its nodes are at pos, the
// operator's place (the evaluation before it fails first, at x's own).
func again(x syntax.Expr, pos syntax.Position) (syntax.Expr, bool) {
	switch x := x.(type) {
	case *syntax.Ident:
		return &syntax.Ident{NamePos: pos, Name: x.Name}, true
	case *syntax.Literal:
		c := *x
		c.TokenPos = pos
		return &c, true
	case *syntax.ParenExpr:
		return again(x.X, pos)
	case *syntax.DotExpr:
		if y, ok := again(x.X, pos); ok {
			return &syntax.DotExpr{X: y, Dot: pos, NamePos: pos, Name: &syntax.Ident{NamePos: pos, Name: x.Name.Name}}, true
		}
	case *syntax.IndexExpr:
		y, ok1 := again(x.X, pos)
		i, ok2 := again(x.Y, pos)
		if ok1 && ok2 {
			return &syntax.IndexExpr{X: y, Lbrack: pos, Y: i, Rbrack: pos}, true
		}
	}
	return nil, false
}
