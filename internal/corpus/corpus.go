// Package corpus finds, for tests and benchmarks, the real BGA state machines in
// ../shared/corpus/bga beside the repository (see ../shared/corpus/README.md).
// They are read in place, never copied into the repository; when the directory
// is absent (a checkout without ../shared) the callers skip with a message.
package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the corpus directory: ../shared/corpus/bga relative to the
// repository root (the directory holding go.mod above the working directory).
// It returns "" when there is no such root.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "corpus", "bga")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Files returns every states.inc.php of the corpus in name order, skipping tb
// when the corpus is absent.
func Files(tb testing.TB) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(Dir(), "*.php"))
	if len(files) == 0 {
		tb.Skipf("no BGA corpus at %s (../shared is absent): skipping", Dir())
	}
	return files
}

// File returns the path of the corpus file name, skipping tb when it is absent.
func File(tb testing.TB, name string) string {
	tb.Helper()
	path := filepath.Join(Dir(), name)
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("BGA corpus file %s is absent (../shared is absent?): skipping", name)
	}
	return path
}
