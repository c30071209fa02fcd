package engine

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// A condition's value broken down by sub-expression, as pytest's assertion
// rewriting shows `assert a and b`: what a scenario's failing expect says,
// why a whenever clause did or did not fire, and what made a while
// condition true. The sub-expressions are evaluated again, each on its own,
// by the caller's eval (conditions are pure: asking again changes nothing).

// maxElements bounds the elements of a comprehension a breakdown lists.
const maxElements = 12

// Part is one sub-expression of a condition and the value it gave.
type Part struct {
	// Text is the sub-expression's source, its lines joined by spaces.
	Text string `json:"text"`
	// Value is its value's repr, or "error: ..." when it failed alone (a
	// part Starlark would not have reached, such as b in `x is None or b`).
	Value string `json:"value"`
	// Op says how Parts make it: "and", "or", "not", a comparison
	// ("==", "<", "in"...; Parts: its sides that are not literals), "call"
	// (Parts: its arguments), "for" (a comprehension; Parts: one per
	// element), "each" (one element: Text names the loop variables'
	// values, "o = Wood Elf#6", and its one part is the body there), ""
	// for a leaf.
	Op    string `json:"op,omitempty"`
	Parts []Part `json:"parts,omitempty"`
	truth bool   // the value's truth (false for an error)
	err   bool   // evaluating it failed
}

// Truth reports whether the part's value is true (false for an error).
func (p Part) Truth() bool { return p.truth }

// Breakdown evaluates expression src through eval and each of its
// sub-expressions the same way, down to the operands of and, or, not,
// comparisons and calls, and the elements of a comprehension. Code that
// is not one expression (statements ending in return) is a single part.
func Breakdown(src string, eval func(string) (starlark.Value, error)) Part {
	e, text, err := parseCond(src)
	if err != nil {
		v, err := eval(src)
		return leaf(flat(src), v, err)
	}
	b := breaker{src: text, eval: eval}
	return b.part(e)
}

// parseCond parses src as one expression, or (a condition written over
// several lines, as YAML's | gives it) that expression in parentheses; it
// returns the text the positions refer to.
func parseCond(src string) (syntax.Expr, string, error) {
	opts := syntax.LegacyFileOptions()
	if e, err := opts.ParseExpr("cond", src, 0); err == nil {
		return unparen(e), src, nil
	}
	text := "(\n" + src + "\n)"
	e, err := opts.ParseExpr("cond", text, 0)
	return unparen(e), text, err
}

type breaker struct {
	src  string
	eval func(string) (starlark.Value, error)
}

// part breaks e down.
func (b breaker) part(e syntax.Expr) Part {
	t := exprText(b.src, unparen(e))
	if _, ok := unparen(e).(*syntax.TupleExpr); ok && e != unparen(e) {
		t = exprText(b.src, e) // a tuple reads as written, in its parentheses
	}
	e = unparen(e)
	v, err := b.eval("(" + t + ")")
	p := leaf(flat(t), v, err)
	switch x := e.(type) {
	case *syntax.BinaryExpr:
		switch x.Op {
		case syntax.AND, syntax.OR:
			p.Op = x.Op.String()
			for _, side := range chain(x, x.Op) {
				p.Parts = append(p.Parts, b.part(side))
			}
		case syntax.EQL, syntax.NEQ, syntax.LT, syntax.GT, syntax.LE, syntax.GE, syntax.IN, syntax.NOT_IN:
			p.Op = x.Op.String()
			for _, side := range []syntax.Expr{x.X, x.Y} {
				if !constant(side) {
					p.Parts = append(p.Parts, b.part(side))
				}
			}
		}
	case *syntax.UnaryExpr:
		if x.Op == syntax.NOT {
			p.Op, p.Parts = "not", []Part{b.part(x.X)}
		}
	case *syntax.CallExpr:
		for _, a := range x.Args {
			if kw, ok := a.(*syntax.BinaryExpr); ok && kw.Op == syntax.EQ || constant(a) {
				continue // name=value, or a value its text says
			}
			if _, fn := a.(*syntax.LambdaExpr); fn {
				continue // before(lambda: X): the call's value is what it read
			}
			p.Op = "call"
			p.Parts = append(p.Parts, b.part(a))
		}
	case *syntax.Comprehension:
		b.elements(&p, x)
	}
	return p
}

// elements breaks a list comprehension with one for clause down element by
// element: each names its loop variables' values, and its body is broken
// down there (each sub-expression asked as the comprehension of it,
// indexed).
func (b breaker) elements(p *Part, x *syntax.Comprehension) {
	if x.Curly || len(x.Clauses) == 0 {
		return
	}
	f, ok := x.Clauses[0].(*syntax.ForClause)
	if !ok || len(x.Clauses) > 1 && hasFor(x.Clauses[1:]) {
		return
	}
	vars := exprText(b.src, f.Vars)
	var loop strings.Builder
	for _, c := range x.Clauses {
		start, _ := c.Span()
		switch c := c.(type) {
		case *syntax.ForClause:
			_, end := c.X.Span()
			loop.WriteString(" " + spanText(b.src, start, end))
		case *syntax.IfClause:
			_, end := c.Cond.Span()
			loop.WriteString(" " + spanText(b.src, start, end))
		}
	}
	names, err := b.eval("[" + vars + loop.String() + "]")
	list, ok := names.(*starlark.List)
	if err != nil || !ok {
		return
	}
	p.Op = "for"
	for i := 0; i < list.Len() && i < maxElements; i++ {
		at := breaker{src: b.src, eval: func(sub string) (starlark.Value, error) {
			return b.eval(fmt.Sprintf("[(%s)%s][%d]", sub, loop.String(), i))
		}}
		body := at.part(x.Body)
		p.Parts = append(p.Parts, Part{Text: flat(vars) + " = " + list.Index(i).String(), Value: body.Value, Op: "each",
			Parts: []Part{body}, truth: body.truth, err: body.err})
	}
}

