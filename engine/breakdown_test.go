package engine

import (
	"testing"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// TestBreakdownReadsTuplesAsWritten: a tuple compared reads in its
// parentheses, as the code writes it, and a side that is a tuple or list
// of constants is not broken down (its text says its value), as a failing
// expectation of a scenario shows them.
func TestBreakdownReadsTuplesAsWritten(t *testing.T) {
	env := starlark.StringDict{"a": starlark.MakeInt(0), "b": starlark.MakeInt(1)}
	eval := func(src string) (starlark.Value, error) {
		return starlark.EvalOptions(syntax.LegacyFileOptions(), &starlark.Thread{}, "x", src, env)
	}
	for _, c := range []struct{ src, lines, why string }{
		{"(a, b) == (1, 0)", "(a, b) == (1, 0) → False\n  (a, b) → (0, 1)\n", ", where (a, b) is (0, 1)"},
		{"[a, b] == [1, -2]", "[a, b] == [1, -2] → False\n  [a, b] → [0, 1]\n", ", where [a, b] is [0, 1]"},
		{"a == b", "a == b → False\n  a → 0\n  b → 1\n", ", where a is 0, b is 1"},
	} {
		p := Breakdown(c.src, eval)
		if got := p.Lines(); got != c.lines {
			t.Errorf("%s: lines\n%s\nwant\n%s", c.src, got, c.lines)
		}
		if got := p.WhyFalse(); got != c.why {
			t.Errorf("%s: why false %q, want %q", c.src, got, c.why)
		}
	}
}
