package preview

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/rulestudio/studio/engine"
)

// Budget is how much a search bot ([FlatMC], [MCTS]) thinks per decision.
type Budget struct {
	// Playouts is the number of random playouts per decision (at least one
	// per legal move for FlatMC); 0 is defaultPlayouts (1000), or no limit
	// with a Time budget.
	Playouts int
	// Time, when set, also stops the search once this much wall-clock time
	// has passed. A bot with a time budget is not deterministic: keep it
	// out of tests and recorded matches.
	Time time.Duration
	// MaxPlies stops a playout after this many actions; it is then scored
	// on the scores it reached (0: defaultMaxPlies).
	MaxPlies int
}

const (
	defaultPlayouts = 1000
	defaultMaxPlies = 1000
	// maxJobs bounds MCTS.Jobs in a spec: a tree per job, each a goroutine.
	maxJobs = 64
)

// search is one decision's search: the decision, its clock, the root
// moves' text forms, by which a move is found again in a determinized fork,
// the source it draws from and the match it determinizes: the decision's
// own, or for each job of a parallel search its own source and fork (a
// fork changes the match it is taken from, so jobs never share one).
type search struct {
	d     *Decision
	b     Budget
	start time.Time
	keys  []string
	rand  *rand.Rand
	base  *engine.Match
}

func newSearch(d *Decision, b Budget) *search {
	switch {
	case b.Playouts <= 0 && b.Time > 0:
		b.Playouts = math.MaxInt // the clock alone stops it
	case b.Playouts <= 0:
		b.Playouts = defaultPlayouts
	}
	if b.MaxPlies <= 0 {
		b.MaxPlies = defaultMaxPlies
	}
	s := &search{d: d, b: b, keys: make([]string, len(d.Moves)), rand: d.Rand, base: d.m}
	if b.Time > 0 {
		s.start = time.Now()
	}
	for i, mv := range d.Moves {
		s.keys[i] = mv.String()
	}
	return s
}

// more reports whether iteration i (0-based) may run.
func (s *search) more(i int) bool {
	if i >= s.b.Playouts {
		return false
	}
	return s.b.Time <= 0 || i == 0 || time.Since(s.start) < s.b.Time
}

// Determinize returns a match the decision's seat cannot tell from the one it
// decides in, the unseen cards dealt again from seed (see
// [engine.Match.Determinize]). Unlike [Decision.Fork] it shows no more than
// the seat sees, so a bot searching on it decides from the seat's view.
func (d *Decision) Determinize(seed uint64) *engine.Match { return d.m.Determinize(d.Seat, seed) }

// world returns a new determinized fork to search one iteration on.
func (s *search) world() *engine.Match { return s.base.Determinize(s.d.Seat, s.rand.Uint64()) }

// find returns the move of f whose text is key among moves, trying index
// hint first (a determinized fork lists the seat's moves in the same order
// as a rule, the seat's own cards being the same).
func find(moves []engine.Move, hint int, key string) (engine.Move, bool) {
	if hint < len(moves) && moves[hint].String() == key {
		return moves[hint], true
	}
	for _, mv := range moves {
		if mv.String() == key {
			return mv, true
		}
	}
	return engine.Move{}, false
}

// applyRoot takes root move i of the decision in fork f, found again by
// its text: the decision's own moves belong to the match decided in.
func (s *search) applyRoot(f *engine.Match, i int) error {
	moves, err := f.Legal(s.d.Seat)
	if err != nil {
		return err
	}
	mv, ok := find(moves, i, s.keys[i])
	if !ok {
		return fmt.Errorf("move %s is not legal in a determinized match", s.keys[i])
	}
	return f.Apply(mv)
}

// playout plays f to its end (or MaxPlies) with random moves, seeded from
// the decision's source, and adds each seat's reward to out (see rewards).
// A playout the pack's code fails in counts as a draw.
func (s *search) playout(f *engine.Match, out []float64) {
	if !f.Over() {
		if _, err := f.Play(engine.NewRandomBot(s.rand.Uint64()), s.b.MaxPlies); err != nil {
			addDraw(out)
			return
		}
	}
	rewards(f, out)
}

// rewards adds each seat's reward for the match f to out: the seats with
// the best score (engine.Match.Winners; all seats on a draw) share 1, so a
// two-player draw gives ½ each. A playout cut short (Budget.MaxPlies) is
// scored so too, on the scores it reached.
func rewards(f *engine.Match, out []float64) {
	scores := f.Scores()
	best := scores[0]
	for _, s := range scores {
		best = max(best, s)
	}
	var w []int
	for i, s := range scores {
		if s == best {
			w = append(w, i)
		}
	}
	for _, seat := range w {
		out[seat] += 1 / float64(len(w))
	}
}

func addDraw(out []float64) {
	for i := range out {
		out[i] += 1 / float64(len(out))
	}
}

// parseSearchBot reads a search bot's spec: "mcts" or "flatmc" with
// optional parameters after colons: a number of playouts ("mcts:200"), a
// time budget ("mcts:50ms", any time.ParseDuration form), a cap on a
// playout's length ("mcts:200:plies=60", Budget.MaxPlies) and for mcts an
// exploration constant ("mcts:200:c=0.7") and how many trees it searches
// at once ("mcts:1000:jobs=2", MCTS.Jobs, at most maxJobs). It returns false
// for a name that is not a search bot's.
func parseSearchBot(spec string) (Bot, bool, error) {
	parts := strings.Split(spec, ":")
	var b Budget
	c, hasC := defaultC, false
	jobs := 0
	for _, p := range parts[1:] {
		switch {
		case strings.HasPrefix(p, "c="):
			v, err := strconv.ParseFloat(p[2:], 64)
			if err != nil || v < 0 {
				return nil, true, fmt.Errorf("bot %q: exploration constant %q is not a number >= 0", spec, p[2:])
			}
			c, hasC = v, true
		case strings.HasPrefix(p, "jobs="):
			n, err := strconv.Atoi(p[5:])
			if err != nil || n <= 0 || n > maxJobs {
				return nil, true, fmt.Errorf("bot %q: jobs %q is not a number from 1 to %d", spec, p[5:], maxJobs)
			}
			jobs = n
		case strings.HasPrefix(p, "plies="):
			n, err := strconv.Atoi(p[6:])
			if err != nil || n <= 0 {
				return nil, true, fmt.Errorf("bot %q: a playout's length %q is not a number > 0", spec, p[6:])
			}
			b.MaxPlies = n
		default:
			if n, err := strconv.Atoi(p); err == nil && n > 0 {
				b.Playouts = n
				continue
			}
			if t, err := time.ParseDuration(p); err == nil && t > 0 {
				b.Time = t
				continue
			}
			return nil, true, fmt.Errorf("bot %q: %q is neither a number of playouts nor a duration", spec, p)
		}
	}
	switch parts[0] {
	case "mcts":
		return &MCTS{Budget: b, C: c, Jobs: jobs}, true, nil
	case "flatmc":
		if hasC {
			return nil, true, fmt.Errorf("bot %q: flatmc has no exploration constant", spec)
		}
		if jobs > 0 {
			return nil, true, fmt.Errorf("bot %q: flatmc searches on one job", spec)
		}
		return &FlatMC{Budget: b}, true, nil
	}
	return nil, false, nil
}

func init() {
	RegisterBot("flatmc", func() Bot { return &FlatMC{} })
	RegisterBot("mcts", func() Bot { return &MCTS{} })
}
