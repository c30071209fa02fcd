package editor

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
)

// Around the canvas: File > New, recent files, file dialogs, dialogs closed
// from the keyboard, shortcuts, drops, closing with unsaved changes.

// menuItem finds the item labelled label in the editor's main menu (one
// level of submenus deep).
func menuItem(e *Editor, label string) *fyne.MenuItem {
	for _, m := range e.mainMenu.Items {
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
			if it.ChildMenu != nil {
				for _, c := range it.ChildMenu.Items {
					if c.Label == label {
						return c
					}
				}
			}
		}
	}
	return nil
}

// TestNewPack: File > New shows gameSetup leading to gameEnd, not in a
// project and with nothing to save; over unsaved changes it asks first.
func TestNewPack(t *testing.T) {
	e := newEditEditor(t)
	if _, err := e.CreateState(graph.Point{X: 0, Y: 400}); err != nil {
		t.Fatal(err)
	}
	e.New()
	if !e.busy() || e.Pack().Name != "edits" {
		t.Fatalf("New over unsaved changes did not ask (pack %q)", e.Pack().Name)
	}
	e.windowKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if e.busy() || e.Pack().Name != "edits" || len(e.Pack().States) != 5 {
		t.Fatalf("Escape: dialog up %v, pack %q with %d states", e.busy(), e.Pack().Name, len(e.Pack().States))
	}
	e.New()
	e.windowKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	p := e.Pack()
	if got := strings.Join(e.View.States(), " "); got != "1 99" {
		t.Fatalf("new pack's states: %s", got)
	}
	if p.States[0].Name != "gameSetup" || p.States[0].Type != graph.Manager || p.States[1].Name != "gameEnd" || p.States[1].Type != graph.Manager {
		t.Errorf("new pack: %+v %+v", p.States[0], p.States[1])
	}
	if tr, ok := p.States[0].Transitions.Lookup(""); !ok || tr.To != graph.NumID(99) {
		t.Errorf("gameSetup's transitions: %v", p.States[0].Transitions)
	}
	if e.Dirty() || e.ProjectPath() != "" {
		t.Errorf("new pack: dirty %v, project %q", e.Dirty(), e.ProjectPath())
	}
	for _, d := range graph.Check(p) {
		if d.Severity == graph.Error {
			t.Errorf("the new pack has an error: %s", d.Message)
		}
	}
}

