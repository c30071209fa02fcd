package engine

import (
	"strings"
	"testing"
)

// TestObjectEquality: two references to one object are ==, two objects are
// not (SEMANTICS.md: objects compare by identity).
func TestObjectEquality(t *testing.T) {
	m, _ := wrapOrderMatch(t)
	cases := map[string]string{
		"objects('target')[0] == objects('target')[0]":              "True",
		"objects('target')[0] != objects('target')[0]":              "False",
		"objects('target')[0] == objects('adder')[0]":               "False",
		"objects('target')[0] != objects('adder')[0]":               "True",
		"len([o for o in objects() if o == objects('doubler')[0]])": "1",
	}
	for expr, want := range cases {
		if got := eval(t, m, expr); got != want {
			t.Errorf("%s = %s, want %s", expr, got, want)
		}
	}
}

// TestMethodArguments: a method takes its arguments by position or by
// parameter name, and refuses too few, too many or unknown ones.
func TestMethodArguments(t *testing.T) {
	m, _ := wrapOrderMatch(t)
	tgt := "objects('target')[0]"
	if got := evalInt(t, m, tgt+".f(x=7)"); got != 7 {
		t.Errorf("f(x=7) = %d, want 7", got)
	}
	if got := evalInt(t, m, tgt+".f(5)"); got != 5 {
		t.Errorf("f(5) = %d, want 5", got)
	}
	for call, want := range map[string]string{
		tgt + ".f()":     "takes 1 arguments, got 0",
		tgt + ".f(1, 2)": "takes 1 arguments, got 2",
		tgt + ".f(y=1)":  `no parameter "y"`,
	} {
		if _, err := m.Eval(call); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", call, err, want)
		}
	}
}

// TestDestroyedObject: a reference to a destroyed object says so, whichever
// object it was (the newest one, whose id is above every live one's, too).
func TestDestroyedObject(t *testing.T) {
	m, _ := wrapOrderMatch(t)
	for _, pick := range []string{"objects()[-1]", "objects()[0]"} {
		err := m.Exec("gone = " + pick + "\ndestroy(gone)\ngone.on")
		if err == nil || !strings.Contains(err.Error(), "no longer exists") {
			t.Errorf("reading %s after destroying it: %v, want \"no longer exists\"", pick, err)
		}
	}
	if got := eval(t, m, "len(objects())"); got != "4" {
		t.Errorf("%s objects after two failed bodies, want 4 (a failed body changes nothing)", got)
	}
}

// TestUndeclaredVariablesInHistory: a variable a body assigns without the
// type declaring it is kept per step, like declared ones: a fork at an earlier
// step sees the earlier value.
func TestUndeclaredVariablesInHistory(t *testing.T) {
	p := bundled(t, "seeds")
	m := newMatch(t, p, 2, Options{Seed: 5})
	run(t, m, "objects()[0].note = 1")
	step := m.Step()
	run(t, m, "objects()[0].note = 2")
	f, err := m.At(step)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval(t, f, "objects()[0].note"); got != "1" {
		t.Errorf("fork at step %d: note = %s, want 1", step, got)
	}
	if got := eval(t, m, "objects()[0].note"); got != "2" {
		t.Errorf("the match: note = %s, want 2", got)
	}
}

// TestEventString is the one-line form of an event: step, kind, [state],
// pN, name, detail, each only when set.
func TestEventString(t *testing.T) {
	cases := map[string]Event{
		"12 action_taken [playerTurn] p1 playDisc (2, 3)": {Step: 12, Kind: EvAction, State: "playerTurn", Player: 1, Name: "playDisc", Detail: "(2, 3)"},
		"0 game_ended [2, 1]":                             {Kind: EvGameEnd, Detail: "[2, 1]"},
		"3 state_left [turn]":                             {Step: 3, Kind: EvStateLeft, State: "turn"},
		"4 notification p2 hello":                         {Step: 4, Kind: EvNotify, Player: 2, Name: "hello"},
	}
	for want, e := range cases {
		if got := e.String(); got != want {
			t.Errorf("%+v: %q, want %q", e, got, want)
		}
	}
}

// TestObjectsArguments: objects() takes a type by position or keyword and a
// tag by keyword (the seed effects: 2 elf lords, 10 creatures, 2 artifacts,
// 2 elves that are elf lords); anything else is the error UnpackArgs gives.
func TestObjectsArguments(t *testing.T) {
	m := seedsMatch(t)
	for src, want := range map[string]string{
		"len(objects())":                              "18",
		"len(objects('elf_lord'))":                    "2",
		"len(objects(type='elf_lord'))":               "2",
		"len(objects(tag='creature'))":                "10",
		"len(objects('elf_lord', tag='elf'))":         "2",
		"len(objects(tag='elf', type='elf_lord'))":    "2",
		"len(objects(type='bauble', tag='creature'))": "0",
		"len(objects(tag='artifact'))":                "2",
	} {
		if got := eval(t, m, src); got != want {
			t.Errorf("%s = %s, want %s", src, got, want)
		}
	}
	for src, want := range map[string]string{
		"objects(1)":                    "objects: for parameter type: got int, want string",
		"objects('a', 'b', 'c')":        "objects: got 3 arguments, want at most 2",
		"objects('elf_lord', type='x')": "objects: got multiple values for keyword argument \"type\"",
		"objects(tag=1)":                "objects: for parameter \"tag\": got int, want string",
		"objects(colour='red')":         "objects: unexpected keyword argument \"colour\"",
		"objects(tag='nope')":           "objects(tag=\"nope\"): no object type declares this tag",
		"before(1)":                     "before: for parameter 1: got int, want callable",
		"before()":                      "before: got 0 arguments, want 1",
		"objects()[0].has_tag(1)":       "has_tag: for parameter 1: got int, want string",
	} {
		_, err := m.Eval(src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", src, err, want)
		}
	}
}
