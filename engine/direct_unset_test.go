package engine

import (
	"slices"
	"strings"
	"testing"

	"go.starlark.net/resolve"
	"go.starlark.net/syntax"
)

// TestUnsetLocals: the locals a frame clears are those past the parameters
// a read may find unassigned; a comprehension's variable read only in its
// body and in the clauses after its own is not one.
func TestUnsetLocals(t *testing.T) {
	cases := []struct{ src, unset string }{
		{"def f(a):\n  return [c for c in a if c]", ""},
		{"def f(a):\n  return [k for k, v in a]", ""},
		{"def f(a):\n  return [[y for y in x if y] for x in a]", ""},
		{"def f(a):\n  return [x for x in a] + [y for y in a]", ""},
		{"def f(a):\n  b = 1\n  return b", "b"},
		{"def f(a):\n  for x in a:\n    pass\n  return x", "x"},
		{"def f(a, b):\n  return [1 for x in a if y for y in b]", "y"},
		{"def f(a):\n  return [1 for u in a for v in v]", "v"},
		{"def f(a):\n  return [g(lambda: c) for c in a]", "c"},
		{"def f(a):\n  return [c for c in a if [d for d in c]] and [d for d in a]", ""},
	}
	for _, c := range cases {
		file, err := (&syntax.FileOptions{}).Parse("t.star", c.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := resolve.File(file, func(n string) bool { return n == "g" }, func(string) bool { return false }); err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		def := file.Stmts[0].(*syntax.DefStmt)
		rf := def.Function.(*resolve.Function)
		var names []string
		for _, i := range unsetLocals(rf.Body, rf.Locals, len(rf.Params)) {
			names = append(names, rf.Locals[i].First.Name)
		}
		if got := strings.Join(names, " "); got != c.unset {
			t.Errorf("%q: unset %q, want %q", c.src, got, c.unset)
		}
		if !slices.IsSorted(names) && len(names) > 1 {
			t.Errorf("%q: not in slot order", c.src)
		}
	}
}

// TestDirectComprehensionReadsEarlyAsStarlark: a comprehension that reads a
// later clause's variable before it is assigned fails as Starlark says, in
// a frame at the place where another call just left a value in that slot.
func TestDirectComprehensionReadsEarlyAsStarlark(t *testing.T) {
	script := `
def fill(a, b, c, d):
    return d
def h(a, b):
    return [1 for x in a if y for y in b]`
	p := parseDirect(t, bodyPack("fill(1, 2, 3, 4)\nx = h([1], [2])\nnext_state(\"go\")", script), "early.yaml")
	if d, i := firstMoveError(t, p, false), firstMoveError(t, p, true); d != i || !strings.Contains(i, "local variable y referenced before assignment") {
		t.Errorf("direct %q, interpreted %q", d, i)
	}
}

// TestByNameParams: a parameter has its bit when the body reads it only as
// x.NAME; passed, compared, assigned or read by a lambda, it has none.
func TestByNameParams(t *testing.T) {
	cases := []struct {
		src  string
		want uint64
	}{
		{"def f(state, player):\n  return state.victim == player", 0b01},
		{"def f(state):\n  state.x = 1\n  return [state.a for c in state.b]", 0b1},
		{"def f(state, self):\n  return self.zone == state.name and g(state)", 0b10},
		{"def f(state):\n  return state == state", 0},
		{"def f(state):\n  state = 2\n  return state.x", 0},
		{"def f(state):\n  return g(lambda: state.x)", 0},
		{"def f(state):\n  return getattr(state, 'x')", 0},
	}
	for _, c := range cases {
		file, err := (&syntax.FileOptions{}).Parse("t.star", c.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := resolve.File(file, func(n string) bool { return n == "g" }, func(n string) bool { return n == "getattr" }); err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		rf := file.Stmts[0].(*syntax.DefStmt).Function.(*resolve.Function)
		if got := byNameParams(rf); got != c.want {
			t.Errorf("%q: %b, want %b", c.src, got, c.want)
		}
	}
}