// TestRecentFiles: files opened and saved are listed newest first, once
// each, in File > Open Recent.
func TestRecentFiles(t *testing.T) {
	e, _ := newTestEditor(t)
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"a.yaml", "b.yaml", "c.yaml"} {
		path := filepath.Join(dir, name)
		if err := (packfile.Files{}).Write(path, packfile.YAML, editPack(t)); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	for _, p := range []string{paths[0], paths[1], paths[0], paths[2]} {
		if err := e.Open(p); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{paths[2], paths[0], paths[1]}
	if got := e.Recent(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("recent files:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	os.Remove(paths[0])
	if got := e.Recent(); len(got) != 2 {
		t.Errorf("a deleted file is still listed: %v", got)
	}
	it := menuItem(e, "c.yaml  —  "+dir)
	if it == nil {
		t.Fatal("File > Open Recent does not list c.yaml")
	}
	e.Open(paths[1])
	it.Action()
	if got := e.Window().Title(); !strings.Contains(got, "c.yaml") {
		t.Errorf("Open Recent c.yaml: title %q", got)
	}
}

// TestFileDialogTakesTypedPaths: an absolute path typed in the dialog is
// that path (not one under the folder shown); a relative one is under the
// folder shown; the next dialog starts in the folder last used.
func TestFileDialogTakesTypedPaths(t *testing.T) {
	e, _ := newTestEditor(t)
	here, elsewhere := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(here, "x.yaml"), []byte("x"), 0o644)
	e.app.Preferences().SetString(prefLastFolder, here)
	var got []string
	done := func(p string) { got = append(got, p) }

	d := e.askPath("Save", true, []string{".rulestudio"}, "game.rulestudio", done)
	if d.dir != here || len(d.files) != 0 {
		t.Errorf("the dialog starts in %s listing %d files, want %s and none (only .rulestudio files)", d.dir, len(d.files), here)
	}
	abs := filepath.Join(elsewhere, "typed.rulestudio")
	d.entry.SetText(abs)
	d.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if len(got) != 1 || got[0] != abs {
		t.Fatalf("typed %s, the dialog gave %v", abs, got)
	}
	if e.busy() {
		t.Error("the dialog is still up")
	}

	d = e.askPath("Save", true, []string{".rulestudio"}, "", done)
	if d.dir != elsewhere {
		t.Errorf("the next dialog starts in %s, want the folder last used %s", d.dir, elsewhere)
	}
	test.Type(d.entry, "sub/name")
	d.submit()
	if !d.errors.Visible() || len(got) != 1 {
		t.Errorf("a path in a missing folder: errors shown %v, results %v", d.errors.Visible(), got)
	}
	d.entry.SetText("plain")
	d.submit()
	if want := filepath.Join(elsewhere, "plain.rulestudio"); len(got) != 2 || got[1] != want {
		t.Errorf("typed plain: %v, want %s (in the folder shown, with the extension)", got, want)
	}

	d = e.askPath("Open", false, []string{".yaml"}, "", done)
	d.entry.SetText(here)
	d.submit()
	if d.dir != here || len(d.files) != 1 || !e.busy() {
		t.Errorf("typing a folder opens it: dir %s, %d files, dialog up %v", d.dir, len(d.files), e.busy())
	}
	d.entry.SetText("missing.yaml")
	d.submit()
	if !d.errors.Visible() || len(got) != 2 {
		t.Errorf("opening a missing file: errors %v, results %v", d.errors.Visible(), got)
	}
	d.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if e.busy() || len(got) != 2 {
		t.Errorf("Escape: dialog up %v, results %v", e.busy(), got)
	}
}

// TestFolderDialog: a folder dialog chooses the folder typed, or the one
// shown when nothing is typed, and lists no files.
func TestFolderDialog(t *testing.T) {
	e, _ := newTestEditor(t)
	here := t.TempDir()
	os.Mkdir(filepath.Join(here, "game"), 0o755)
	os.WriteFile(filepath.Join(here, "x.yaml"), []byte("x"), 0o644)
	e.app.Preferences().SetString(prefLastFolder, here)
	var got []string
	d := e.askFolder("Folder", func(dir string) { got = append(got, dir) })
	if len(d.files) != 1 || !d.files[0].IsDir() {
		t.Errorf("the folder dialog lists %d entries, want the one folder", len(d.files))
	}
	d.entry.SetText("game")
	d.submit()
	d = e.askFolder("Folder", func(dir string) { got = append(got, dir) })
	d.submit()
	if want := []string{filepath.Join(here, "game"), filepath.Join(here, "game")}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("chosen %v, want %v (typed, then the folder last used, shown)", got, want)
	}
}

// TestSaveAsTypedAbsolutePath: File > Save As with an absolute path typed
// makes the project there.
func TestSaveAsTypedAbsolutePath(t *testing.T) {
	e, store := newTestEditor(t)
	e.SetPack(editPack(t), nil)
	settle(e)
	e.saveOrAsk() // no project yet: Save As
	if e.pathDialog == nil {
		t.Fatal("Save without a project shows no file dialog")
	}
	path := filepath.Join(t.TempDir(), "typed.rulestudio")
	e.pathDialog.entry.SetText(path)
	e.pathDialog.submit()
	if _, ok := store.files[path]; !ok || e.ProjectPath() != path || e.Dirty() {
		t.Errorf("Save As %s: stored %v, project %q, dirty %v", path, ok, e.ProjectPath(), e.Dirty())
	}
}

// TestDialogsAreModalAndKeyboardClosed: an error dialog closes with Escape
// or Enter, and while it shows menu commands open no second dialog.
func TestDialogsAreModalAndKeyboardClosed(t *testing.T) {
	e := newEditEditor(t)
	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		e.showError(errors.New("boom"))
		if !e.busy() {
			t.Fatal("the error dialog does not show")
		}
		for _, label := range []string{"Open…", "Find State…", "Save As…", "New State"} {
			menuItem(e, label).Action()
		}
		if e.pathDialog != nil || e.finder != nil || e.prompt != nil || len(e.Pack().States) != 4 {
			t.Errorf("menu commands under the error dialog opened something: file dialog %v, find %v, prompt %v, %d states",
				e.pathDialog != nil, e.finder != nil, e.prompt != nil, len(e.Pack().States))
		}
		if n := len(e.win.Canvas().Overlays().List()); n != 1 {
			t.Errorf("%d dialogs showing, want the error alone", n)
		}
		e.windowKey(&fyne.KeyEvent{Name: k})
		if e.busy() {
			t.Errorf("%s does not close the error dialog", k)
		}
	}
}

