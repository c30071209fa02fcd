package main

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/project"
)

func tictactoe(t *testing.T) *graph.Pack {
	t.Helper()
	data, ok := assets.Pack("tictactoe")
	if !ok {
		t.Fatal("no bundled tictactoe pack")
	}
	p, err := graph.Parse(data, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tictactoeProject makes a project file of tic-tac-toe and returns its
// path, a test app, and an editor that opened it through the real store.
func tictactoeProject(t *testing.T) (string, fyne.App, *editor.Editor) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ttt.rulestudio")
	if err := (projectStore{}).CreateProject(path, tictactoe(t), "first"); err != nil {
		t.Fatal(err)
	}
	app := test.NewTempApp(t)
	ed := newEditor(app)
	if err := ed.Open(path); err != nil {
		t.Fatal(err)
	}
	settle(ed) // the window as the designer sees it once the layout is done
	return path, app, ed
}

// savedBreakpoints reads the breakpoints in the project file at path, as
// another studio would (read-only, while the editor holds it).
func savedBreakpoints(t *testing.T, path string) []project.Breakpoint {
	t.Helper()
	p, err := project.Open(path, project.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	bps, err := p.Breakpoints()
	if err != nil {
		t.Fatal(err)
	}
	return bps
}

// TestBreakpointsSurviveReopen: breakpoints set in the window (ctrl+B on a
// state, one added from the Breakpoints tab's API and disabled) are in the
// project file at once, without File > Save; a studio opening the project
// again shows them (the dot on the state) and its match stops at them.
func TestBreakpointsSurviveReopen(t *testing.T) {
	path, app, ed := tictactoeProject(t)
	ed.SelectState("3")
	ed.ToggleBreakpoint()
	if err := ed.AddBreakpoint(graph.Breakpoint{Kind: graph.BreakVariable, Target: "player.score", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if err := ed.SetBreakpointEnabled(1, false); err != nil {
		t.Fatal(err)
	}
	if ed.Dirty() {
		t.Error("a breakpoint marks the pack modified: breakpoints are not part of the pack")
	}
	saved := savedBreakpoints(t, path)
	if len(saved) != 2 || saved[0].Kind != graph.BreakEnter || saved[0].State != "3" || !saved[0].Enabled ||
		saved[1].Target != "player.score" || saved[1].Enabled {
		t.Fatalf("the project file holds %+v, want enter state 3 and player.score disabled", saved)
	}
	ed.SetPack(nil, nil) // closes the project

	again := newEditor(app)
	if err := again.Open(path); err != nil {
		t.Fatal(err)
	}
	settle(again) // the window as the designer sees it once the layout is done
	bps := again.Breakpoints()
	if len(bps) != 2 || bps[0].Breakpoint != saved[0].Breakpoint || bps[1].Breakpoint != saved[1].Breakpoint {
		t.Fatalf("reopened: %+v, want %+v", bps, saved)
	}
	if dots := again.View.BreakpointStates(); len(dots) != 1 || !dots["3"] {
		t.Errorf("reopened: dots %v, want state 3", dots)
	}
	if err := again.StartMatch("3", []string{"random", "random"}); err != nil {
		t.Fatal(err)
	}
	s := again.Play.Session()
	if m := s.Match(); m.Over() || s.Cursor() == 0 || again.View.Match().Visits["3"] != 1 {
		t.Errorf("reopened: the bots' match did not stop on first entering state 3 (step %d, over %v, visits %v)",
			s.Cursor(), m.Over(), again.View.Match().Visits)
	}
	if err := again.DeleteBreakpoint(0); err != nil {
		t.Fatal(err)
	}
	if saved := savedBreakpoints(t, path); len(saved) != 1 || saved[0].Target != "player.score" {
		t.Errorf("after removing one the file holds %+v", saved)
	}
	again.SetPack(nil, nil)
}

// TestBreakpointsCarriedBySaveAs: breakpoints set on a pack that has no
// project yet are kept in memory and written into the project Save As
// makes.
func TestBreakpointsCarriedBySaveAs(t *testing.T) {
	ed := newEditor(test.NewTempApp(t))
	ed.SetPack(tictactoe(t), nil)
	if err := ed.ToggleStateBreakpoint("2"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "new.rulestudio")
	if err := ed.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	if saved := savedBreakpoints(t, path); len(saved) != 1 || saved[0].State != "2" {
		t.Errorf("the new project holds %+v, want the breakpoint on state 2", saved)
	}
	if bps := ed.Breakpoints(); len(bps) != 1 || bps[0].ID == 0 {
		t.Errorf("after Save As the editor keeps %+v, want it with its id in the file", bps)
	}
	ed.SetPack(nil, nil)
}
