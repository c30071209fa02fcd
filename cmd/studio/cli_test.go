package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rulestudio/studio/internal/corpus"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"
)

// run executes the studio command line in-process and returns its standard output
// and error. Every flag starts from its default, as in a new process.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	resetFlags(rootCmd)
	var out bytes.Buffer
	rootCmd.SetOut(&out)
	rootCmd.SetErr(&out)
	rootCmd.SetArgs(args)
	err := rootCmd.Execute()
	return out.String(), err
}

// runSplit is run with standard output and standard error apart.
func runSplit(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	resetFlags(rootCmd)
	var out, errs bytes.Buffer
	rootCmd.SetOut(&out)
	rootCmd.SetErr(&errs)
	rootCmd.SetArgs(args)
	err = rootCmd.Execute()
	return out.String(), errs.String(), err
}

func TestImportValidateExportRoundTrip(t *testing.T) {
	src := corpus.File(t, "thoun__azul__states.inc.php")
	dir := t.TempDir()
	proj := filepath.Join(dir, "azul.rulestudio")
	out, err := run(t, "import-bga", src, "-o", proj)
	if err != nil {
		t.Fatal(err)
	}
	want := azulFacts(t, src)
	if wantOut := fmt.Sprintf("imported %d states from %s into %s\n", want.states, src, proj); out != wantOut {
		t.Errorf("import-bga said %q, want %q", out, wantOut)
	}
	if _, err := run(t, "import-bga", src, "-o", proj); err == nil {
		t.Error("import-bga over an existing project succeeded; it must refuse")
	}

	diag := regexp.MustCompile(`^.+:\d+:\d+: (error|warning|info): .+$|^.+: (error|warning|info): .+$`)
	out, _, err = runSplit(t, "validate", proj)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line != "" && !diag.MatchString(line) {
			t.Errorf("validate printed %q, not file:line:col: severity: message", line)
		}
	}
	if err != nil && exitCode(err) != 1 {
		t.Fatalf("validate: %v", err)
	}

	php := filepath.Join(dir, "states.inc.php")
	if _, err := run(t, "export", proj, "--format", "bga", "-o", php); err != nil {
		t.Fatal(err)
	}
	proj2 := filepath.Join(dir, "again.rulestudio")
	if _, err := run(t, "import-bga", php, "-o", proj2); err != nil {
		t.Fatal(err)
	}
	yaml1, err := run(t, "export", proj, "--format", "yaml", "-o", "")
	if err != nil {
		t.Fatal(err)
	}
	yaml2, err := run(t, "export", proj2, "--format", "yaml", "-o", "")
	if err != nil {
		t.Fatal(err)
	}
	if stripName(yaml1) != stripName(yaml2) {
		t.Errorf("BGA export then import changed the pack:\n%s\n---\n%s", yaml1, yaml2)
	}
	// The YAML (one document of the multi-document export) holds the file's
	// states, names and types as the source and SOURCES.tsv have them.
	type state struct {
		Name string `yaml:"name"`
		Type string `yaml:"type"`
	}
	var states []state
	dec := yaml.NewDecoder(strings.NewReader(yaml1))
	for {
		var doc struct {
			States []state `yaml:"states"`
		}
		if err := dec.Decode(&doc); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("the YAML export does not parse: %v", err)
		}
		states = append(states, doc.States...)
	}
	var names []string
	types := map[string]int{}
	for _, s := range states {
		names = append(names, s.Name)
		types[s.Type]++
	}
	sort.Strings(names)
	if got := strings.Join(names, " "); got != strings.Join(want.names, " ") {
		t.Errorf("YAML export: states %s, the source names %s", got, strings.Join(want.names, " "))
	}
	if got := fmt.Sprint(types); got != fmt.Sprint(want.types) {
		t.Errorf("YAML export: types %s, SOURCES.tsv says %s", got, fmt.Sprint(want.types))
	}
	// The DOT picture has an edge per transition, labelled with its name, and
	// a dashed one per initialprivate.
	dot, err := run(t, "export", proj, "--format", "dot", "-o", "")
	if err != nil || !strings.HasPrefix(dot, "digraph ") {
		t.Fatalf("dot export: %v\n%s", err, dot)
	}
	var edges []string
	for _, m := range regexp.MustCompile(`-> "(\w+)" \[label="(\w*)"\]`).FindAllStringSubmatch(dot, -1) {
		edges = append(edges, m[2]+" => "+m[1])
	}
	sort.Strings(edges)
	if got := strings.Join(edges, ", "); got != strings.Join(want.transitions, ", ") {
		t.Errorf("dot export: %d transitions\n%s\nthe source has %d\n%s", len(edges), got, len(want.transitions), strings.Join(want.transitions, ", "))
	}
	if n := strings.Count(dot, "style=dashed"); n != want.initialPrivate {
		t.Errorf("dot export: %d dashed initialprivate edges, the source has %d", n, want.initialPrivate)
	}
}

// facts are what a corpus file says of itself, read without the importer: the
// state count and types from SOURCES.tsv (the corpus's own notes), the state
// names, transitions and initialprivate links by regular expressions over the
// source (enough for a file written as plainly as Azul's).
type facts struct {
	states         int
	types          map[string]int
	names          []string // sorted
	transitions    []string // "name => TARGET", sorted
	initialPrivate int
}

