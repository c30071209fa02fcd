package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
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
		{"any([i > 1 for i in range(3)]) and not all([i > 0 for i in range(3)])", "[x for x in range(4) if all([x > i for i in range(x)]) and any([True for i in range(x)])]"},
		{"any([]) or all([])", "[any([i for i in []]), all([i for i in []]), any([i for i in [0, '', 2, None]]), all([i for i in [1, 0]])]"},
		{"any([x for x in evens(4)])", "[all([j for j in evens(i)]) for i in range(3)]"},
		// Errors: not iterable, in the body, in a condition, in a function.
		{"True", "[i for i in 3]"},
		{"True", `[i for i in "abc"]`},
		{"True", "[1 // i for i in [1, 0]]"},
		{"True", `[i for i in range(3) if i + "a"]`},
		{"True", "evens(None)"},
		{"len([i for i in player]) > 0", "[1]"},
		{"True", "[j for i in range(2) for j in i]"},
		{"any([1 // i for i in [1, 0]])", "[1]"},
		{"True", "[all([i + 'a' for i in range(2)])]"},
		{"True", "[any([True for i in 3])]"},
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
		{"[any([a > b for a in range(1000) for b in range(1000)])]", "too many steps"},
		{"[all([i >= 0 for i in range(5000)])]", "True"},
	} {
		p := parseDirect(t, comprehensionPack("True", c.domain, ""), "bound.yaml")
		d, i := legalBoth(t, p)
		if d != i || !strings.Contains(d, c.want) {
			t.Errorf("domain %s:\ndirect:      %s\ninterpreted: %s\nwant %q in both", c.domain, d, i, c.want)
		}
	}
}

