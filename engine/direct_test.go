package engine

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"go.starlark.net/starlark"
)

// TestDirectFormsOfBundledPacks: the code of the bundled packs that has no
// loop, or only comprehensions in pure places, runs directly (a change that loses direct forms shows here, before
// it shows in the benchmarks).
func TestDirectFormsOfBundledPacks(t *testing.T) {
	want := map[string]int{"tictactoe": 4, "connectfour": 4, "hearts": 14, "seeds": 48, "reversi": 8}
	for pack, n := range want {
		p := bundled(t, pack)
		if p.directHooks < n {
			t.Errorf("%s: %d of %d pieces of code have a direct form, want at least %d", pack, p.directHooks, p.hooks, n)
		}
	}
	if p := bundled(t, "tictactoe"); p.directHooks != p.hooks {
		t.Errorf("tictactoe: %d of %d pieces of code have a direct form, want all", p.directHooks, p.hooks)
	}
}

// TestDirectPlaysAsStarlark: seeded random matches of every bundled pack
// give the same events (every field), scores and errors with direct
// evaluation as through Starlark's interpreter alone.
func TestDirectPlaysAsStarlark(t *testing.T) {
	for _, pack := range assets.Packs() {
		p := bundled(t, pack)
		seeds := 20
		if pack == "hearts" {
			seeds = 2
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			direct, interp := playBoth(t, p, seed)
			if !reflect.DeepEqual(direct, interp) {
				t.Fatalf("%s seed %d: direct and interpreted matches differ:\n%+v\n%+v", pack, seed, firstDiff(direct.events, interp.events), firstDiff(interp.events, direct.events))
			}
		}
	}
}

type playResult struct {
	events []Event
	scores []int
	plies  int
	err    string
}

func playBoth(t *testing.T, p *Program, seed uint64) (direct, interp playResult) {
	t.Helper()
	play := func(interpret bool) playResult {
		m := newMatch(t, p, p.Pack.Players.Min, Options{Seed: seed, Interpret: interpret})
		plies, err := m.Play(NewRandomBot(seed), 400)
		r := playResult{events: m.Events(), scores: m.Scores(), plies: plies}
		if err != nil {
			r.err = err.Error()
		}
		return r
	}
	return play(false), play(true)
}

func firstDiff(a, b []Event) any {
	for i := range a {
		if i >= len(b) || !reflect.DeepEqual(a[i], b[i]) {
			return a[i]
		}
	}
	return len(a)
}

// errorPack is a pack whose one action runs BODY, with script functions
// BODY may call.
const errorPack = `format: 1
pack: errors
players: {min: 2, max: 2}
states:
  - {id: 1, name: gameSetup, type: manager, description: "", transitions: {"": 2}}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {go: 2, end: 99}
  - {id: 99, name: gameEnd, type: manager, description: End}
actions:
  go:
    body: |
      BODY
scripts:
  main: |
    FROZEN = [1, 2]
    def helper(x):
        return x + 1
    def deeper(x):
        y = helper(x)
        return y
boards:
  board: {width: 3, height: 3}
`

// bodyPack is errorPack with its action's body and, when script is not
// empty, that Starlark text (top-level functions) in its script too.
func bodyPack(body, script string) string {
	src := strings.Replace(errorPack, "BODY", strings.ReplaceAll(body, "\n", "\n      "), 1)
	if script != "" {
		script = "    " + strings.ReplaceAll(strings.TrimSpace(script), "\n", "\n    ")
		src = strings.Replace(src, "    def helper(x):", script+"\n    def helper(x):", 1)
	}
	return src
}

// parseDirect parses src and fails the test unless all its code has a
// direct form (a test comparing the two evaluations would otherwise compare
// Starlark with itself).
func parseDirect(t *testing.T, src, file string) *Program {
	t.Helper()
	p, err := Parse([]byte(src), file)
	if err != nil {
		t.Fatal(err)
	}
	if p.directHooks != p.hooks {
		t.Fatalf("%d of %d pieces of code have a direct form: the test would compare Starlark with itself", p.directHooks, p.hooks)
	}
	return p
}

