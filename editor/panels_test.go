package editor

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// visibleIn reports whether o is drawn in w: reached from the window's
// content through visible objects only (the content of a tab not selected
// is hidden, so it is not).
func visibleIn(w fyne.Window, o fyne.CanvasObject) bool {
	var walk func(fyne.CanvasObject) bool
	walk = func(at fyne.CanvasObject) bool {
		if at == nil || !at.Visible() {
			return false
		}
		if at == o {
			return true
		}
		var kids []fyne.CanvasObject
		switch x := at.(type) {
		case *fyne.Container:
			kids = x.Objects
		case fyne.Widget:
			kids = test.WidgetRenderer(x).Objects()
		}
		for _, k := range kids {
			if walk(k) {
				return true
			}
		}
		return false
	}
	return walk(w.Content())
}

// TestEndMatchKeepsTheInspector: ending a match (Play > End Match, or
// opening another pack while one is shown) takes the Play and Debugger
// panels away and leaves the Inspector on screen: a state tapped then shows
// its form.
func TestEndMatchKeepsTheInspector(t *testing.T) {
	for _, end := range []struct {
		name string
		do   func(e *Editor)
	}{
		{"End Match", func(e *Editor) { e.EndMatch() }},
		{"another pack", func(e *Editor) { e.SetPack(testpack.Bundled(t, "tictactoe"), nil); settle(e) }},
	} {
		t.Run(end.name, func(t *testing.T) {
			e := matchEditor(t, "tictactoe", "1", person, person)
			if e.Dock.Front(dock.Side) != PanelDebug || visibleIn(e.Window(), e.Inspector) {
				t.Fatalf("during the match the side shows %q (inspector on screen: %v), want the Debugger in front", e.Dock.Front(dock.Side), visibleIn(e.Window(), e.Inspector))
			}
			end.do(e)
			if e.Dock.Has(PanelDebug) {
				t.Errorf("the Debugger is still docked after the match ended")
			}
			id := e.pack.States[len(e.pack.States)-1].ID.String()
			test.TapAt(e.View, e.View.ToWidget(e.View.Positions()[id]))
			if e.View.Selected() != id {
				t.Fatalf("tapping state %s selected %q", id, e.View.Selected())
			}
			if !visibleIn(e.Window(), e.Inspector) {
				t.Errorf("state %s selected: the Inspector is not on screen (side shows %q)", id, e.Dock.Front(dock.Side))
			}
		})
	}
}

// TestViewMenuBringsPanelsBack: View > Panels brings each of the window's
// panels to the front, docking the Debugger again after a match ended.
func TestViewMenuBringsPanelsBack(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	e.EndMatch()
	for _, c := range []struct {
		label string
		panel fyne.CanvasObject
	}{
		{"Debugger", e.Play.DebugPanel()},
		{"Inspector", e.Inspector},
		{"Diagnostics", e.Diagnostics},
		{"Play", nil},
		{"Tests", nil},
	} {
		it := menuItem(e, c.label)
		if it == nil {
			t.Errorf("View > Panels has no %s", c.label)
			continue
		}
		it.Action()
		if c.panel != nil && !visibleIn(e.Window(), c.panel) {
			t.Errorf("View > Panels > %s: the panel is not on screen", c.label)
		}
	}
	if e.Dock.Front(dock.Bottom) != PanelTests {
		t.Errorf("View > Panels > Tests: the bottom shows %q", e.Dock.Front(dock.Bottom))
	}
}

