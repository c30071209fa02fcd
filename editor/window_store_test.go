package editor

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/graph/packfile"
	"github.com/rulestudio/studio/internal/corpus"
)

// Saving, opening, exporting, autosave and undo in the window.

func TestSaveAsThenReopenKeepsGraphAndPositions(t *testing.T) {
	e, store := newTestEditor(t)
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	if err := e.Save(); !errors.Is(err, ErrNoProject) {
		t.Fatalf("Save without a project: %v, want ErrNoProject", err)
	}
	moved := graph.Point{X: 1234, Y: -56}
	e.View.MoveState("31", moved)
	e.View.OnMoved(map[string]graph.Point{"31": moved})
	if !e.Dirty() {
		t.Error("moving a state does not mark the pack changed")
	}
	if err := e.SaveAs("/mem/hearts.rulestudio"); err != nil {
		t.Fatal(err)
	}
	if e.Dirty() || e.ProjectPath() != "/mem/hearts.rulestudio" {
		t.Errorf("after SaveAs: dirty %v, project %q", e.Dirty(), e.ProjectPath())
	}
	want := e.View.Positions()

	e2 := New(test.NewTempApp(t), store)
	useQueue(e2)
	defer e2.Window().Close()
	if err := e2.Open("/mem/hearts.rulestudio"); err != nil {
		t.Fatal(err)
	}
	settle(e2)
	if got := e2.View.States(); strings.Join(got, " ") != "1 20 21 22 30 31 32 40 99" {
		t.Errorf("reopened states = %v", got)
	}
	got := e2.View.Positions()
	for id, p := range want {
		if got[id] != p {
			t.Errorf("state %s reopened at %v, saved at %v", id, got[id], p)
		}
	}
	if got["31"] != moved {
		t.Errorf("moved state reopened at %v, want %v", got["31"], moved)
	}
}

func TestExportFormats(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	dir := t.TempDir()
	for _, c := range []struct {
		format     packfile.Form
		file, want string
	}{
		{FormatYAML, "hearts.yaml", "pack: hearts"},
		{FormatDOT, "hearts.dot", "digraph"},
		{FormatBGA, "states.inc.php", "giveCards"},
	} {
		path := filepath.Join(dir, c.file)
		if err := e.Export(c.format, path); err != nil {
			t.Errorf("export %s: %v", c.format, err)
			continue
		}
		data, _ := os.ReadFile(path)
		if !strings.Contains(string(data), c.want) {
			t.Errorf("export %s: %q not in\n%s", c.format, c.want, data)
		}
	}
}

func TestImportCorpusFile(t *testing.T) {
	files := corpus.Files(t)
	e, _ := newTestEditor(t)
	var path string
	for _, f := range files {
		if strings.Contains(f, "tigriseuphrates") {
			path = f
		}
	}
	if path == "" {
		path = files[0]
	}
	if err := e.ImportBGA(path); err != nil {
		t.Fatal(err)
	}
	settle(e)
	if n := len(e.View.States()); n != len(e.Pack().States) || n == 0 {
		t.Errorf("%d boxes for %d states", n, len(e.Pack().States))
	}
	for _, s := range e.Pack().States {
		if _, ok := e.Pack().Editor.Positions[s.ID.String()]; !ok {
			t.Errorf("state %s has no position after import", s.ID)
		}
	}
	if !e.Dirty() || e.ProjectPath() != "" {
		t.Errorf("an imported pack should be unsaved: dirty %v, project %q", e.Dirty(), e.ProjectPath())
	}
}

