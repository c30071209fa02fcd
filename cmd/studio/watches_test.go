package main

import (
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/project"
)

// savedWatches reads the watched expressions in the project file at path,
// as another studio would (read-only, while the editor holds it).
func savedWatches(t *testing.T, path string) []string {
	t.Helper()
	p, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ws, err := p.Watches()
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// TestWatchesSurviveReopen: expressions added to and removed from the
// debugger's Watch tab are in the project file at once, without File >
// Save; a studio opening the project again lists them, and its match shows
// their values; one opening it read-only lists them and writes no change.
func TestWatchesSurviveReopen(t *testing.T) {
	path, app, ed := tictactoeProject(t)
	ed.Play.AddWatch("len(board.empty())")
	ed.Play.AddWatch("  no_such_name ")
	ed.Play.AddWatch("1 + 1")
	ed.Play.RemoveWatch(1)
	if ed.Dirty() {
		t.Error("a watch marks the pack modified: watches are not part of the pack")
	}
	want := []string{"len(board.empty())", "1 + 1"}
	if saved := savedWatches(t, path); !slices.Equal(saved, want) {
		t.Fatalf("the project file holds %q, want %q", saved, want)
	}
	ed.SetPack(nil, nil) // closes the project
	if exprs, _ := ed.Play.Watches(); len(exprs) != 0 {
		t.Errorf("with no project the Watch tab still lists %q", exprs)
	}

	again := newEditor(app)
	if err := again.Open(path); err != nil {
		t.Fatal(err)
	}
	settle(again) // the window as the designer sees it once the layout is done
	if exprs, _ := again.Play.Watches(); !slices.Equal(exprs, want) {
		t.Fatalf("reopened: the Watch tab lists %q, want %q", exprs, want)
	}
	if err := again.StartMatch("3", []string{"person", "person"}); err != nil {
		t.Fatal(err)
	}
	if _, shown := again.Play.Watches(); !slices.Equal(shown, []string{"len(board.empty()) = 9", "1 + 1 = 2"}) {
		t.Errorf("reopened, a match shown: the rows read %q", shown)
	}
	again.Play.RemoveWatch(0)
	if saved := savedWatches(t, path); !slices.Equal(saved, want[1:]) {
		t.Errorf("after removing one the file holds %q", saved)
	}
	again.SetPack(nil, nil)

	ro := newEditor(app)
	if err := ro.OpenProjectReadOnly(path); err != nil {
		t.Fatal(err)
	}
	settle(ro) // the window as the designer sees it once the layout is done
	ro.Play.AddWatch("2 + 2")
	if exprs, _ := ro.Play.Watches(); !slices.Equal(exprs, []string{"1 + 1", "2 + 2"}) {
		t.Errorf("read-only: the Watch tab lists %q, want the saved one and the new one", exprs)
	}
	if saved := savedWatches(t, path); !slices.Equal(saved, want[1:]) {
		t.Errorf("read-only: the file holds %q, want it untouched", saved)
	}
	ro.SetPack(nil, nil)
}

// TestWatchesCarriedBySaveAs: watches added on a pack that has no project
// yet are kept in memory and written into the project Save As makes.
func TestWatchesCarriedBySaveAs(t *testing.T) {
	ed := newEditor(test.NewTempApp(t))
	ed.SetPack(tictactoe(t), nil)
	ed.Play.AddWatch("len(board.empty())")
	path := filepath.Join(t.TempDir(), "new.rulestudio")
	if err := ed.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	if saved := savedWatches(t, path); !slices.Equal(saved, []string{"len(board.empty())"}) {
		t.Errorf("the new project holds %q, want the watch", saved)
	}
	ed.SetPack(nil, nil)
}