// TestOpenForgetsTheOldPacksResults: File > Open of another pack takes the
// playtest's results off the graph and closes their panel, and empties the
// debugger's filters and console: none of it is about the pack shown. A
// playtest that ends after another pack opened is not shown either.
func TestOpenForgetsTheOldPacksResults(t *testing.T) {
	e, _ := knownPackEditor(t)
	e.Playtest(PlaytestSettings{Matches: 5, Seats: 2, Seed: 7, Bots: "random"})
	settle(e)
	if e.View.Heat() == nil || e.PlaytestText() == "" {
		t.Fatal("the playtest shows no results")
	}
	entries := map[string]*ui.Entry{
		"events filter":  debugEntry(t, e, "filter events"),
		"objects filter": debugEntry(t, e, "filter objects"),
		"console":        debugEntry(t, e, "Starlark on the match"),
		"watch entry":    debugEntry(t, e, "a Starlark expression to watch"),
	}
	entries["events filter"].SetText("playCard")
	entries["objects filter"].SetText("elf")
	entries["console"].SetText("game.turns")
	entries["watch entry"].SetText("len(board.empty())")

	other := filepath.Join(t.TempDir(), "tictactoe.yaml")
	data, _ := assets.Pack("tictactoe")
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := e.Open(other); err != nil {
		t.Fatal(err)
	}
	settle(e)
	if e.View.Heat() != nil || e.PlaytestText() != "" {
		t.Errorf("after opening %s: heat on the graph %v, playtest panel %q", filepath.Base(other), e.View.Heat() != nil, e.PlaytestText())
	}
	for name, f := range entries {
		if f.Text != "" {
			t.Errorf("after opening another pack the debugger's %s still holds %q", name, f.Text)
		}
	}

	// A run that ends once another pack is shown.
	e.Playtest(PlaytestSettings{Matches: 5, Seats: 2, Seed: 7, Bots: "random"})
	e.layouts.Wait() // the run is over; its result waits in the queue
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	if e.View.Heat() != nil || e.PlaytestText() != "" {
		t.Errorf("a playtest of the pack shown before shows on the new one")
	}
}