func TestMoveIsAutosavedAndRecovered(t *testing.T) {
	e, store := newTestEditor(t)
	e.autosaveDelay = 5 * time.Millisecond
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	if err := e.SaveAs("/mem/a.rulestudio"); err != nil {
		t.Fatal(err)
	}
	moved := graph.Point{X: -300, Y: 42}
	e.View.MoveState("22", moved)
	e.View.OnMoved(map[string]graph.Point{"22": moved})

	var p *graph.Pack
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		settle(e)
		var found bool
		p, found, _ = (&memProject{s: store, path: "/mem/a.rulestudio"}).Recover()
		if found {
			break
		}
	}
	if p == nil {
		t.Fatal("the move was not autosaved")
	}
	if got := p.Editor.Positions["22"]; got != moved {
		t.Errorf("autosaved position of 22 = %v, want %v", got, moved)
	}

	e2 := New(test.NewTempApp(t), store)
	useQueue(e2)
	defer e2.Window().Close()
	if err := e2.Open("/mem/a.rulestudio"); err != nil {
		t.Fatal(err)
	}
	settle(e2)
	if got := e2.View.Positions()["22"]; got == moved {
		t.Errorf("reopening shows the autosave before the designer chose to restore it")
	}
	e2.RestoreAutosave(p)
	if got := e2.View.Positions()["22"]; got != moved || !e2.Dirty() {
		t.Errorf("restored: position %v (want %v), dirty %v", got, moved, e2.Dirty())
	}
	if err := e2.Save(); err != nil {
		t.Fatal(err)
	}
	if _, found, _ := (&memProject{s: store, path: "/mem/a.rulestudio"}).Recover(); found {
		t.Error("saving did not clear the autosave")
	}
}

func TestUndoRedoMovesAndLayout(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	start := e.View.Positions()
	a := graph.Point{X: 500, Y: 500}
	b := graph.Point{X: 600, Y: 650}
	e.View.MoveState("31", a)
	e.View.OnMoved(map[string]graph.Point{"31": a})
	e.View.MoveState("31", b)
	e.View.OnMoved(map[string]graph.Point{"31": b})
	e.Undo()
	if got := e.View.Positions()["31"]; got != a {
		t.Errorf("after one undo 31 is at %v, want %v", got, a)
	}
	if got := e.Pack().Editor.Positions["31"]; got != a {
		t.Errorf("after one undo the pack has 31 at %v, want %v", got, a)
	}
	e.Undo()
	if got := e.View.Positions()["31"]; got != start["31"] {
		t.Errorf("after two undos 31 is at %v, want %v", got, start["31"])
	}
	e.Undo() // nothing left: no effect
	e.Redo()
	e.Redo()
	if got := e.View.Positions()["31"]; got != b {
		t.Errorf("after two redos 31 is at %v, want %v", got, b)
	}
	e.Relayout()
	settle(e)
	e.Undo()
	if got := e.View.Positions()["31"]; got != b {
		t.Errorf("undoing the automatic layout put 31 at %v, want %v", got, b)
	}
}

func TestBackgroundLayoutReplacesQuickLayout(t *testing.T) {
	e, _ := newTestEditor(t)
	p := testpack.Example(t)
	want, err := layout.Auto(context.Background(), p, layout.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(p, nil)
	if !strings.Contains(e.status.Text, "laying out") {
		t.Errorf("status while laying out = %q", e.status.Text)
	}
	settle(e)
	for id, pt := range want {
		if got := e.View.Positions()[id]; got != pt {
			t.Errorf("state %s at %v after the background layout, want %v", id, got, pt)
		}
	}
	if strings.Contains(e.status.Text, "laying out") {
		t.Errorf("status after laying out = %q", e.status.Text)
	}
}

func TestBackgroundLayoutYieldsToMoves(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Example(t), nil)
	quick := e.View.Positions()
	moved := graph.Point{X: 999, Y: 999}
	e.View.MoveState("30", moved)
	e.View.OnMoved(map[string]graph.Point{"30": moved})
	settle(e)
	for id, pt := range quick {
		if id == "30" {
			pt = moved
		}
		if got := e.View.Positions()[id]; got != pt {
			t.Errorf("state %s moved to %v by a layout that finished after the designer's move; want %v", id, got, pt)
		}
	}
}

func TestUndoToTheSavedPackClearsTheUnsavedMark(t *testing.T) {
	e, store := newTestEditor(t)
	e.autosaveDelay = time.Hour // autosaved by hand below
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	if err := e.SaveAs("/mem/u.rulestudio"); err != nil {
		t.Fatal(err)
	}
	to := graph.Point{X: 7, Y: 7}
	e.View.MoveState("22", to)
	e.View.OnMoved(map[string]graph.Point{"22": to})
	if !e.Dirty() || !strings.HasPrefix(e.Window().Title(), "*") {
		t.Fatalf("after a move: dirty %v, title %q", e.Dirty(), e.Window().Title())
	}
	e.autosave()
	proj := &memProject{s: store, path: "/mem/u.rulestudio"}
	if _, found, _ := proj.Recover(); !found {
		t.Fatal("no autosave after the move")
	}
	e.Undo()
	if e.Dirty() || strings.HasPrefix(e.Window().Title(), "*") {
		t.Errorf("undo back to the save: dirty %v, title %q", e.Dirty(), e.Window().Title())
	}
	if _, found, _ := proj.Recover(); found {
		t.Error("back at the saved pack, the autosave is still offered for recovery")
	}
	e.Redo()
	if !e.Dirty() || e.View.Positions()["22"] != to {
		t.Errorf("redo: dirty %v, 22 at %v", e.Dirty(), e.View.Positions()["22"])
	}
}

