package editor

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
)

// TestFindAMatchWhereGameEnds: Play > Find a Match Where… on tic-tac-toe,
// reaching state gameEnd (99), finds the shortest win (five moves, as
// preview.Find's exact search does) and shows it in the Play panel at the
// step where it enters gameEnd.
func TestFindAMatchWhereGameEnds(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	if menuItem(e, "Find a Match Where…") == nil {
		t.Fatal("no Play > Find a Match Where…")
	}
	e.FindMatch(graph.Breakpoint{Kind: graph.BreakEnter, State: "99"})
	settle(e)
	s := e.Play.Session()
	if s == nil {
		t.Fatalf("no match shown; status %q", e.status.Text)
	}
	if n := len(s.Record().Moves); n != 5 {
		t.Errorf("the match found has %d moves, want 5 (the shortest win)", n)
	}
	if fr, err := s.Match().Frames(); err != nil || len(fr) == 0 || fr[len(fr)-1].StateID != "99" {
		t.Errorf("the match is shown in %v (%v), want state 99", fr, err)
	}
	if !strings.Contains(e.Play.Message(), "5 moves") {
		t.Errorf("the Play panel says %q", e.Play.Message())
	}
}

// TestFindAMatchWhereNothingIs: a condition no match makes true is
// reported, not shown.
func TestFindAMatchWhereNothingIs(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	e.findBudget = 2e9
	e.FindMatch(graph.Breakpoint{Kind: graph.BreakCondition, Condition: "False"})
	settle(e)
	if e.Play.Session() != nil {
		t.Error("a match is shown though none makes the condition true")
	}
	if !strings.Contains(e.status.Text, "No match") {
		t.Errorf("status %q", e.status.Text)
	}
}