// TestScrubForgetsTheStopMessage: the Play panel's message about where the
// match stopped (a breakpoint at step N) goes when the designer scrubs to
// another step; it is not about the step shown.
func TestScrubForgetsTheStopMessage(t *testing.T) {
	e, _ := knownPackEditor(t)
	if err := e.AddBreakpoint(graph.Breakpoint{Kind: graph.BreakEnter, State: "3", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if err := e.StartMatch("3", []string{"random", "random"}); err != nil {
		t.Fatal(err)
	}
	p := e.Play
	p.Continue()
	stop := p.Session().Cursor()
	if !strings.Contains(p.Message(), fmt.Sprintf("Breakpoint at step %d", stop)) || stop < 2 {
		t.Fatalf("the match did not stop at a breakpoint past step 1: %q at %d", p.Message(), stop)
	}
	p.Scrub(1) // the designer drags the timeline
	if p.Session().Cursor() != 1 || strings.Contains(p.Message(), "Breakpoint") {
		t.Errorf("scrubbed to step %d, the panel still says %q", p.Session().Cursor(), p.Message())
	}
}

// TestOpenScenarioShowsANewRun: a scenario's tab open before a run shows the
// run's failures at their lines when it ends, the cursor on the first
// failing line (scrolled into view), and loses them once it passes.
func TestOpenScenarioShowsANewRun(t *testing.T) {
	e, s := newTestEditor(t)
	proj := seedsWithScenarios(t, e, s)
	fails, err := os.ReadFile("../preview/scenario/testdata/fails.yaml")
	if err != nil {
		t.Fatal(err)
	}
	proj.kept["fails"] = StoredScenario{Name: "fails", YAML: fails}
	e.ShowTests()
	e.EditScenario("fails")
	se := scenarioEditorOf(t, e, "fails")
	if len(se.Marks()) != 0 {
		t.Fatalf("marks before any run: %+v", se.Marks())
	}
	e.RunTests("fails")
	settle(e)
	if m := se.Marks(); len(m) != 1 || m[0].Line != 10 {
		t.Errorf("after the run the open tab marks %+v, want the failure at line 10", m)
	}
	if line, _ := se.CursorPos(); line != 10 {
		t.Errorf("after the run the cursor is on line %d, want the failing line 10", line)
	}
	se.SetText(strings.Replace(string(fails), "power == 4", "power == 2", 1))
	test.Tap(buttonIn(t, e.Dock, scenarioPanelID("fails"), "Save and run"))
	settle(e)
	if m := se.Marks(); len(m) != 0 {
		t.Errorf("the scenario passes now, its tab still marks %+v", m)
	}
}

// TestRestartOnEditedKeepsThePlace: Restart on the edited rules shows the
// re-run match where the designer was, with the choices a person has there
// offered at once, and keeps the other lines of play (they went silently),
// played again on the edited rules.
func TestRestartOnEditedKeepsThePlace(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	p := e.Play
	take := func() {
		t.Helper()
		test.Tap(actionButtons(p)[0]) // a cell, then Take
		test.Tap(actionButton(t, p, "Take "))
	}
	take()
	branchAt := p.Session().Cursor()
	take()
	take()
	p.Scrub(branchAt) // back to the second move's decision
	take()            // another second move: a new line
	if n := len(p.Session().Lines()); n != 2 {
		t.Fatalf("%d lines of play, want 2", n)
	}
	at, status := p.Session().Cursor(), p.Status()
	offered := len(actionButtons(p))

	e.Do(mustEdit(t)(graph.EditState(e.Pack(), "2", "description", func(s *graph.State) {
		s.Description += " now"
	})))
	rerunSettle(e)
	if e.Play.LiveReport() == "" {
		t.Fatal("no live report after an edit")
	}
	lines := fmt.Sprint(p.Session().Lines())
	test.Tap(restartButton(t, e))
	if p.Session().Cursor() != at || len(actionButtons(p)) != offered {
		t.Errorf("after Restart: step %d with %d buttons, want step %d with %d (was %q, now %q)", p.Session().Cursor(), len(actionButtons(p)), at, offered, status, p.Status())
	}
	if got := fmt.Sprint(p.Session().Lines()); got != lines {
		t.Errorf("after Restart the lines of play are\n%s, want\n%s", got, lines)
	}
	if want := "The other line of play is kept"; !strings.Contains(p.Message(), want) {
		t.Errorf("after Restart the panel says %q, want it to say %q", p.Message(), want)
	}
	if lines := p.LineChoices(); len(lines) != 2 {
		t.Errorf("the line selector shows %v, want both lines", lines)
	}
}

// TestRestartOnEditedAtTheFirstDecision: restarting before any move shows
// the first decision with its choices, as the match shown had.
func TestRestartOnEditedAtTheFirstDecision(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	p := e.Play
	at, offered := p.Session().Cursor(), len(actionButtons(p))
	e.Do(mustEdit(t)(graph.EditState(e.Pack(), "2", "description", func(s *graph.State) {
		s.Description += " now"
	})))
	rerunSettle(e)
	test.Tap(restartButton(t, e))
	if p.Session().Cursor() != at || len(actionButtons(p)) != offered || offered == 0 {
		t.Errorf("after Restart: step %d with %d buttons, want step %d with %d: %q", p.Session().Cursor(), len(actionButtons(p)), at, offered, p.Status())
	}
}

// TestRestartAfterAFixedError: a match that stopped on an error in the
// set-up, restarted once the code is fixed, goes on as a new match would:
// to the first decision, its choices offered (it sat at step 1 with none
// until Forward was pressed twice).
func TestRestartAfterAFixedError(t *testing.T) {
	e, _ := newTestEditor(t)
	pk := testpack.Bundled(t, "tictactoe")
	pk.States[0].Action = graph.Code{Src: "fail('boom')"}
	e.SetPack(pk, nil)
	settle(e)
	if err := e.StartMatch("1", []string{person, person}); err != nil {
		t.Fatal(err)
	}
	p := e.Play
	if !strings.Contains(p.Message(), "boom") {
		t.Fatalf("the match did not stop on the error: %q", p.Message())
	}
	e.Do(mustEdit(t)(graph.EditState(e.Pack(), "1", "action", func(s *graph.State) { s.Action = graph.Code{} })))
	rerunSettle(e)
	test.Tap(restartButton(t, e))

	fresh := matchEditor(t, "tictactoe", "1", person, person)
	want, offered := fresh.Play.Session().Cursor(), len(actionButtons(fresh.Play))
	if p.Session().Cursor() != want || len(actionButtons(p)) != offered {
		t.Errorf("after Restart: step %d with %d buttons (%q), want step %d with %d as a new match", p.Session().Cursor(), len(actionButtons(p)), p.Status(), want, offered)
	}
}

// TestEndSaysWhoWon: at the end of a match the Play panel says who won and
// every seat's score, not only the step (preview/playtest's known pack:
// the first seat always wins).
func TestEndSaysWhoWon(t *testing.T) {
	e, _ := knownPackEditor(t)
	if err := e.StartMatch("3", []string{"random", "random"}); err != nil {
		t.Fatal(err)
	}
	p := e.Play
	p.Continue()
	m := p.Session().Match()
	if !m.Over() {
		t.Fatalf("the match is not over: %q", p.Message())
	}
	sc := m.Scores()
	want := fmt.Sprintf("The match is over at step %d: Player 1 (random) wins. Scores: Player 1 (random) %d, Player 2 (random) %d.", p.Session().Cursor(), sc[0], sc[1])
	if p.Message() != want {
		t.Errorf("the end says\n%q, want\n%q", p.Message(), want)
	}
}
