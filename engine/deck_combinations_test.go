package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"go.starlark.net/starlark"
)

// TestCombinations: combinations(items, k) lists C(n, k) tuples in
// lexicographic order of positions, the empty tuple for k = 0, none for k
// out of range; more than maxCombinations is an error, not an allocation of
// gigabytes.
func TestCombinations(t *testing.T) {
	m := newMatch(t, bundled(t, "hearts"), 4, Options{Seed: 1})
	for expr, want := range map[string]string{
		"combinations([1, 2, 3, 4], 2)":     "[(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]",
		"combinations([1, 2, 3], 3)":        "[(1, 2, 3)]",
		"combinations([1, 2], 0)":           "[()]",
		"combinations([], 0)":               "[()]",
		"combinations([1, 2], 3)":           "[]",
		"combinations([1, 2], -1)":          "[]",
		"len(combinations(range(13), 3))":   "286",
		"len(combinations(range(52), 4))":   "270725",
		"combinations([1, 2], 1)[1][0] + 1": "3",
	} {
		got, err := m.Eval(expr)
		if err != nil || got == nil || got.String() != want {
			t.Errorf("%s = %s, %v; want %s", expr, got, err, want)
		}
	}
	if _, err := m.Eval("combinations(range(60), 30)"); err == nil || !strings.Contains(err.Error(), "more than 4194304 combinations") {
		t.Errorf("combinations(range(60), 30): %v, want too many", err)
	}
}

// TestCombinationsLentOnlyToLegal: a domain that is one combinations() call
// of a hand (Hearts' giveCards) lends legal the cache's tuples without a
// copy; code that takes combinations of the same hand and changes its list
// (here a precondition, run for every tuple) gets a copy, and the tuples
// legal lists next are still the hand's, as through the interpreter.
func TestCombinationsLentOnlyToLegal(t *testing.T) {
	data, _ := assets.Pack("hearts")
	src := strings.Replace(string(data), "    who: is_multiactive(player)\n", "    who: is_multiactive(player)\n    precondition: len(mangled(player)) == 285\n", 1)
	src = strings.Replace(src, "    def receiver(", "    def mangled(p):\n        xs = combinations(deck.cards(\"hand\", p), 3)\n        xs[0] = \"x\"\n        xs.pop()\n        return xs\n\n    def receiver(", 1)
	p, err := Parse([]byte(src), "hearts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !p.actions["giveCards"].domains[0].lendsCombos {
		t.Fatal("giveCards' domain does not lend its combinations: the test would test nothing")
	}
	list := func(interpret bool) string {
		m := newMatch(t, p, 4, Options{Seed: 1, Interpret: interpret})
		var b strings.Builder
		for _, seat := range []int{0, 1, 0} {
			moves, err := m.Legal(seat)
			if err != nil || len(moves) != 286 {
				t.Fatalf("seat %d: %d moves, %v", seat, len(moves), err)
			}
			for _, mv := range moves {
				if tp, ok := mv.Args[0].(starlark.Tuple); !ok || len(tp) != 3 {
					t.Fatalf("seat %d: a move of %s", seat, mv.Args[0])
				}
			}
			fmt.Fprintln(&b, moves[0], moves[285])
		}
		return b.String()
	}
	if d, i := list(false), list(true); d != i {
		t.Errorf("direct:\n%s\ninterpreted:\n%s", d, i)
	}
}
