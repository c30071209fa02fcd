package scenario

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"

	"github.com/rulestudio/studio/engine"
)

// expect checks an expectation: it must give True or False, and a False one
// says which part was false and the values that part read, as pytest's
// assertions do ("" when it holds).
func expect(m *engine.Match, src string) string {
	v, err := m.Eval(src)
	if err != nil {
		return fmt.Sprintf("expect %s: %v", src, err)
	}
	b, ok := v.(starlark.Bool)
	if !ok {
		msg := fmt.Sprintf("expect %s: gives %s, %s, not True or False", src, v, article(v.Type()))
		if _, quoted := v.(starlark.String); quoted && strings.TrimSpace(string(v.(starlark.String))) != "" && isQuoted(src) {
			msg += " (it is written in quotes twice: quote it once)"
		}
		return msg
	}
	if b {
		return ""
	}
	msg := fmt.Sprintf("expect %s: got False", src)
	e, err := syntax.LegacyFileOptions().ParseExpr("expect", src, 0)
	if err != nil {
		return msg
	}
	e = unparen(e)
	if cmp := where(m, src, e); cmp != "" {
		return msg + cmp // a comparison: its sides' values
	}
	if why := falsePart(m, src, e); why != "" {
		return msg + ": " + why
	}
	return msg
}

// falsePart says why e, false, is false: the operand of an "and" that was
// false, each operand of an "or", the operand of a "not" that was true, each
// with the values it read; "" for anything else.
func falsePart(m *engine.Match, src string, e syntax.Expr) string {
	switch x := e.(type) {
	case *syntax.BinaryExpr:
		switch x.Op {
		case syntax.AND:
			for _, side := range []syntax.Expr{x.X, x.Y} {
				if v, err := m.Eval(text(src, side)); err == nil && !bool(v.Truth()) {
					return part(m, src, unparen(side), v)
				}
			}
		case syntax.OR:
			var parts []string
			for _, side := range []syntax.Expr{x.X, x.Y} {
				if v, err := m.Eval(text(src, side)); err == nil {
					parts = append(parts, part(m, src, unparen(side), v))
				}
			}
			return strings.Join(parts, "; ")
		}
	case *syntax.UnaryExpr:
		if x.Op == syntax.NOT {
			if v, err := m.Eval(text(src, x.X)); err == nil {
				return part(m, src, unparen(x.X), v)
			}
		}
	}
	return ""
}

// part describes operand e, which gave v: an "and" or "or" by its own parts,
// anything else as "TEXT is VALUE" with the values a comparison read.
func part(m *engine.Match, src string, e syntax.Expr, v starlark.Value) string {
	if b, ok := e.(*syntax.BinaryExpr); ok && (b.Op == syntax.AND || b.Op == syntax.OR) && !bool(v.Truth()) {
		if why := falsePart(m, src, e); why != "" {
			return why
		}
	}
	return text(src, e) + " is " + v.String() + where(m, src, e)
}

// where gives the values the sides of comparison e read, those that are not
// literals: ", where game.turns is 2"; "" when e is no comparison.
func where(m *engine.Match, src string, e syntax.Expr) string {
	b, ok := e.(*syntax.BinaryExpr)
	if !ok {
		return ""
	}
	switch b.Op {
	case syntax.EQL, syntax.NEQ, syntax.LT, syntax.GT, syntax.LE, syntax.GE, syntax.IN, syntax.NOT_IN:
	default:
		return ""
	}
	var vals []string
	for _, side := range []syntax.Expr{b.X, b.Y} {
		if literal(side) {
			continue
		}
		t := text(src, side)
		if v, err := m.Eval(t); err == nil {
			vals = append(vals, t+" is "+v.String())
		}
	}
	if len(vals) == 0 {
		return ""
	}
	return ", where " + strings.Join(vals, ", ")
}

// literal reports whether e is a constant whose text says its value.
func literal(e syntax.Expr) bool {
	switch x := unparen(e).(type) {
	case *syntax.Literal:
		return true
	case *syntax.Ident:
		return x.Name == "None" || x.Name == "True" || x.Name == "False"
	case *syntax.UnaryExpr:
		return x.Op == syntax.MINUS && literal(x.X)
	}
	return false
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

// text is the source of e in src (columns count runes, as Starlark's do).
func text(src string, e syntax.Expr) string {
	start, end := e.Span()
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

// isQuoted reports whether src is a string literal alone.
func isQuoted(src string) bool {
	s := strings.TrimSpace(src)
	return len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0]
}

// article returns "an int", "a string".
func article(typ string) string {
	if typ != "" && strings.ContainsRune("aeiou", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}