func TestRestoredAutosaveIsUndoable(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	if err := e.SaveAs("/mem/r.rulestudio"); err != nil {
		t.Fatal(err)
	}
	saved, _ := graph.Marshal(e.Pack())
	recovered := e.Pack().Clone()
	recovered.Title = "Recovered"
	recovered.Editor.Positions["31"] = graph.Point{X: -5, Y: -5}
	e.RestoreAutosave(recovered)
	settle(e)
	if e.Pack().Title != "Recovered" || e.View.Positions()["31"] != (graph.Point{X: -5, Y: -5}) || !e.Dirty() {
		t.Fatalf("restored: title %q, 31 at %v, dirty %v", e.Pack().Title, e.View.Positions()["31"], e.Dirty())
	}
	e.Undo()
	if got, _ := graph.Marshal(e.Pack()); string(got) != string(saved) || e.Dirty() {
		t.Errorf("undoing the restore did not give the saved pack back (dirty %v)", e.Dirty())
	}
	if e.View.Positions()["31"] == (graph.Point{X: -5, Y: -5}) {
		t.Error("the canvas still shows the restored position")
	}
}

// TestOpenReadsEveryPackForm: the window opens a folder export and a
// multi-document export as new packs, as the command line reads them.
func TestOpenReadsEveryPackForm(t *testing.T) {
	dir := t.TempDir()
	p := testpack.Example(t)
	folder, multi := filepath.Join(dir, "hearts"), filepath.Join(dir, "hearts.yaml")
	var files packfile.Files
	if err := files.Write(folder, packfile.Dir, p); err != nil {
		t.Fatal(err)
	}
	if err := files.Write(multi, packfile.YAML, p); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{folder, multi} {
		e, _ := newTestEditor(t)
		if err := e.Open(path); err != nil {
			t.Fatalf("open %s: %v", path, err)
		}
		settle(e)
		if got := strings.Join(e.View.States(), " "); got != "1 20 21 22 30 31 32 40 99" {
			t.Errorf("%s: states %v", path, got)
		}
		if e.ProjectPath() != "" || !strings.Contains(e.Window().Title(), filepath.Base(path)) {
			t.Errorf("%s: project %q, title %q", path, e.ProjectPath(), e.Window().Title())
		}
	}
}

// TestTypingInAFieldIsOneUndoStep: edits merged under one key undo together;
// after Seal the next typing is a step of its own.
func TestTypingInAFieldIsOneUndoStep(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Example(t), nil)
	settle(e)
	describe := func(s string) graph.Edit {
		ed, err := graph.EditState(e.Pack(), "31", "description", func(st *graph.State) { st.Description = s })
		if err != nil {
			t.Fatal(err)
		}
		return ed
	}
	orig := e.Pack().State(graph.NumID(31)).Description
	e.SelectState("31")
	for _, s := range []string{"P", "Pl", "Pla"} {
		e.Merge("state 31/description", describe(s))
	}
	e.Seal()
	e.Merge("state 31/description", describe("Play"))
	if got, _ := e.Inspector.Value("BGA", "description"); got != "Play" {
		t.Errorf("the inspector shows description %q after typing, want Play", got)
	}
	e.Undo()
	if got := e.Pack().State(graph.NumID(31)).Description; got != "Pla" {
		t.Errorf("first undo: %q, want Pla", got)
	}
	e.Undo()
	if got := e.Pack().State(graph.NumID(31)).Description; got != orig || e.Dirty() {
		t.Errorf("second undo: %q (dirty %v), want %q", got, e.Dirty(), orig)
	}
}
