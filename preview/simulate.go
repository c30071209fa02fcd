package preview

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// Simulation says which matches [Simulate] plays.
type Simulation struct {
	Matches  int      // how many
	Seed     uint64   // match i uses seed Seed+i, for the match and for its bots
	Seats    int      // players per match
	Bots     []string // the bot of each seat by name, or one name for every seat (default "random")
	MaxPlies int      // actions after which a match stops, reported as an error (0: no limit)
	Jobs     int      // matches played at once (default GOMAXPROCS)
	Record   bool     // keep each match's record (Result.Record)
	Source   string   // the records' Source: where the pack was read from
	// Context, when set, stops the simulation when it is done: no match
	// starts after that, and Simulate returns its error.
	Context context.Context
	// Progress, when set, is called once per match played, from the
	// goroutines that play them (it must be safe for that).
	Progress func()
	// Events records each match's events for Observe, as identities without
	// their text and without snapshots (engine.Options.NoEventText and
	// NoSnapshots): what statistics count, at about a third of the cost of
	// a recorded match.
	Events bool
	// Decide, when set, is called before each bot decision with the worker
	// playing the match (0 <= worker < the number of workers), the match and
	// the legal moves of the seat that decides.
	Decide func(worker int, m *engine.Match, moves []engine.Move)
	// Observe, when set, is called after each match, from the worker that
	// played it, with the finished (or failed) match and its result. The
	// match's Events are the worker's to reuse once Observe returns: keep
	// none of them.
	Observe func(worker int, m *engine.Match, r *Result)
	// Each, when set, is given every match's result (i: its place, seed
	// Seed+i) in the order of the seeds, one call at a time, while the
	// matches are played. A worker that gets more than a few results ahead
	// of the next one due waits (see aheadPerWorker), so that [Play]'s
	// memory does not grow with Matches. A cancelled simulation has given
	// Each a prefix of its seeds.
	Each func(i int, r Result)
}

// aheadPerWorker bounds the results Each's reorder buffer holds: this many
// per worker. A long match holds up the workers that run this far ahead of
// it; a record can be tens of kilobytes (a Hearts match).
const aheadPerWorker = 16

// Workers returns how many goroutines Simulate plays sim's matches on: the
// bound of the worker argument of Decide and Observe.
func (sim Simulation) Workers() int {
	jobs := sim.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return max(1, min(jobs, sim.Matches))
}

// Result is one simulated match.
type Result struct {
	Seed    uint64
	Plies   int           // actions taken
	Winners []int         // 0-based seats with the best score (all seats on a draw)
	Err     error         // the error that stopped it (an *engine.RunError as a rule), or "not over"
	Record  *graph.Record // with Simulation.Record
}

// Simulate plays sim.Matches matches of p with bots and returns their
// results in the order of their seeds, whatever the number of jobs: the
// results of a seed depend on nothing else. It is [Play] keeping every
// result (64 bytes a match, and its record with sim.Record), for runs small
// enough to hold; sim.Each, when set, is given them too. A simulation stopped
// by sim.Context returns its error and no results.
func Simulate(p *engine.Program, sim Simulation) ([]Result, error) {
	var results []Result
	each := sim.Each
	sim.Each = func(i int, r Result) {
		results = append(results, r)
		if each != nil {
			each(i, r)
		}
	}
	if err := Play(p, sim); err != nil {
		return nil, err
	}
	return results, nil
}

