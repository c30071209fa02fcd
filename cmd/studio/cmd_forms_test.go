package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/project"
)

// summaryWithoutTiming drops the line of a simulate summary that holds the
// time taken.
func summaryWithoutTiming(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "time: ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestEngineCommandsReadEveryForm: simulate and perft run on a project, on
// the studio's own multi-document YAML export and on its folder export, and
// say the same as on the bundled pack those were made from.
func TestEngineCommandsReadEveryForm(t *testing.T) {
	dir := t.TempDir()
	src, _ := assets.Pack("tictactoe")
	yamlIn := filepath.Join(dir, "tictactoe.yaml")
	if err := os.WriteFile(yamlIn, src, 0o644); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(dir, "tictactoe.rulestudio")
	multi := filepath.Join(dir, "export.yaml")
	folder := filepath.Join(dir, "export")
	for _, args := range [][]string{
		{"import", yamlIn, "-o", proj, "--dir=false"},
		{"export", proj, "--format", "yaml", "-o", multi, "--dir=false"},
		{"export", proj, "--format", "yaml", "--dir", "-o", folder},
	} {
		if out, err := run(t, args...); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	if data, _ := os.ReadFile(multi); strings.Count(string(data), "\n---\n") == 0 {
		t.Fatalf("%s holds one YAML document: the test needs several", multi)
	}

	sim := func(pack string) string {
		t.Helper()
		out, err := run(t, "simulate", pack, "--matches", "40", "--seed", "7", "--jobs", "2", "--json=false", "--players", "0", "--max-plies", "10000")
		if err != nil {
			t.Fatalf("simulate %s: %v\n%s", pack, err, out)
		}
		return summaryWithoutTiming(out)
	}
	perft := func(pack string) string {
		t.Helper()
		out, err := run(t, "perft", pack, "--depth", "3", "--seed", "1", "--players", "0")
		if err != nil {
			t.Fatalf("perft %s: %v\n%s", pack, err, out)
		}
		i := strings.Index(out, " nodes in ") // the timing line (standard error)
		return out[:strings.LastIndex(out[:max(i, 0)], "\n")+1]
	}
	wantSim, wantPerft := sim("tictactoe"), perft("tictactoe")
	if !strings.Contains(wantSim, "pack tictactoe, 2 seats") || wantPerft != "depth 1: 9\ndepth 2: 72\ndepth 3: 504\n" {
		t.Fatalf("the bundled pack: simulate\n%s\nperft\n%s", wantSim, wantPerft)
	}
	for _, pack := range []string{proj, multi, folder} {
		if got := sim(pack); got != wantSim {
			t.Errorf("simulate %s:\n%s\nwant\n%s", filepath.Base(pack), got, wantSim)
		}
		if got := perft(pack); got != wantPerft {
			t.Errorf("perft %s:\n%s\nwant\n%s", filepath.Base(pack), got, wantPerft)
		}
	}
}

// TestValidateReadsEveryForm: validate takes a folder export and a
// multi-document export as it takes the project they came from.
func TestValidateReadsEveryForm(t *testing.T) {
	dir := t.TempDir()
	src, _ := assets.Pack("reversi")
	yamlIn := filepath.Join(dir, "reversi.yaml")
	if err := os.WriteFile(yamlIn, src, 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder")
	if _, err := run(t, "export", yamlIn, "--format", "yaml", "--dir", "-o", folder); err != nil {
		t.Fatal(err)
	}
	p, err := graph.Parse(src, "reversi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// Nothing on standard output, where findings go; a line that says so on
	// standard error (issue 19, item 25).
	ok := fmt.Sprintf("ok: %d states, %d actions, no findings\n", len(p.States), len(p.Actions))
	for _, path := range []string{yamlIn, folder} {
		if out, errs, err := runSplit(t, "validate", path); err != nil || out != "" || errs != ok {
			t.Errorf("validate %s: %v\n%s\nstandard error %q, want %q", path, err, out, errs, ok)
		}
	}
}

func TestProjectExtensionAgrees(t *testing.T) {
	if packfile.ProjectExt != project.Extension {
		t.Errorf("packfile.ProjectExt %q, project.Extension %q", packfile.ProjectExt, project.Extension)
	}
}
