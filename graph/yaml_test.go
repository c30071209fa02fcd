package graph

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"
)

// TestCanonicalYAML: the canonical form of the sketch is the golden file, and
// loading the golden file then saving it gives the same bytes.
func TestCanonicalYAML(t *testing.T) {
	p, err := Load(filepath.Join("testdata", "sketch.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "sketch.canonical.yaml")
	want := checkGolden(t, golden, got)
	again, err := Parse(want, golden)
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := Marshal(again); !bytes.Equal(out, want) {
		t.Fatalf("load then save of %s is not byte-identical:\n%s", golden, out)
	}
}

// TestCodePositions: code remembers where its text starts, so compile errors can
// point into the YAML file.
func TestCodePositions(t *testing.T) {
	p, err := Load(filepath.Join("testdata", "sketch.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		what string
		got  Pos
		want Pos
	}{
		{"inline who", p.Actions.Lookup("playCard").Who.Pos, Pos{Line: 37, Column: 10}},
		{"block body", p.Actions.Lookup("playCard").Body.Pos, Pos{Line: 41, Column: 7}},
		{"state", p.StateByName("playerTurn").Pos, Pos{Line: 16, Column: 5}},
		{"transition", p.StateByName("playerTurn").Transitions[1].Pos, Pos{Line: 22, Column: 32}},
		{"script", p.Scripts[0].Code.Pos, Pos{Line: 59, Column: 5}},
		{"quoted domain", p.Actions.Lookup("playCard").Params[0].Domain.Pos, Pos{Line: 39, Column: 37}},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s at %v, want %v", c.what, c.got, c.want)
		}
	}
}

// TestParseErrors: bad input names the file, line and column.
func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"format: 1\npack: x\nstates: []\ncolour: red\n", `p.yaml:4:1: unknown key "colour"`},
		{"format: 1\npack: x\nstates:\n  - id: [1]\n", `p.yaml:4:9: a state id must be an integer or a constant name`},
		{"format: 1\npack: x\nstates:\n  - id: 2\n    transitions: {a: 3, a: 4}\n", `p.yaml:5:25: transitions: "a" is defined twice`},
		{"format: 1\npack: x\nstates:\n  - id: 2\n    possibleactions: 7\n", `p.yaml:5:22: expected a list, found an integer "7"`},
		{"pack: x\nstates: []\n", `p.yaml: missing "format" (the rule pack format version)`},
		{"format: 9\npack: x\nstates: []\n", `p.yaml: rule pack format 9 is newer than this studio reads (1)`},
		{"format: 1\npack: [\n", `p.yaml:2:7: sequence end token ']' not found`},
		{"format: 1\npack: x\nstates: []\n---\nformat: 1\n", `p.yaml:4:1: a rule pack file holds one YAML document; this is a second one`},
		{"format: 1\npack: x\nstates: []\nactions:\n  play:\n    body: [1]\n", `p.yaml:6:11: code must be a string`},
		{"format: 1\npack: x\nstates: []\nactions:\n  bid:\n    params:\n      n: {type: int, domain: range(0, game.size + 1)}\n",
			`p.yaml:7:39: unknown key "game.size + 1)": a comma ends a value in a {...} mapping, so YAML read it as a key: quote the value ('range(0, game.size + 1)')`},
	}
	bomb := "format: 1\npack: x\nstates: []\nconstants:\n  a: &a [0,0,0,0,0,0,0,0,0,0]\n"
	for i, prev := 1, "a"; i < 7; i, prev = i+1, string(rune('a'+i)) {
		name := string(rune('a' + i))
		bomb += fmt.Sprintf("  %s: &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n", name, name, prev, prev, prev, prev, prev, prev, prev, prev, prev, prev)
	}
	cases = append(cases, struct{ src, want string }{bomb, `p.yaml:1:1: the document's aliases expand to more than 1000000 values`})
	for _, c := range cases {
		_, err := Parse([]byte(c.src), "p.yaml")
		if err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q) error = %v, want %s", c.src, err, c.want)
		}
	}
}

// TestSyntaxErrorPlaces: a YAML syntax error is reported at its own line
// and the column of the token that is wrong, wherever it is in the file
// (issue 19, item 23: a bad line 24 was reported as 23:1, the line before,
// which is where the library's enclosing block starts).
func TestSyntaxErrorPlaces(t *testing.T) {
	head := "format: 1\npack: x\nstates:\n"
	for i := 1; i <= 5; i++ { // states 1..5 fill lines 4..23
		head += fmt.Sprintf("  - id: %d\n    name: s%d\n    type: game\n    transitions: {\"\": %d}\n", i, i, i+1)
	}
	cases := []struct{ bad, want string }{
		{"    description: \"abc\n", "24:18: could not find end character of double-quoted text"},
		{"   name: x\n", "24:4: value is not allowed in this context"},
		{"\tname: y\n", "24:1: a tab character: YAML indents with spaces only"},
		{"    description: 'a' b\n", "24:22: value is not allowed in this context. map key-value is pre-defined"},
		{"    - x\n", "24:5: non-map value is specified"},
	}
	for _, c := range cases {
		src := head + c.bad + "  - id: 99\n    name: gameEnd\n    type: manager\n"
		_, err := Parse([]byte(src), "p.yaml")
		if err == nil || err.Error() != "p.yaml:"+c.want {
			t.Errorf("line 24 %q: %v, want p.yaml:%s", c.bad, err, c.want)
		}
	}
}

// TestInferredTransitions: an inferred transition is written {to: ID, inferred:
// true}; a declared one stays a plain id. The file is canonical, so loading and
// saving it gives the same bytes.
func TestInferredTransitions(t *testing.T) {
	path := filepath.Join("testdata", "inferred.yaml")
	p, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(p.States[0].Transitions, p.States[1].Transitions)
	want := "[{pass 3 false 9:7} {NextPlayer 3 true 10:7} {ST_END_GAME ST_END_GAME true 11:7}] [{PlayerTurn 2 true 17:7}]"
	if got != want {
		t.Errorf("transitions\n got %s\nwant %s", got, want)
	}
	out, err := Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, path, out)

	cases := []struct{ tr, want string }{
		{"{to: 3, inferred: maybe}", `p.yaml:5:40: transition "a": inferred must be true or false`},
		{"{inferred: true}", `p.yaml:5:22: transition "a": missing "to" (the target state id)`},
		{"{to: 3, via: x}", `p.yaml:5:30: transition "a": unknown key "via" (want to, inferred)`},
		{"{to: [3]}", `p.yaml:5:27: a state id must be an integer or a constant name`},
	}
	for _, c := range cases {
		src := "format: 1\npack: x\nstates:\n  - id: 2\n    transitions: {a: " + c.tr + "}\n"
		if _, err := Parse([]byte(src), "p.yaml"); err == nil || err.Error() != c.want {
			t.Errorf("transition %s: error = %v, want %s", c.tr, err, c.want)
		}
	}
}
