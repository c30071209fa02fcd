package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// TestProjectFindingsAtExportedLines: a project holds its pack as separate
// documents, and a finding in one was numbered within it ("x.rulestudio:29:28"
// for the 122nd line of the pack), a line no text a designer has shows. The
// commands number a project's findings and run errors as the lines of
// `studio export PROJECT`, the pack's whole text.
func TestProjectFindingsAtExportedLines(t *testing.T) {
	data, _ := assets.Pack("seeds")
	const good, bad = "c.controller.life -= 5", "c.controller.life -= = 5"
	src := strings.Replace(string(data), good, bad, 1)
	if src == string(data) {
		t.Fatalf("the seed pack has no %q: the test edits nothing", good)
	}
	dir := t.TempDir()
	yamlPath, proj := filepath.Join(dir, "seeds.yaml"), filepath.Join(dir, "seeds.rulestudio")
	if err := os.WriteFile(yamlPath, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := run(t, "import", yamlPath, "-o", proj); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	exported, err := run(t, "export", proj)
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	line, col := 0, 0
	for i, l := range strings.Split(exported, "\n") {
		if j := strings.Index(l, bad); j >= 0 {
			line, col = i+1, j+len("c.controller.life -= ")+1
		}
	}
	if line == 0 {
		t.Fatalf("the export has no %q:\n%s", bad, exported)
	}
	want := fmt.Sprintf("%s:%d:%d: error: ", proj, line, col)
	out, _ := run(t, "validate", proj)
	if !strings.Contains(out, want) {
		t.Errorf("validate %s:\n%s\nwant a finding at %s", proj, out, want)
	}
	_, err = run(t, "simulate", proj, "--matches", "1")
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%s:%d:%d: ", proj, line, col)) {
		t.Errorf("simulate %s: %v, want the error at %d:%d", proj, err, line, col)
	}
}
