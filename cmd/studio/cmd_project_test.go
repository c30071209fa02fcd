package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestImportLogDiffRestore(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "sketch.rulestudio")
	pack := filepath.Join(dir, "sketch.yaml")
	src, err := os.ReadFile("../../graph/testdata/sketch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pack, src, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, "import", pack, "-o", proj)
	if err != nil || out != "imported "+pack+" into "+proj+" as revision 1\n" {
		t.Fatalf("import: %q %v", out, err)
	}
	if out, _ := run(t, "import", pack, "-o", proj); out != proj+" already holds "+pack+" (revision 1)\n" {
		t.Fatalf("import again: %q", out)
	}

	// Export as a directory, edit a document, import the directory.
	exported := filepath.Join(dir, "pack")
	if _, err := run(t, "export", proj, "--format", "yaml", "--dir", "-o", exported); err != nil {
		t.Fatal(err)
	}
	states := filepath.Join(exported, "states.yaml")
	b, err := os.ReadFile(states)
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.Replace(string(b), "name: chooseTarget", "name: pickTarget", 1))
	if err := os.WriteFile(states, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = run(t, "import", exported, "-o", proj, "-m", "rename a state")
	if err != nil || out != "imported "+exported+" into "+proj+" as revision 2\n" {
		t.Fatalf("import dir: %q %v", out, err)
	}

	out, err = run(t, "log", proj)
	if err != nil {
		t.Fatal(err)
	}
	logLine := regexp.MustCompile(`^ {3}\d  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d  .+$`)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !logLine.MatchString(lines[0]) || !strings.HasSuffix(lines[0], "  import "+pack) || !strings.HasSuffix(lines[1], "  rename a state") {
		t.Fatalf("log:\n%s", out)
	}

	out, err = run(t, "diff", proj, "1", "2")
	if err != nil || !strings.HasPrefix(out, "changed states/") || !strings.HasSuffix(out, "/name (state name)\n    -chooseTarget\n    +pickTarget\n") {
		t.Fatalf("diff: %v\n%s", err, out)
	}
	out, err = run(t, "diff", "--text", proj, "1", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "--- a/states.yaml (revision 1)\n+++ b/states.yaml (revision 2)\n") ||
		!strings.Contains(out, "\n-    name: chooseTarget\n+    name: pickTarget\n") {
		t.Fatalf("diff:\n%s", out)
	}
	if _, err := run(t, "diff", proj, "1", "x"); err == nil || err.Error() != `"x" is not a revision number (see studio log)` {
		t.Fatalf("diff with a bad revision: %v", err)
	}

	out, err = run(t, "restore", proj, "1")
	if err != nil || out != "restored revision 1 as revision 3\n" {
		t.Fatalf("restore: %q %v", out, err)
	}
	if out, _ := run(t, "diff", "--text", proj, "1", "3"); out != "" {
		t.Fatalf("revision 3 differs from 1:\n%s", out)
	}
	if out, _ := run(t, "diff", proj, "1", "3"); out != "" {
		t.Fatalf("revision 3 differs from 1:\n%s", out)
	}
}

func TestSchemaCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "pack.schema.json")
	if _, err := run(t, "schema", "-o", out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil || s["title"] != "Rule Studio rule pack" {
		t.Fatalf("schema: %v %v", s["title"], err)
	}
}
