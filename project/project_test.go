package project

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3" // the plain "sqlite3" driver, to make foreign and damaged files
	"github.com/rulestudio/studio/graph"
)

// sketch returns the graph package's sketch pack.
func sketch(tb testing.TB) *graph.Pack {
	tb.Helper()
	p, err := graph.Load("../graph/testdata/sketch.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func yamlOf(tb testing.TB, p *graph.Pack) string {
	tb.Helper()
	q := *p
	q.Source = ""
	b, err := graph.Marshal(&q)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// mustCreate makes a project in a temporary directory; it is closed at the end
// of the test.
func mustCreate(tb testing.TB) *Project {
	tb.Helper()
	p, err := Create(filepath.Join(tb.TempDir(), "game"+Extension))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { p.Close() })
	return p
}

func mustSave(tb testing.TB, p *Project, pack *graph.Pack, msg string) Revision {
	tb.Helper()
	r, err := p.Save(pack, msg)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

func fileSum(tb testing.TB, path string) [32]byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return sha256.Sum256(b)
}

func TestCreateSaveOpen(t *testing.T) {
	p := mustCreate(t)
	if _, err := p.Pack(); !errors.Is(err, ErrEmpty) {
		t.Fatalf("Pack of a new project: %v", err)
	}
	pack := sketch(t)
	r := mustSave(t, p, pack, "first")
	if r.ID != 1 || r.Message != "first" || r.Time.IsZero() {
		t.Fatalf("revision %+v", r)
	}
	path := p.Path()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path); err == nil || err.Error() != "create "+path+": file exists" {
		t.Fatalf("Create over a file: %v", err)
	}
	q, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	got, err := q.Pack()
	if err != nil {
		t.Fatal(err)
	}
	if got.Source != path {
		t.Errorf("Source %q", got.Source)
	}
	if a, b := yamlOf(t, pack), yamlOf(t, got); a != b {
		t.Fatalf("reopened pack differs:\n%s\n---\n%s", a, b)
	}
	// The positions are in the layout table, not in the documents.
	docs, err := q.Documents(1)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if d.Kind == graph.EditorDoc {
			t.Error("the revision holds the editor document")
		}
	}
	if l, _ := q.Layout(); len(l) != 2 || l["99"] != (graph.Point{X: 0, Y: 240.5}) {
		t.Errorf("layout %v", l)
	}
	var appID, version int
	q.db.QueryRow("PRAGMA application_id").Scan(&appID)
	q.db.QueryRow("PRAGMA user_version").Scan(&version)
	if appID != ApplicationID || version != SchemaVersion {
		t.Errorf("application_id %#x user_version %d", appID, version)
	}
}

func TestSaveUnchangedWritesNothing(t *testing.T) {
	p := mustCreate(t)
	pack := sketch(t)
	r1 := mustSave(t, p, pack, "one")
	before := fileSum(t, p.Path())
	st, _ := os.Stat(p.Path())
	r2 := mustSave(t, p, sketch(t), "again")
	if r2 != r1 {
		t.Fatalf("unchanged save made %+v, want %+v", r2, r1)
	}
	st2, _ := os.Stat(p.Path())
	if fileSum(t, p.Path()) != before || !st.ModTime().Equal(st2.ModTime()) {
		t.Fatal("an unchanged save wrote to the file")
	}
	// Moving a box writes the layout but makes no revision.
	pack.Editor.Positions["1"] = graph.Point{X: 5, Y: 6}
	if r3 := mustSave(t, p, pack, "moved"); r3 != r1 {
		t.Fatalf("layout-only save made %+v", r3)
	}
	if l, _ := p.Layout(); l["1"] != (graph.Point{X: 5, Y: 6}) {
		t.Fatalf("layout %v", l)
	}
}

