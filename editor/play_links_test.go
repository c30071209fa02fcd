package editor

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// showEvents brings the debugger's Events tab to the front, so that the
// log's rows are laid out and can be tapped.
func showEvents(t *testing.T, e *Editor) {
	t.Helper()
	e.Dock.Show(PanelDebug)
	e.Play.ShowTab("Events")
}

// tapEvent taps the row of the first event of the log that ok accepts and
// returns it.
func tapEvent(t *testing.T, e *Editor, ok func(ev engine.Event) bool) engine.Event {
	t.Helper()
	l := e.Play.Events()
	for i := 0; i < l.Len(); i++ {
		if ev, isEv := l.Event(i); isEv && ok(ev) {
			r := l.Row(i)
			if r == nil {
				t.Fatalf("row %d (%s) is not on screen", i, play.EventText(ev))
			}
			test.Tap(r)
			return ev
		}
	}
	t.Fatalf("no such event in the log:\n%s", l.Text())
	return engine.Event{}
}

// TestPlayEventOpensState: tapping a state_entered event of another state
// than the match's selects that state on the canvas and shows its form.
func TestPlayEventOpensState(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	test.Tap(actionButtons(e.Play)[0])
	showEvents(t, e)
	now := e.View.Selected()
	ev := tapEvent(t, e, func(ev engine.Event) bool {
		return ev.Kind == engine.EvStateEntered && ev.StateID != now && ev.Clause == ""
	})
	if got := e.View.Selected(); got != ev.StateID {
		t.Errorf("tapping %q selects %q on the canvas (was %q)", play.EventText(ev), got, now)
	}
	if got := e.Inspector.Shown(); got != ev.StateID {
		t.Errorf("the inspector shows %q, want %q", got, ev.StateID)
	}
}

// TestPlayEventOpensClause: on the seed effects, tapping the event of the
// Healer's when clause firing opens the Healer's card at that clause's
// condition (why it fired); the row says the condition held.
func TestPlayEventOpensClause(t *testing.T) {
	e := matchEditor(t, "seeds", "7", "random", "random")
	showEvents(t, e)
	const healer = "object_types/healer/when/enters"
	ev := tapEvent(t, e, func(ev engine.Event) bool { return ev.Kind == engine.EvClauseFired && ev.Clause == healer })
	if !strings.Contains(play.EventText(ev), "· fired as its condition held: ") {
		t.Errorf("the row does not say why the clause fired: %s", play.EventText(ev))
	}
	ot := e.ObjectTypes()
	if got := e.Dock.Front(dock.Centre); got != PanelObjectTypes || ot.Selected() != "healer" {
		t.Fatalf("front %q showing %q, want the object types at healer", got, ot.Selected())
	}
	c, ok := ot.Form().Place("when/0/condition").(*code.Editor)
	if !ok || !c.Focused() {
		t.Errorf("the when clause's condition is not focused (%T)", ot.Form().Place("when/0/condition"))
	}
}

// TestPlayRuleErrorOpensCode: an error in the mark action's body stops the
// match and opens the Actions panel at the body's failing line, the
// backtrace in the Play panel's message.
func TestPlayRuleErrorOpensCode(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	body := &pack.Actions.Lookup("mark").Body
	body.Src += "if board.count(1) == 2:\n    fail('two crosses')\n"
	want := strings.Count(body.Src, "\n") // the fail line: the last
	e, _ := newTestEditor(t)
	e.SetPack(pack, nil)
	settle(e)
	if err := e.StartMatch("2", []string{"random", "random"}); err != nil {
		t.Fatal(err)
	}
	if msg := e.Play.Message(); !strings.Contains(msg, "two crosses") || !strings.Contains(msg, "Traceback") {
		t.Fatalf("message %q", msg)
	}
	ap := e.Actions()
	if got := e.Dock.Front(dock.Centre); got != PanelActions || ap.Selected() != "mark" {
		t.Fatalf("front %q showing %q, want the actions at mark", got, ap.Selected())
	}
	c := ap.Form().Place("body").(*code.Editor)
	if line, _ := c.CursorPos(); line != want || !c.Focused() {
		t.Errorf("body's cursor on line %d (focused %v), want line %d", line, c.Focused(), want)
	}
}

// rerunSettle runs a live re-run waiting for its timer and shows its result.
func rerunSettle(e *Editor) {
	e.Play.FlushRerun()
	settle(e) // runs a re-run a fired timer handed over
	e.Play.WaitRerun()
	settle(e)
}

