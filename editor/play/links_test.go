package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// TestPlayScriptErrorOpensScript: an error in a function of the scripts
// (tic-tac-toe's stNextPlayer, the state's action) opens the script at the
// failing line, not the state that called it.
func TestPlayScriptErrorOpensScript(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	code := &pack.Scripts[0].Code
	code.Src = strings.Replace(code.Src, "    if board.line(3):", "    fail('no next player')\n    if board.line(3):", 1)
	want := 1 + strings.Count(code.Src[:strings.Index(code.Src, "fail(")], "\n")
	p := New()
	var opened []place.Target
	p.OpenPlace = func(t place.Target) { opened = append(opened, t) }
	if err := p.Start(pack, preview.Config{Seed: 2, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}}); err != nil {
		t.Fatal(err)
	}
	if len(opened) != 1 || opened[0] != (place.Target{Kind: graph.ScriptRef, Name: "main", Line: want, Column: 9}) {
		t.Errorf("opened %+v, want the script main at line %d, column 9 (the call's parenthesis, where Starlark places it); message %q", opened, want, p.message.Text)
	}
}

// TestEventLineSaysBefore: a trigger's row names what before() answered
// while its condition held (engine.Event.Before).
func TestEventLineSaysBefore(t *testing.T) {
	ev := engine.Event{Kind: engine.EvClauseFired, Detail: "self.controller.drawn > before(lambda: self.controller.drawn)", Before: "3"}
	if got := EventText(ev); !strings.Contains(got, "· before() was 3") {
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
	p := New()
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