// Play plays sim.Matches matches of p with bots, handing their results to
// sim.Each (when set) in the order of their seeds and keeping none: its
// memory does not grow with the matches. The results of a seed depend on
// nothing else, not the number of jobs. A simulation stopped by sim.Context
// returns its error (the matches being played when it stopped are played to
// their end first). Matches run without history (engine.Options.NoHistory)
// unless sim.Events. An unknown bot is an error before any match.
//
// Each worker takes the next match from a shared counter, so handing out a
// match costs an atomic add, not a channel hand-off that wakes a sleeping
// thread (which cost ~30 µs a match: 22.7k -> 62.5k tic-tac-toe matches/s
// on one job when it went). Without sim.Each no worker waits for another.
func Play(p *engine.Program, sim Simulation) error {
	names, err := botNames(sim.Bots, sim.Seats)
	if err != nil {
		return err
	}
	if _, err := seatBots(names); err != nil {
		return err
	}
	hash := ""
	if sim.Record {
		if hash, err = graph.PackHash(p.Pack); err != nil {
			return err
		}
	}
	var out *inOrder
	if sim.Each != nil {
		out = newInOrder(aheadPerWorker*sim.Workers(), sim.Each)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range sim.Workers() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := newWorker(w, sim)
			for {
				// The context is asked before a match is taken, never
				// after: every match taken is played and put, so that
				// out has no gap to wait on for ever.
				if sim.Context != nil && sim.Context.Err() != nil {
					return
				}
				i := int(next.Add(1) - 1)
				if i >= sim.Matches {
					return
				}
				r := playOne(p, sim, wk, names, hash, sim.Seed+uint64(i))
				if sim.Progress != nil {
					sim.Progress()
				}
				if out != nil {
					out.put(i, r)
				}
			}
		}()
	}
	wg.Wait()
	if sim.Context != nil && sim.Context.Err() != nil {
		return sim.Context.Err() // some matches were never played
	}
	return nil
}

// botNames gives every seat a bot name: one per seat, or one for all.
func botNames(given []string, seats int) ([]string, error) {
	switch {
	case len(given) == 0:
		given = []string{"random"}
		fallthrough
	case len(given) == 1:
		names := make([]string, seats)
		for i := range names {
			names[i] = given[0]
		}
		return names, nil
	case len(given) != seats:
		return nil, fmt.Errorf("%d bots for %d seats (give one per seat, or one for all)", len(given), seats)
	}
	for i, n := range given {
		if n == "" {
			return nil, fmt.Errorf("seat %d has no bot: a simulation has no people", i+1)
		}
	}
	return given, nil
}

// worker is what one goroutine of a simulation keeps from match to match.
type worker struct {
	id     int
	events []engine.Event // one array for the worker's matches
	src    splitmix       // the bots' source, seeded again for each match
	pb     poolBot
	r      Result // the result being made (Observe's pointer would put a new one on the heap)
	bots   []Bot  // the seats' bots, kept from match to match when every one is a RandomBot
}

func newWorker(id int, sim Simulation) *worker {
	w := &worker{id: id}
	w.pb = poolBot{src: &w.src, rand: rand.New(&w.src), record: sim.Record, worker: id, decide: sim.Decide}
	return w
}

// seatBots makes the bots of a match's seats (names checked by Play). A
// RandomBot keeps nothing from one match to the next (its source is the
// worker's, seeded again for each), so seats played by random bots only
// are made once per worker.
func (w *worker) seatBots(names []string) []Bot {
	if w.bots != nil {
		return w.bots
	}
	bots, _ := seatBots(names)
	for _, b := range bots {
		if _, ok := b.(RandomBot); !ok {
			return bots
		}
	}
	w.bots = bots
	return bots
}

