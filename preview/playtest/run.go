package playtest

import (
	"fmt"
	"sync"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// Config is what to play: Matches matches of Program with Seats seats, match
// i using seed Seed+i for both its random source and its bots.
type Config struct {
	Program  *engine.Program
	Seats    int
	Seed     uint64
	Matches  int
	MaxPlies int                          // actions after which a match stops, reported as an error (0: no limit)
	Jobs     int                          // matches played at once (at least 1)
	Bots     string                       // the bots' names, for the record ("random")
	Lite     bool                         // play without events (engine.Options.NoHistory): only lengths, wins, draws and errors
	NewBot   func(seed uint64) engine.Bot // the bot of a match (default: engine.NewRandomBot)
	Progress func()                       // called after each match, from any goroutine, one at a time
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
// Config whatever Jobs is. Run fails only when the pack cannot be hashed;
// a match's error is counted in Stats.Errors.
func Run(c Config) (*Stats, error) {
	hash, err := graph.PackHash(c.Program.Pack)
	if err != nil {
		return nil, err
	}
	if c.NewBot == nil {
		c.NewBot = func(seed uint64) engine.Bot { return engine.NewRandomBot(seed) }
	}
	start := time.Now()
	total := newStats(c.Program.Pack.Name, hash, c.Seats, c.Bots, c.MaxPlies, UniverseOf(c.Program.Pack))
	total.Lite = c.Lite
	if c.Matches > 0 {
		total.Seeds = []Range{{First: c.Seed, Count: uint64(c.Matches)}}
	}
	var (
		mu   sync.Mutex
		wg   sync.WaitGroup
		next = make(chan int)
	)
	for w := 0; w < max(1, min(c.Jobs, c.Matches)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			part := newStats("", "", c.Seats, "", 0, Universe{})
			for i := range next {
				playOne(c, c.Seed+uint64(i), part)
				if c.Progress != nil {
					mu.Lock()
					c.Progress()
					mu.Unlock()
				}
			}
			mu.Lock()
			part.PackHash, part.Bots, part.PlyLimit, part.Lite = total.PackHash, total.Bots, total.PlyLimit, total.Lite
			_ = total.Merge(part) // same kind, no seeds: cannot fail
			mu.Unlock()
		}()
	}
	for i := 0; i < c.Matches; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	total.Seconds = time.Since(start).Seconds()
	return total, nil
}

// counter is a bot that notes, for each choice, the state deciding and the
// number of legal actions of the seat that acts (where several seats decide
// at once, the engine offers every seat's actions; a player chooses among
// their own).
type counter struct {
	bot engine.Bot
	s   *Stats
}

func (c counter) Choose(m *engine.Match, moves []engine.Move) engine.Move {
	mv := c.bot.Choose(m, moves)
	if fs, err := m.Frames(); err == nil && len(fs) > 0 {
		id := fs[len(fs)-1].StateID
		c.s.Decisions[id]++
		for _, o := range moves {
			if o.Seat == mv.Seat {
				c.s.Legal[id]++
			}
		}
	}
	return mv
}

// playOne plays the match of seed and adds it to s.
func playOne(c Config, seed uint64, s *Stats) {
	s.Matches++
	m, err := c.Program.NewMatch(c.Seats, engine.Options{Seed: seed, NoHistory: c.Lite})
	if err != nil {
		s.addError(err.Error(), 1, seed)
		s.Lengths[0]++
		return
	}
	var bot engine.Bot = counter{c.NewBot(seed), s}
	if c.Lite {
		bot = c.NewBot(seed)
	}
	plies, err := m.Play(bot, c.MaxPlies)
	s.Lengths[plies]++
	countEvents(m.Events(), s)
	switch {
	case err != nil:
		s.addError(err.Error(), 1, seed)
	case !m.Over():
		s.addError(fmt.Sprintf("not over after %d actions", plies), 1, seed)
	default:
		ws := m.Winners()
		if len(ws) == c.Seats && c.Seats > 1 {
			s.Draws++
			return
		}
		for _, w := range ws {
			s.Wins[w]++
		}
	}
}

// countEvents adds the visits, uses and firings of events to s.
func countEvents(events []engine.Event, s *Stats) {
	for _, e := range events {
		switch e.Kind {
		case engine.EvStateEntered, engine.EvStateCalled:
			s.Visits[e.StateID]++
		case engine.EvStateLeft:
			s.Uses["states/"+e.StateID+"/transitions/"+e.Name]++
		case engine.EvAction:
			s.Actions[e.Clause]++
		case engine.EvClauseFired, engine.EvWrapApplied:
			s.Firings[e.Clause]++
		}
	}
}
