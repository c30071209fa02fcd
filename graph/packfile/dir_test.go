package packfile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
)

func TestDirRoundTrip(t *testing.T) {
	p := sketch(t)
	p.ObjectTypes = append(p.ObjectTypes, &graph.ObjectType{Name: "Odd name/x"}, &graph.ObjectType{Name: "odd_name_x"})
	dir := t.TempDir()
	write(t, filepath.Join(dir, "README.md"), "kept")
	if err := packfile.WriteDir(dir, p); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"pack.yaml", "states.yaml", "actions.yaml", "editor.yaml", "pack.schema.json", "README.md",
		"object_types/creature.yaml", "object_types/Odd_name_x.yaml", "object_types/odd_name_x-2.yaml", "scripts/main.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "object_types/creature.yaml"))
	if !strings.HasPrefix(string(b), "# yaml-language-server: $schema=../pack.schema.json\n") {
		t.Errorf("object type file starts:\n%.100s", b)
	}
	q, err := packfile.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	// The directory form orders object types by file name.
	ts := map[string]*graph.ObjectType{}
	for _, o := range p.ObjectTypes {
		ts[o.Name] = o
	}
	p.ObjectTypes = graph.ObjectTypes{ts["Odd name/x"], ts["creature"], ts["odd_name_x"]}
	if a, b := canonical(t, p), canonical(t, q); a != b {
		t.Fatalf("dir round trip differs:\n%s\n---\n%s", a, b)
	}

	// A second export without actions and with one object type removes the
	// stale files.
	p.Actions = nil
	p.ObjectTypes = p.ObjectTypes[1:2]
	if err := packfile.WriteDir(dir, p); err != nil {
		t.Fatal(err)
	}
	q, err = packfile.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := canonical(t, p), canonical(t, q); a != b {
		t.Fatalf("second dir round trip differs:\n%s\n---\n%s", a, b)
	}
	if _, err := os.Stat(filepath.Join(dir, "README.md")); err != nil {
		t.Error("WriteDir removed a file that is not a document")
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".*tmp-*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}
