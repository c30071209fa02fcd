package project

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// The project file testdata/schema1.rulestudio was made by the first schema
// (migration 001 only) with this package's own code. To make it again (only if
// it is lost; the point of the file is that it was made by old code):
//
//	go test ./project -run TestGenerateSchema1 -generate-schema1
var generateSchema1 = flag.Bool("generate-schema1", false, "write testdata/schema1.rulestudio")

const (
	schema1File = "testdata/schema1.rulestudio"
	schema1YAML = "testdata/schema1.yaml" // the pack it holds
)

func TestGenerateSchema1(t *testing.T) {
	if !*generateSchema1 {
		t.Skip("run with -generate-schema1 to write " + schema1File)
	}
	os.Remove(schema1File)
	p, err := create(schema1File, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	pack := sketch(t)
	r := mustSave(t, p, pack, "made by schema 1")
	f, err := os.Create(schema1YAML)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := graph.WriteMultiDoc(f, pack); err != nil {
		t.Fatal(err)
	}
	// A match as schema 1's code stored it (moves with 0-based seats).
	if _, err := p.db.Exec(`INSERT INTO match (revision, name, seed, seats, log, time) VALUES (?, 'recorded', 7, '["ann","bob"]', '[{"seat":0,"action":"pass"}]', '2026-01-01T00:00:00Z')`, r.ID); err != nil {
		t.Fatal(err)
	}
	if err := p.SaveTabs([]string{"states"}); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestMigrateSchema1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old"+Extension)
	copyFile(t, schema1File, path)

	// Read-only: the old file reads, and stays at schema 1.
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := ro.Version(); v != 1 {
		t.Fatalf("read-only open: version %d", v)
	}
	if _, err := ro.Breakpoints(); err == nil {
		t.Fatal("a schema 1 file has breakpoints")
	}
	ro.Close()

	p, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if v, _ := p.Version(); v != SchemaVersion {
		t.Fatalf("upgraded to version %d, want %d", v, SchemaVersion)
	}
	pack, err := p.Pack()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(schema1YAML)
	if err != nil {
		t.Fatal(err)
	}
	want, err := graph.ReadMultiDoc(data, schema1YAML)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := yamlOf(t, want), yamlOf(t, pack); a != b {
		t.Fatalf("pack after upgrade:\n%s\nwant:\n%s", b, a)
	}
	revs, _ := p.Revisions()
	if len(revs) != 1 || revs[0].Message != "made by schema 1" {
		t.Fatalf("revisions %+v", revs)
	}
	// Schema 1's match reads as a record: moves by player from 1.
	ms, err := p.Matches()
	if err != nil || len(ms) != 1 || ms[0].Record.Seed != 7 || fmt.Sprint(ms[0].Record.Seats) != "[{ann } {bob }]" ||
		fmt.Sprint(ms[0].Record.Moves) != `[{"player":1,"action":"pass"}]` {
		t.Fatalf("matches %+v %v", ms, err)
	}
	if tabs, _ := p.Tabs(); len(tabs) != 1 || tabs[0] != "states" {
		t.Fatalf("tabs %v", tabs)
	}
	// What migration 2 added works.
	id, err := p.AddBreakpoint(Breakpoint{Breakpoint: graph.Breakpoint{Kind: graph.BreakEnter, State: "ST_TURN", Enabled: true}})
	if err != nil || id != 1 {
		t.Fatalf("breakpoint %d %v", id, err)
	}
	// And the upgraded file saves.
	pack.Title = "after upgrade"
	if r := mustSave(t, p, pack, ""); r.ID != 2 {
		t.Fatalf("save after upgrade: %+v", r)
	}
	// Revisions of both forms (whole documents, chunks) read, diff and restore.
	if d, err := p.Diff(1, 2); err != nil || !strings.Contains(d, "+title: after upgrade\n") {
		t.Fatalf("diff across the upgrade:\n%s%v", d, err)
	}
	if r, err := p.Restore(1); err != nil || r.ID != 3 {
		t.Fatalf("restore of a schema 1 revision: %+v %v", r, err)
	}
	back, err := p.Pack()
	if err != nil || yamlOf(t, back) != yamlOf(t, want) {
		t.Fatalf("restored pack: %v", err)
	}
}

// TestMigrationFailsCleanly: a migration that fails leaves the file at the
// version before it.
func TestMigrationFailsCleanly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old"+Extension)
	copyFile(t, schema1File, path)
	rawExec(t, path, "CREATE TABLE breakpoint (x)") // migration 2 will clash
	_, err := Open(path, Options{})
	if err == nil || err.Error() != "open "+path+": upgrading the file: migration 2: table breakpoint already exists" {
		t.Fatalf("got %v", err)
	}
	ro, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if v, _ := ro.Version(); v != 1 {
		t.Fatalf("version %d after a failed migration", v)
	}
	if _, err := os.Stat(lockPath(path)); !errors.Is(err, os.ErrNotExist) {
		t.Error("lock file left after a failed open")
	}
}

// TestMigrateRecords: a schema 3 file's breakpoints and matches read, before
// (read-only) and after the upgrade, as the kinds and records of schema 4.
func TestMigrateRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "three"+Extension)
	p, err := create(path, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := mustSave(t, p, sketch(t), "")
	p.Close()
	rawExec(t, path,
		`INSERT INTO breakpoint (state, clause, condition) VALUES ('ST_TURN', '', ''), ('', 'object_types/elf/whenever/lord', 'self.on')`,
		fmt.Sprintf(`INSERT INTO match (revision, seed, seats, log, time) VALUES (%d, 3, '["ann"]', '[{"seat":0,"action":"go","args":{"x":1}}]', '2026-01-01T00:00:00Z')`, r.ID))
	want := "1 enter state ST_TURN on; 2 clause object_types/elf/whenever/lord if self.on on; "
	wantMoves := `[{"player":1,"action":"go","args":{"x":1}}]`
	for _, readOnly := range []bool{true, false} {
		q, err := Open(path, Options{ReadOnly: readOnly})
		if err != nil {
			t.Fatal(err)
		}
		bs, err := q.Breakpoints()
		got := ""
		for _, b := range bs {
			got += fmt.Sprintf("%d %s %s; ", b.ID, b, map[bool]string{true: "on", false: "off"}[b.Enabled])
		}
		if err != nil || got != want {
			t.Errorf("read-only %v: breakpoints %v %v", readOnly, bs, err)
		}
		ms, err := q.Matches()
		if err != nil || len(ms) != 1 || fmt.Sprint(ms[0].Record.Moves) != wantMoves || ms[0].Record.Seats[0].Name != "ann" {
			t.Errorf("read-only %v: matches %+v %v", readOnly, ms, err)
		}
		if v, _ := q.Version(); v != map[bool]int{true: 3, false: SchemaVersion}[readOnly] {
			t.Errorf("read-only %v: version %d", readOnly, v)
		}
		q.Close()
	}
}