func azulFacts(t *testing.T, src string) facts {
	t.Helper()
	var f facts
	notes, err := os.ReadFile(filepath.Join(corpus.Dir(), "SOURCES.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(notes), "\n") {
		if !strings.HasPrefix(line, filepath.Base(src)+"\t") {
			continue
		}
		m := regexp.MustCompile(`states=(\d+); types=([a-z:0-9/]+)`).FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("SOURCES.tsv has no states= and types= for %s", src)
		}
		f.states, _ = strconv.Atoi(m[1])
		f.types = map[string]int{}
		for _, kv := range strings.Split(m[2], "/") {
			k, v, _ := strings.Cut(kv, ":")
			f.types[k], _ = strconv.Atoi(v)
		}
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?m)//.*$`).ReplaceAllString(string(b), "")
	for _, m := range regexp.MustCompile(`"name" => "(\w+)"`).FindAllStringSubmatch(text, -1) {
		f.names = append(f.names, m[1])
	}
	sort.Strings(f.names)
	for _, block := range regexp.MustCompile(`(?s)"transitions" => \[(.*?)\]`).FindAllStringSubmatch(text, -1) {
		for _, m := range regexp.MustCompile(`"(\w*)" => (\w+)`).FindAllStringSubmatch(block[1], -1) {
			f.transitions = append(f.transitions, m[1]+" => "+m[2])
		}
	}
	sort.Strings(f.transitions)
	f.initialPrivate = strings.Count(text, `"initialprivate" =>`)
	if f.states == 0 || len(f.names) != f.states || len(f.transitions) < 20 {
		t.Fatalf("azul's facts look wrong (the corpus changed?): %+v", f)
	}
	return f
}

// resetFlags sets every flag of c and its subcommands back to its default:
// the commands' flag variables outlive one in-process run.
func resetFlags(c *cobra.Command) {
	c.Flags().VisitAll(func(f *pflag.Flag) {
		_ = f.Value.Set(f.DefValue)
		f.Changed = false
	})
	for _, sub := range c.Commands() {
		resetFlags(sub)
	}
}

// stripName drops the pack's name line, which follows the file name it was
// imported from.
func stripName(yaml string) string {
	return regexp.MustCompile(`(?m)^pack: .*$`).ReplaceAllString(yaml, "")
}

func TestValidateExitStatus(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.yaml")
	src := "format: 1\npack: bad\nstates:\n  - id: 1\n    name: gameSetup\n    type: manager\n    transitions: {\"\": 7}\n  - id: 99\n    name: gameEnd\n    type: manager\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, "validate", path)
	var es *exitStatus
	if !errors.As(err, &es) || es.code != 1 {
		t.Fatalf("validate of a pack with errors: err = %v, want exit status 1", err)
	}
	want := path + `:7:19: error: state 1 "gameSetup": transition "" goes to state 7, which does not exist`
	if !strings.Contains(out, want) {
		t.Errorf("validate output:\n%s\nwant a line:\n%s", out, want)
	}
}

// TestValidateCompilesCode: validate reports the pack's Starlark compile errors
// at their place in the YAML file.
func TestValidateCompilesCode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "code.yaml")
	src := `format: 1
pack: code
states:
  - id: 1
    name: gameSetup
    type: manager
    action: stSetup
    transitions: {"": 99}
    updateGameProgression: true
  - id: 99
    name: gameEnd
    type: manager
scripts:
  main: |
    def stSetup():
        next_state(
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, "validate", path)
	if err == nil || exitCode(err) != 1 {
		t.Fatalf("validate of a pack with a syntax error: %v\n%s", err, out)
	}
	// At the parenthesis never closed, not past the end of the file.
	if !strings.Contains(out, path+":16:19: error: script main: '(' was never closed") {
		t.Errorf("validate output lacks the compile error at 16:19:\n%s", out)
	}
}

// TestValidateMistakes: `studio validate` prints every designer mistake of
// engine/testdata/mistakes exactly as its table says, each once, as
// file:line:col: severity: message, and nothing else; it exits 1 when one is
// an error.
func TestValidateMistakes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "engine", "testdata", "mistakes", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no mistakes: %v", err)
	}
	mistakes := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		hasErr := false
		for _, line := range strings.Split(string(data), "\n") {
			for _, tag := range []string{"# want: ", "# also: "} {
				if d, ok := strings.CutPrefix(line, tag); ok {
					want = append(want, f+":"+d)
					hasErr = hasErr || strings.Contains(d, ": error: ")
					if tag == "# want: " {
						mistakes++
					}
				}
			}
		}
		out, _, err := runSplit(t, "validate", f)
		got := strings.Split(strings.TrimSpace(out), "\n")
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("validate %s printed:\n%s\nwant:\n%s", f, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if hasErr != (err != nil && exitCode(err) == 1) {
			t.Errorf("validate %s: errors %v, exit error %v", f, hasErr, err)
		}
	}
	if mistakes < 40 {
		t.Errorf("%d mistakes; the table must hold at least 40", mistakes)
	}
}