// TestDirectLoopsUnlessTheyPrint: an action's body with a comprehension, a
// for loop, or a call of a script function with one has a direct form (it
// runs again with its action when it stops partway: redo.go); code with a
// comprehension that prints has none (run again, it would print twice).
func TestDirectLoopsUnlessTheyPrint(t *testing.T) {
	script := "def evens(n):\n    return [i for i in range(n) if i % 2 == 0]"
	for _, c := range []struct {
		pre, body string
		direct    int
	}{
		{"len(evens(4)) == 2", "x = [i for i in range(3)]\nnext_state(\"go\")", 2},
		{"len(evens(4)) == 2", "x = evens(3)\nnext_state(\"go\")", 2},
		{"len(evens(4)) == 2", "for i in evens(3):\n    x = i\nnext_state(\"go\")", 2},
		{"len(evens(4)) == 2", "next_state(\"go\")", 2},
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

// TestDirectLoopBodiesAsStarlark: bodies with for loops, index expressions,
// methods called on values and comprehensions run directly and give what
// Starlark gives, events and errors; one whose loop runs past the budget,
// or calls what direct code cannot (a function stored in a list), runs again
// with its action interpreted and fails where Starlark fails (with history,
// stopping at the error, and in Play without history).
func TestDirectLoopBodiesAsStarlark(t *testing.T) {
	bodies := []string{
		"t = 0\nfor i in range(5):\n    t += i\nnotify(str(t))\nnext_state(\"go\")",
		"xs = [3, 1, 2]\nfor i in range(len(xs)):\n    notify(str(xs[i]) + str(xs[-1 - i]))\nnext_state(\"go\")",
		"d = {\"a\": 1}\nl = []\nfor p in players:\n    l.append(p.no)\n    if p.no > 1:\n        notify(str(l) + str(d[\"a\"]))\n    else:\n        player.score += 1\nnext_state(\"go\")",
		"for p in players:\n    for q in [x for x in players if x != p]:\n        notify(str((p.no, q.no)))\nnext_state(\"go\")",
		"for i in range(3):\n    if i == 2:\n        return\n    notify(str(i))",
		// Errors inside loops: an index out of range, a key missing, not iterable.
		"xs = [1]\nfor i in range(3):\n    notify(str(xs[i]))",
		"d = {}\nfor k in [\"a\"]:\n    notify(d[k])",
		"for x in 3:\n    pass",
		"for i in range(2):\n    notify(\"x\".nope())",
		// before(lambda: ...): the past, names of the code around it, errors inside.
		"x = before(lambda: player.score)\nnotify(str(x))\nnext_state(\"go\")",
		"for i in range(2):\n    notify(str(before(lambda: i + player.no)))\nnext_state(\"go\")",
		"notify(str([before(lambda: p.no * 2) for p in players]))\nnext_state(\"go\")",
		"x = before(lambda: 1 // player.score)",
		"x = before(lambda: player.nope)",
		// Past the budget: run again, interpreted.
		"for i in range(10000000):\n    player.score += 1",
		"t = 0\nfor i in range(100):\n    for j in range(100000):\n        t += 1\nnext_state(\"go\")",
		"fs = [helper]\nfor f in fs:\n    notify(str(f(1)))\nnext_state(\"go\")",
	}
	for _, body := range bodies {
		p := parseDirect(t, bodyPack(body, ""), "loops.yaml")
		for _, opts := range []Options{{}, {StopAtError: true}} {
			run := func(interpret bool) string {
				o := opts
				o.Seed, o.Interpret = 1, interpret
				m := newMatch(t, p, 2, o)
				err := applyFirst(t, m)
				return fmt.Sprintf("%s%v\n%v %v", eventLines(m.Events()), errText(err), m.Scores(), m.Step())
			}
			if d, i := run(false), run(true); d != i {
				t.Errorf("body %q, %+v:\ndirect:\n%s\ninterpreted:\n%s", body, opts, d, i)
			}
		}
		play := func(interpret bool) string {
			m := newMatch(t, p, 2, Options{Seed: 1, NoHistory: true, Interpret: interpret})
			plies, err := m.Play(NewRandomBot(1), 3)
			return fmt.Sprintf("%d %s %v", plies, errText(err), m.Scores())
		}
		if d, i := play(false), play(true); d != i {
			t.Errorf("body %q played without history:\ndirect:      %s\ninterpreted: %s", body, d, i)
		}
	}
}

// errText is err with a RunError's backtrace.
func errText(err error) string {
	var re *RunError
	if errors.As(err, &re) {
		return re.Error() + "\n" + re.Backtrace
	}
	return fmt.Sprint(err)
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

// wrappedBot is a RandomBot Play does not know as one (it lists each
// decision's moves in its own arena only for a RandomBot).
type wrappedBot struct{ b *RandomBot }

func (w wrappedBot) Choose(m *Match, moves []Move) Move { return w.b.Choose(m, moves) }

// TestPlayArenaKeepsMovesWhole: Play without history, whose random bot's
// moves take the last decision's place in its arena, and whose bodies may
// run again from the start of the Play (redo.go), plays every bundled pack
// as it does with another bot making the same choices.
func TestPlayArenaKeepsMovesWhole(t *testing.T) {
	for _, pack := range assets.Packs() {
		p := bundled(t, pack)
		for seed := uint64(1); seed <= 3; seed++ {
			play := func(bot Bot) string {
				m := newMatch(t, p, p.Pack.Players.Min, Options{Seed: seed, NoHistory: true})
				plies, err := m.Play(bot, 2000)
				return fmt.Sprintf("%d %v %v %x", plies, err, m.Scores(), m.Hash())
			}
			if a, b := play(NewRandomBot(seed)), play(wrappedBot{NewRandomBot(seed)}); a != b {
				t.Errorf("%s seed %d: %s, with another bot %s", pack, seed, a, b)
			}
		}
	}
}

// TestDirectLoopInSetupAsStarlark: a match's first run (gameSetup's
// action) whose loop passes the budget runs again interpreted, and the new
// match fails as Starlark makes it fail, stopped there or not.
func TestDirectLoopInSetupAsStarlark(t *testing.T) {
	src := strings.Replace(bodyPack(`next_state("go")`, "def stSetup(players):\n    for p in players:\n        p.n = 0\n    for i in range(3000000):\n        players[0].n += 1"),
		`{id: 1, name: gameSetup, type: manager, description: "", transitions: {"": 2}}`,
		`{id: 1, name: gameSetup, type: manager, description: "", action: stSetup, transitions: {"": 2}}`, 1)
	p := parseDirect(t, src, "setup.yaml")
	for _, stop := range []bool{false, true} {
		start := func(interpret bool) string {
			m, err := p.NewMatch(2, Options{Seed: 1, Interpret: interpret, StopAtError: stop})
			if m == nil {
				return errText(err)
			}
			return fmt.Sprintf("%s%s %v", eventLines(m.Events()), errText(err), m.Scores())
		}
		d, i := start(false), start(true)
		if d != i || !strings.Contains(d, "too many steps") {
			t.Errorf("StopAtError %v:\ndirect:\n%s\ninterpreted:\n%s", stop, d, i)
		}
	}
}
