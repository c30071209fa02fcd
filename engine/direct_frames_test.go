package engine

import (
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// framesScript's f fills three slots, its parameters and a local; g reads
// a local it assigns only in a branch not taken.
const framesScript = `
def f(a, b):
    c = a + b
    return c
def g():
    if False:
        y = 1
    return y`

// TestDirectPopLeavesSlots: a returning call writes nothing to its frame's
// slots (pop cleared every one, a write the collector's barrier doubles
// while it marks): the next frame there sets its parameters and clears the
// rest itself.
func TestDirectPopLeavesSlots(t *testing.T) {
	p := parseDirect(t, bodyPack("f(7, 8)", framesScript), "frames.yaml")
	m := newMatch(t, p, 2, Options{Seed: 1})
	if _, err := m.call(p.actions["go"].body, 0, nil); err != nil {
		t.Fatal(err)
	}
	left := m.dstack[:cap(m.dstack)]
	want := []starlark.Value{starlark.MakeInt(7), starlark.MakeInt(8), starlark.MakeInt(15)}
	for i, w := range want {
		if left[i] != w {
			t.Errorf("slot %d holds %v after the call, want %v (left as f's %s)", i, left[i], w, [...]string{"a", "b", "c"}[i])
		}
	}
}

// TestDirectFrameStartsUnassigned: a call at the place where another just
// returned finds none of its locals assigned: g's y is read before any
// assignment, as Starlark says, though f's a is in its slot.
func TestDirectFrameStartsUnassigned(t *testing.T) {
	p := parseDirect(t, bodyPack("f(7, 8)\nx = g()\nnext_state(\"go\")", framesScript), "frames.yaml")
	if d, i := firstMoveError(t, p, false), firstMoveError(t, p, true); d != i || !strings.Contains(i, "local variable y referenced before assignment") {
		t.Errorf("direct %q, interpreted %q", d, i)
	}
}

// TestCallLeavesArguments: a hook's call leaves its arguments on the
// match's stack of them (clearing them was a bulk write of nils the
// collector's barrier doubles while it marks): the next call sets every
// slot it uses, as a direct builtin call's does.
func TestCallLeavesArguments(t *testing.T) {
	p := parseDirect(t, bodyPack("x = player.no", ""), "args.yaml")
	m := newMatch(t, p, 2, Options{Seed: 1})
	h := p.actions["go"].body
	if len(h.ctx) == 0 {
		t.Fatal("the body takes no context argument")
	}
	if _, err := m.call(h, 1, nil); err != nil {
		t.Fatal(err)
	}
	if len(m.argbuf) != 0 {
		t.Fatalf("%d arguments left on the stack's length", len(m.argbuf))
	}
	if got := m.argbuf[:1][0]; got != starlark.Value(m.pvals[1]) {
		t.Errorf("the first slot holds %v after the call, want player 2 (left)", got)
	}
}
