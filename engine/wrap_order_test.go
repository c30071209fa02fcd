package engine

import (
	"fmt"
	"strings"
	"testing"
)

// wrapPack has one target object (a property p, a variable v and a method f,
// all giving 1 unwrapped) and three sources whose while clauses wrap all
// three, each switched on and off by its variable "on": the adder adds 1, the
// doubler doubles and the squarer squares. The three do not commute, so the
// value tells the order in which the wrappers were applied.
const wrapPack = `format: 1
pack: wraporder
players: {min: 1, max: 1}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      create("target")
      create("adder")
      create("doubler")
      create("squarer")
    transitions: {"": 2}
  - id: 2
    name: wait
    type: activeplayer
    description: ${actplayer} waits
    possibleactions: [pass]
    transitions: {pass: 99}
  - id: 99
    name: gameEnd
    type: manager
    description: End of game
actions:
  pass:
    body: next_state("pass")
object_types:
  target:
    variables:
      v: {type: int, value: 1}
    properties:
      p: "1"
    methods:
      f:
        params: {x: int}
        body: return x
  adder:
    variables:
      on: {type: bool, value: false}
    while:
      - {name: add-value, condition: self.on, selector: "objects('target')", target: [p, v], wrapper: value + 1}
      - {name: add-method, condition: self.on, selector: "objects('target')", target: [f], wrapper: return inner(x) + 1}
  doubler:
    variables:
      on: {type: bool, value: false}
    while:
      - {name: double-value, condition: self.on, selector: "objects('target')", target: [p, v], wrapper: value * 2}
      - {name: double-method, condition: self.on, selector: "objects('target')", target: [f], wrapper: return inner(x) * 2}
  squarer:
    variables:
      on: {type: bool, value: false}
    while:
      - {name: square-value, condition: self.on, selector: "objects('target')", target: [p, v], wrapper: value * value}
      - {name: square-method, condition: self.on, selector: "objects('target')", target: [f], wrapper: "y = inner(x)\nreturn y * y"}
`

// wrapOrderMatch starts a match of wrapPack; the target's id is returned too.
func wrapOrderMatch(t *testing.T) (*Match, int) {
	t.Helper()
	p, err := Parse([]byte(wrapPack), "wraporder.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 1, Options{Seed: 1})
	return m, int(evalInt(t, m, "objects('target')[0].id"))
}

// switchOn sets the "on" variable of the source of type typ; the next settle
// (at the end of the Exec) applies or removes its wrappers.
func switchOn(t *testing.T, m *Match, typ string, on bool) {
	t.Helper()
	v := "False"
	if on {
		v = "True"
	}
	run(t, m, fmt.Sprintf("objects('%s')[0].on = %s", typ, v))
}

// wantWrapped checks the target's p, v and f(1) and the chains Wrappers
// reports for each, as the source types in the order they apply.
func wantWrapped(t *testing.T, m *Match, target int, value int64, order ...string) {
	t.Helper()
	tgt := "objects('target')[0]"
	for _, expr := range []string{tgt + ".p", tgt + ".v", tgt + ".f(1)"} {
		if got := evalInt(t, m, expr); got != value {
			t.Errorf("after %v: %s = %d, want %d", order, expr, got, value)
		}
	}
	kind := map[string]string{"adder": "add", "doubler": "double", "squarer": "square"}
	for _, name := range []string{"p", "v", "f"} {
		var want []string
		for _, typ := range order {
			clause := kind[typ] + "-value"
			if name == "f" {
				clause = kind[typ] + "-method"
			}
			src := int(evalInt(t, m, "objects('"+typ+"')[0].id"))
			want = append(want, fmt.Sprintf("%s#%d while %s on target#%d.%s", typ, src, clause, target, name))
		}
		got := m.Wrappers(target, name)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("after %v: Wrappers(%d, %q) = %q, want %q", order, target, name, got, want)
		}
	}
}

// TestWrapperOrder: active wrappers on one target apply in the order they
// became active, oldest first (SEMANTICS.md "Clauses": while), for a
// property, a variable and a method alike: the adder then the doubler gives
// (1 + 1) * 2 = 4, the doubler then the adder gives 1 * 2 + 1 = 3.
func TestWrapperOrder(t *testing.T) {
	cases := []struct {
		first, second string
		want          int64
	}{
		{"adder", "doubler", 4},
		{"doubler", "adder", 3},
	}
	for _, c := range cases {
		t.Run(c.first+"-then-"+c.second, func(t *testing.T) {
			m, target := wrapOrderMatch(t)
			wantWrapped(t, m, target, 1)
			switchOn(t, m, c.first, true)
			first := map[string]int64{"adder": 2, "doubler": 2}[c.first]
			wantWrapped(t, m, target, first, c.first)
			switchOn(t, m, c.second, true)
			wantWrapped(t, m, target, c.want, c.first, c.second)
		})
	}
}

// TestWrapperRemovedFromMiddle: removing the middle wrapper of three keeps the
// others in their order, and a wrapper that comes back is the newest.
func TestWrapperRemovedFromMiddle(t *testing.T) {
	m, target := wrapOrderMatch(t)
	for _, typ := range []string{"adder", "doubler", "squarer"} {
		switchOn(t, m, typ, true)
	}
	wantWrapped(t, m, target, 16, "adder", "doubler", "squarer") // ((1 + 1) * 2)²
	switchOn(t, m, "doubler", false)
	wantWrapped(t, m, target, 4, "adder", "squarer") // (1 + 1)², not 1² + 1
	switchOn(t, m, "doubler", true)
	wantWrapped(t, m, target, 8, "adder", "squarer", "doubler") // (1 + 1)² * 2
}

// TestWrappersEnteringTogether: wrappers that become active in the same step
// apply in scan order (object creation order, then clause order), so a
// simultaneous activation is deterministic.
func TestWrappersEnteringTogether(t *testing.T) {
	m, target := wrapOrderMatch(t)
	run(t, m, "objects('squarer')[0].on = True\nobjects('adder')[0].on = True")
	wantWrapped(t, m, target, 4, "adder", "squarer") // the adder was created first
	if hasEvent(m, EvWrapRemoved) {
		t.Errorf("no wrapper was removed, yet an event says one was")
	}
	var applied int
	for _, e := range m.Events() {
		if e.Kind == EvWrapApplied {
			applied++
		}
	}
	if applied != 6 { // two sources x (p, v, f)
		t.Errorf("%d wrap_applied events, want 6", applied)
	}
}
