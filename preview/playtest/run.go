package playtest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// Config is what to play: Matches matches of Program with Seats seats, match
// i using seed Seed+i for both its random source and its bots.
type Config struct {
	Program  *engine.Program
	Seats    int
	Seed     uint64
	Matches  int
	MaxPlies int    // actions after which a match stops, reported as an error (0: no limit)
	Jobs     int    // matches played at once (0: GOMAXPROCS)
	Bots     string // the bots as --bots names them: one for every seat, or one per seat separated by commas ("" is "random")
	Lite     bool   // play without events (engine.Options.NoHistory): only lengths, wins, draws and errors
	Record   bool   // keep each match's record (Result.Record, for Each)
	Source   string // the records' Source: where the pack was read from
	Progress func() // called after each match, from any goroutine, one at a time
	// Context, when set, stops the run when it is done (see
	// preview.Simulation.Context): Run then returns its error and no Stats.
	Context context.Context
	// Each, when set, is given each match's result (with its record when
	// Record) in the order of the seeds, one call at a time, while the
	// matches are played (see preview.Simulation.Each); Run keeps none, so
	// its memory does not grow with Matches.
	Each func(r preview.Result)
}

// Shard returns the part i (0-based) of n disjoint, contiguous parts of c's
// seed range: the parts of i = 0..n-1 together play every match of c once.
// It returns an error unless 0 <= i < n.
func (c Config) Shard(i, n int) (Config, error) {
	if n < 1 || i < 0 || i >= n {
		return c, fmt.Errorf("shard %d/%d: want 0 <= i < n", i, n)
	}
	lo, hi := c.Matches*i/n, c.Matches*(i+1)/n
	c.Seed += uint64(lo)
	c.Matches = hi - lo
	return c, nil
}

// Run plays c's matches and counts them. The Stats is the same for the same
// Config whatever Jobs is. Run fails when the pack cannot be hashed or a bot
// is unknown; a match's error is counted in Stats.Errors. The matches are
// played by preview.Play's pool; the counting happens in its workers, one
// Stats each, added up at the end.
func Run(c Config) (*Stats, error) {
	hash, err := graph.PackHash(c.Program.Pack)
	if err != nil {
		return nil, err
	}
	bots := c.Bots
	if bots == "" {
		bots = "random"
	}
	total := newStats(c.Program.Pack.Name, hash, c.Seats, bots, c.MaxPlies, UniverseOf(c.Program.Pack))
	total.Lite = c.Lite
	if c.Matches > 0 {
		total.Seeds = []Range{{First: c.Seed, Count: uint64(c.Matches)}}
	}
	var mu sync.Mutex
	sim := preview.Simulation{Matches: c.Matches, Seed: c.Seed, Seats: c.Seats, Bots: strings.Split(bots, ","),
		MaxPlies: c.MaxPlies, Jobs: c.Jobs, Record: c.Record, Source: c.Source, Events: !c.Lite, Context: c.Context}
	if c.Progress != nil {
		sim.Progress = func() { mu.Lock(); c.Progress(); mu.Unlock() }
	}
	parts := make([]*part, sim.Workers())
	for i := range parts {
		parts[i] = &part{Stats: newStats("", "", c.Seats, "", 0, Universe{}), uses: map[transition]int64{}}
	}
	if !c.Lite {
		sim.Decide = func(w int, m *engine.Match, moves []engine.Move) { countDecision(parts[w].Stats, m, moves) }
	}
	sim.Observe = func(w int, m *engine.Match, r *preview.Result) { countMatch(parts[w], c.Seats, m, r) }
	if c.Each != nil {
		sim.Each = func(_ int, r preview.Result) { c.Each(r) }
	}
	start := time.Now()
	if err := preview.Play(c.Program, sim); err != nil {
		return nil, err
	}
	for _, p := range parts {
		p.PackHash, p.Bots, p.PlyLimit, p.Lite = total.PackHash, total.Bots, total.PlyLimit, total.Lite
		for t, n := range p.uses {
			p.Uses["states/"+t.from+"/transitions/"+t.name] += n
		}
		_ = total.Merge(p.Stats) // same kind, no seeds: cannot fail
	}
	total.Seconds = time.Since(start).Seconds()
	return total, nil
}

// countDecision notes a decision: the state deciding and the number of
// legal actions of the seat that acts (moves are that seat's only).
func countDecision(s *Stats, m *engine.Match, moves []engine.Move) {
	if id := m.StateID(); id != "" {
		s.Decisions[id]++
		s.Legal[id] += int64(len(moves))
	}
}

// part is what one worker counted: a Stats, and the uses of transitions by
// their parts, joined into Stats.Uses' keys once at the end rather than at
// every event.
type part struct {
	*Stats
	uses map[transition]int64
}

// transition is a transition by its state's id and its name.
type transition struct{ from, name string }

// countMatch adds a finished (or failed) match to p; m is nil when the
// match could not start.
func countMatch(p *part, seats int, m *engine.Match, r *preview.Result) {
	s := p.Stats
	s.Matches++
	s.Lengths[r.Plies]++
	if m != nil {
		countEvents(m.Events(), p)
	}
	switch {
	case r.Err != nil:
		s.addError(r.Err.Error(), 1, r.Seed)
	case len(r.Winners) == seats && seats > 1:
		s.Draws++
	default:
		for _, w := range r.Winners {
			s.Wins[w]++
		}
	}
}

// countEvents adds the visits, uses and firings of events to p.
func countEvents(events []engine.Event, p *part) {
	s := p.Stats
	for _, e := range events {
		switch e.Kind {
		case engine.EvStateEntered, engine.EvStateCalled:
			s.Visits[e.StateID]++
		case engine.EvStateLeft:
			p.uses[transition{e.StateID, e.Name}]++
		case engine.EvAction:
			s.Actions[e.Clause]++
		case engine.EvClauseFired, engine.EvWrapApplied:
			s.Firings[e.Clause]++
		}
	}
}