// TestEveryFrequentCommandHasAShortcut: the menus show a shortcut for each
// frequent command.
func TestEveryFrequentCommandHasAShortcut(t *testing.T) {
	e, _ := newTestEditor(t)
	for _, label := range []string{"New", "Open…", "Save", "Save As…", "Import BGA states.inc.php…", "Quit",
		"Undo", "Redo", "Cut", "Copy", "Paste", "Duplicate", "Delete", "Select All", "New State", "Rename…", "Find State…",
		"Zoom In", "Zoom Out", "Zoom to Fit", "Actual Size", "Automatic Layout", "Lay Out Selection",
		"YAML rule pack…", "Graph as PNG picture…"} {
		it := menuItem(e, label)
		switch {
		case it == nil:
			t.Errorf("no menu item %q", label)
		case it.Shortcut == nil:
			t.Errorf("menu item %q shows no shortcut", label)
		}
	}
}

// TestTextShortcutsGoToTheFocusedField: with a text field focused, Copy and
// Select All act on its text, not on the states.
func TestTextShortcutsGoToTheFocusedField(t *testing.T) {
	e := newEditEditor(t)
	e.View.SetSelection([]string{"2"}, "2")
	e.Find()
	e.finder.entry.SetText("needle")
	menuItem(e, "Select All").Action()
	menuItem(e, "Copy").Action()
	if got := e.app.Clipboard().Content(); got != "needle" {
		t.Errorf("Copy with the find field focused put %q on the clipboard, want its text", got)
	}
	e.finder.close()
	e.win.Canvas().Focus(e.View)
	menuItem(e, "Copy").Action()
	if got := e.app.Clipboard().Content(); !strings.Contains(got, "name: playerTurn") {
		t.Errorf("Copy with the canvas focused put %q on the clipboard, want state 2", got)
	}
}

// TestCloseAsksWhenUnsaved: closing with unsaved changes asks; Escape
// stays, Enter saves (here: asks where, the pack having no project).
func TestCloseAsksWhenUnsaved(t *testing.T) {
	e := newEditEditor(t)
	quiet := New(e.app, &memStore{files: map[string][]byte{}}) // closes itself
	// Its check's result must not draw from the check's goroutine.
	useQueue(quiet)
	quiet.SetPack(editPack(t), nil)
	quiet.closeRequested()
	if quiet.busy() || quiet.stopped.Err() == nil {
		t.Fatalf("closing with nothing unsaved asked (%v) or did not close (%v)", quiet.busy(), quiet.stopped.Err())
	}
	e.RenameState("2", "renamed")
	e.closeRequested()
	if !e.busy() {
		t.Fatal("closing with unsaved changes does not ask")
	}
	e.windowKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if e.busy() || e.stopped.Err() != nil {
		t.Fatalf("Escape: dialog up %v, closed %v", e.busy(), e.stopped.Err())
	}
	e.closeRequested()
	e.windowKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if e.pathDialog == nil || e.stopped.Err() != nil {
		t.Errorf("Enter (Save) on a pack without a project: file dialog %v, closed %v", e.pathDialog != nil, e.stopped.Err())
	}
}

// TestDropOpensFiles: a pack file dropped on the window opens; a DOT file is
// refused with a dialog.
func TestDropOpensFiles(t *testing.T) {
	e, _ := newTestEditor(t)
	path := filepath.Join(t.TempDir(), "dropped.yaml")
	if err := (packfile.Files{}).Write(path, packfile.YAML, editPack(t)); err != nil {
		t.Fatal(err)
	}
	e.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(path)})
	settle(e)
	if e.Pack() == nil || e.Pack().Name != "edits" || !strings.Contains(e.Window().Title(), "dropped.yaml") {
		t.Fatalf("after the drop: pack %v, title %q", e.Pack(), e.Window().Title())
	}
	e.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(filepath.Join(t.TempDir(), "g.dot"))})
	if !e.busy() || e.Pack().Name != "edits" {
		t.Errorf("a dropped DOT file: dialog %v, pack %q", e.busy(), e.Pack().Name)
	}
}

