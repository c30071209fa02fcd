package engine

import (
	"os"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// docExample returns the YAML block of docs/model.md that follows the
// marker "<!-- example: NAME", without its fences.
func docExample(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("../docs/model.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "<!-- example: "+name)
	if !ok {
		t.Fatalf("docs/model.md has no example %q", name)
	}
	_, rest, _ = strings.Cut(rest, "```yaml\n")
	block, _, _ := strings.Cut(rest, "```")
	return block
}

// TestDocsLanguageExample: the helpers docs/model.md shows run as it says
// (total adds, rank_of counts with a while loop), and sum, which it says
// Starlark lacks, is an undefined name (issue 19, item 28).
func TestDocsLanguageExample(t *testing.T) {
	helpers := strings.TrimPrefix(docExample(t, "helpers"), "scripts:\n")
	data, _ := assets.Pack("tictactoe")
	src := strings.Replace(string(data), "scripts:\n", "scripts:\n"+helpers, 1)
	p, err := Parse([]byte(src), "ttt.yaml")
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	m := newMatch(t, p, 2, Options{})
	for expr, want := range map[string]string{
		"total([3, 4, 5])": "12",
		"rank_of(sorted([9, 2, 7], reverse=True), 7)": "2",
		"rank_of([9, 7, 2], 1)":                       "4",
	} {
		if v, err := m.Eval(expr); err != nil || v.String() != want {
			t.Errorf("%s = %v %v, want %s", expr, v, err, want)
		}
	}
	gp, err := graph.Parse([]byte(strings.Replace(src, "progression: ", "progression: sum([1]) + ", 1)), "ttt.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d := Check(gp); len(d) != 1 || !strings.Contains(d[0].Message, "undefined: sum") {
		t.Errorf("a pack calling sum: %v, want one undefined: sum", d)
	}
}
