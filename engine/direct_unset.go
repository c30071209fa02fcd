package engine

import (
	"go.starlark.net/resolve"
	"go.starlark.net/syntax"
)

// unsetLocals lists the locals past the nparams parameters of a function
// (its body's statements, its locals as the resolver numbers them) that a
// read could find unassigned, in slot order: the slots dfn.frame clears, as
// they hold what the last frame there left. The others are the variables
// of comprehensions read only where their clause has assigned them: in the
// comprehension's body and the clauses after theirs (a for clause's
// iterable is read before its variables are assigned, and a clause before
// may name a later one's variable: [1 for x in a if y for y in b] fails as
// Starlark says). A variable a lambda reads (a cell) is always listed.
func unsetLocals(body []syntax.Stmt, locals []*resolve.Binding, nparams int) []int {
	comp := map[*resolve.Binding]bool{} // comprehension variables
	early := map[*resolve.Binding]bool{}
	var visit func(n syntax.Node, bound map[*resolve.Binding]bool)
	visit = func(n syntax.Node, bound map[*resolve.Binding]bool) {
		syntax.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Ident:
				if b, ok := n.Binding.(*resolve.Binding); ok && !bound[b] {
					early[b] = true
				}
			case *syntax.Comprehension:
				inner := make(map[*resolve.Binding]bool, len(bound)+1)
				for b := range bound {
					inner[b] = true
				}
				for _, c := range n.Clauses {
					switch c := c.(type) {
					case *syntax.ForClause:
						visit(c.X, inner)
						assigned(c.Vars, inner, comp, visit)
					case *syntax.IfClause:
						visit(c.Cond, inner)
					}
				}
				visit(n.Body, inner)
				return false
			}
			return true
		})
	}
	for _, s := range body {
		visit(s, nil)
	}
	var unset []int
	for i := nparams; i < len(locals); i++ {
		if b := locals[i]; !comp[b] || early[b] || b.Scope != resolve.Local {
			unset = append(unset, i)
		}
	}
	return unset
}

// assigned notes the names a for clause's vars assign as bound (and as
// comprehension variables); what else vars holds (x[i], x.f) is read.
func assigned(vars syntax.Expr, bound, comp map[*resolve.Binding]bool, visit func(syntax.Node, map[*resolve.Binding]bool)) {
	switch v := vars.(type) {
	case *syntax.Ident:
		if b, ok := v.Binding.(*resolve.Binding); ok {
			bound[b], comp[b] = true, true
		}
	case *syntax.TupleExpr:
		for _, x := range v.List {
			assigned(x, bound, comp, visit)
		}
	case *syntax.ListExpr:
		for _, x := range v.List {
			assigned(x, bound, comp, visit)
		}
	case *syntax.ParenExpr:
		assigned(v.X, bound, comp, visit)
	default:
		visit(v, bound)
	}
}

// byNameParams returns a bit for each of the first 64 parameters of f that
// its body reads only as the x of x.NAME (the state a hook takes, read as
// state.source): the value is never kept, compared or passed on, so which
// value of its content it is cannot be seen. A parameter a lambda reads (a
// cell) has no bit.
func byNameParams(f *resolve.Function) uint64 {
	var mask uint64
	for i, b := range f.Locals[:min(len(f.Params), 64)] {
		if b.Scope == resolve.Local {
			mask |= 1 << i
		}
	}
	for _, s := range f.Body {
		var stack []syntax.Node // n's ancestors
		syntax.Walk(s, func(n syntax.Node) bool {
			if n == nil { // after n's children
				stack = stack[:len(stack)-1]
				return false
			}
			var parent syntax.Node
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			if id, ok := n.(*syntax.Ident); ok {
				if b, ok := id.Binding.(*resolve.Binding); ok && b.Index < 64 && b.Index < len(f.Params) && f.Locals[b.Index] == b {
					if dot, ok := parent.(*syntax.DotExpr); !ok || dot.X != syntax.Expr(id) {
						mask &^= 1 << b.Index
					}
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	return mask
}