// TestDirectErrorsAsStarlark: code with a direct form that fails gives the
// error Starlark gives: message, place, what and where in the pack, the
// backtrace and its frames, and the cause errors.As finds.
func TestDirectErrorsAsStarlark(t *testing.T) {
	bodies := []string{
		`next_state("nowhere")`,
		`fail("no " + str(player.no))`,
		`board.scor = 1`,
		`x = game.scor`,
		`player.score += "a"`,
		`x = player.scor`,
		`player.score = "a"`,
		`x = "a" + 1`,
		`x = 1 < "a"`,
		`x = -"a"`,
		`x = 1 // 0`,
		"if player.no > 5:\n  y = 1\nx = y",
		"x = FROZEN\nx += [3]",
		"x = True\nx += 1",
		`x = deeper("a")`,
		`board.set(99, player)`,
		`x = board.nosuch`,
		`x = len(3)`,
		`x = (1).foo`,
		`x = player.no.bar`,
		`board.set(0, player)` + "\nx = [1]\nx += 2",
		`x = helper(1) + deeper(None)`,
		`notify(1)`,
		`x = {1: 2, 1: 3}`,
		`x = {[1]: 2}`,
		`x = {"a": 1 // 0}`,
		`x = len(board.full())`,
		`x = len(board.empty(), 1)`,
		`x = len(board.empty(1))`,
		`x = [0] * 1000000000`,
		`x = list(range(1000000000))`,
		`x = sorted(range(1000000000))`,
		`x = "ab" * player.no * 1000000000`,
		`x = "-" * 200000000 + "-" * 100000000`,
		`x = str(player) + str([[1] * 10000] * 100000)`,
		"x = [1] * 10000000\nx += x",
	}
	for _, body := range bodies {
		p := parseDirect(t, bodyPack(body, ""), "errors.yaml")
		direct := applyFirst(t, newMatch(t, p, 2, Options{Seed: 1}))
		interp := applyFirst(t, newMatch(t, p, 2, Options{Seed: 1, Interpret: true}))
		if interp == nil {
			t.Fatalf("%q: did not fail", body)
		}
		var dre, ire *RunError
		if !errors.As(direct, &dre) || !errors.As(interp, &ire) {
			t.Fatalf("%q: not run errors: %v / %v", body, direct, interp)
		}
		if dre.Error() != ire.Error() || dre.Backtrace != ire.Backtrace || dre.Source != ire.Source || !reflect.DeepEqual(dre.Trace, ire.Trace) {
			t.Errorf("%q:\ndirect:      %v [%s]\n%s%+v\ninterpreted: %v [%s]\n%s%+v", body, dre, dre.Source, dre.Backtrace, dre.Trace, ire, ire.Source, ire.Backtrace, ire.Trace)
		}
		var dee, iee *starlark.EvalError
		if !errors.As(direct, &dee) || !errors.As(interp, &iee) {
			t.Errorf("%q: errors.As finds no EvalError", body)
			continue
		}
		if dc, ic := dee.Unwrap(), iee.Unwrap(); reflect.TypeOf(dc) != reflect.TypeOf(ic) || dc.Error() != ic.Error() {
			t.Errorf("%q: cause %T %q, Starlark's %T %q", body, dc, dc, ic, ic)
		}
	}
}

// applyFirst takes the first legal move of m, returning its error.
func applyFirst(t *testing.T, m *Match) error {
	t.Helper()
	moves, err := m.Legal(m.Active())
	if err != nil || len(moves) == 0 {
		t.Fatalf("no legal move: %v", err)
	}
	return m.Apply(moves[0])
}

// firstMoveError is the error of the first legal move in a new match of
// p, run directly or interpreted: "no error" when it has none.
func firstMoveError(t *testing.T, p *Program, interpret bool) string {
	t.Helper()
	m := newMatch(t, p, 2, Options{Seed: 1, Interpret: interpret})
	if err := applyFirst(t, m); err != nil {
		return err.Error()
	}
	return "no error"
}

// TestReleasedMatchesPlayAsNew: matches that take the memory of released
// ones (Match.Release) play exactly as new ones: every event field, the
// scores and the errors, with and without history, for every bundled pack.
func TestReleasedMatchesPlayAsNew(t *testing.T) {
	for _, pack := range assets.Packs() {
		p := bundled(t, pack)
		newOnly := bundled(t, pack) // a program no match is released to
		seeds := 12
		if pack == "hearts" {
			seeds = 2
		}
		for _, noHistory := range []bool{true, false} {
			for seed := uint64(1); seed <= uint64(seeds); seed++ {
				var last *Match
				reusedMem := false
				play := func(release bool) playResult {
					prog := p
					if !release {
						prog = newOnly
					}
					m := newMatch(t, prog, p.Pack.Players.Min, Options{Seed: seed, NoHistory: noHistory})
					reusedMem = m == last
					plies, err := m.Play(NewRandomBot(seed), 400)
					r := playResult{events: append([]Event(nil), m.Events()...), scores: m.Scores(), plies: plies}
					if err != nil {
						r.err = err.Error()
					}
					if release {
						last = m
						m.Release()
					}
					return r
				}
				fresh := play(false)
				play(true) // a match released...
				var reused playResult
				// ...and one in its memory (the race detector's sync.Pool drops
				// a quarter of what it is given).
				for try := 0; try < 20 && !reusedMem; try++ {
					reused = play(true)
				}
				if !reusedMem {
					t.Fatalf("%s: no new match was in a released one's memory", pack)
				}
				if !reflect.DeepEqual(fresh, reused) {
					t.Fatalf("%s seed %d (NoHistory %v): a match in a released one's memory plays differently:\n%+v\n%+v", pack, seed, noHistory, firstDiff(reused.events, fresh.events), firstDiff(fresh.events, reused.events))
				}
			}
		}
	}
}

