// Package corpus finds, for tests and benchmarks, the real BGA state machines in
// ../shared/corpus/bga beside the repository (see ../shared/corpus/README.md).
// They are read in place, never copied into the repository; when the directory
// is absent (a checkout without ../shared) the callers skip with a message.
//
// The environment variable RULESTUDIO_CORPUS, when set, names the directory
// instead: tools that run the tests in a copy of the module elsewhere
// (scripts/mutation) point it at the real corpus.
package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvDir is the environment variable that, when set, overrides where [Dir]
// looks: the path of the corpus directory itself.
const EnvDir = "RULESTUDIO_CORPUS"

// Dir returns the corpus directory: $RULESTUDIO_CORPUS when set, else
// ../shared/corpus/bga relative to the repository root (the directory holding
// go.mod above the working directory). It returns "" when there is no such root.
func Dir() string {
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
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
