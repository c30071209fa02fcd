package packfile_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
)

// TestReadRefusesTooManyStates: a pack in a file (YAML or BGA) with more
// states than graph.MaxStates is refused as it is read, saying the limit
// and how to raise it, so that no import writes a project whose checks
// would take hours; at the limit it reads.
func TestReadRefusesTooManyStates(t *testing.T) {
	defer func(n int) { graph.MaxStates = n }(graph.MaxStates)
	graph.MaxStates = 10
	dir := t.TempDir()
	var yml, php strings.Builder
	yml.WriteString("format: 1\npack: big\nstates:\n")
	php.WriteString("<?php\n$machinestates = array(\n")
	for i := 1; i <= 11; i++ {
		fmt.Fprintf(&yml, "  - id: %d\n    name: s%d\n    type: game\n    transitions: {next: %d}\n", i, i, i%11+1)
		fmt.Fprintf(&php, "  %d => array(\"name\" => \"s%d\", \"type\" => \"game\", \"transitions\" => array(\"next\" => %d)),\n", i, i, i%11+1)
	}
	php.WriteString(");\n")
	for _, path := range []string{write(t, filepath.Join(dir, "big.yaml"), yml.String()), write(t, filepath.Join(dir, "states.inc.php"), php.String())} {
		_, _, err := packfile.Files{}.Read(path)
		want := path + ": the pack has 11 states, more than the 10 the studio takes (raise the limit with --max-states 20, or the environment variable RULESTUDIO_MAX_STATES)"
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v\nwant %s", path, err, want)
		}
		graph.MaxStates = 11
		if _, _, err := (packfile.Files{}).Read(path); err != nil {
			t.Errorf("%s at the limit: %v", path, err)
		}
		graph.MaxStates = 10
	}
}
