package editor

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// showEvents brings the debugger's Events tab to the front, so that the
// log's rows are laid out and can be tapped.
func showEvents(t *testing.T, e *Editor) {
	t.Helper()
	e.Dock.Show(PanelDebug)
	for _, it := range e.Play.debugger.Items {
		if it.Text == "Events" {
			e.Play.debugger.Select(it)
		}
	}
}

// tapEvent taps the row of the first event of the log that ok accepts and
// returns it.
func tapEvent(t *testing.T, e *Editor, ok func(ev engine.Event) bool) engine.Event {
	t.Helper()
	l := e.Play.events
	for i := 0; i < l.Len(); i++ {
		if ev, isEv := l.Event(i); isEv && ok(ev) {
			r := l.Row(i)
			if r == nil {
				t.Fatalf("row %d (%s) is not on screen", i, eventText(ev))
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
		t.Errorf("tapping %q selects %q on the canvas (was %q)", eventText(ev), got, now)
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
	if !strings.Contains(eventText(ev), "· fired as its condition held: ") {
		t.Errorf("the row does not say why the clause fired: %s", eventText(ev))
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
	if msg := e.Play.message.Text; !strings.Contains(msg, "two crosses") || !strings.Contains(msg, "Traceback") {
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
	e.flushRerun()
	settle(e) // runs a re-run a fired timer handed over
	e.Play.links.rerun.running.Wait()
	settle(e)
}

// TestPlayLiveRerun: with a seeds match shown, editing the Healer's +3 life
// to +4 reports the first step that differs (the step its when clause's
// body ran) with the life changed; restarting takes the re-run match.
func TestPlayLiveRerun(t *testing.T) {
	e := matchEditor(t, "seeds", "7", "random", "random")
	s := e.Play.sess
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
	test.Tap(e.Play.links.restart)
	if e.Play.sess == s || e.Play.LiveReport() != "" || !strings.HasPrefix(e.Play.message.Text, "Restarted on the edited rules") {
		t.Errorf("restart: same session %v, report %q, message %q", e.Play.sess == s, e.Play.LiveReport(), e.Play.message.Text)
	}
	e.Do(mustEdit(t)(graph.EditObjectType(e.Pack(), "healer", "when/0/body", func(ot *graph.ObjectType) {
		ot.When[0].Body.Src = "self.controller.life +="
	})))
	rerunSettle(e)
	if rep := e.Play.LiveReport(); !strings.HasPrefix(rep, "Live: the edited rules no longer load: ") || !e.Play.links.restart.Disabled() {
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
	p.links.watch.entry.SetText("len(board.empty())")
	p.links.watch.entry.OnSubmitted(p.links.watch.entry.Text)
	p.AddWatch("no_such_name")
	check := func(when, want string) {
		t.Helper()
		_, shown := p.Watches()
		if len(shown) != 2 || shown[0] != "len(board.empty()) = "+want || !strings.Contains(shown[1], "no_such_name: error: ") {
			t.Errorf("%s: watches %q", when, shown)
		}
	}
	check("at the start", "9")
	c0 := p.sess.Cursor()
	test.Tap(actionButtons(p)[0]) // a cell, then Take
	test.Tap(actionButton(t, p, "Take "))
	check("after a move", "8")
	for p.sess.Cursor() > c0 { // the move's steps, back to where it was taken
		p.Back()
	}
	check("after Back", "9")
	p.RemoveWatch(1)
	if exprs, _ := p.Watches(); len(exprs) != 1 {
		t.Errorf("after removing one: %q", exprs)
	}
}

// TestPlayScriptErrorOpensScript: an error in a function of the scripts
// (tic-tac-toe's stNextPlayer, the state's action) opens the script at the
// failing line, not the state that called it.
func TestPlayScriptErrorOpensScript(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	code := &pack.Scripts[0].Code
	code.Src = strings.Replace(code.Src, "    if board.line(3):", "    fail('no next player')\n    if board.line(3):", 1)
	want := 1 + strings.Count(code.Src[:strings.Index(code.Src, "fail(")], "\n")
	p := NewPlay()
	var opened []Target
	p.links.open = func(t Target) { opened = append(opened, t) }
	if err := p.Start(pack, preview.Config{Seed: 2, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}}); err != nil {
		t.Fatal(err)
	}
	if len(opened) != 1 || opened[0] != (Target{Kind: graph.ScriptRef, Name: "main", Line: want, Column: 9}) {
		t.Errorf("opened %+v, want the script main at line %d, column 9 (the call's parenthesis, where Starlark places it); message %q", opened, want, p.message.Text)
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
	old := e.Play.sess
	if old.Err() == nil {
		t.Fatal("the match did not stop on the error")
	}
	e.Do(mustEdit(t)(graph.EditAction(e.Pack(), "mark", "body", func(a *graph.Action) { a.Body.Src = good })))
	rerunSettle(e)
	want := "Live: the edited rules differ first at step " + strconv.Itoa(old.Head()+2) + " (the match shown stopped before it):\n  now the match also leaves state 2 · playerTurn"
	if rep := e.Play.LiveReport(); !strings.HasPrefix(rep, want) {
		t.Fatalf("report:\n%s\nwant it to start %q", rep, want)
	}
	test.Tap(e.Play.links.restart)
	e.Play.Continue()
	if s := e.Play.sess; s == old || s.Err() != nil || !s.Match().Over() {
		t.Errorf("the restarted match: error %v, over %v, message %q", s.Err(), s.Match().Over(), e.Play.message.Text)
	}
}

// TestEventLineSaysBefore: a trigger's row names what before() answered
// while its condition held (engine.Event.Before).
func TestEventLineSaysBefore(t *testing.T) {
	ev := engine.Event{Kind: engine.EvClauseFired, Detail: "self.controller.drawn > before(lambda: self.controller.drawn)", Before: "3"}
	if got := eventText(ev); !strings.Contains(got, "· before() was 3") {
		t.Errorf("row %q does not say what before() was", got)
	}
}

// TestRunErrorNamesThePieceAndLine: a run error in a function of the
// scripts reads in the Play panel as the script's name with the line and
// column the code editor shows (where the panel opens it), and neither its
// message nor its backtrace names the project file's own positions, which
// mean nothing to a designer.
func TestRunErrorNamesThePieceAndLine(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	code := &pack.Scripts[0].Code
	code.Src = strings.Replace(code.Src, "    if board.line(3):", "    fail('no next player')\n    if board.line(3):", 1)
	want := 1 + strings.Count(code.Src[:strings.Index(code.Src, "fail(")], "\n")
	p := NewPlay()
	if err := p.Start(pack, preview.Config{Seed: 2, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}}); err != nil {
		t.Fatal(err)
	}
	msg := p.message.Text
	head := fmt.Sprintf("Error in rule code: in script main, line %d, column 9: fail: no next player", want)
	if !strings.HasPrefix(msg, head) {
		t.Errorf("message %q, want it to begin %q", msg, head)
	}
	if strings.Contains(msg, pack.Source) {
		t.Errorf("message names the file %s: %q", pack.Source, msg)
	}
	if call := fmt.Sprintf("\n  script main, line %d, column 9, in stNextPlayer", want); !strings.Contains(msg, call) {
		t.Errorf("message's backtrace has no %q: %q", call, msg)
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

// TestEventWords: each kind of event a live report lists reads as what
// the match does, a phrase after "the match", names before ids.
func TestEventWords(t *testing.T) {
	for _, c := range []struct {
		e    engine.Event
		want string
	}{
		{engine.Event{Kind: engine.EvStateLeft, StateID: "1", State: "playerTurn"}, "leaves state 1 · playerTurn"},
		{engine.Event{Kind: engine.EvStateEntered, StateID: "3", State: "nextPlayer", Name: "pass"}, `enters state 3 · nextPlayer by the transition "pass"`},
		{engine.Event{Kind: engine.EvAction, Player: 2, Name: "playCard", Detail: "(14)", StateID: "1", State: "playerTurn"}, "lets player 2 take playCard (14) (in state 1 · playerTurn)"},
		{engine.Event{Kind: engine.EvClauseFired, Name: "Healer#3 when enters"}, "fires the clause Healer#3 when enters"},
		{engine.Event{Kind: engine.EvGameEnd, Detail: "[3, 1]"}, "ends, scores [3, 1]"},
	} {
		if got := eventWords(c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.Kind, got, c.want)
		}
	}
}