// TestContextMenu: a right click on a state selects it and shows its menu;
// a menu shortcut then opens nothing behind it.
func TestContextMenu(t *testing.T) {
	e := newEditEditor(t)
	test.TapSecondaryAt(e.View, at(e, 280, 130))
	if e.View.Selected() != "3" || !e.busy() {
		t.Fatalf("right click on state 3: selected %q, menu shown %v", e.View.Selected(), e.busy())
	}
	menuItem(e, "Find State…").Action()
	if e.finder != nil {
		t.Error("ctrl+F opened the find dialog behind the context menu")
	}
}

// TestLayOutSelection: the selected states are laid out among themselves
// around where they were; the others stay; one undo step.
func TestLayOutSelection(t *testing.T) {
	e := newEditEditor(t)
	before := yamlOf(t, e.Pack())
	e.moved(map[string]graph.Point{"2": {X: 500, Y: -300}, "3": {X: -200, Y: 700}})
	ids := []string{"2", "3", "99"}
	centre := centreOf(e.Pack().Editor.Positions, ids)
	e.View.SetSelection(ids, "2")
	e.RelayoutSelection()
	settle(e)
	pos := e.Pack().Editor.Positions
	if got := centreOf(pos, ids); abs(got.X-centre.X) > 0.01 || abs(got.Y-centre.Y) > 0.01 {
		t.Errorf("the group's middle moved from %v to %v", centre, got)
	}
	if pos["1"] != (graph.Point{}) {
		t.Errorf("state 1 (not selected) moved to %v", pos["1"])
	}
	if !(pos["2"].Y < pos["3"].Y && pos["3"].Y < pos["99"].Y) {
		t.Errorf("laid out 2 -> 3 -> 99 not top to bottom: %v %v %v", pos["2"], pos["3"], pos["99"])
	}
	e.Undo()
	e.Undo()
	if got := yamlOf(t, e.Pack()); got != before {
		t.Errorf("undo:\n%s", got)
	}
}

// TestStatesWithoutPlacesGoBesideTheirNeighbours: a state an edit adds with
// no position (the YAML view) is placed beside a state it is linked to, in a
// free spot, as part of that edit; every other position stays.
func TestStatesWithoutPlacesGoBesideTheirNeighbours(t *testing.T) {
	e := newEditEditor(t)
	was := e.Pack().Clone()
	q := e.Pack().Clone()
	q.States = append(q.States, &graph.State{ID: graph.NumID(5), Name: "bonus", Type: graph.Game,
		Transitions: graph.Transitions{{Name: "back", To: graph.NumID(2)}}})
	e.Do(graph.ReplacePack(e.Pack(), q, "edit the YAML"))
	pos := e.Pack().Editor.Positions
	for id, pt := range was.Editor.Positions {
		if pos[id] != pt {
			t.Errorf("state %s moved from %v to %v", id, pt, pos[id])
		}
	}
	got, ok := pos["5"]
	if !ok {
		t.Fatal("the new state has no position")
	}
	if dx, dy := got.X-pos["2"].X, got.Y-pos["2"].Y; abs(dx) > 400 || abs(dy) > 300 {
		t.Errorf("the new state at %v, far from state 2 at %v", got, pos["2"])
	}
	e.Undo()
	if _, ok := e.Pack().Editor.Positions["5"]; ok || stateOf(e.Pack(), "5") != nil {
		t.Error("one undo keeps the state or its position")
	}
}

// TestQuitTellsOnQuitLast: OnQuit runs once, when the designer quit and
// the editor has stopped its work and closed its project, so that what it
// does (the studio ends the process if the toolkit does not) loses nothing.
func TestQuitTellsOnQuitLast(t *testing.T) {
	s := &memStore{files: map[string][]byte{}}
	e := New(newEditEditor(t).app, s) // closes itself
	useQueue(e)
	proj, err := s.Create("quit.rulestudio", editPack(t), "made")
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(editPack(t), proj)
	calls := 0
	e.OnQuit = func() {
		calls++
		if e.ProjectPath() != "" || e.stopped.Err() == nil {
			t.Errorf("OnQuit ran with the project %q open or the work not stopped (%v)", e.ProjectPath(), e.stopped.Err())
		}
	}
	e.closeRequested()
	if calls != 1 {
		t.Fatalf("OnQuit ran %d times on quitting, want 1", calls)
	}
}
