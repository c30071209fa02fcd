package preview

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// seedsCfg is a match of the seed effects that two random bots play to its
// end, long enough for every clause to fire.
var seedsCfg = Config{Seats: seats(2, "random"), Seed: 7}

// referenceSteps plays cfg to its end without breakpoints and returns each
// step's events.
func referenceSteps(t *testing.T, pack *graph.Pack, cfg Config) [][]engine.Event {
	t.Helper()
	s := newSession(t, pack, cfg)
	if st := must(t)(s.Continue()); st.Reason != Ended {
		t.Fatalf("reference match: %+v", st)
	}
	out := make([][]engine.Event, s.Head()+1)
	for k := range out {
		out[k] = s.StepEvents(k)
	}
	return out
}

// stopsAt plays cfg with one breakpoint and returns every step it stopped
// at (at most 6).
func stopsAt(t *testing.T, pack *graph.Pack, cfg Config, b graph.Breakpoint) []int {
	t.Helper()
	s := newSession(t, pack, cfg)
	if err := s.SetBreakpoints([]graph.Breakpoint{b}); err != nil {
		t.Fatal(err)
	}
	var out []int
	for len(out) < 6 {
		st := must(t)(s.Continue())
		if st.Reason == Ended {
			break
		}
		if st.Reason != AtBreakpoint || len(st.Hits) != 1 || st.Hits[0].Why == "" {
			t.Fatalf("%s: stop %+v", b, st)
		}
		out = append(out, st.Step)
	}
	return out
}

// oracle returns the first steps (at most 6, from step 1) whose events say
// the breakpoint's thing happened, found from the events alone.
func oracle(steps [][]engine.Event, happened func(k int, e engine.Event) bool) []int {
	var out []int
	for k := 1; k < len(steps) && len(out) < 6; k++ {
		for _, e := range steps[k] {
			if happened(k, e) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// TestBreakpointKinds: each kind of breakpoint stops at exactly the steps
// where what it watches happens, as the reference match's events tell.
func TestBreakpointKinds(t *testing.T) {
	pack := bundled(t, "seeds")
	ref := referenceSteps(t, pack, seedsCfg)
	turns := map[int]int{} // game.turns after each step
	for k, n := 0, 0; k < len(ref); k++ {
		for _, e := range ref[k] {
			if e.Name == "game.turns" {
				fmt.Sscan(e.Detail, &n)
			}
		}
		turns[k] = n
	}
	kind := func(kinds ...string) func(int, engine.Event) bool {
		return func(_ int, e engine.Event) bool { return slices.Contains(kinds, e.Kind) }
	}
	cases := []struct {
		b    graph.Breakpoint
		want func(k int, e engine.Event) bool
	}{
		{graph.Breakpoint{Kind: graph.BreakEnter, State: "10"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvStateCalled && e.State == "chooseTarget"
		}},
		{graph.Breakpoint{Kind: graph.BreakEnter, State: "nextPlayer"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvStateEntered && e.State == "nextPlayer"
		}},
		{graph.Breakpoint{Kind: graph.BreakEnter}, kind(engine.EvStateEntered, engine.EvStateCalled)},
		{graph.Breakpoint{Kind: graph.BreakLeave, State: "2"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvStateLeft && e.State == "playerTurn"
		}},
		{graph.Breakpoint{Kind: graph.BreakCall}, kind(engine.EvStateCalled)},
		{graph.Breakpoint{Kind: graph.BreakReturn, State: "11"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvStateReturned && e.State == "discardCard"
		}},
		{graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/mind_leech/whenever/discard"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvClauseFired && strings.Contains(e.Name, "Mind Leech#") && strings.HasSuffix(e.Name, "whenever discard")
		}},
		{graph.Breakpoint{Kind: graph.BreakClause, Clause: "object_types/healer"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvClauseFired && strings.HasPrefix(e.Name, "Healer#")
		}},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "player.life"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvVariable && e.Player != 0 && e.Name == "life"
		}},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "game.turns"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvVariable && e.Name == "game.turns"
		}},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "wood_elf.zone"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvVariable && strings.HasPrefix(e.Name, "Wood Elf#") && strings.HasSuffix(e.Name, ".zone")
		}},
		{graph.Breakpoint{Kind: graph.BreakVariable, Target: "#3.zone"}, func(_ int, e engine.Event) bool {
			return e.Kind == engine.EvVariable && strings.HasSuffix(e.Name, "#3.zone")
		}},
		// An Elf Lord's power is its base power, 2, and +2 while its
		// another-elf clause wraps it: it changes when the wrapper comes or
		// goes (seeds.yaml).
		{graph.Breakpoint{Kind: graph.BreakProperty, Target: "elf_lord.power"}, func(_ int, e engine.Event) bool {
			return (e.Kind == engine.EvWrapApplied || e.Kind == engine.EvWrapRemoved) && strings.HasSuffix(e.Name, ".power") && strings.Contains(e.Name, "while another-elf")
		}},
		{graph.Breakpoint{Kind: graph.BreakCondition, Condition: "getattr(game, 'turns', 0) >= 3"}, func(k int, e engine.Event) bool {
			return turns[k] >= 3 && turns[k-1] < 3 && e.Name == "game.turns"
		}},
		{graph.Breakpoint{Kind: graph.BreakDepth, N: 1}, kind(engine.EvStateCalled)},
		{graph.Breakpoint{Kind: graph.BreakEnter, State: "2", Condition: "game.turns >= 5"}, func(k int, e engine.Event) bool {
			return e.Kind == engine.EvStateEntered && e.State == "playerTurn" && turns[k] >= 5
		}},
		{graph.Breakpoint{Kind: graph.BreakCall, Enabled: false}, func(int, engine.Event) bool { return false }},
	}
	for _, c := range cases {
		b := c.b
		b.Enabled = b.Enabled || c.b.Kind != graph.BreakCall || c.b.State != "" || c.b.Condition != "" || c.want(0, engine.Event{Kind: engine.EvStateCalled})
		want := oracle(ref, c.want)
		got := stopsAt(t, pack, seedsCfg, b)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: stopped at %v, want %v", b, got, want)
		}
		if b.Enabled && len(want) == 0 {
			t.Errorf("%s: the reference match never does it; pick another seed", b)
		}
	}
}