func TestRevisionsDiffRestore(t *testing.T) {
	p := mustCreate(t)
	pack := sketch(t)
	mustSave(t, p, pack, "first")
	var blobs1 int
	p.db.QueryRow("SELECT count(*) FROM blob").Scan(&blobs1)
	pack.Title = "Elves"
	pack.States[1].Description = "${actplayer} plays"
	r2 := mustSave(t, p, pack, "")
	if r2.ID != 2 {
		t.Fatalf("second revision %+v", r2)
	}
	// Unchanged text is shared: the second revision stores only the new
	// "title" line of pack.yaml and the changed state of states.yaml.
	var blobs int
	p.db.QueryRow("SELECT count(*) FROM blob").Scan(&blobs)
	if blobs != blobs1+2 {
		t.Errorf("revision 2 added %d blobs, want 2", blobs-blobs1)
	}
	revs, err := p.Revisions()
	if err != nil {
		t.Fatal(err)
	}
	if len(revs) != 2 || revs[0].Message != "first" || revs[1].Message != "" || revs[1].Time.Before(revs[0].Time) {
		t.Fatalf("revisions %+v", revs)
	}
	diff, err := p.Diff(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := `--- a/pack.yaml (revision 1)
+++ b/pack.yaml (revision 2)
@@ -1,5 +1,6 @@
 format: 1
 pack: elves-demo
+title: Elves
 players:
   min: 2
   max: 2
--- a/states.yaml (revision 1)
+++ b/states.yaml (revision 2)
@@ -8,7 +8,7 @@
   - id: ST_TURN
     name: playerTurn
     type: activeplayer
-    description: ${actplayer} must play a card or pass
+    description: ${actplayer} plays
     descriptionmyturn: ${you} must play a card or pass
     possibleactions: [playCard, pass]
     transitions:
`
	if diff != want {
		t.Errorf("diff:\n%s\nwant:\n%s", diff, want)
	}
	if d, _ := p.Diff(2, 2); d != "" {
		t.Errorf("diff of a revision with itself: %q", d)
	}
	r3, err := p.Restore(1)
	if err != nil {
		t.Fatal(err)
	}
	if r3.ID != 3 || r3.Message != "restore revision 1" {
		t.Fatalf("restore made %+v", r3)
	}
	got, err := p.Pack()
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != "" || got.States[1].Description != "${actplayer} must play a card or pass" {
		t.Fatal("restore did not bring revision 1 back")
	}
	if r, _ := p.Restore(1); r.ID != 3 {
		t.Fatalf("restoring the current pack made %+v", r)
	}
	if _, err := p.Restore(42); err == nil || err.Error() != "project "+p.Path()+": restore revision 42: not found" {
		t.Fatalf("restore of a missing revision: %v", err)
	}
	old, err := p.PackAt(2)
	if err != nil || old.Title != "Elves" {
		t.Fatalf("PackAt(2): %v %v", old, err)
	}
}

func TestAutosaveRecover(t *testing.T) {
	p := mustCreate(t)
	pack := sketch(t)
	mustSave(t, p, pack, "")
	if _, ok, err := p.Recover(); ok || err != nil {
		t.Fatalf("Recover with no autosave: %v %v", ok, err)
	}
	pack.Title = "unsaved edit"
	if err := p.Autosave(pack); err != nil {
		t.Fatal(err)
	}
	// After a crash: a new studio opens the file and finds the edit.
	path := p.Path()
	p.Close()
	q, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	got, ok, err := q.Recover()
	if err != nil || !ok {
		t.Fatalf("Recover: %v %v", ok, err)
	}
	if a, b := yamlOf(t, pack), yamlOf(t, got); a != b {
		t.Fatalf("recovered pack differs:\n%s\n---\n%s", a, b)
	}
	if err := q.DiscardAutosave(); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := q.Recover(); ok {
		t.Fatal("autosave still there after DiscardAutosave")
	}
	if err := q.Autosave(pack); err != nil {
		t.Fatal(err)
	}
	mustSave(t, q, pack, "saved")
	if _, ok, _ := q.Recover(); ok {
		t.Fatal("autosave still there after Save")
	}
}

func TestTabsMatchesBreakpoints(t *testing.T) {
	botsState := uint64(1<<64 - 59) // above 2^63: kept as the int64 of its bits
	p := mustCreate(t)
	r := mustSave(t, p, sketch(t), "")
	if err := p.SaveTabs([]string{"states", "object_types/creature"}); err != nil {
		t.Fatal(err)
	}
	if tabs, _ := p.Tabs(); strings.Join(tabs, ",") != "states,object_types/creature" {
		t.Fatalf("tabs %v", tabs)
	}
	m := Match{Revision: r.ID, Name: "test", Record: graph.Record{Format: graph.RecordFormat, Pack: "sketch", PackHash: "sha256:ab",
		Seed: 1<<63 + 42, Seats: []graph.Seat{{Name: "ann"}, {Bot: "random"}}, ClockMS: 60000, BotsSource: &botsState,
		Moves: []graph.Move{{Player: 1, Action: "playCard", Args: []byte(`{"card":{"object":3}}`)}, {WaitMS: 1500}, {Player: 2, Action: "pass"}}}}
	id, err := p.AddMatch(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := p.Match(id)
	if err != nil {
		t.Fatal(err)
	}
	m.ID, m.Time = id, got.Time
	if !reflect.DeepEqual(got, m) {
		t.Fatalf("match %+v, want %+v", got, m)
	}
	if _, err := p.AddMatch(Match{Revision: 99}); err == nil {
		t.Fatal("a match of a missing revision was added (foreign keys off?)")
	}
	if ms, _ := p.Matches(); len(ms) != 1 {
		t.Fatalf("%d matches", len(ms))
	}
	if err := p.DeleteMatch(id); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Match(id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleted match: %v", err)
	}

	if _, err := p.AddBreakpoint(Breakpoint{Breakpoint: graph.Breakpoint{Kind: graph.BreakDepth}}); err == nil || !strings.Contains(err.Error(), "needs n > 0") {
		t.Fatalf("a depth breakpoint without n: %v", err)
	}
	b := Breakpoint{Breakpoint: graph.Breakpoint{Kind: graph.BreakVariable, State: "ST_TURN", Target: "creature.damage", Condition: "player == 1", N: 3, Enabled: true}}
	if b.ID, err = p.AddBreakpoint(b); err != nil {
		t.Fatal(err)
	}
	b.Enabled = false
	if err := p.UpdateBreakpoint(b); err != nil {
		t.Fatal(err)
	}
	bs, err := p.Breakpoints()
	if err != nil || len(bs) != 1 || bs[0] != b {
		t.Fatalf("breakpoints %+v %v", bs, err)
	}
	if err := p.DeleteBreakpoint(b.ID); err != nil {
		t.Fatal(err)
	}
	if err := p.DeleteBreakpoint(b.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
}

func TestOneWriter(t *testing.T) {
	p := mustCreate(t)
	mustSave(t, p, sketch(t), "")
	_, err := Open(p.Path(), Options{})
	var le *LockedError
	if !errors.As(err, &le) || !errors.Is(err, ErrLocked) {
		t.Fatalf("second writer: %v", err)
	}
	h := me()
	want := fmt.Sprintf(`^open %s: %s is held by %s@%s pid %d since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(open it read-only to look at it\)$`,
		regexp.QuoteMeta(p.Path()), regexp.QuoteMeta(p.Path()), regexp.QuoteMeta(h.User), regexp.QuoteMeta(h.Host), h.PID)
	if !regexp.MustCompile(want).MatchString(err.Error()) {
		t.Fatalf("got %q\nwant %s", err, want)
	}
	ro, err := Open(p.Path(), Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if _, err := ro.Pack(); err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Save(sketch(t), ""); err == nil || err.Error() != "project "+p.Path()+": save: opened read-only" {
		t.Fatalf("save read-only: %v", err)
	}
	// The writer's saves are seen by the reader.
	pack := sketch(t)
	pack.Title = "changed"
	mustSave(t, p, pack, "")
	if got, _ := ro.Pack(); got == nil || got.Title != "changed" {
		t.Fatal("the reader does not see the writer's save")
	}
	p.Close()
	if _, err := os.Stat(lockPath(p.Path())); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lock file left after Close: %v", err)
	}
	q, err := Open(p.Path(), Options{})
	if err != nil {
		t.Fatalf("open after the writer closed: %v", err)
	}
	q.Close()
}

// TestStaleLock: a lock file left by a dead studio does not stop the next one.
func TestStaleLock(t *testing.T) {
	p := mustCreate(t)
	path := p.Path()
	p.Close()
	if err := os.WriteFile(lockPath(path), []byte(`{"user":"ghost","host":"nowhere","pid":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	q, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	q.Close()
}

// rawExec runs SQL on a file with the plain driver, bypassing every check.
func rawExec(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// bigProject makes a closed project of several pages with revs revisions.
func bigProject(t *testing.T, revs int) string {
	t.Helper()
	p, err := Create(filepath.Join(t.TempDir(), "big"+Extension))
	if err != nil {
		t.Fatal(err)
	}
	p.db.Exec("PRAGMA synchronous = OFF") // setup speed
	pack := sketch(t)
	for i := 0; i < revs; i++ {
		pack.Scripts[0].Code.Src = strings.Repeat(fmt.Sprintf("# revision %d\n", i), 200)
		mustSave(t, p, pack, fmt.Sprint(i))
	}
	p.Close()
	return p.Path()
}

func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		make func(path string)
		want string // %s is the file's path
		is   error
	}{
		{"text file", func(path string) {
			os.WriteFile(path, []byte("format: 1\npack: not a project\n"+strings.Repeat("x", 200)), 0o644)
		}, "open %s: not a Rule Studio project (not an SQLite database)", ErrNotProject},
		{"empty file", func(path string) {
			os.WriteFile(path, nil, 0o644)
		}, "open %s: not a Rule Studio project (an empty file)", ErrNotProject},
		{"random bytes", func(path string) {
			os.WriteFile(path, randomBytes(1, 8192), 0o644)
		}, "open %s: not a Rule Studio project (not an SQLite database)", ErrNotProject},
		{"foreign SQLite file", func(path string) {
			rawExec(t, path, "CREATE TABLE photo (id INTEGER PRIMARY KEY, name TEXT)", "INSERT INTO photo (name) VALUES ('cat')")
		}, "open %s: not a Rule Studio project (an SQLite database of another application)", ErrNotProject},
		{"newer version", func(path string) {
			p, err := Create(path)
			if err != nil {
				t.Fatal(err)
			}
			mustSave(t, p, sketch(t), "")
			p.Close()
			rawExec(t, path, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion+1))
		}, fmt.Sprintf("open %%s: made by a newer version of Rule Studio (schema %d, this studio reads up to %d)", SchemaVersion+1, SchemaVersion), ErrNewer},
		{"truncated", func(path string) {
			src := bigProject(t, 20)
			b, _ := os.ReadFile(src)
			os.WriteFile(path, b[:len(b)/2], 0o644)
		}, "open %s: the file is damaged (database disk image is malformed)", ErrDamaged},
		{"random bytes overwritten", func(path string) {
			src := bigProject(t, 20)
			b, _ := os.ReadFile(src)
			// Scribble over the start of the second page (the first of the
			// blob table).
			copy(b[4096:], randomBytes(2, 2048))
			os.WriteFile(path, b, 0o644)
		}, "open %s: the file is damaged (database disk image is malformed)", ErrDamaged},
		{"random bytes overwritten in a cell pointer array", func(path string) {
			src := bigProject(t, 20)
			b, _ := os.ReadFile(src)
			copy(b[2*4096+8:], randomBytes(2, 16))
			os.WriteFile(path, b, 0o644)
		}, "open %s: the file is damaged (quick_check: Tree 3 page 3 cell 7: Offset 52724 out of range 1927..4092, and 7 more problems)", ErrDamaged},
		{"yaml no longer parses", func(path string) {
			p, err := Create(path)
			if err != nil {
				t.Fatal(err)
			}
			mustSave(t, p, sketch(t), "")
			p.Close()
			// The first chunk of states.yaml is its "states:" line.
			rawExec(t, path, "UPDATE blob SET yaml = 'states:\n  - id: [' WHERE hash = (SELECT c.hash FROM chunk c JOIN document d USING (revision, seq) WHERE d.path = 'states.yaml' AND c.n = 0)")
		}, "open %s: the file is damaged (revision 1 does not read back: states.yaml:3:5: ',' or ']' must be specified)", ErrDamaged},
		{"random bytes overwritten in a document", func(path string) {
			src := bigProject(t, 20)
			b, _ := os.ReadFile(src)
			// The last page holds the newest script's YAML.
			copy(b[len(b)-1000:], randomBytes(3, 600))
			os.WriteFile(path, b, 0o644)
		}, "open %s: the file is damaged (revision 20 does not read back: scripts/main.yaml:147:9: the byte 0xA8 is not UTF-8: the studio reads text as UTF-8 (save the file as UTF-8))", ErrDamaged},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("case%d%s", i, Extension))
			tt.make(path)
			before := fileSum(t, path)
			for _, ro := range []bool{false, true} {
				p, err := Open(path, Options{ReadOnly: ro})
				if err == nil {
					p.Close()
					t.Fatalf("read-only %v: opened", ro)
				}
				want := fmt.Sprintf(tt.want, path)
				if err.Error() != want || !errors.Is(err, tt.is) {
					t.Fatalf("read-only %v:\n got %v\nwant %s", ro, err, want)
				}
				if ro {
					t.Logf("%s", err)
				}
			}
			if fileSum(t, path) != before {
				t.Fatal("the refused file was changed")
			}
			for _, side := range []string{lockPath(path), path + "-journal", path + "-wal"} {
				if _, err := os.Stat(side); err == nil {
					t.Errorf("%s left behind", side)
				}
			}
		})
	}
	// A missing file.
	missing := filepath.Join(dir, "missing"+Extension)
	if _, err := Open(missing, Options{}); err == nil || err.Error() != "open "+missing+": no such file or directory" {
		t.Fatalf("missing file: %v", err)
	}
}

// randomBytes returns n bytes of a fixed pseudo-random sequence.
func randomBytes(seed uint64, n int) []byte {
	out := make([]byte, n)
	x := seed*0x9E3779B97F4A7C15 + 1
	for i := range out {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		out[i] = byte(x)
	}
	return out
}

func TestBytesUnchanged(t *testing.T) {
	// The helper itself: equal inputs, equal sums.
	if !bytes.Equal(randomBytes(3, 10), randomBytes(3, 10)) {
		t.Fatal("randomBytes is not deterministic")
	}
}

func TestDiffAddedAndRemovedDocuments(t *testing.T) {
	p := mustCreate(t)
	pack := sketch(t)
	pack.Actions = nil
	mustSave(t, p, pack, "")
	pack.ObjectTypes = append(pack.ObjectTypes, &graph.ObjectType{Name: "token", Clauses: graph.Clauses{Tags: graph.Names{"round"}}})
	mustSave(t, p, pack, "")
	want := `--- /dev/null
+++ b/object_types/token.yaml (revision 2)
@@ -0,0 +1,3 @@
+object_types:
+  token:
+    tags: [round]
`
	if d, err := p.Diff(1, 2); err != nil || d != want {
		t.Fatalf("added:\n%s%v", d, err)
	}
	want = `--- a/object_types/token.yaml (revision 2)
+++ /dev/null
@@ -1,3 +0,0 @@
-object_types:
-  token:
-    tags: [round]
`
	if d, err := p.Diff(2, 1); err != nil || d != want {
		t.Fatalf("removed:\n%s%v", d, err)
	}
}

func TestChunks(t *testing.T) {
	text := "states:\n  - id: 1\n    name: a\n  - id: 2\n    action: |\n      x\n\n      - y\nactions:\n  a: {}\n"
	want := []string{"states:\n", "  - id: 1\n    name: a\n", "  - id: 2\n    action: |\n      x\n\n      - y\n", "actions:\n  a: {}\n"}
	var got []string
	for _, c := range chunks([]byte(text)) {
		got = append(got, string(c))
	}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Fatalf("chunks %q\nwant %q", got, want)
	}
	if len(chunks(nil)) != 0 || string(bytes.Join(chunks([]byte("a: 1")), nil)) != "a: 1" {
		t.Fatal("chunks of short text")
	}
}

// TestSaveRefusesWhatWouldNotOpen: a pack whose YAML would not read back (here a
// state with two transitions of one name) is not saved.
func TestSaveRefusesWhatWouldNotOpen(t *testing.T) {
	p := mustCreate(t)
	pack := sketch(t)
	mustSave(t, p, pack, "")
	before := fileSum(t, p.Path())
	s := pack.States[1]
	s.Transitions = append(s.Transitions, s.Transitions[0])
	_, err := p.Save(pack, "")
	want := "project " + p.Path() + `: save: the pack does not read back: states.yaml:`
	if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), `transitions: "playCard" is defined twice`) {
		t.Fatalf("got %v", err)
	}
	if fileSum(t, p.Path()) != before {
		t.Fatal("the refused save wrote")
	}
}

// TestAwkwardPath: characters that mean something in an SQLite URI.
func TestAwkwardPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a?b#c%20d é")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "x?y#z%41"+Extension)
	p, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, p, sketch(t), "")
	p.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	q, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if _, err := q.Pack(); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("files in the directory: %v", entries)
	}
}

// TestAutosaveReplaces: a later autosave replaces an earlier one, records the
// revision its edits started from (none before the first save), and an
// unchanged one or a discard with nothing to discard writes nothing.
func TestAutosaveReplaces(t *testing.T) {
	p := mustCreate(t)
	pack := sketch(t)
	base := func() any {
		var b any
		if err := p.db.QueryRow("SELECT base FROM autosave WHERE id = 1").Scan(&b); err != nil {
			t.Fatal(err)
		}
		return b
	}
	pack.Title = "first edit"
	if err := p.Autosave(pack); err != nil {
		t.Fatal(err)
	}
	if b := base(); b != nil {
		t.Errorf("autosave before any save: base %v, want NULL", b)
	}
	r := mustSave(t, p, pack, "one")
	pack.Title = "second edit"
	if err := p.Autosave(pack); err != nil {
		t.Fatal(err)
	}
	if b, ok := base().(int64); !ok || b != r.ID {
		t.Errorf("autosave after revision %d: base %v", r.ID, b)
	}
	pack.Title = "third edit"
	if err := p.Autosave(pack); err != nil {
		t.Fatal(err)
	}
	got, ok, err := p.Recover()
	if err != nil || !ok || got.Title != "third edit" {
		t.Fatalf("Recover: %v %v, title %q, want the last autosave", ok, err, got.Title)
	}
	before := fileSum(t, p.Path())
	if err := p.Autosave(pack); err != nil {
		t.Fatal(err)
	}
	if fileSum(t, p.Path()) != before {
		t.Error("an unchanged autosave changed the file")
	}
	if err := p.DiscardAutosave(); err != nil {
		t.Fatal(err)
	}
	before = fileSum(t, p.Path())
	if err := p.DiscardAutosave(); err != nil {
		t.Fatal(err)
	}
	if fileSum(t, p.Path()) != before {
		t.Error("discarding no autosave changed the file")
	}
}
