package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// mistake is one designer mistake of testdata/mistakes: a pack file, what
// the mistake is, and its exact diagnostic without the file name.
type mistake struct {
	file, what, want string
}

// readMistakes reads the table of testdata/mistakes/*.yaml: each file ends
// with "# mistake: WHAT" lines, each followed by the "# want: DIAGNOSTIC" it
// must give and "# also: DIAGNOSTIC" lines for diagnostics that follow from
// it. It returns the mistakes and, per file, every diagnostic it must give.
func readMistakes(t *testing.T) ([]mistake, map[string][]string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "mistakes", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no mistakes: %v", err)
	}
	var ms []mistake
	all := map[string][]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		what := ""
		for _, line := range strings.Split(string(data), "\n") {
			switch {
			case strings.HasPrefix(line, "# mistake: "):
				what = strings.TrimPrefix(line, "# mistake: ")
			case strings.HasPrefix(line, "# want: "):
				if what == "" {
					t.Fatalf("%s: a want without its mistake: %s", f, line)
				}
				want := strings.TrimPrefix(line, "# want: ")
				ms = append(ms, mistake{file: f, what: what, want: want})
				all[f] = append(all[f], want)
				what = ""
			case strings.HasPrefix(line, "# also: "):
				all[f] = append(all[f], strings.TrimPrefix(line, "# also: "))
			}
		}
	}
	return ms, all
}

// diagnose reads a pack file as `studio validate` does and returns its
// diagnostics (a file that does not read gives its error as one).
func diagnose(t *testing.T, path string) []graph.Diagnostic {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := graph.ReadMultiDoc(data, path)
	var pe *graph.PosError
	if errors.As(err, &pe) {
		return []graph.Diagnostic{{File: pe.File, Pos: pe.Pos, Severity: graph.Error, Message: pe.Msg}}
	}
	if err != nil {
		t.Fatal(err)
	}
	return append(graph.Check(p), Check(p)...)
}

// TestMistakes: every designer mistake of testdata/mistakes gives its exact
// diagnostic (file:line:col: severity: message), and nothing else is said.
func TestMistakes(t *testing.T) {
	ms, all := readMistakes(t)
	if len(ms) < 40 {
		t.Errorf("%d mistakes; the table must hold at least 40", len(ms))
	}
	got := map[string][]string{}
	for f := range all {
		for _, d := range diagnose(t, f) {
			got[f] = append(got[f], d.String())
		}
	}
	for _, m := range ms {
		if !slices.Contains(got[m.file], m.file+":"+m.want) {
			t.Errorf("%s: %s:\nwant %s:%s\n got %s", m.file, m.what, m.file, m.want, strings.Join(got[m.file], "\n     "))
		}
	}
	for f, wants := range all {
		for _, g := range got[f] {
			n := 0
			for _, w := range wants {
				if g == f+":"+w {
					n++
				}
			}
			if c := countOf(got[f], g); n != c {
				t.Errorf("%s: said %d times, expected %d times: %s", f, c, n, g)
			}
		}
	}
}

func countOf(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// TestOnePositionMapping: the compile errors a match would stop on (the path
// of simulate: engine.Parse) are at the same places, with the same words, as
// validate's diagnostics (graph.ReadMultiDoc then Check).
func TestOnePositionMapping(t *testing.T) {
	_, all := readMistakes(t)
	compared := 0
	for f := range all {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Parse(data, f)
		var errs Errors
		if !errors.As(err, &errs) {
			continue
		}
		var diags []string
		for _, d := range diagnose(t, f) {
			diags = append(diags, d.String())
		}
		for _, e := range errs {
			var ce *CompileError
			var re *RunError
			var line string
			switch {
			case errors.As(e, &ce):
				line = fmt.Sprintf("%s:%d:%d: error: %s: %s", ce.File, ce.Pos.Line, ce.Pos.Column, ce.What, ce.Msg)
			case errors.As(e, &re):
				line = fmt.Sprintf("%s:%d:%d: error: %s: %s", re.File, re.Pos.Line, re.Pos.Column, re.What, re.Msg)
			default:
				continue
			}
			compared++
			if !slices.Contains(diags, line) {
				t.Errorf("compile error %s\nis not one of validate's diagnostics:\n%s", line, strings.Join(diags, "\n"))
			}
		}
	}
	if compared < 5 {
		t.Errorf("only %d compile errors compared", compared)
	}
}