// directBody exercises every construct direct code has, each result told in
// a notification, for TestDirectEvaluatesAsStarlark.
const directBody = `a = 7
b = -a
c = a // 2 + a % 3 - 2 * a
f = 1.5 * a
s = "x" + str(a) + "y"
t = (a, b, "t")
l = [a, b]
alias = l
l += [c]
u = not a
v = a and b
w = 0 or "" or None
x = a if b > 0 else -b
y = a in l and 99 not in t
z = len(s) + len(board.empty()) + board.width()
if a < 0:
  r = "neg"
elif a == 7:
  r = "seven"
else:
  pass
q = helper(a) + deeper(b)
player.score += a
n = player.score
e = None
e2 = b"by"
p = (1 < 2) == True
d = {"b": b, "a": a, (1, 2): [a], None: {}}
notify("${v}", a=a, b=b, c=c, f=f, s=s, t=t, l=l, alias=alias, u=u, v=v, w=w, x=x, y=y, z=z, r=r, q=q, n=n, e=e, e2=e2, p=p, d=d)
notify(str([min(1, 2), max([3, 4]), abs(-5), sorted([2, 1]), list(reversed(t)), type(t), repr(s), bool(w)]))
next_state("go")`

// TestDirectEvaluatesAsStarlark: every construct direct code has gives
// what Starlark gives (a list that += extends in place included), told in
// events whose every field is compared.
func TestDirectEvaluatesAsStarlark(t *testing.T) {
	p := parseDirect(t, bodyPack(directBody, ""), "direct.yaml")
	play := func(interpret bool) []Event {
		m := newMatch(t, p, 2, Options{Seed: 1, Interpret: interpret})
		if err := applyFirst(t, m); err != nil {
			t.Fatal(err)
		}
		return m.Events()
	}
	direct, interp := play(false), play(true)
	if !reflect.DeepEqual(direct, interp) {
		t.Fatalf("direct and interpreted events differ:\n%s\n%s", eventLines(direct), eventLines(interp))
	}
	if !strings.Contains(eventLines(direct), "alias=[7, -7, -10]") {
		t.Errorf("l += [c] did not extend l in place:\n%s", eventLines(direct))
	}
}

// TestDirectLocalsAfterTheStackGrew: a call whose callee's locals grow the
// match's direct stack into a new array leaves no local behind there: the
// next move's body, which assigns y only for seat 1, fails for seat 2 as
// Starlark does (y referenced before assignment), not with seat 1's y.
func TestDirectLocalsAfterTheStackGrew(t *testing.T) {
	var big strings.Builder
	big.WriteString("def big():\n")
	for i := range 24 { // more locals than a match's first stack holds
		fmt.Fprintf(&big, "    v%d = %d\n", i, i)
	}
	big.WriteString("    return v23\n")
	body := "if player.no == 1:\n  y = 5\n  big()\nx = y\nactivate_next_player()\nnext_state(\"go\")"
	p := parseDirect(t, bodyPack(body, big.String()), "grow.yaml")
	play := func(interpret bool) string {
		m := newMatch(t, p, 2, Options{Seed: 1, Interpret: interpret})
		if err := applyFirst(t, m); err != nil {
			t.Fatalf("seat 1: %v", err)
		}
		err := applyFirst(t, m)
		if err == nil {
			return "no error"
		}
		return err.Error()
	}
	if d, i := play(false), play(true); d != i || !strings.Contains(i, "referenced before assignment") {
		t.Errorf("seat 2's move: direct %q, interpreted %q", d, i)
	}
}

// TestDirectPureCodeCannotChangeTheMatch: a precondition with a direct form
// that changes the match fails as through Starlark, naming the pure place.
func TestDirectPureCodeCannotChangeTheMatch(t *testing.T) {
	src := strings.Replace(bodyPack(`next_state("go")`, ""), "  go:\n    body:", "  go:\n    precondition: board.set(0, 0, 1) == None\n    body:", 1)
	p := parseDirect(t, src, "pure.yaml")
	legal := func(interpret bool) string {
		m := newMatch(t, p, 2, Options{Seed: 1, Interpret: interpret})
		_, err := m.Legal(m.Active())
		if err == nil {
			return "no error"
		}
		return err.Error()
	}
	if d, i := legal(false), legal(true); d != i || !strings.Contains(i, "pure place (action go precondition)") {
		t.Errorf("direct %q, interpreted %q", d, i)
	}
}

// TestDirectRecursiveScript: a script function that calls itself has no
// direct form (direct calls have no depth limit; Starlark's has one), and
// the code calling it runs through Starlark with the same result.
func TestDirectRecursiveScript(t *testing.T) {
	body := "x = fact(5)\nnotify(str(x))\nnext_state(\"go\")"
	p, err := Parse([]byte(bodyPack(body, "def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)")), "fact.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if p.directHooks != 0 {
		t.Errorf("%d of %d pieces of code have a direct form, want none (the body calls a recursive function)", p.directHooks, p.hooks)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	if err := applyFirst(t, m); err != nil {
		t.Fatal(err)
	}
	if log := eventLines(m.Events()); !strings.Contains(log, "notification [turn] p1 120") {
		t.Errorf("fact(5) not told as 120:\n%s", log)
	}
}
