package packfile_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/internal/corpus"
)

// sketch reads graph's test pack: constants, actions, object types with
// clauses, a script and editor positions.
func sketch(t *testing.T) *graph.Pack {
	t.Helper()
	p, err := graph.Load(filepath.Join("..", "testdata", "sketch.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// canonical is p's canonical YAML without its Source.
func canonical(t *testing.T, p *graph.Pack) string {
	t.Helper()
	q := *p
	q.Source = ""
	b, err := graph.Marshal(&q)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func write(t *testing.T, path, text string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestDetect(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		path string
		want packfile.Form
	}{
		{write(t, filepath.Join(dir, "pack", "pack.yaml"), "format: 1\n"), packfile.YAML},
		{filepath.Join(dir, "pack"), packfile.Dir},
		{write(t, filepath.Join(dir, "states.inc.php"), "<?php\n"), packfile.BGA},
		{write(t, filepath.Join(dir, "STATES.PHP"), "<?php\n"), packfile.BGA},
		{write(t, filepath.Join(dir, "g.dot"), "digraph {}\n"), packfile.DOT},
		{write(t, filepath.Join(dir, "g.gv"), "digraph {}\n"), packfile.DOT},
		{write(t, filepath.Join(dir, "new.rulestudio"), ""), packfile.Project},
		{write(t, filepath.Join(dir, "renamed.db"), "SQLite format 3\x00rest of the header"), packfile.Project},
		{write(t, filepath.Join(dir, "short.db"), "SQLite"), packfile.YAML},
		{write(t, filepath.Join(dir, "pack.yml"), "format: 1\n"), packfile.YAML},
		{write(t, filepath.Join(dir, "notes.txt"), "hello\n"), packfile.YAML},
		{filepath.Join(dir, "missing.rulestudio"), packfile.Project},
		{filepath.Join(dir, "missing.yaml"), packfile.YAML},
	} {
		if got := packfile.Detect(c.path); got != c.want {
			t.Errorf("Detect(%s) = %q, want %q", filepath.Base(c.path), got, c.want)
		}
	}
	var files packfile.Files
	if _, _, err := files.Read(filepath.Join(dir, "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Read of a missing file: %v", err)
	}
}

// TestEveryFormRoundTrips: the sketch written in each form the studio reads
// back reads back as the same pack, and Read says which form it found.
func TestEveryFormRoundTrips(t *testing.T) {
	var files packfile.Files
	p := sketch(t)
	want := canonical(t, p)
	dir := t.TempDir()
	for _, c := range []struct {
		path string
		form packfile.Form
	}{
		{filepath.Join(dir, "multi.yaml"), packfile.YAML},
		{filepath.Join(dir, "folder"), packfile.Dir},
	} {
		if err := files.Write(c.path, c.form, p); err != nil {
			t.Fatalf("write %s: %v", c.form, err)
		}
		q, form, err := files.Read(c.path)
		if err != nil {
			t.Fatalf("read %s: %v", c.form, err)
		}
		if form != c.form || q.Source != c.path {
			t.Errorf("read %s: form %q, source %q", c.path, form, q.Source)
		}
		if got := canonical(t, q); got != want {
			t.Errorf("%s round trip differs:\n%s", c.form, got)
		}
	}
	// The one-document form (graph.Marshal) reads too.
	one := write(t, filepath.Join(dir, "one.yaml"), want)
	if q, _, err := files.Read(one); err != nil || canonical(t, q) != want {
		t.Errorf("one-document YAML: %v", err)
	}
	// The multi-document file holds several documents: the form `simulate`
	// used to refuse.
	data, _ := os.ReadFile(filepath.Join(dir, "multi.yaml"))
	if n := strings.Count(string(data), "\n---\n"); n < 3 {
		t.Errorf("the YAML export holds %d document separators", n)
	}
}

func TestBGAFormRoundTrips(t *testing.T) {
	src := corpus.File(t, "thoun__azul__states.inc.php")
	var files packfile.Files
	p, form, err := files.Read(src)
	if err != nil || form != packfile.BGA {
		t.Fatalf("read %s: %q, %v", src, form, err)
	}
	out := filepath.Join(t.TempDir(), "states.inc.php")
	if err := files.Write(out, packfile.BGA, p); err != nil {
		t.Fatal(err)
	}
	q, _, err := files.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	p.Name, q.Name = "", "" // named after the file
	if canonical(t, p) != canonical(t, q) {
		t.Error("a BGA export does not import back as the same pack")
	}
}

func TestDOTIsWrittenNotRead(t *testing.T) {
	var files packfile.Files
	out := filepath.Join(t.TempDir(), "g.dot")
	if err := files.Write(out, packfile.DOT, sketch(t)); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if !bytes.HasPrefix(data, []byte(`digraph "elves-demo" {`)) {
		t.Errorf("DOT file starts %.40q", data)
	}
	if _, _, err := files.Read(out); err == nil || !strings.Contains(err.Error(), "cannot read a pack from it") {
		t.Errorf("reading a DOT file: %v", err)
	}
}

func TestProjectsNeedAnAdapter(t *testing.T) {
	var files packfile.Files
	path := write(t, filepath.Join(t.TempDir(), "a.rulestudio"), "SQLite format 3\x00")
	if _, _, err := files.Read(path); !errors.Is(err, packfile.ErrNoProjects) {
		t.Errorf("read a project without Projects: %v", err)
	}
	if err := files.Write(path, packfile.Project, sketch(t)); !errors.Is(err, packfile.ErrNoProjects) {
		t.Errorf("write a project without Projects: %v", err)
	}
}

func TestEncodeRefusesManyFileForms(t *testing.T) {
	for _, f := range []packfile.Form{packfile.Dir, packfile.Project, packfile.BGAClasses, "png"} {
		if err := packfile.Encode(io.Discard, f, sketch(t)); err == nil {
			t.Errorf("Encode %q succeeded", f)
		}
	}
}

func TestReadErrorsNamePlaces(t *testing.T) {
	dir := t.TempDir()
	var files packfile.Files
	bad := write(t, filepath.Join(dir, "bad.yaml"), "format: 1\nstatez: []\n")
	if _, _, err := files.Read(bad); err == nil || !strings.HasPrefix(err.Error(), bad+":2:1: ") {
		t.Errorf("bad YAML: %v", err)
	}
	write(t, filepath.Join(dir, "folder", "pack.yaml"), "pack: x\n")
	if _, _, err := files.Read(filepath.Join(dir, "folder")); err == nil || err.Error() != filepath.Join(dir, "folder")+`: missing "format" (the rule pack format version)` {
		t.Errorf("folder without format: %v", err)
	}
	write(t, filepath.Join(dir, "folder", "notes.yaml"), "a: 1\n")
	if _, _, err := files.Read(filepath.Join(dir, "folder")); err == nil || !strings.Contains(err.Error(), "notes.yaml: not a document of a pack directory") {
		t.Errorf("folder with a stray file: %v", err)
	}
}

// TestDetectBGAFolders: a folder is a BGA game when it has no pack.yaml and
// holds what bga.ImportPath reads; any other folder is a pack folder.
func TestDetectBGAFolders(t *testing.T) {
	dir := t.TempDir()
	class := "<?php\nnamespace Bga\\Games\\g\\States;\n"
	write(t, filepath.Join(dir, "game", "modules", "php", "States", "PlayerTurn.php"), class)
	write(t, filepath.Join(dir, "array", "states.inc.php"), "<?php\n")
	write(t, filepath.Join(dir, "parent", "plantopia", "modules", "php", "States", "A.php"), class)
	write(t, filepath.Join(dir, "classes", "A.php"), class)
	write(t, filepath.Join(dir, "pack", "pack.yaml"), "format: 1\n")
	write(t, filepath.Join(dir, "pack", "states.inc.php"), "<?php\n")
	write(t, filepath.Join(dir, "yamls", "states.yaml"), "states: []\n")
	write(t, filepath.Join(dir, "States", "pack.yaml"), "format: 1\n")
	if err := os.MkdirAll(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want packfile.Form
	}{
		{"game", packfile.BGA},
		{"game/modules/php/States", packfile.BGA},
		{"array", packfile.BGA},
		{"parent", packfile.BGA}, // one game one level down
		{"classes", packfile.BGA},
		{"pack", packfile.Dir}, // pack.yaml wins
		{"States", packfile.Dir},
		{"yamls", packfile.Dir},
		{"empty", packfile.Dir},
	} {
		if got := packfile.Detect(filepath.Join(dir, filepath.FromSlash(c.path))); got != c.want {
			t.Errorf("Detect(%s) = %q, want %q", c.path, got, c.want)
		}
	}
}

// TestBGAGameFolderReads: a real game written as State classes reads from its
// folder and from its States/ folder with the importer's warnings (each naming
// file, line and column); written as State classes it reads back as the same
// state machine.
func TestBGAGameFolderReads(t *testing.T) {
	game := filepath.Join(corpus.ClassesDir(), "augment-reality__scoville")
	if _, err := os.Stat(game); err != nil {
		t.Skipf("no State-class corpus at %s: skipping", corpus.ClassesDir())
	}
	var files packfile.Files
	p, form, warnings, err := files.ReadWarnings(game)
	if err != nil || form != packfile.BGA {
		t.Fatalf("read %s: %q, %v", game, form, err)
	}
	if len(p.States) != 9 {
		t.Errorf("%d states, want 9 (SOURCES.tsv: 9 State classes)", len(p.States))
	}
	// Scoville's actions call nextState() with names its transitions: do not
	// declare: one warning per call.
	if len(warnings) != 5 {
		t.Errorf("%d warnings, want 5: %v", len(warnings), warnings)
	}
	for _, w := range warnings {
		if w.Severity != graph.Warning || !strings.HasSuffix(w.File, ".php") || w.Pos.Line == 0 || w.Pos.Column == 0 {
			t.Errorf("warning without its place: %+v", w)
		}
	}
	if q, _, err := files.Read(filepath.Join(game, "modules", "php", "States")); err != nil || statesOf(t, q) != statesOf(t, p) {
		t.Errorf("the States/ folder reads otherwise than the game folder: %v", err)
	}

	out := filepath.Join(t.TempDir(), "exported")
	if err := files.Write(out, packfile.BGAClasses, p); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "modules", "php", "States", "AuctionBid.php")); err != nil {
		t.Error(err)
	}
	q, form, err := files.Read(out)
	if err != nil || form != packfile.BGA {
		t.Fatalf("read the export %s: %q, %v", out, form, err)
	}
	if a, b := statesOf(t, p), statesOf(t, q); a != b {
		t.Errorf("State classes written and read back differ:\n%s\n---\n%s", a, b)
	}
	leftovers, _ := filepath.Glob(filepath.Join(out, "modules", "php", "States", ".*tmp-*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// statesOf is the canonical YAML of p's states alone: ids, names, types,
// descriptions, transitions (inferred marked), possible actions.
func statesOf(t *testing.T, p *graph.Pack) string {
	t.Helper()
	return canonical(t, &graph.Pack{Format: p.Format, Name: "x", States: p.States})
}
