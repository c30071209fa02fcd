package engine

import (
	"errors"
	"fmt"
	"github.com/rulestudio/studio/assets"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

const miniPack = `format: 1
pack: mini
players: {min: 1, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    possibleactions: [go]
    transitions: {go: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    who: %WHO%
    body: |
      x = 1
      %BODY%
`

func mini(who, body string) string {
	return strings.NewReplacer("%WHO%", who, "%BODY%", body).Replace(miniPack)
}

func TestCompileErrorPositions(t *testing.T) {
	cases := []struct {
		who, body string
		want      string
	}{
		{"player ==", "next_state('go')", "mini.yaml:19:19: action go who: got end of file, want primary expression"},
		{"player == active_player", "next_stat('go')", "mini.yaml:22:7: action go body: undefined: next_stat (a builtin: next_state)"},
		{"player == active_plyr", "next_state('go')", "mini.yaml:19:20: action go who: undefined: active_plyr"},
		{"True", "if x\n      next_state('go')", "mini.yaml:22:11: action go body: got newline, want ':'"},
		{"True", "pass\n    precondition: stCheck", "mini.yaml:23:19: action go precondition: undefined: stCheck"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(mini(c.who, c.body)), "mini.yaml")
		if err == nil || err.Error() != c.want {
			t.Errorf("who %q body %q:\n got %v\nwant %s", c.who, c.body, err, c.want)
		}
	}
}

func runMini(t *testing.T, who, body string) error {
	t.Helper()
	p, err := Parse([]byte(mini(who, body)), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.NewMatch(1, Options{Budget: 10000})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := m.Legal(0)
	if err != nil {
		return err
	}
	if len(moves) != 1 {
		t.Fatalf("moves %v", moves)
	}
	return m.Apply(moves[0])
}

// TestStepBudget: an endless loop fails at an instruction of its body (which
// one depends on the instructions the loop takes: here x of x += 1, whose
// += the allocation guard follows, see alloc_guard.go).
func TestStepBudget(t *testing.T) {
	err := runMini(t, "True", "while True:\n          x += 1")
	var re *RunError
	if !errors.As(err, &re) || re.Pos != (graph.Pos{Line: 23, Column: 11}) || !strings.Contains(re.Msg, "too many steps") || !strings.Contains(re.Msg, "endless loop") {
		t.Errorf("got %v", err)
	}
}

func TestPurity(t *testing.T) {
	err := runMini(t, "next_state('go') == None", "next_state('go')")
	if err == nil || !strings.Contains(err.Error(), "mini.yaml:19:20:") || !strings.Contains(err.Error(), "next_state: cannot change the match in a pure place (action go who)") {
		t.Errorf("got %v", err)
	}
	err = runMini(t, "|\n      player.score = 3\n      return True", "next_state('go')")
	if err == nil || err.Error() != "mini.yaml:20:13: action go who: player1.score: cannot change the match in a pure place (action go who)" {
		t.Errorf("got %v", err)
	}
	if err := runMini(t, "True", "next_state('go')"); err != nil {
		t.Errorf("plain pack: %v", err)
	}
}

func TestNamedFunction(t *testing.T) {
	src := strings.Replace(mini("True", "pass"), "  - id: 2\n", "  - id: 2\n    action: stMissing\n", 1)
	_, err := Parse([]byte(src), "mini.yaml")
	want := "mini.yaml:10:13: state 2 (turn) action: stMissing names no function of the pack's scripts (define def stMissing(): in scripts)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	src = strings.Replace(mini("True", "pass"), "  - id: 2\n", "  - id: 2\n    endaction: end_game\n", 1)
	p, err := Parse([]byte(src), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if p.states[1].endaction == nil {
		t.Errorf("endaction: end_game compiled to nothing")
	}
}

// TestUnnamedClauseErrors: an error in a clause without a name names it by its
// place in its list, from 1, so the designer can find it.
func TestUnnamedClauseErrors(t *testing.T) {
	src := strings.Replace(mini("True", "next_state('go')"), "\nactions:", `
object_types:
  t:
    variables:
      on: {type: bool, value: false}
    while:
      - {name: first, condition: self.on, target: [on], wrapper: value}
      - {condition: "self.on +", target: [on], wrapper: value}
    whenever:
      - {condition: self.on, body: pass}
      - {condition: "self.on and", body: pass}
    when:
      - {condition: "(", body: pass}
actions:`, 1)
	_, err := Parse([]byte(src), "mini.yaml")
	if err == nil {
		t.Fatal("a pack with three syntax errors compiled")
	}
	for _, want := range []string{"object type t while 2 condition: ", "object type t whenever 2 condition: ", "object type t when 1 condition: "} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("errors do not name %q:\n%v", want, err)
		}
	}
}

// TestRunErrorTrace: a run error keeps Starlark's error (errors.As), names
// the failing code by its path in the pack, and gives the call stack frame by
// frame at the pack file's lines: the body's call (line 22) and the script
// function's division (line 26).
func TestRunErrorTrace(t *testing.T) {
	src := mini("True", "boom(0)") + "scripts:\n  main: |\n    def boom(n):\n        return 1 // n\n"
	p, err := Parse([]byte(src), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 1, Options{})
	err = m.Apply(Move{Action: "go"})
	var re *RunError
	var ee *starlark.EvalError
	if !errors.As(err, &re) || !errors.As(err, &ee) {
		t.Fatalf("got %T %v", err, err)
	}
	if re.Source != "actions/go/body" || re.Pos.Line != 26 || !strings.Contains(re.Msg, "division by zero") {
		t.Errorf("source %q pos %v msg %q", re.Source, re.Pos, re.Msg)
	}
	var frames []string
	for _, f := range re.Trace {
		frames = append(frames, fmt.Sprintf("%s %s:%d", f.Func, f.File, f.Pos.Line))
	}
	if got := strings.Join(frames, "; "); got != "<code> mini.yaml:22; boom mini.yaml:26" {
		t.Errorf("trace %s", got)
	}
}

// TestStopAtError: with StopAtError a failing action stays where it failed:
// the error is the match's, the steps before it are history, the failing
// step's events are kept; without it the action is undone.
func TestStopAtError(t *testing.T) {
	p, err := Parse([]byte(mini("True", "fail('no')")), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, stop := range []bool{false, true} {
		m := newMatch(t, p, 1, Options{StopAtError: stop})
		steps, events := m.History(), len(m.Events())
		err := m.Apply(Move{Action: "go"})
		var re *RunError
		if !errors.As(err, &re) || re.Source != "actions/go/body" || re.Pos.Line != 22 {
			t.Fatalf("stop %v: %v", stop, err)
		}
		last := m.Events()[len(m.Events())-1]
		switch {
		case !stop && (m.Err() != nil || !m.Waiting() || len(m.Events()) != events):
			t.Errorf("without StopAtError the action was not undone: err %v, %d events", m.Err(), len(m.Events()))
		case stop && (m.Err() != err || m.Waiting() || m.History() != steps || last.Kind != EvAction):
			t.Errorf("with StopAtError: err %v, history %d (want %d), last event %s", m.Err(), m.History(), steps, last)
		}
		if stop {
			if back, err := m.At(steps); err != nil || !back.Waiting() {
				t.Errorf("At(%d) after the error: %v", steps, err)
			}
		}
	}
	bad, err := Parse([]byte(strings.Replace(mini("True", "pass"), "transitions: {\"\": 2}", "action: fail('setup')\n    transitions: {\"\": 2}", 1)), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if m, err := bad.NewMatch(1, Options{StopAtError: true}); m == nil || err == nil || m.Err() != err {
		t.Errorf("NewMatch with StopAtError: %v %v", m, err)
	}
	if m, err := bad.NewMatch(1, Options{}); m != nil || err == nil {
		t.Errorf("NewMatch: %v %v", m, err)
	}
}

// TestUndefinedNameNamesTheBuiltin: a name that is part of a builtin's
// name ("next_player" in activate_next_player) is answered with that
// builtin, not Starlark's guess by spelling among the pack's names.
func TestUndefinedNameNamesTheBuiltin(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	src := strings.Replace(string(data), "next_state(\"nextTurn\")", "next_player()\n            next_state(\"nextTurn\")", 1)
	if src == string(data) {
		t.Fatal("tictactoe's stNextPlayer changed: the test edits nothing")
	}
	_, err := Parse([]byte(src), "tictactoe.yaml")
	if err == nil || !strings.Contains(err.Error(), "undefined: next_player (a builtin: activate_next_player)") {
		t.Errorf("got %v, want activate_next_player named", err)
	}
}

// TestClauseNamedAsItsKind: a clause the window named after its kind (a
// new whenever is called "whenever") reads with its name quoted, in
// errors, the check's findings and the events of a match, never as the
// doubled "whenever whenever condition".
func TestClauseNamedAsItsKind(t *testing.T) {
	src := strings.Replace(mini("True", "next_state('go')"), "\nactions:", `
object_types:
  t:
    variables:
      on: {type: bool, value: false}
    whenever:
      - {name: whenever, condition: "self.on and", body: pass}
    when:
      - {name: when}
actions:`, 1)
	_, err := Parse([]byte(src), "mini.yaml")
	if err == nil {
		t.Fatal("a pack with a syntax error compiled")
	}
	if want := `object type t whenever "whenever" condition: `; !strings.Contains(err.Error(), want) {
		t.Errorf("errors do not name %q:\n%v", want, err)
	}
	for _, doubled := range []string{"whenever whenever", "when when"} {
		if strings.Contains(err.Error(), doubled) {
			t.Errorf("errors read %q:\n%v", doubled, err)
		}
	}
}
