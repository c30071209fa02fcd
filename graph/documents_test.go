package graph

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
)

func loadSketch(t testing.TB) *Pack {
	t.Helper()
	p, err := Load("testdata/sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMarshal(t testing.TB, p *Pack) []byte {
	t.Helper()
	b, err := Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDocumentsSplit(t *testing.T) {
	p := loadSketch(t)
	docs, err := Documents(p)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, d := range docs {
		paths = append(paths, string(d.Kind)+" "+d.Path)
	}
	want := []string{
		"pack pack.yaml",
		"states states.yaml",
		"actions actions.yaml",
		"object_type object_types/creature.yaml",
		"script scripts/main.yaml",
		"editor editor.yaml",
	}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("documents:\n%s\nwant:\n%s", strings.Join(paths, "\n"), strings.Join(want, "\n"))
	}
	if got := string(docs[3].YAML); !strings.HasPrefix(got, "object_types:\n  creature:\n") {
		t.Errorf("object type document:\n%s", got)
	}
	// With one object type and one script, the documents are the canonical
	// YAML cut in pieces.
	var cat []byte
	for _, d := range docs {
		if err := d.Check(); err != nil {
			t.Error(err)
		}
		cat = append(cat, d.YAML...)
	}
	if full := mustMarshal(t, p); !bytes.Equal(cat, full) {
		t.Fatalf("documents:\n%s\nMarshal:\n%s", cat, full)
	}
	q, err := JoinDocuments(docs)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := mustMarshal(t, p), mustMarshal(t, q); !bytes.Equal(a, b) {
		t.Fatalf("join(split(p)) differs:\n%s\n---\n%s", a, b)
	}
	bad := Document{Kind: StatesDoc, Path: "states.yaml", YAML: []byte("states:\n  - id: [\n")}
	if err := bad.Check(); err == nil || err.Error() != "states.yaml:2:9: sequence end token ']' not found" {
		t.Errorf("Check of bad YAML: %v", err)
	}
	// Canonical: the documents of the joined pack are byte-equal.
	docs2, err := Documents(q)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(docs, docs2) {
		t.Fatal("documents of the joined pack differ")
	}
}

func TestMultiDocRoundTrip(t *testing.T) {
	p := loadSketch(t)
	var buf bytes.Buffer
	if err := WriteMultiDoc(&buf, p); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "# yaml-language-server: $schema=pack.schema.json\nformat: 1\n") {
		t.Fatalf("multi-doc file starts:\n%.200s", buf.String())
	}
	q, err := ReadMultiDoc(buf.Bytes(), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := mustMarshal(t, p), mustMarshal(t, q); !bytes.Equal(a, b) {
		t.Fatalf("multi-doc round trip differs:\n%s\n---\n%s", a, b)
	}
	// Lines count from the start of the file: the third state is in the second
	// document.
	lines := strings.Split(buf.String(), "\n")
	want := 0
	for i, l := range lines {
		if strings.Contains(l, "name: chooseTarget") {
			want = i // the "- id:" line is the one before
		}
	}
	if got := q.States[2].Pos.Line; got != want {
		t.Errorf("state 3 at line %d, want %d", got, want)
	}
	// The one-document form reads too.
	r, err := ReadMultiDoc(mustMarshal(t, p), "one.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mustMarshal(t, p), mustMarshal(t, r)) {
		t.Fatal("one-document form differs")
	}
}

func TestParseAcceptsSchemaComment(t *testing.T) {
	src := SchemaComment("https://example.com/pack.schema.json") + string(mustMarshal(t, loadSketch(t)))
	if _, err := Parse([]byte(src), "c.yaml"); err != nil {
		t.Fatal(err)
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"twice", "format: 1\nstates: []\n---\nstates: []\n", `f.yaml:4:1: "states" is defined twice (first at f.yaml:2)`},
		{"type twice", "format: 1\nstates: []\nobject_types:\n  a: {}\n---\nobject_types:\n  a: {}\n", `f.yaml:7:3: object_types "a" is defined twice (first at f.yaml:4)`},
		{"no format", "states: []\n", `f.yaml: missing "format" (the rule pack format version)`},
		{"not mapping", "format: 1\n---\n- 1\n", `f.yaml:3:1: a rule pack document must be a mapping`},
		{"unknown key", "format: 1\n---\nstatez: []\n", "f.yaml:3:1: "},
		{"newer", "format: 99\n", "f.yaml: rule pack format 99 is newer than this studio reads (1)"},
		{"alias bomb", "format: 1\nconstants:\n  a: &a [1,1,1,1,1,1,1,1,1,1]\n  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n" +
			"  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n  d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n" +
			"  e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n  f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
			"f.yaml:1:1: the document's aliases expand to more than 1000000 values"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadMultiDoc([]byte(tt.src), "f.yaml")
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// FuzzReadMultiDoc checks that pack import never panics, and that whatever it
// accepts splits into documents that join back to the same canonical YAML.
// Run it with a short minimization budget, or the fuzzer spends minutes
// minimizing each new input grown from the 1.5 KB seeds before reporting:
//
//	go test ./graph -run XXX -fuzz FuzzReadMultiDoc -fuzztime 60s -fuzzminimizetime 2s
func FuzzReadMultiDoc(f *testing.F) {
	sketch, err := os.ReadFile("testdata/sketch.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(sketch)
	p, err := Parse(sketch, "sketch.yaml")
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteMultiDoc(&buf, p); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("format: 1\n---\n---\nstates: []\n"))
	f.Add([]byte("format: 1\nobject_types: {a: {}}\n---\nobject_types: {b: {tags: [x]}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ReadMultiDoc(data, "fuzz.yaml")
		if err != nil {
			return
		}
		docs, err := Documents(p)
		if err != nil {
			return // a value the model holds but cannot write is not this test's business
		}
		q, err := JoinDocuments(docs)
		if err != nil {
			t.Fatalf("documents of an accepted pack do not join: %v", err)
		}
		a, _ := Marshal(p)
		b, _ := Marshal(q)
		if !bytes.Equal(a, b) {
			t.Fatalf("join(split(p)) differs:\n%s\n---\n%s", a, b)
		}
	})
}

// TestReadMultiDocPlacesBlockCode: code in a block scalar starts at the
// indentation of its first line, in the multi-document reader as in Parse, so
// that compile errors point at the same column whichever reads the file.
func TestReadMultiDocPlacesBlockCode(t *testing.T) {
	data, err := os.ReadFile("testdata/sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	multi, err := ReadMultiDoc(data, "sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// actions: playCard: body: | is line 40; its text starts on line 41, column 7.
	if got, want := multi.Actions.Lookup("playCard").Body.Pos, (Pos{Line: 41, Column: 7}); got != want {
		t.Errorf("block code at %v, want %v", got, want)
	}
	if got := loadSketch(t).Actions.Lookup("playCard").Body.Pos; got != multi.Actions.Lookup("playCard").Body.Pos {
		t.Errorf("Parse puts it at %v", got)
	}
}

// TestFileNames: names that clash ignoring case or after unsafe characters
// are replaced get -2, -3, ... in sorted name order, whatever the list's order.
func TestFileNames(t *testing.T) {
	want := map[string]string{"CARD": "CARD", "Card": "Card-2", "card": "card-3", "a b": "a_b", "a_b": "a_b-2", "x/y": "x_y"}
	for _, names := range [][]string{
		{"Card", "card", "CARD", "a b", "a_b", "x/y"},
		{"x/y", "a_b", "a b", "CARD", "card", "Card"},
	} {
		got := fileNames(names)
		for i, n := range names {
			if got[i] != want[n] {
				t.Errorf("%q: file name %q, want %q (list %q)", n, got[i], want[n], names)
			}
		}
	}
}