// playOne plays the match of one seed, recording its events (with
// sim.Events) into w's array.
func playOne(p *engine.Program, sim Simulation, w *worker, names []string, hash string, seed uint64) Result {
	w.r = Result{Seed: seed}
	r := &w.r
	bots := w.seatBots(names)
	w.src = *newSplitmix(seed)
	pb := &w.pb
	pb.bots, pb.d, pb.moves, pb.err = bots, Decision{}, pb.moves[:0], nil
	if sim.Record {
		r.Record = &graph.Record{Format: graph.RecordFormat, Pack: p.Pack.Name, PackHash: hash, Source: sim.Source, Seed: seed, Seats: make([]graph.Seat, len(names)), Moves: []graph.Move{}}
		for i, n := range names {
			r.Record.Seats[i].Bot = n
		}
	}
	m, err := p.NewMatch(sim.Seats, engine.Options{Seed: seed, NoHistory: !sim.Events, NoSnapshots: true, NoEventText: true, EventBuf: w.events})
	if err != nil {
		r.Err = err
		if sim.Observe != nil {
			sim.Observe(w.id, nil, r)
		}
		return *r
	}
	var bot engine.Bot = pb
	if pb.byIndex() {
		bot = indexPool{pb}
	}
	r.Plies, err = m.Play(bot, sim.MaxPlies)
	switch {
	case pb.err != nil:
		r.Err = pb.err
	case err != nil:
		r.Err = err
	case !m.Over():
		r.Err = fmt.Errorf("not over after %d actions", r.Plies)
	default:
		r.Winners = m.Winners()
	}
	if sim.Observe != nil {
		sim.Observe(w.id, m, r)
	}
	if sim.Record {
		r.Record.Moves = append(r.Record.Moves, pb.moves...)
		r.Record.BotsSource = drawn(w.src.state, seed)
	}
	if es := m.Events(); cap(es) > cap(w.events) {
		w.events = es[:0]
	}
	m.Release() // the next match of this worker takes its memory
	return *r
}

// poolBot lets a match's seat bots play through engine.Match.Play: of the
// moves the engine offers (every seat's), the lowest seat's go to its bot.
type poolBot struct {
	bots   []Bot
	src    *splitmix // rand's source, drawn from directly for a RandomBot
	rand   *rand.Rand
	d      Decision
	record bool
	moves  []graph.Move
	err    error
	worker int
	decide func(worker int, m *engine.Match, moves []engine.Move)
}

// byIndex reports whether pb chooses as an engine.IndexBot can: by a
// move's number, with no decision to show (Decide) or move to record, and
// RandomBots at every seat, which draw a number among their seat's moves.
func (pb *poolBot) byIndex() bool {
	if pb.decide != nil || pb.record {
		return false
	}
	for _, b := range pb.bots {
		if _, ok := b.(RandomBot); !ok {
			return false
		}
	}
	return true
}

// indexPool is a poolBot that byIndex allows to choose as an
// engine.IndexBot: Match.Play then makes only the moves it chooses of
// large domains (Hearts' 286 ways to pass three cards).
type indexPool struct{ *poolBot }

// ChooseIndex chooses as Choose does: the first seat in the list that has
// moves decides (botTurn; byIndex: every seat has a RandomBot), so its
// moves are the list's first, and it draws one of them.
func (p indexPool) ChooseIndex(m *engine.Match, perSeat []int) int {
	for _, n := range perSeat {
		if n > 0 {
			return int(p.src.Uint64() % uint64(n))
		}
	}
	return 0 // Play asks only when there are moves
}

func (pb *poolBot) Choose(m *engine.Match, moves []engine.Move) engine.Move {
	seat, mine := botTurn(pb.bots, moves)
	if seat < 0 { // a seat without a bot: cannot happen in a simulation
		seat, mine = moves[0].Seat, moves[:1]
	}
	if pb.decide != nil {
		pb.decide(pb.worker, m, mine)
	}
	i := 0
	switch b := pb.bots[seat]; b.(type) {
	case nil:
	case RandomBot: // its draw without the decision record, most of a random playout's decisions
		i = int(pb.src.Uint64() % uint64(len(mine))) // randomChoice without rand.Rand's indirect call
	default:
		pb.d = Decision{Seat: seat, Moves: mine, Rand: pb.rand, m: m}
		i = b.Choose(&pb.d)
	}
	if i < 0 || i >= len(mine) {
		if pb.err == nil {
			pb.err = fmt.Errorf("bot of seat %d chose move %d of %d", seat+1, i, len(mine))
		}
		i = 0
	}
	mv := mine[i]
	if pb.record {
		gm, err := m.EncodeMove(mv)
		if err != nil && pb.err == nil {
			pb.err = err
		}
		pb.moves = append(pb.moves, gm)
	}
	return mv
}
