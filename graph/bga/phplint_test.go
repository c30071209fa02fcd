package bga

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/corpus"
	"github.com/rulestudio/studio/internal/testenv"
)

// TestExportedClassesCompile has PHP compile (not run) every file
// ExportClasses writes for the State-class corpus, the array corpus and
// packs whose constant classes are named like a state's class or the
// framework's: a developer starts from these files, so PHP must accept them
// (no clashing use lines, no class declared twice in a file's scope).
func TestExportedClassesCompile(t *testing.T) {
	php := findPHP(t)
	if out, err := exec.Command(php, "-d", "opcache.enable_cli=1", "-r", `echo function_exists("opcache_compile_file") ? "ok" : "no";`).Output(); err != nil || string(out) != "ok" {
		testenv.Unavailable(t, "php has no OPcache (Debian: php-opcache), so exported files cannot be compiled (%v, %q)", err, out)
	}
	var packs []*graph.Pack
	for _, game := range corpus.ClassGames(t) {
		p, _, err := ImportPath(game)
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		packs = append(packs, p)
	}
	for _, path := range corpusFiles(t) {
		if p, err := ImportFile(path); err == nil {
			packs = append(packs, p)
		}
	}
	for _, cls := range []string{"A", "a", "Game", "GAME", "StateType"} {
		packs = append(packs, &graph.Pack{Format: 1, Name: "clash" + cls,
			Constants: graph.Constants{{Name: cls + "::X", Value: graph.Value{Kind: graph.IntValue, Int: 3}}},
			States: []*graph.State{
				{ID: graph.NumID(2), Name: "A", Type: graph.Game, Transitions: graph.Transitions{{Name: "x", To: graph.ConstID(cls + "::X")}}},
				{ID: graph.ConstID(cls + "::X"), Name: "B", Type: graph.Game, Transitions: graph.Transitions{{Name: "A", To: graph.NumID(2), Inferred: true}}},
			}})
	}
	dir := t.TempDir()
	var paths []string
	for i, p := range packs {
		files, err := ExportClasses(p)
		if err != nil {
			continue // refusals are TestExportClassesArrayCorpus's
		}
		for _, f := range files {
			path := filepath.Join(dir, fmt.Sprintf("%03d-%s", i, p.Name), filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, path)
		}
	}
	list := filepath.Join(dir, "files.txt")
	if err := os.WriteFile(list, []byte(strings.Join(paths, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	// One PHP for every file: a compile error is fatal and names its file.
	script := `foreach (file($argv[1], FILE_IGNORE_NEW_LINES) as $f) { if (!opcache_compile_file($f)) { exit(1); } } echo "compiled\n";`
	out, err := exec.Command(php, "-d", "opcache.enable_cli=1", "-d", "opcache.file_cache_only=0", "-r", script, list).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "compiled" {
		t.Fatalf("PHP does not compile an exported file: %v\n%s", err, out)
	}
	t.Logf("PHP compiled the %d files exported from %d packs", len(paths), len(packs))
}
