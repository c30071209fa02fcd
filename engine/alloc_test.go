package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// runAlloc runs errorPack's action with body once, with a limit of limit
// bytes (and interpreted when interpret), and returns its error.
func runAlloc(t *testing.T, body, script string, limit uint64, interpret bool) error {
	t.Helper()
	p, err := Parse([]byte(bodyPack(body, script)), "alloc.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1, AllocLimit: limit, Interpret: interpret})
	return applyFirst(t, m)
}

// TestAllocLimit: code that would make more bytes of values than
// Options.AllocLimit fails before making them, at the place of the
// builtin or operation, with "too much memory" (the sizes here are a few
// megabytes, so the test stays small without the limit too).
func TestAllocLimit(t *testing.T) {
	cases := []struct {
		body string
		at   graph.Pos
	}{
		{"x = list(range(2000000))", graph.Pos{Line: 16, Column: 15}},
		{"x = [0] * 2000000", graph.Pos{Line: 16, Column: 15}},
		{"x = sorted(range(2000000))", graph.Pos{Line: 16, Column: 17}},
		{"x = tuple(range(2000000))", graph.Pos{Line: 16, Column: 16}},
		{"x = 'ab' * 2000000", graph.Pos{Line: 16, Column: 16}},
		{"x = str([[1] * 1000] * 1000)", graph.Pos{Line: 16, Column: 14}},
		{"x = dict(enumerate(range(200000)))", graph.Pos{Line: 16, Column: 25}},
		{"s = 'ab'\nfor i in range(20):\n  s = s + s", graph.Pos{Line: 18, Column: 15}},
		{"s = 'ab'\nfor i in range(20):\n  s += s", graph.Pos{Line: 18, Column: 11}},
		{"s = ['ab']\nfor i in range(20):\n  s += s", graph.Pos{Line: 18, Column: 11}},
		{"s = 'ab'\nfor i in range(20):\n  s = s * 2", graph.Pos{Line: 18, Column: 15}},
		{"x = ', '.join(['abcdefgh'] * 50000)", graph.Pos{Line: 16, Column: 20}},
		{"x = ('a' * 1000).replace('a', 'bcdefgh' * 1000)", graph.Pos{Line: 16, Column: 31}},
		{"x = ('{0}' * 1000).format('abcdefgh' * 1000)", graph.Pos{Line: 16, Column: 32}},
		{"x = ('%s' * 3) % ('a' * 1000000, 'b', 'c')", graph.Pos{Line: 16, Column: 22}},
		{"x = [1]\nx.extend(range(2000000))", graph.Pos{Line: 17, Column: 15}},
		{"x = shuffle(range(2000000))", graph.Pos{Line: 16, Column: 18}},
		{"x = combinations(range(2000000), 1)", graph.Pos{Line: 16, Column: 23}},
		{"x = combinations(range(100), 3)", graph.Pos{Line: 16, Column: 23}},
		{"fail([['ab'] * 1000] * 1000)", graph.Pos{Line: 16, Column: 11}},
		{"j = ', '.join\nx = j(['abcdefgh'] * 50000)", graph.Pos{Line: 17, Column: 12}},
		{"j = getattr('-', 'join')\nx = j(['abcdefgh'] * 50000)", graph.Pos{Line: 17, Column: 12}},
		{"x = {'a': [1]}\nx['a'] += x['a'] * 100000", graph.Pos{Line: 17, Column: 24}},
		{"x = {'a': [1] * 40000}\nfor i in range(20):\n  x['a'] += x['a']", graph.Pos{Line: 18, Column: 16}},
	}
	for _, c := range cases {
		for _, interpret := range []bool{false, true} {
			err := runAlloc(t, c.body, "", 1<<20, interpret)
			var re *RunError
			if !errors.As(err, &re) || !strings.Contains(re.Msg, "too much memory") {
				t.Errorf("%q (interpret %v): got %v, want too much memory", c.body, interpret, err)
				continue
			}
			if re.Pos != c.at {
				t.Errorf("%q (interpret %v): at %v, want %v\n%s", c.body, interpret, re.Pos, c.at, re.Backtrace)
			}
		}
	}
}

// TestAllocAllowed: values as large as a game's rules may want (a list of a
// million numbers, a string of a million characters, a table built in a
// loop) fit in the default limit.
func TestAllocAllowed(t *testing.T) {
	for _, body := range []string{
		"x = list(range(1000000))\nnotify(str(len(x)))",
		"x = sorted([i % 7 for i in range(20000)])\nnotify(str(x[-1]))",
		"x = 'ab' * 1000000\nnotify(str(len(x)))",
		"x = []\nfor i in range(20000):\n  x += [i, i]\nnotify(str(len(x)))",
		"s = ''\nfor i in range(2000):\n  s += str(i)\nnotify(str(len(s)))",
		"x = ', '.join([str(i) for i in range(20000)])\nnotify(str(len(x)))",
	} {
		for _, interpret := range []bool{false, true} {
			if err := runAlloc(t, body, "", 0, interpret); err != nil {
				t.Errorf("%q (interpret %v): %v", body, interpret, err)
			}
		}
	}
}

// TestAllocDomain: a domain of more values than the limit allows moves
// (range is lazy: the domain's code makes nothing) fails when the legal
// moves are listed, at the domain's place, instead of listing them all.
func TestAllocDomain(t *testing.T) {
	src := strings.Replace(bodyPack("next_state('go')", ""), "  go:\n    body:", "  go:\n    params:\n      n: {type: int, domain: 'range(200000)'}\n    body:", 1)
	p, err := Parse([]byte(src), "alloc.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1, AllocLimit: 64 * 1000})
	_, err = m.Legal(m.Active())
	var re *RunError
	if !errors.As(err, &re) || !strings.Contains(re.Msg, "too much memory") || re.Source != "actions/go/params/n/domain" || re.Pos.Line != 16 {
		t.Fatalf("got %v, want too much memory at the domain (line 16)", err)
	}
	m = newMatch(t, p, 2, Options{Seed: 1})
	if moves, err := m.Legal(m.Active()); err != nil || len(moves) != 200000 {
		t.Errorf("with the default limit: %d moves, %v", len(moves), err)
	}
}
