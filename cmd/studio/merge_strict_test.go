package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeRefusesEditedParts: merge decodes its parts strictly and checks
// every count against the number of matches, refusing a part edited by hand
// (or by another tool) with the file and the field.
func TestMergeRefusesEditedParts(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	simulate(t, "tictactoe", "--shard", "0/1", "-o", good)
	text, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) string {
		var m map[string]any
		if err := json.Unmarshal(text, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		out, _ := json.MarshalIndent(m, "", "  ")
		return string(out)
	}
	prefix := func(s string) string { return strings.Replace(string(text), "{", "{"+s, 1) }
	cases := []struct {
		name, text, want string
	}{
		{"wins", edit(func(m map[string]any) { m["wins"].([]any)[0] = 500 }), `"wins": seat 1 has 500 wins of 21 matches`},
		{"draws", edit(func(m map[string]any) { m["draws"] = -3 }), `"draws" is -3: a count is never negative`},
		{"sum", edit(func(m map[string]any) { m["draws"] = m["draws"].(float64) + 21 }), `"wins", "draws" and "errors" count more matches than the 21 of "matches"`},
		{"lengths", edit(func(m map[string]any) { m["lengths"].(map[string]any)["400"] = 2 }), `"lengths" count 23 matches; "matches" is 21`},
		{"seeds", edit(func(m map[string]any) { m["seeds"].([]any)[0].(map[string]any)["count"] = 20 }), `"seeds" hold 20 seeds; "matches" is 21`},
		{"visits", edit(func(m map[string]any) { m["visits"].(map[string]any)["2"] = -1 }), `"visits" "2" is -1: a count is never negative`},
		{"unknown", prefix(`"colour": 1,`), `bad.json:1:2: unknown key "colour"`},
		{"twice", prefix(`"matches": 3,`), `"matches" is given twice (first at 1:2)`},
		{"case", prefix(`"Matches": 3,`), `bad.json:1:2: "Matches" is not a key of a simulate result: write it "matches"`},
		{"type", prefix(`"seconds": "now",`), `bad.json:1:13: seconds must be a number, not a JSON string`},
	}
	for _, c := range cases {
		bad := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(bad, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := run(t, "merge", "--json=false", "--report=", bad)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "bad.json") {
			t.Errorf("%s: merge said %v\n%s\nwant an error naming bad.json with %q", c.name, err, out, c.want)
		}
	}
	if out, err := run(t, "merge", "--json=false", "--report=", good); err != nil && !failedOnlyInMatches(err) {
		t.Errorf("merge of the part as simulate wrote it: %v\n%s", err, out)
	}
}
