package preview

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// FindConfig says what [Find] looks for and how long it may look.
type FindConfig struct {
	// Breakpoint is what the match must reach, as the debugger stops at it
	// (enabled or not: Find looks for it all the same).
	Breakpoint graph.Breakpoint
	// Seats is the number of players (default: the pack's least).
	Seats int
	// Bots are the bots of the random matches, one per seat or one for all
	// (default "random"), by name or spec as [NewBot] reads them.
	Bots []string
	// Seed seeds the exact search's match and, plus i, the i-th random
	// match and its bots: the same seed finds the same match.
	Seed uint64
	// Budget is the time Find may take (default 30 s); when it runs out
	// Find returns what it found, maybe nothing.
	Budget time.Duration
	// MaxPositions bounds the exact search: it does not start a depth whose
	// positions, at the branching seen so far, would take it past this
	// many (default 200,000).
	MaxPositions int
	// MaxPlies is the longest random match in moves (default 10,000).
	MaxPlies int
	// Source is where the pack was read from, for the record.
	Source string
	// Progress, when set, is told how far the search is: every 1,024
	// positions, every random match and once at the end, from the
	// goroutine that called Find.
	Progress func(FindProgress)
}

// The searches Find runs, in order.
const (
	PhaseExact    = "exact"    // breadth-first over positions
	PhasePlayouts = "playouts" // random matches with restarts
)

// FindProgress says how far a search is.
type FindProgress struct {
	Phase     string
	Depth     int // the exact search's depth in moves; a random match's longest in this round
	Positions int // distinct positions the exact search has reached
	Matches   int // random matches played
	Elapsed   time.Duration
}

// Found is what [Find] found.
type Found struct {
	// Record is the match found, its moves up to the one whose step reaches
	// the breakpoint (nil when none was found). Its seats are people: every
	// move is in it.
	Record *graph.Record
	Step   int // the step of the match where the breakpoint holds
	Hit    Hit // what the breakpoint saw there
	// Phase is the search that found it (PhaseExact: no shorter match of
	// the seed reaches the breakpoint), or the last one that ran.
	Phase string
	// Exhausted: the exact search reached every position the seed's match
	// can reach and none reaches the breakpoint.
	Exhausted bool
	// Failures counts the moves (and listings of moves) the pack's code
	// failed on, each a dead end of the search; Failure is the first.
	Failures int
	Failure  error
	FindProgress
}

// Find looks for a match of pack that reaches a breakpoint and returns the
// shortest it found. First an exact search: breadth first over the
// positions a match of cfg.Seed can reach, one move a ply (every seat's
// moves in a state where several act), merging positions reached twice
// (engine.Match.Hash); the first match it finds is one of the shortest.
// A condition (a condition breakpoint's, or one that narrows another) is
// looked at where the match waits for a move, so one that is true only
// between two such places may be missed by it. When the positions would
// exceed cfg.MaxPositions it gives way to random matches with restarts:
// rounds of matches played by cfg.Bots, each from its own seed (cfg.Seed
// + i: another deal where the pack draws one), cut at a length that
// doubles every round, a move that reaches the breakpoint at once always
// taken where there are at most 64 moves to try; the shortest match of the
// first round that has one is found. The same configuration finds the
// same match unless the budget runs out first.
//
// The match found is played again in a [Session] and checked there: the
// record's step where the breakpoint holds, and what it saw. A clock
// breakpoint (the matches have no clocks), a breakpoint the pack cannot have (graph.Breakpoint.CheckIn, a condition that does
// not compile) and compile errors are errors; so is ctx's once it is done
// (with what was searched so far). Nothing found within the budget is no
// error: Found.Record is nil.
func Find(ctx context.Context, pack *graph.Pack, cfg FindConfig) (Found, error) {
	begun := time.Now()
	if cfg.Breakpoint.Kind == graph.BreakClock {
		return Found{}, errors.New("find: a clock breakpoint cannot be reached: the matches Find plays have no clocks")
	}
	cfg.Breakpoint.Enabled = true
	if cfg.Budget <= 0 {
		cfg.Budget = 30 * time.Second
	}
	if cfg.MaxPositions <= 0 {
		cfg.MaxPositions = 200_000
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 10_000
	}
	s, err := New(pack, Config{Seats: make([]graph.Seat, cfg.Seats), Seed: cfg.Seed, Source: cfg.Source})
	if err != nil {
		return Found{}, err
	}
	if err := s.SetBreakpoints([]graph.Breakpoint{cfg.Breakpoint}); err != nil {
		return Found{}, err
	}
	if s.Err() != nil {
		return Found{}, fmt.Errorf("find: the match fails as it sets up: %w", s.Err())
	}
	cfg.Seats = len(s.cfg.Seats)
	names, err := botNames(cfg.Bots, cfg.Seats)
	if err == nil {
		_, err = seatBots(names)
	}
	if err != nil {
		return Found{}, fmt.Errorf("find: %w", err)
	}
	cfg.Bots = names
	var out Found
	if setup(s, &out) { // the match reaches it before anyone moves
		out.Phase = PhaseExact
		out.Positions, out.Elapsed = 1, time.Since(begun)
		return out, nil
	}
	f := &finder{ctx: ctx, s: s, prog: s.prog, cfg: cfg, bps: s.bps, start: begun}
	f.deadline = f.start.Add(cfg.Budget)
	return f.run()
}

