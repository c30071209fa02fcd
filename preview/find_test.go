package preview

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/rulestudio/studio/graph"
)

// findIn runs Find on a bundled pack and fails the test when it finds no
// match; the match found is played again from its record, and the
// breakpoint must stop it at the record's last move.
func findIn(tb testing.TB, name string, cfg FindConfig) Found {
	tb.Helper()
	pack := bundled(tb, name)
	start := time.Now()
	f, err := Find(context.Background(), pack, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	if f.Record == nil {
		tb.Fatalf("%s: nothing found for %s after %d positions and %d matches (%s)", name, cfg.Breakpoint, f.Positions, f.Matches, f.Elapsed)
	}
	tb.Logf("%s: %s found in %d moves by the %s search, %d positions and %d matches in %s: %s",
		name, cfg.Breakpoint, len(f.Record.Moves), f.Phase, f.Positions, f.Matches, time.Since(start).Round(time.Millisecond), f.Hit.Why)
	s, err := Replay(pack, *f.Record, "")
	if err != nil {
		tb.Fatal(err)
	}
	bp := cfg.Breakpoint
	bp.Enabled = true
	if err := s.SetBreakpoints([]graph.Breakpoint{bp}); err != nil {
		tb.Fatal(err)
	}
	if hits, _ := s.check(f.Step); len(hits) == 0 || f.Step > s.Head() {
		tb.Fatalf("the record played again does not stop at step %d (of %d)", f.Step, s.Head())
	}
	if n := len(f.Record.Moves); n > 0 {
		short := *f.Record
		short.Moves = short.Moves[:n-1]
		if s, err := Replay(pack, short, ""); err != nil || s.Head() >= f.Step {
			tb.Fatalf("without its last move the record reaches step %d (%v): the breakpoint's step %d", s.Head(), err, f.Step)
		}
	}
	return f
}

func TestFindTicTacToeGameEndIsTheShortestWin(t *testing.T) {
	f := findIn(t, "tictactoe", FindConfig{Breakpoint: graph.Breakpoint{Kind: graph.BreakEnter, State: "gameEnd"}, Seed: 1})
	if len(f.Record.Moves) != 5 || f.Phase != PhaseExact {
		t.Errorf("found in %d moves by the %s search, want 5 by the exact one", len(f.Record.Moves), f.Phase)
	}
}

func TestFindConnectFourFirstSeatWin(t *testing.T) {
	if testing.Short() {
		t.Skip("searches about 60,000 positions")
	}
	f := findIn(t, "connectfour", FindConfig{Seed: 1,
		Breakpoint: graph.Breakpoint{Kind: graph.BreakEnter, State: "gameEnd", Condition: "players[0].score == 1"}})
	if len(f.Record.Moves) != 7 || f.Phase != PhaseExact {
		t.Errorf("found in %d moves by the %s search, want 7 by the exact one", len(f.Record.Moves), f.Phase)
	}
}

// heartOnFirstTrick: a heart on the table while no trick has been won.
const heartOnFirstTrick = `deck.count("cardswon") == 0 and any([c.type == 2 for c in deck.cards("cardsontable")])`

func TestFindHeartsHeartOnTheFirstTrick(t *testing.T) {
	f := findIn(t, "hearts", FindConfig{Seed: 1, Budget: time.Minute,
		Breakpoint: graph.Breakpoint{Kind: graph.BreakCondition, Condition: heartOnFirstTrick}})
	if f.Phase != PhasePlayouts || len(f.Record.Moves) > 8 {
		t.Errorf("found in %d moves by the %s search: the first trick ends at move 8, the exact search cannot cover giveCards' 286 moves a seat", len(f.Record.Moves), f.Phase)
	}
}

func TestFindElfLordPowerFour(t *testing.T) {
	f := findIn(t, "seeds", FindConfig{Seed: 1,
		Breakpoint: graph.Breakpoint{Kind: graph.BreakProperty, Target: "elf_lord.power", Condition: `any([o.power == 4 for o in objects(type="elf_lord")])`}})
	if f.Hit.Why == "" {
		t.Error("the hit says nothing")
	}
}

// TestFindIsDeterministic: the same seed finds the same match, by either
// search.
func TestFindIsDeterministic(t *testing.T) {
	for _, c := range []struct {
		pack string
		cfg  FindConfig
	}{
		{"seeds", FindConfig{Seed: 3, Breakpoint: graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/healer/when/enters"}}},
		{"seeds", FindConfig{Seed: 3, MaxPositions: 1, Breakpoint: graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/pain_altar"}}},
	} {
		a, b := findIn(t, c.pack, c.cfg), findIn(t, c.pack, c.cfg)
		if !reflect.DeepEqual(a.Record, b.Record) || a.Phase != b.Phase {
			t.Errorf("%s: two runs found\n%+v\n%+v", c.cfg.Breakpoint, a.Record, b.Record)
		}
	}
}

// TestFindExhaustsTicTacToe: a breakpoint no position reaches is searched
// out: every position of tic-tac-toe (5,478 with the empty board), then
// the answer is that none reaches it.
func TestFindExhaustsTicTacToe(t *testing.T) {
	f, err := Find(context.Background(), bundled(t, "tictactoe"), FindConfig{Seed: 1,
		Breakpoint: graph.Breakpoint{Kind: graph.BreakCondition, Condition: "len(board.empty()) == 10"}})
	if err != nil {
		t.Fatal(err)
	}
	if f.Record != nil || !f.Exhausted || f.Positions != 5478 {
		t.Errorf("found %v, exhausted %v after %d positions; want nothing, exhausted after 5478", f.Record, f.Exhausted, f.Positions)
	}
}

func TestFindStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var progress []FindProgress
	cfg := FindConfig{Seed: 1, Breakpoint: graph.Breakpoint{Kind: graph.BreakCondition, Condition: "False"},
		Progress: func(p FindProgress) {
			progress = append(progress, p)
			if p.Matches > 0 {
				cancel()
			}
		}}
	start := time.Now()
	_, err := Find(ctx, bundled(t, "hearts"), cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want the context's", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("stopped %s after", d)
	}
	if len(progress) == 0 || progress[0].Phase != PhaseExact {
		t.Errorf("progress %+v: want the exact search's first", progress)
	}
}

func TestFindRefusesWhatThePackHasNot(t *testing.T) {
	_, err := Find(context.Background(), bundled(t, "seeds"), FindConfig{Breakpoint: graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/goblin"}})
	if err == nil {
		t.Fatal("a clause the pack has not was searched for")
	}
	_, err = Find(context.Background(), bundled(t, "seeds"), FindConfig{Budget: time.Second, Breakpoint: graph.Breakpoint{Kind: graph.BreakClock, N: 1000}})
	if err == nil || !strings.Contains(err.Error(), "no clocks") {
		t.Fatalf("a clock breakpoint: %v", err)
	}
}

// BenchmarkFindTicTacToeGameEnd: the shortest tic-tac-toe win, by the exact
// search. Target under 100 ms.
func BenchmarkFindTicTacToeGameEnd(b *testing.B) {
	pack := bundled(b, "tictactoe")
	cfg := FindConfig{Breakpoint: graph.Breakpoint{Kind: graph.BreakEnter, State: "gameEnd"}, Seed: 1}
	for b.Loop() {
		f, err := Find(context.Background(), pack, cfg)
		if err != nil || f.Record == nil || len(f.Record.Moves) != 5 {
			b.Fatal(f, err)
		}
	}
}

// TestFindVariableBreakpoint: a variable breakpoint reads the events' text
// (the owner of a variable), which the search keeps for it.
func TestFindVariableBreakpoint(t *testing.T) {
	f := findIn(t, "tictactoe", FindConfig{Breakpoint: graph.Breakpoint{Kind: graph.BreakVariable, Target: "player.score"}})
	if len(f.Record.Moves) != 5 || f.Phase != PhaseExact {
		t.Errorf("found in %d moves by the %s search, want 5 by the exact one", len(f.Record.Moves), f.Phase)
	}
}

func TestFindRefusesAnUnknownBot(t *testing.T) {
	_, err := Find(context.Background(), bundled(t, "tictactoe"), FindConfig{Bots: []string{"oracle"}, Breakpoint: graph.Breakpoint{Kind: graph.BreakEnter, State: "gameEnd"}})
	if err == nil || !strings.Contains(err.Error(), `unknown bot "oracle"`) {
		t.Fatalf("err %v", err)
	}
}

// TestFindCountsTheMovesThePackFailsOn: a move the pack's code fails on
// leads nowhere, and Find says how many there were and the first error,
// so that "no position reaches it" is read with them.
func TestFindCountsTheMovesThePackFailsOn(t *testing.T) {
	pack := bundled(t, "tictactoe")
	for _, a := range pack.Actions {
		if a.Name == "mark" {
			a.Body.Src = "if cell == (1, 1):\n    fail(\"the middle is cursed\")\n" + a.Body.Src
		}
	}
	f, err := Find(context.Background(), pack, FindConfig{Breakpoint: graph.Breakpoint{Kind: graph.BreakCondition, Condition: "board.get(1, 1) != 0"}})
	if err != nil {
		t.Fatal(err)
	}
	if f.Record != nil || !f.Exhausted || f.Failures == 0 || f.Failure == nil || !strings.Contains(f.Failure.Error(), "the middle is cursed") {
		t.Errorf("found %v, exhausted %v, %d failures, the first %v", f.Record, f.Exhausted, f.Failures, f.Failure)
	}
}
