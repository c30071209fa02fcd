package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rulestudio/studio/internal/corpus"
)

// TestImportExportClasses imports a real game written as State classes from
// its folder, exports it as State classes and imports those again.
func TestImportExportClasses(t *testing.T) {
	game := filepath.Join(corpus.ClassesDir(), "augment-reality__scoville")
	if _, err := os.Stat(game); err != nil {
		t.Skipf("no State-class corpus at %s: skipping", corpus.ClassesDir())
	}
	dir := t.TempDir()
	proj := filepath.Join(dir, "scoville.rulestudio")
	out, err := run(t, "import-bga", game, "-o", proj)
	if err != nil {
		t.Fatal(err)
	}
	// Scoville calls nextState() with transitions it never declares: warnings,
	// each with its place.
	warning := regexp.MustCompile(`(?m)^.+/States/\w+\.php:\d+:\d+: warning: state \d+: \w+\(\) calls nextState/jumpToState with the transition "\w+", which its transitions: do not declare$`)
	if n := len(warning.FindAllString(out, -1)); n != 5 {
		t.Errorf("want 5 warnings about undeclared transitions, got %d in:\n%s", n, out)
	}
	if !strings.Contains(out, "imported 9 states from "+game+" into "+proj) {
		t.Errorf("import-bga said %q", out)
	}

	classes := filepath.Join(dir, "classes")
	out, err = run(t, "export", proj, "--format", "bga-classes", "-o", classes)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "wrote ") {
		t.Errorf("export said %q", out)
	}
	for _, f := range []string{"AuctionBid.php", "EndScore.php", "TimeCheck.php"} {
		if _, err := os.Stat(filepath.Join(classes, "modules", "php", "States", f)); err != nil {
			t.Errorf("export wrote no %s: %v", f, err)
		}
	}
	yaml1, err := run(t, "export", proj, "--format", "yaml", "-o", "")
	if err != nil {
		t.Fatal(err)
	}
	// The exported folder is a game folder: export reads it directly.
	yaml2, err := run(t, "export", classes, "--format", "yaml", "-o", "")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(yaml1, "inferred: true") != strings.Count(yaml2, "inferred: true") || strings.Count(yaml1, "\n  - id: ") != strings.Count(yaml2, "\n  - id: ") {
		t.Errorf("export as classes then import changed the pack:\n%s\n---\n%s", yaml1, yaml2)
	}
	if _, err := run(t, "export", proj, "--format", "bga-classes", "-o", ""); err == nil {
		t.Error("export --format bga-classes without -o succeeded")
	}
}

// TestGameFolderEverywhere: validate, simulate and export take a BGA game's
// folder as they take any pack; import-bga refuses a folder that holds no
// game with the importer's reason.
func TestGameFolderEverywhere(t *testing.T) {
	game := filepath.Join(corpus.ClassesDir(), "augment-reality__scoville")
	if _, err := os.Stat(game); err != nil {
		t.Skipf("no State-class corpus at %s: skipping", corpus.ClassesDir())
	}
	out, err := run(t, "validate", game)
	if err != nil {
		t.Fatalf("validate %s: %v\n%s", game, err, out)
	}
	// The importer's warnings come first; the checks' name each state's own
	// class file (AuctionBid is declared at line 17, column 7, without
	// descriptionMyTurn:).
	bid := filepath.Join(game, "modules", "php", "States", "AuctionBid.php")
	if !strings.HasPrefix(out, bid+":75:37: warning: state 10: actBid() calls nextState") {
		t.Errorf("validate does not start with the importer's warning:\n%s", out)
	}
	if !strings.Contains(out, "\n"+bid+`:17:7: warning: state 10 "AuctionBid": descriptionmyturn is mandatory`) {
		t.Errorf("validate does not name the state's class file:\n%s", out)
	}

	// simulate reads the folder: what stops it is the rules the import lacks.
	out, err = run(t, "simulate", game, "--matches", "1", "--seed", "1")
	if err == nil || !strings.Contains(out, "calls nextState") || !strings.Contains(err.Error()+out, "which no action defines") {
		t.Errorf("simulate of a game folder: %v\n%s", err, out)
	}

	dot, err := run(t, "export", game, "--format", "dot")
	if err != nil || !strings.Contains(dot, `"15" -> "20" [style=dashed, label="Planting"]`) {
		t.Errorf("export --format dot of a game folder: %v\n%s", err, dot)
	}

	empty := t.TempDir()
	if _, err := run(t, "import-bga", empty, "-o", filepath.Join(empty, "x.rulestudio")); err == nil || !strings.Contains(err.Error(), "no states.inc.php, modules/php/States/ or State classes in the folder") {
		t.Errorf("import-bga of an empty folder: %v", err)
	}
}
