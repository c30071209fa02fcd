// Package arch holds the test that keeps the module's dependency arrows pointing
// one way: graph <- engine <- preview <- editor <- cmd/studio, graph <- project <-
// cmd/studio. Only editor and cmd/studio may reach Fyne; only project may reach
// SQLite.
package arch

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/rulestudio/studio/"

// graphForbidden is what graph and its subpackages (bga, layout, packfile)
// must never reach: they import only the standard library, YAML, each
// other and internal/atomicfile.
var graphForbidden = []string{"fyne.io/", "github.com/mattn/go-sqlite3", "go.starlark.net", module + "engine", module + "preview", module + "project", module + "editor"}

// rules lists, per package pattern, the import path prefixes its dependency
// closure must not contain.
var rules = []struct {
	pkg       string
	forbidden []string
}{
	{"graph/...", graphForbidden},
	// graph/packfile reaches project files only through an interface that
	// cmd/studio fills; graph/layout runs dot as a program. Both are under
	// graph/... already; they are named here so that the rule is seen.
	{"graph/packfile", graphForbidden},
	{"graph/layout", graphForbidden},
	{"engine/...", []string{"fyne.io/", "github.com/mattn/go-sqlite3", module + "preview", module + "project", module + "editor"}},
	{"preview/...", []string{"fyne.io/", "github.com/mattn/go-sqlite3", module + "project", module + "editor"}},
	// The table's scene and its pictures are drawn without Fyne (the
	// window's table widget will draw the same scene): under preview/...
	// already, named so that the rule is seen.
	{"preview/scene/...", []string{"fyne.io/", "github.com/mattn/go-sqlite3", module + "project", module + "editor"}},
	// The playtest server stores through an interface cmd/studio fills (a
	// project file), so it never links SQLite; it serves a page, not a window.
	{"host/...", []string{"fyne.io/", "github.com/mattn/go-sqlite3", module + "project", module + "editor"}},
	{"project/...", []string{"fyne.io/", "go.starlark.net", module + "engine", module + "preview", module + "editor"}},
	{"editor/...", []string{"github.com/mattn/go-sqlite3"}},
	// Every package writes files through internal/atomicfile, so it must
	// import nothing but the standard library.
	{"internal/atomicfile", append(graphForbidden, "go.yaml.in/", module+"graph")},
}

func TestDependencyDirection(t *testing.T) {
	for _, r := range rules {
		dir := strings.TrimSuffix(r.pkg, "/...")
		if _, err := os.Stat(filepath.Join("..", "..", dir)); err != nil {
			t.Logf("%s: not written yet", dir)
			continue
		}
		out, err := exec.Command("go", "list", "-deps", module+r.pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", r.pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, bad := range r.forbidden {
				if strings.HasPrefix(dep, bad) {
					t.Errorf("%s depends on %s", r.pkg, dep)
				}
			}
		}
	}
}

// rooms lists, per package under editor/ (a room of the window: README,
// "Layout of the code"), the other rooms it may import. No room imports
// editor itself, which wires them together; a room not listed here fails
// the test, so a new one comes with its rule.
var rooms = map[string][]string{
	"editor/style":   nil,
	"editor/ui":      nil,
	"editor/diagram": {"editor/style", "editor/ui"},
	"editor/dock":    nil,
	"editor/code":    {"editor/style", "editor/ui"},
	"editor/forms":   {"editor/place", "editor/style", "editor/ui"},
	"editor/place":   nil,
	"editor/play":    {"editor/diagram", "editor/place", "editor/style", "editor/ui"},
	"editor/compare": {"editor/diagram", "editor/style", "editor/ui"},
}

func TestEditorRooms(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "editor", "*", "doc.go"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, d := range dirs {
		room := filepath.ToSlash(filepath.Join("editor", filepath.Base(filepath.Dir(d))))
		seen[room] = true
		allowed, ok := rooms[room]
		if !ok {
			t.Errorf("%s: a room with no rule in internal/arch (rooms)", room)
			continue
		}
		out, err := exec.Command("go", "list", "-deps", module+room).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", room, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			if dep == module+"editor" {
				t.Errorf("%s imports editor, which wires the rooms together", room)
			}
			other, ok := strings.CutPrefix(dep, module)
			if !ok || !strings.HasPrefix(other, "editor/") || other == room {
				continue
			}
			if !slices.Contains(allowed, other) {
				t.Errorf("%s imports %s, which its rule does not allow", room, other)
			}
		}
	}
	for room := range rooms {
		if !seen[room] {
			t.Errorf("%s: a rule for a room that has no doc.go", room)
		}
	}
}