func hasFor(cs []syntax.Node) bool {
	for _, c := range cs {
		if _, ok := c.(*syntax.ForClause); ok {
			return true
		}
	}
	return false
}

// chain flattens a and b and c (parsed ((a and b) and c)) into its operands.
func chain(e syntax.Expr, op syntax.Token) []syntax.Expr {
	if x, ok := unparen(e).(*syntax.BinaryExpr); ok && x.Op == op {
		return append(chain(x.X, op), chain(x.Y, op)...)
	}
	return []syntax.Expr{e}
}

func leaf(text string, v starlark.Value, err error) Part {
	if err != nil {
		return Part{Text: text, Value: "error: " + err.Error(), err: true}
	}
	return Part{Text: text, Value: v.String(), truth: bool(v.Truth())}
}

// Lines writes p as an indented tree, a part a line: "TEXT → VALUE",
// its parts two spaces further in.
func (p Part) Lines() string {
	var b strings.Builder
	p.lines(&b, "")
	return b.String()
}

func (p Part) lines(b *strings.Builder, indent string) {
	if p.Op == "each" {
		fmt.Fprintf(b, "%sfor %s:\n", indent, p.Text) // an element of a comprehension
		p.Parts[0].lines(b, indent+"  ")
		return
	}
	fmt.Fprintf(b, "%s%s → %s\n", indent, p.Text, p.Value)
	for _, q := range p.Parts {
		q.lines(b, indent+"  ")
	}
}

// WhyFalse says why p, false, is false in a line: a comparison by the
// values its sides read (", where game.turns is 2"); an and by its first
// false operand, an or by each operand, a not by its operand, each the same
// way ("a == 1 is False, where a is 2"). It is what a failing expectation
// says after "got False".
func (p Part) WhyFalse() string {
	if w := p.where(); w != "" {
		return w
	}
	if why := p.falsePart(); why != "" {
		return ": " + why
	}
	return ""
}

func (p Part) falsePart() string {
	switch p.Op {
	case "and":
		for _, q := range p.Parts {
			if !q.err && !q.truth {
				return q.said()
			}
		}
	case "or":
		var parts []string
		for _, q := range p.Parts {
			if !q.err {
				parts = append(parts, q.said())
			}
		}
		return strings.Join(parts, "; ")
	case "not":
		if q := p.Parts[0]; !q.err {
			return q.said()
		}
	}
	return ""
}

// said describes an operand: a false and/or by its own operands, anything
// else as "TEXT is VALUE" with the values a comparison read.
func (p Part) said() string {
	if (p.Op == "and" || p.Op == "or") && !p.truth {
		if why := p.falsePart(); why != "" {
			return why
		}
	}
	return p.Text + " is " + p.Value + p.where()
}

// where gives the values the non-literal sides of a comparison read.
func (p Part) where() string {
	switch p.Op {
	case "", "and", "or", "not", "call", "for", "each":
		return ""
	}
	var vals []string
	for _, q := range p.Parts {
		if !q.err {
			vals = append(vals, q.Text+" is "+q.Value)
		}
	}
	if len(vals) == 0 {
		return ""
	}
	return ", where " + strings.Join(vals, ", ")
}

// constant reports whether e is a constant whose text says its value.
func constant(e syntax.Expr) bool {
	switch x := unparen(e).(type) {
	case *syntax.Literal:
		return true
	case *syntax.Ident:
		return x.Name == "None" || x.Name == "True" || x.Name == "False"
	case *syntax.UnaryExpr:
		return x.Op == syntax.MINUS && constant(x.X)
	case *syntax.TupleExpr:
		return all(x.List, constant)
	case *syntax.ListExpr:
		return all(x.List, constant)
	}
	return false
}

// all reports whether every expression of es is so.
func all(es []syntax.Expr, is func(syntax.Expr) bool) bool {
	for _, e := range es {
		if !is(e) {
			return false
		}
	}
	return true
}

// exprText is the source of e in src.
func exprText(src string, e syntax.Expr) string {
	start, end := e.Span()
	return spanText(src, start, end)
}

// spanText is the text of src from start to end (columns count runes, as
// Starlark's do).
func spanText(src string, start, end syntax.Position) string {
	lines := strings.Split(src, "\n")
	offset := func(p syntax.Position) int {
		n := 0
		for i := 0; i < int(p.Line)-1 && i < len(lines); i++ {
			n += len([]rune(lines[i])) + 1
		}
		return n + int(p.Col) - 1
	}
	r := []rune(src)
	a, b := offset(start), offset(end)
	if a < 0 || b > len(r) || a >= b {
		return src
	}
	return string(r[a:b])
}

// flat joins the lines of code into one, its runs of spaces made one.
func flat(code string) string {
	return strings.Join(strings.Fields(code), " ")
}
