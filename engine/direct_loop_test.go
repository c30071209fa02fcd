package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// comprehensionPack is errorPack whose action takes x from DOMAIN when PRE holds:
// pure code, where comprehensions have a direct form.
func comprehensionPack(pre, domain, script string) string {
	src := bodyPack(`notify(str(x))`+"\n"+`next_state("go")`, script)
	return strings.Replace(src, "  go:\n    body:", fmt.Sprintf("  go:\n    precondition: %q\n    params:\n      x: {domain: %q}\n    body:", pre, domain), 1)
}

// legalBoth lists the active seat's legal moves of a match of p with direct
// evaluation and through the interpreter, each as text with its error.
func legalBoth(t *testing.T, p *Program) (direct, interp string) {
	t.Helper()
	list := func(interpret bool) string {
		m := newMatch(t, p, 2, Options{Seed: 1, Interpret: interpret})
		moves, err := m.Legal(m.Active())
		var re *RunError
		if errors.As(err, &re) {
			return fmt.Sprintf("%v %v\n%s", moves, re, re.Backtrace)
		}
		return fmt.Sprintf("%v %v", moves, err)
	}
	return list(false), list(true)
}

// TestDirectComprehensionsAsStarlark: list comprehensions in pure code (a
// precondition, a domain, the script functions they call) run directly and
// give what Starlark gives, values and errors (message, place, backtrace).
func TestDirectComprehensionsAsStarlark(t *testing.T) {
	script := "def evens(n):\n    return [i for i in range(n) if i % 2 == 0]\ndef pairs(xs):\n    return [(a, b) for a in xs for b in xs if a < b]\ndef grown():\n    l = [1, 2]\n    m = [i for i in l if i > 1]\n    l += m\n    return l"
	cases := []struct{ pre, domain string }{
		{"True", "[i * 2 for i in range(4)]"},
		{"len([p for p in players if p.no > 1]) == 1", "evens(7)"},
		{"any([c == 0 for c in board.empty()])", "pairs([1, 2, 3])"},
		{"True", "[x for x in (3, 1, 2) if x != 1 if x != 5]"},
		{"True", `[k for k in {"a": 1, "b": 2}]`},
		{"True", "[[j for j in range(i)] for i in range(3)]"},
		{"True", "[i for i in []]"},
		{"True", "grown()"}, // the list is iterated no more after the comprehension
		{"len([i for i in range(3)]) == 3", "[player.no + i for i in range(2)]"},
		// Errors: not iterable, in the body, in a condition, in a function.
		{"True", "[i for i in 3]"},
		{"True", `[i for i in "abc"]`},
		{"True", "[1 // i for i in [1, 0]]"},
		{"True", `[i for i in range(3) if i + "a"]`},
		{"True", "evens(None)"},
		{"len([i for i in player]) > 0", "[1]"},
		{"True", "[j for i in range(2) for j in i]"},
	}
	for _, c := range cases {
		p := parseDirect(t, comprehensionPack(c.pre, c.domain, script), "loops.yaml")
		if d, i := legalBoth(t, p); d != i {
			t.Errorf("precondition %s, domain %s:\ndirect:      %s\ninterpreted: %s", c.pre, c.domain, d, i)
		}
	}
}

// TestDirectComprehensionsPastTheirBound: a comprehension whose iterations
// take its bound of steps past maxDirectSteps runs again through Starlark:
// the same value when the budget holds, and "too many steps" where Starlark
// fires it when it does not.
func TestDirectComprehensionsPastTheirBound(t *testing.T) {
	for _, c := range []struct{ domain, want string }{
		{"[len([i for i in range(5000)])]", "5000"},
		{"[len([1 for a in range(1000) for b in range(1000)])]", "too many steps"},
	} {
		p := parseDirect(t, comprehensionPack("True", c.domain, ""), "bound.yaml")
		d, i := legalBoth(t, p)
		if d != i || !strings.Contains(d, c.want) {
			t.Errorf("domain %s:\ndirect:      %s\ninterpreted: %s\nwant %q in both", c.domain, d, i, c.want)
		}
	}
}

// TestDirectComprehensionsOnlyWherePure: an action's body, which may change
// the match, has no direct form when it has a comprehension (its steps are
// not bounded, and a body cannot be run again), nor when it calls a script
// function that has one; a precondition calling the same function has,
// unless it prints.
func TestDirectComprehensionsOnlyWherePure(t *testing.T) {
	script := "def evens(n):\n    return [i for i in range(n) if i % 2 == 0]"
	for _, c := range []struct {
		pre, body string
		direct    int
	}{
		{"len(evens(4)) == 2", "x = [i for i in range(3)]\nnext_state(\"go\")", 1},
		{"len(evens(4)) == 2", "x = evens(3)\nnext_state(\"go\")", 1},
		{"len(evens(4)) == 2", "next_state(\"go\")", 2},
		// Run again past its bound, it would print twice.
		{"len([print(i) for i in range(3)]) == 3", "next_state(\"go\")", 1},
		{"print(evens(4)) == None", "next_state(\"go\")", 1},
	} {
		src := strings.Replace(bodyPack(c.body, script), "  go:\n    body:", "  go:\n    precondition: "+c.pre+"\n    body:", 1)
		p, err := Parse([]byte(src), "pure.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if p.directHooks != c.direct {
			t.Errorf("body %q: %d of %d pieces of code have a direct form, want %d", c.body, p.directHooks, p.hooks, c.direct)
		}
	}
}

// TestDirectCallsWithKeywordsAndDefaults: a script function with default
// values called with name=value arguments (the seed effects'
// battlefield(tag="elf")) runs directly and gives what Starlark gives; a call
// Starlark refuses (a name the function has not, one given twice, one
// missing) keeps the interpreter, for its error.
func TestDirectCallsWithKeywordsAndDefaults(t *testing.T) {
	script := "def pick(xs, tag=\"a\", n=2):\n    return [x for x in xs if x != tag and n > 0]\ndef one(x, y=[1]):\n    return x + len(y)"
	for _, c := range []struct {
		domain string
		direct bool
	}{
		{`pick(["a", "b", "c"], tag="b")`, true},
		{`pick(["a", "b"])`, true},
		{`pick(tag=1, xs=[1, 2])`, true},
		{`pick(["a", "b"], "b", n=1)`, true},
		{`[one(1), one(x=2, y=[3, 4]), one(3, y="ab")]`, true},
		{`[one(None)]`, true},
		{`pick()`, false},
		{`pick(["a"], nope=1)`, false},
		{`pick(["a"], xs=[1])`, false},
		{`pick(["a"], "b", 1, 2)`, false},
	} {
		p, err := Parse([]byte(comprehensionPack("True", c.domain, script)), "kw.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if got := p.directHooks == p.hooks; got != c.direct {
			t.Errorf("%s: %d of %d pieces of code have a direct form, want all: %v", c.domain, p.directHooks, p.hooks, c.direct)
		}
		if d, i := legalBoth(t, p); d != i {
			t.Errorf("%s:\ndirect:      %s\ninterpreted: %s", c.domain, d, i)
		}
	}
}
