package preview

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rulestudio/studio/engine"
)

func program(t testing.TB, name string) *engine.Program {
	t.Helper()
	p, err := engine.Compile(bundled(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSimulateDeterministic: the results come in seed order and are the
// same with one job or three; each is the match a session with the same
// seed and bots plays, and each record replays to it.
func TestSimulateDeterministic(t *testing.T) {
	p := program(t, "seeds")
	var done atomic.Int64
	sim := Simulation{Matches: 12, Seed: 5, Seats: 2, Record: true, Source: "seeds", Progress: func() { done.Add(1) }}
	one := sim
	one.Jobs = 1
	a, err := Simulate(p, one)
	if err != nil {
		t.Fatal(err)
	}
	sim.Jobs = 3
	b, err := Simulate(p, sim)
	if err != nil {
		t.Fatal(err)
	}
	if done.Load() != 24 {
		t.Errorf("progress called %d times", done.Load())
	}
	for i := range a {
		if a[i].Seed != 5+uint64(i) || describe(a[i]) != describe(b[i]) {
			t.Fatalf("match %d: one job %+v, three %+v", i, a[i], b[i])
		}
	}
	for _, r := range a[:4] {
		s := newSession(t, p.Pack, Config{Seats: seats(2, "random"), Seed: r.Seed})
		if st := must(t)(s.Continue()); st.Reason != Ended {
			t.Fatalf("seed %d: %+v", r.Seed, st)
		}
		if got, want := s.Record().Moves, r.Record.Moves; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("seed %d: the session played\n%v\nthe simulation\n%v", r.Seed, got, want)
		}
		if got, want := s.Record().BotsSource, r.Record.BotsSource; got == nil || want == nil || *got != *want {
			t.Errorf("seed %d: the session's bots' source %s, the simulation's %s", r.Seed, sourceText(got), sourceText(want))
		}
		rp, err := Replay(p.Pack, *r.Record, "seeds")
		if err != nil || !rp.Match().Over() || fmt.Sprint(rp.Match().Winners()) != fmt.Sprint(r.Winners) || len(r.Record.Moves) != r.Plies {
			t.Errorf("seed %d: replay %v, winners %v want %v", r.Seed, err, rp.Match().Winners(), r.Winners)
		}
	}
}

// TestSimulateErrors: a pack that fails reports the error of each match;
// bad bots are refused before any match.
func TestSimulateErrors(t *testing.T) {
	pack := bundled(t, "tictactoe")
	pack.Actions.Lookup("mark").Body.Src += "\nif board.count(1) == 2:\n    fail('two crosses')\n"
	p, err := engine.Compile(pack)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Simulate(p, Simulation{Matches: 5, Seed: 1, Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Err == nil || !strings.Contains(r.Err.Error(), "two crosses") {
			t.Errorf("seed %d: %v", r.Seed, r.Err)
		}
	}
	for bots, want := range map[string]string{
		"nobody":               fmt.Sprintf(`seat 1: unknown bot "nobody" (have: %v)`, BotNames()),
		"random,random,random": "3 bots for 2 seats (give one per seat, or one for all)",
		"random,":              "seat 2 has no bot: a simulation has no people",
	} {
		_, err := Simulate(p, Simulation{Matches: 1, Seats: 2, Bots: strings.Split(bots, ",")})
		if err == nil || err.Error() != want {
			t.Errorf("bots %s: %v", bots, err)
		}
	}
}

// TestRegisterBot: a new bot plays by its name; a name taken twice panics.
func TestRegisterBot(t *testing.T) {
	if !slices.Contains(BotNames(), "first-move") { // -count=2 runs this twice
		RegisterBot("first-move", func() Bot { return firstBot{} })
	}
	rs, err := Simulate(program(t, "tictactoe"), Simulation{Matches: 1, Seats: 2, Bots: []string{"first-move"}, Record: true})
	if err != nil || rs[0].Err != nil {
		t.Fatal(err, rs[0].Err)
	}
	// The first empty cell each time (board.empty() is row by row): X takes
	// (0,0), (2,0), (1,1), (0,2), the anti-diagonal, at the seventh move.
	if got := fmt.Sprint(rs[0].Record.Moves[:5]); !strings.Contains(got, `"cell":[0,0]`) || rs[0].Plies != 7 {
		t.Errorf("moves %s, plies %d", got, rs[0].Plies)
	}
	defer func() {
		if recover() == nil {
			t.Error("a second bot named random")
		}
	}()
	RegisterBot("random", func() Bot { return RandomBot{} })
}

type firstBot struct{}

func (firstBot) Choose(d *Decision) int {
	if v, err := d.View(); err != nil || v.Seat != d.Seat {
		panic(fmt.Sprint("view ", err))
	}
	return 0
}

// sourceText writes a record's bots' source: its state, or "none".
func sourceText(p *uint64) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

func describe(r Result) string {
	rec, err := r.Record.Marshal() // the bots' source by value, not its pointer
	return fmt.Sprintf("%d %d %v %v %s %v", r.Seed, r.Plies, r.Winners, r.Err, rec, err)
}

// TestSimulateCancel: a simulation whose context is cancelled after its
// third match starts no more and returns the context's error, no results.
func TestSimulateCancel(t *testing.T) {
	p := program(t, "tictactoe")
	ctx, cancel := context.WithCancel(context.Background())
	var done atomic.Int64
	sim := Simulation{Matches: 100000, Seed: 1, Seats: 2, Jobs: 1, Context: ctx, Progress: func() {
		if done.Add(1) == 3 {
			cancel()
		}
	}}
	rs, err := Simulate(p, sim)
	if !errors.Is(err, context.Canceled) || rs != nil {
		t.Errorf("cancelled simulation: %d results, %v", len(rs), err)
	}
	if n := done.Load(); n != 3 {
		t.Errorf("%d matches played, want 3 (one job, cancelled after the third)", n)
	}
}

// TestSimulateCountsDomainOfWrongType: a domain listing a value its
// parameter's type refuses (None for a player) fails every simulated match
// at the domain, where before the bots took the move a person was refused
// and the simulation reported no error (issue 19, item 22).
func TestSimulateCountsDomainOfWrongType(t *testing.T) {
	src := `format: 1
pack: givers
players: {min: 2, max: 2}
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 2}}
  - {id: 2, name: playerTurn, type: activeplayer, description: give, possibleactions: [give], transitions: {given: 99}}
  - {id: 99, name: gameEnd, type: manager}
actions:
  give:
    params:
      to: {type: player, domain: "[None] + list(players)"}
    body: next_state("given")
`
	p, err := engine.Parse([]byte(src), "givers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Simulate(p, Simulation{Matches: 4, Seed: 1, Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if r.Err == nil || !strings.Contains(r.Err.Error(), "givers.yaml:11:35") || !strings.Contains(r.Err.Error(), "None") {
			t.Errorf("seed %d: %v, want the domain's error at givers.yaml:11:35", r.Seed, r.Err)
		}
	}
}
