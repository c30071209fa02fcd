// Package corpus finds, for tests and benchmarks, the real BGA state machines
// beside the repository (see ../shared/corpus/README.md): the states.inc.php
// files of ../shared/corpus/bga and the games written as State classes of
// ../shared/corpus/bga-classes. They are read in place, never copied into the
// repository; when a directory is absent (a checkout without ../shared) the
// callers skip with a message.
//
// The environment variable RULESTUDIO_CORPUS, when set, names the bga
// directory instead (and bga-classes beside it): tools that run the tests in a
// copy of the module elsewhere (scripts/mutation) point it at the real corpus.
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
	return shared("bga")
}

// ClassesDir returns the directory of games written as State classes:
// bga-classes beside $RULESTUDIO_CORPUS when that is set, else
// ../shared/corpus/bga-classes relative to the repository root, or "".
func ClassesDir() string {
	if d := os.Getenv(EnvDir); d != "" {
		return filepath.Join(filepath.Dir(filepath.Clean(d)), "bga-classes")
	}
	return shared("bga-classes")
}

// shared returns ../shared/corpus/name relative to the repository root.
func shared(name string) string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "corpus", name)
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

// ClassGames returns the game folders of the State-class corpus in name order
// (one per OWNER__REPO), skipping tb when the corpus is absent.
func ClassGames(tb testing.TB) []string {
	tb.Helper()
	entries, _ := os.ReadDir(ClassesDir())
	var games []string
	for _, e := range entries {
		if e.IsDir() {
			games = append(games, filepath.Join(ClassesDir(), e.Name()))
		}
	}
	if len(games) == 0 {
		tb.Skipf("no State-class corpus at %s (../shared is absent): skipping", ClassesDir())
	}
	return games
}