// TestPlayLiveRerun: with a seeds match shown, editing the Healer's +3 life
// to +4 reports the first step that differs (the step its when clause's
// body ran) with the life changed; restarting takes the re-run match.
func TestPlayLiveRerun(t *testing.T) {
	e := matchEditor(t, "seeds", "7", "random", "random")
	s := e.Play.Session()
	healer := -1
	for k := 0; k <= s.Head() && healer < 0; k++ {
		for _, ev := range s.StepEvents(k) {
			if ev.Kind == engine.EvStackPopped && ev.Clause == "object_types/healer/when/enters" {
				healer = k
			}
		}
	}
	if healer < 0 {
		t.Fatal("no healer entered")
	}
	e.Do(mustEdit(t)(graph.EditObjectType(e.Pack(), "healer", "when/0/body", func(ot *graph.ObjectType) {
		ot.When[0].Body.Src = strings.Replace(ot.When[0].Body.Src, "+= 3", "+= 4", 1)
	})))
	if got := e.Play.LiveReport(); got != "" {
		t.Fatalf("a report before the re-run: %q", got)
	}
	rerunSettle(e)
	rep := e.Play.LiveReport()
	if !strings.HasPrefix(rep, "Live: the edited rules differ first at step "+strconv.Itoa(healer)+":") ||
		!strings.Contains(rep, "player 1's life is now") {
		t.Fatalf("report at step %d:\n%s", healer, rep)
	}
	test.Tap(restartButton(t, e))
	if e.Play.Session() == s || e.Play.LiveReport() != "" || !strings.HasPrefix(e.Play.Message(), "Restarted on the edited rules") {
		t.Errorf("restart: same session %v, report %q, message %q", e.Play.Session() == s, e.Play.LiveReport(), e.Play.Message())
	}
	e.Do(mustEdit(t)(graph.EditObjectType(e.Pack(), "healer", "when/0/body", func(ot *graph.ObjectType) {
		ot.When[0].Body.Src = "self.controller.life +="
	})))
	rerunSettle(e)
	if rep := e.Play.LiveReport(); !strings.HasPrefix(rep, "Live: the edited rules no longer load: ") || !restartButton(t, e).Disabled() {
		t.Errorf("report on broken rules:\n%s", rep)
	}
}

func mustEdit(t *testing.T) func(graph.Edit, error) graph.Edit {
	return func(ed graph.Edit, err error) graph.Edit {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return ed
	}
}

// TestPlayWatchFollowsCursor: a watched expression is evaluated at every
// step: the empty cells are 8 after a move and 9 again back at the step it
// was taken; a
// watch that fails says why on its row.
func TestPlayWatchFollowsCursor(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	p := e.Play
	watch := debugEntry(t, e, "a Starlark expression to watch")
	watch.SetText("len(board.empty())")
	watch.OnSubmitted(watch.Text)
	p.AddWatch("no_such_name")
	check := func(when, want string) {
		t.Helper()
		_, shown := p.Watches()
		if len(shown) != 2 || shown[0] != "len(board.empty()) = "+want || !strings.Contains(shown[1], "no_such_name: error: ") {
			t.Errorf("%s: watches %q", when, shown)
		}
	}
	check("at the start", "9")
	c0 := p.Session().Cursor()
	test.Tap(actionButtons(p)[0]) // a cell, then Take
	test.Tap(actionButton(t, p, "Take "))
	check("after a move", "8")
	for p.Session().Cursor() > c0 { // the move's steps, back to where it was taken
		p.Back()
	}
	check("after Back", "9")
	p.RemoveWatch(1)
	if exprs, _ := p.Watches(); len(exprs) != 1 {
		t.Errorf("after removing one: %q", exprs)
	}
}

// TestPlayLiveRerunAfterFix: a match stopped by an error in the mark
// action; removing the failing lines re-runs it past where the error was:
// the failed step did what it does before it failed (its events are the
// same), so the first to differ is the next, which the match shown lacks.
// The restarted match plays on from there to the end.
func TestPlayLiveRerunAfterFix(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	body := &pack.Actions.Lookup("mark").Body
	good := body.Src
	body.Src += "if board.count(1) == 2:\n    fail('two crosses')\n"
	e, _ := newTestEditor(t)
	e.SetPack(pack, nil)
	settle(e)
	if err := e.StartMatch("2", []string{"random", "random"}); err != nil {
		t.Fatal(err)
	}
	old := e.Play.Session()
	if old.Err() == nil {
		t.Fatal("the match did not stop on the error")
	}
	e.Do(mustEdit(t)(graph.EditAction(e.Pack(), "mark", "body", func(a *graph.Action) { a.Body.Src = good })))
	rerunSettle(e)
	want := "Live: the edited rules differ first at step " + strconv.Itoa(old.Head()+2) + " (the match shown stopped before it):\n  now the match also leaves state 2 · playerTurn"
	if rep := e.Play.LiveReport(); !strings.HasPrefix(rep, want) {
		t.Fatalf("report:\n%s\nwant it to start %q", rep, want)
	}
	test.Tap(restartButton(t, e))
	e.Play.Continue()
	if s := e.Play.Session(); s == old || s.Err() != nil || !s.Match().Over() {
		t.Errorf("the restarted match: error %v, over %v, message %q", s.Err(), s.Match().Over(), e.Play.Message())
	}
}

// TestLiveReportReadsForADesigner: the live report after an edit says what
// the match now does differently in words, with names (the variable, the
// player, the state's name), not the event log's raw kinds and key=value
// pairs ("variable_changed state=2 name=life detail=24").
func TestLiveReportReadsForADesigner(t *testing.T) {
	e := matchEditor(t, "seeds", "7", "random", "random")
	e.Do(mustEdit(t)(graph.EditObjectType(e.Pack(), "healer", "when/0/body", func(ot *graph.ObjectType) {
		ot.When[0].Body.Src = strings.Replace(ot.When[0].Body.Src, "+= 3", "+= 4", 1)
	})))
	rerunSettle(e)
	rep := e.Play.LiveReport()
	for _, raw := range []string{"variable_changed", "=", "events changed", "detail", "field"} {
		if strings.Contains(rep, raw) {
			t.Errorf("report holds %q:\n%s", raw, rep)
		}
	}
	if !strings.Contains(rep, "player 1's life is now 24, not 23 (in state 2 · playerTurn)") {
		t.Errorf("report does not say the life changed in words:\n%s", rep)
	}
}
