package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
)

// TestDashOutputIsStdout: every command that takes -o writes standard output
// for "-", as Unix tools do, and leaves no file named "-" (issue 19, item
// 26); what it says besides goes to standard error then. A project, a
// SQLite file, comes out whole.
func TestDashOutputIsStdout(t *testing.T) {
	bga, _ := filepath.Abs(filepath.Join(corpus.Dir(), "thoun__azul__states.inc.php"))
	dir := t.TempDir()
	t.Chdir(dir)
	src, _ := assets.Pack("tictactoe")
	pack := writeFile(t, dir, "ttt.yaml", string(src))
	proj := filepath.Join(dir, "ttt.rulestudio")
	if out, err := run(t, "import", pack, "-o", proj); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := run(t, "play", proj, "--seed", "4", "--bots", "random", "--save", "kept"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	isJSON := func(s string) bool { return json.Valid([]byte(s)) }
	isPack := func(s string) bool { _, err := graph.ReadMultiDoc([]byte(s), "-"); return err == nil }
	isProject := func(s string) bool { return strings.HasPrefix(s, "SQLite format 3\x00") }
	cases := []struct {
		args []string
		ok   func(string) bool
	}{
		{[]string{"schema"}, isJSON},
		{[]string{"export", pack}, isPack},
		{[]string{"export", pack, "--format", "dot"}, func(s string) bool { return strings.HasPrefix(s, "digraph") }},
		{[]string{"export", pack, "--format", "bga"}, func(s string) bool { return strings.Contains(s, "$machinestates") }},
		{[]string{"simulate", pack, "--matches", "2", "--seed", "1"}, isJSON},
		{[]string{"matches", proj, "--export", "1"}, isJSON},
		{[]string{"import", pack}, isProject},
	}
	if _, err := os.Stat(bga); err == nil { // the corpus is optional
		cases = append(cases, struct {
			args []string
			ok   func(string) bool
		}{[]string{"import-bga", bga}, isProject})
	}
	for _, c := range cases {
		out, errs, err := runSplit(t, append(c.args, "-o", "-")...)
		if err != nil || !c.ok(out) {
			t.Errorf("%s -o -: %v\nstandard output %.80q\nstandard error %.200s", strings.Join(c.args, " "), err, out, errs)
		}
		if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
			t.Errorf("%s -o - wrote a file named -", strings.Join(c.args, " "))
			os.Remove(filepath.Join(dir, "-"))
		}
	}
	for _, args := range [][]string{{"export", pack, "--format", "bga-classes"}, {"export", pack, "--dir"}} {
		if _, errs, err := runSplit(t, append(args, "-o", "-")...); err == nil || !strings.Contains(err.Error()+errs, "folder") {
			t.Errorf("%s -o -: %v %s, want a refusal naming a folder", strings.Join(args, " "), err, errs)
		}
	}
	if proj, err := os.ReadFile(proj); err != nil || !bytes.HasPrefix(proj, []byte("SQLite")) {
		t.Errorf("the project: %v", err)
	}
}
