package engine

import (
	"strings"
	"testing"
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
