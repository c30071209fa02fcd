package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// rtPack is a small pack whose setup, action body and object types each case
// of TestRuntimeMistakes fills in.
const rtPack = `format: 1
pack: rt
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      t = create("token")
      %SETUP%
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [go, stop]
    transitions: {go: 2, end: 99}
    updateGameProgression: true
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    params:
      n: {type: int, domain: "[1, 2]"}
    body: |
      t = objects(type="token")[0]
      %BODY%
  stop:
    %STOP%
    body: next_state("end")
object_types:
  token:
    variables:
      count: {type: int, value: 0}
      label: {type: string, value: tok}
    tags: [piece, marked]
%TYPES%
scripts:
  main: |
    def bump(o, by):
        o.count = o.count + by
`

// at returns "rt.yaml:L:C" for the first place snippet occurs in src, moved
// right by off columns: the tests find the place of a mistake in the text
// instead of hard-coding it.
func at(t *testing.T, src, snippet string, off int) string {
	t.Helper()
	i := strings.Index(src, snippet)
	if i < 0 {
		t.Fatalf("%q is not in the pack", snippet)
	}
	line := strings.Count(src[:i], "\n") + 1
	col := i - strings.LastIndex(src[:i], "\n")
	return fmt.Sprintf("rt.yaml:%d:%d", line, col+off)
}

// TestRuntimeMistakes: a mistake that only a running match can see stops it
// with the place of the code that made it and a message that says what is
// wrong; the Starlark error behind it stays reachable with errors.As.
func TestRuntimeMistakes(t *testing.T) {
	cases := []struct {
		name                     string
		setup, body, stop, types string
		where                    string // a snippet of the pack at the mistake
		off                      int    // columns from the snippet's start
		msg                      string // the error after "rt.yaml:L:C: "
	}{
		{name: "a string assigned to an int variable fails at the assignment",
			body: `t.count = "three"`, where: `t.count = "three"`, off: 1,
			msg: `action go body: token#1.count is declared an int: cannot assign a string "three"`},
		{name: "a wrong type assigned in a script function fails there",
			body: `bump(t, "x")`, where: `o.count = o.count + by`, off: 18,
			msg: `action go body: unknown binary op: int + string`},
		{name: "create with a value of the wrong type",
			setup: `create("token", count=[1])`, where: `create("token", count=[1])`, off: 6,
			msg: `state 1 (gameSetup) action: create("token"): variable count is declared an int, not a list [1]`},
		{name: "a computed transition the state lacks",
			body: `next_state("go" + str(n))`, where: `next_state("go" + str(n))`, off: 10,
			msg: `action go body: next_state("go1"): state playerTurn has no such transition (it has "go", "end")`},
		{name: "a computed call to a missing state",
			body: `call("pick" + str(n))`, where: `call("pick" + str(n))`, off: 4,
			msg: `action go body: call("pick1"): no state is named "pick1"`},
		{name: "a computed tag no type declares",
			body: `t.add_tag("tag" + str(n))`, where: `t.add_tag("tag" + str(n))`, off: 9,
			msg: `action go body: add_tag("tag1"): no object type declares this tag (declare it in an object type's tags)`},
		{name: "an endless loop stops at the loop",
			body: "while True:\n          n += 1", where: "n += 1", off: 2,
			msg: `action go body: too many steps (more than 10000: an endless loop?)`},
		{name: "a trigger loop names the clause and the object that kept firing",
			types: "  echo:\n    whenever:\n      - name: again\n        condition: \"True\"\n        body: self.n += 1\n    variables:\n      n: {type: int}\n",
			setup: `create("echo")`, where: `body: self.n += 1`, off: 6,
			msg: `trigger loop: more than 100 steps without a player action; in its last steps these kept running: echo#2 whenever again (65 times, at %AT%)`},
		{name: "a dead end says why each action is unavailable",
			body: `next_state("go")`, setup: `game.over = True`, stop: `precondition: not game.over`,
			types: "", where: "- id: 2", off: 2,
			msg: `state 2 (playerTurn): no player has a legal action and no transition is pending (a dead end): go: the domain of n is empty (domain: [c for c in [1, 2] if not game.over]); stop: its precondition holds for no choice (precondition: not game.over)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := c.body
			if body == "" {
				body = `next_state("go")`
			}
			stop := c.stop
			if stop == "" {
				stop = "precondition: False"
			}
			src := strings.NewReplacer("%SETUP%", c.setup, "%BODY%", body, "%STOP%", stop, "%TYPES%", c.types).Replace(rtPack)
			if strings.Contains(c.name, "dead end") {
				src = strings.Replace(src, `domain: "[1, 2]"`, `domain: "[c for c in [1, 2] if not game.over]"`, 1)
			}
			p, err := Parse([]byte(src), "rt.yaml")
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.NewMatch(2, Options{StepLimit: 100, Budget: 10000, Seed: 1})
			if err == nil {
				_, err = m.Play(NewRandomBot(1), 10)
			}
			where := at(t, src, c.where, c.off)
			want := where + ": " + strings.ReplaceAll(c.msg, "%AT%", strings.SplitN(where, ":", 2)[1])
			got := ""
			if err != nil {
				got, _, _ = strings.Cut(err.Error(), "\n")
				got = strings.TrimSuffix(got, "; last events:")
			}
			if got != want {
				t.Errorf("\n got %s\nwant %s", got, want)
			}
			var re *RunError
			if !errors.As(err, &re) {
				t.Errorf("%T is not a *RunError", err)
			}
			var ee *starlark.EvalError
			if re != nil && re.Err != nil && !errors.As(err, &ee) {
				t.Errorf("the Starlark error is not reachable through %T", err)
			}
			if ee != nil && !strings.Contains(re.Backtrace, "rt.yaml:") {
				t.Errorf("backtrace without the pack's file:\n%s", re.Backtrace)
			}
		})
	}
}
