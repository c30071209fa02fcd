package project

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies holds the house's layering: project builds on graph and
// SQLite, never on the UI, the engine or the preview.
func TestDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"fyne.io/", "github.com/rulestudio/studio/editor", "github.com/rulestudio/studio/engine", "github.com/rulestudio/studio/preview", "go.starlark.net"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("project depends on %s", dep)
			}
		}
	}
}