// finder is one Find.
type finder struct {
	ctx      context.Context
	s        *Session // the session that checked the breakpoint: its frozen pack, program and hash
	prog     *engine.Program
	cfg      FindConfig
	bps      []graph.Breakpoint
	start    time.Time
	deadline time.Time
	status   FindProgress
	failures int
	failure  error
}

// path is a match found: its seed and moves.
type path struct {
	seed  uint64
	moves []graph.Move
}

func (f *finder) run() (Found, error) {
	f.status.Phase = PhaseExact
	p, exhausted, err := f.exact()
	if err == nil && p == nil && !exhausted && !f.late() {
		f.status.Phase = PhasePlayouts
		p, err = f.playouts()
	}
	out := Found{Phase: f.status.Phase, Exhausted: exhausted, Failures: f.failures, Failure: f.failure}
	f.status.Elapsed = time.Since(f.start)
	out.FindProgress = f.status
	if f.cfg.Progress != nil {
		f.cfg.Progress(f.status)
	}
	if err != nil || p == nil {
		return out, err
	}
	return out, f.confirm(&out, p)
}

// stopped returns ctx's error once it is done.
func (f *finder) stopped() error { return f.ctx.Err() }

// late reports whether the budget has run out.
func (f *finder) late() bool { return !time.Now().Before(f.deadline) }

// report tells cfg.Progress how far the search is.
func (f *finder) report() {
	if f.cfg.Progress != nil {
		f.status.Elapsed = time.Since(f.start)
		f.cfg.Progress(f.status)
	}
}

// options are the search's matches': the session's names, no snapshots
// (the search keeps positions, not histories) and no text in the events
// but for a variable breakpoint, which reads an event's owner from it.
func (f *finder) options(seed uint64) engine.Options {
	return engine.Options{Seed: seed, Names: make([]string, f.cfg.Seats), NoSnapshots: true,
		NoEventText: f.cfg.Breakpoint.Kind != graph.BreakVariable}
}

// edgeHits returns the breakpoints that hold after a move from before to
// after, whose events are given: the move's steps seen as one step.
func (f *finder) edgeHits(before, after *engine.Match, events []engine.Event) []Hit {
	v := &stepView{read: func(step int) *engine.Match {
		if step == 2 {
			return after
		}
		return before
	}, at: map[int]*engine.Match{}}
	return hitsAt(f.bps, 2, events, v)
}

// confirm plays p again in a session, move by move, checking the
// breakpoint at each step, and fills out with the record up to the first
// move whose steps reach it.
func (f *finder) confirm(out *Found, p *path) error {
	s, err := start(f.s.pack, f.prog, f.s.hash, Config{Seats: make([]graph.Seat, f.cfg.Seats), Seed: p.seed, Source: f.cfg.Source})
	if err != nil {
		return err
	}
	s.bps = f.bps
	if setup(s, out) {
		return nil
	}
	for i, gm := range p.moves {
		from := s.Head()
		s.cursor = from
		if _, err := s.TakeText(gm); err != nil {
			return fmt.Errorf("find: the match found does not play again: move %d %s: %w", i+1, gm, err)
		}
		if reached(s, from, out) {
			return nil
		}
	}
	return errors.New("find: the match found does not reach the breakpoint when played again")
}

// setup reports whether the session's breakpoints hold in the steps its
// match took setting up, filling out with the match of no moves if so.
func setup(s *Session, out *Found) bool { return reached(s, 0, out) }

// reached reports whether the session's breakpoints hold at a step after
// from, filling out with the record and the first such step.
func reached(s *Session, from int, out *Found) bool {
	for step := from + 1; step <= s.Head(); step++ {
		if hits, _ := s.check(step); len(hits) > 0 {
			rec := s.Record()
			s.cursor = step
			out.Record, out.Step, out.Hit = &rec, step, hits[0]
			return true
		}
	}
	return false
}

// step plays mv, a move m lists, on a fork of m, and checks the
// breakpoint on what it did: it returns the fork, with its events
// forgotten (nil when the pack's code failed on the move), the move's text,
// and whether the breakpoint holds.
func (f *finder) step(m *engine.Match, mv engine.Move) (*engine.Match, graph.Move, bool, error) {
	gm, err := m.EncodeMove(mv)
	if err != nil {
		return nil, gm, false, err
	}
	c := m.Fork()
	if err := c.Apply(c.OwnMove(mv)); err != nil {
		f.failed(err)
		return nil, gm, false, nil
	}
	hit := len(f.edgeHits(m, c, c.Events())) > 0
	c.ForgetEvents()
	return c, gm, hit, nil
}

// failed counts an error of the pack's code the search met: the move (or
// the listing of moves) it failed on leads nowhere.
func (f *finder) failed(err error) {
	if f.failures == 0 {
		f.failure = err
	}
	f.failures++
}