// TestClockBreakpoint: with clocks of 10 s, a player who thinks 6 s has 4 s
// left; a breakpoint at "under 5 s" stops at their move's step, not before.
func TestClockBreakpoint(t *testing.T) {
	s := newSession(t, bundled(t, "tictactoe"), Config{Seats: seats(2, ""), Clock: 10 * time.Second})
	if err := s.SetBreakpoints([]graph.Breakpoint{{Kind: graph.BreakClock, N: 5000, Enabled: true}}); err != nil {
		t.Fatal(err)
	}
	mark := func(player int, cell string, waitMS int64) Stop {
		return must(t)(s.TakeText(graph.Move{Player: player, Action: "mark", Args: json.RawMessage(`{"cell":` + cell + `}`), WaitMS: waitMS}))
	}
	if st := must(t)(s.Continue()); st.Reason != NeedsPerson {
		t.Fatalf("start: %+v", st)
	}
	if st := mark(1, "[0,0]", 3000); st.Reason != Stepped {
		t.Fatalf("7 s left: %+v", st)
	}
	must(t)(s.Continue())
	st := mark(2, "[1,1]", 6000)
	if st.Reason != AtBreakpoint || st.Hits[0].Why != "player 2's clock is at 4000ms" {
		t.Fatalf("4 s left: %+v", st)
	}
	if got := s.Record().Moves[1]; got.WaitMS != 6000 || got.Player != 2 {
		t.Errorf("the wait is not recorded with the move: %s", got)
	}
}

// TestSetBreakpointsChecks: a breakpoint that cannot work is refused with
// the reason, and the old ones stay.
func TestSetBreakpointsChecks(t *testing.T) {
	s := newSession(t, bundled(t, "seeds"), seedsCfg)
	good := graph.Breakpoint{Kind: graph.BreakCall, Enabled: true}
	if err := s.SetBreakpoints([]graph.Breakpoint{good}); err != nil {
		t.Fatal(err)
	}
	bad := map[string]graph.Breakpoint{
		`breakpoint 1 (property goblin.power changes): the pack has no object type "goblin"`:           {Kind: graph.BreakProperty, Target: "goblin.power"},
		`breakpoint 1 (property elf_lord.speed changes): object type elf_lord has no property "speed"`: {Kind: graph.BreakProperty, Target: "elf_lord.speed"},
		`breakpoint 1 (clause object_types/orc/when/x): the pack has no object type "orc"`:             {Kind: graph.BreakClause, Clause: "object_types/orc/when/x"},
		"breakpoint 1 (state stack deeper than 0): a depth breakpoint needs n > 0":                     {Kind: graph.BreakDepth},
	}
	for want, b := range bad {
		if err := s.SetBreakpoints([]graph.Breakpoint{b}); err == nil || err.Error() != want {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
	err := s.SetBreakpoints([]graph.Breakpoint{{Kind: graph.BreakCondition, Condition: "game.turns >"}})
	if err == nil || !strings.HasPrefix(err.Error(), "breakpoint 1 (when game.turns >): condition: <console>:") {
		t.Errorf("a condition that does not compile: %v", err)
	}
	if got := s.Breakpoints(); len(got) != 1 || got[0] != good {
		t.Errorf("breakpoints after refusals: %v", got)
	}
}

// countPack's one action adds 1, 2 and 3 to game.coins in one body and
// puts its player out.
const countPack = `format: 1
pack: count
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: game.coins = 0
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [count]
    transitions: {done: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  count:
    body: |
      for n in [1, 2, 3]:
          game.coins += n
      player.out = True
      next_state("done")
`

// TestVariableBreakpointSaysTheStepsValue: a variable changed several
// times in a step is reported with the value the step leaves it, the one
// the breakpoint's condition read, not its first change (a deck-builder's
// "game.coins >= 6" was found and said "game.coins = 1").
func TestVariableBreakpointSaysTheStepsValue(t *testing.T) {
	pack, err := graph.Parse([]byte(countPack), "count.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, pack, Config{Seats: seats(2, "random"), Seed: 1})
	if err := s.SetBreakpoints([]graph.Breakpoint{{Kind: graph.BreakVariable, Target: "game.coins", Condition: "game.coins >= 6", Enabled: true}}); err != nil {
		t.Fatal(err)
	}
	st := must(t)(s.Continue())
	if st.Reason != AtBreakpoint || len(st.Hits) != 1 {
		t.Fatalf("stop %+v, want the breakpoint", st)
	}
	if got := st.Hits[0].Why; got != "game.coins = 6" {
		t.Errorf("the breakpoint says %q, want %q", got, "game.coins = 6")
	}
	// A player's variable says whose it is (it read "out = True").
	s = newSession(t, pack, Config{Seats: seats(2, "random"), Seed: 1})
	if err := s.SetBreakpoints([]graph.Breakpoint{{Kind: graph.BreakVariable, Target: "player.out", Enabled: true}}); err != nil {
		t.Fatal(err)
	}
	if st := must(t)(s.Continue()); st.Reason != AtBreakpoint || len(st.Hits) != 1 || st.Hits[0].Why != "player 1.out = True" {
		t.Errorf("stop %+v, want the breakpoint saying player 1.out = True", st)
	}
}
