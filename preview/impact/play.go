package impact

import (
	"cmp"
	"math"
	"slices"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/playtest"
)

// TopShifts is how many states and clauses [Comparison] lists: those whose
// rate per match changed most.
const TopShifts = 10

// Comparison is the same matches played on both packs.
type Comparison struct {
	Matches int    `json:"matches"`
	Seed    uint64 `json:"seed"` // match i has seed Seed+i on both packs
	Seats   int    `json:"seats"`
	Bots    string `json:"bots"`

	Before Side `json:"before"`
	After  Side `json:"after"`

	// Switched counts the matches whose first seat won on one pack and not
	// on the other: WonBefore of them before only, WonAfter after only.
	// PValue is McNemar's exact test of the first seat's win rate being the
	// same on both (two-sided), which the pairing by seed calls for: the
	// matches that did not switch say nothing about a difference.
	WonBefore int     `json:"first_seat_won_before_only"`
	WonAfter  int     `json:"first_seat_won_after_only"`
	PValue    float64 `json:"p_value"`

	// SameLength counts the matches as long on both packs.
	SameLength int `json:"same_length"`

	States  []Shift `json:"states"`  // states entered, by the change of their visits per match, largest first
	Clauses []Shift `json:"clauses"` // clauses fired (and wrappers applied), likewise
}

// Side is the matches played on one pack.
type Side struct {
	// FirstSeat is the share of the matches the first seat won, in its 95%
	// Wilson interval [Low, High].
	FirstSeat float64 `json:"first_seat_win_rate"`
	Low       float64 `json:"first_seat_ci_low"`
	High      float64 `json:"first_seat_ci_high"`
	Wins      []int64 `json:"wins"` // per seat
	Draws     int64   `json:"draws"`
	Errors    int64   `json:"errors"`
	// Lengths counts the matches by their number of actions; the others
	// summarize it.
	Lengths map[int]int64 `json:"lengths"`
	Mean    float64       `json:"mean_length"`
	StdDev  float64       `json:"stddev_length"`
	Min     int           `json:"min_length"`
	Median  float64       `json:"median_length"`
	P90     float64       `json:"p90_length"`
	Max     int           `json:"max_length"`
}

// Shift is a state (by id, with its name) or a clause (by path) and its
// count per match on each pack.
type Shift struct {
	Key    string  `json:"key"`
	Name   string  `json:"name,omitempty"`
	Before float64 `json:"before"`
	After  float64 `json:"after"`
}

// outcome is one match as the comparison pairs it.
type outcome struct {
	firstWon bool
	plies    int
}

// play plays c's matches on both packs and compares them.
func play(c Config, tick func()) (*Comparison, error) {
	before, err := engine.Compile(c.Before.Clone())
	if err != nil {
		return nil, err
	}
	seats := c.Seats
	if seats <= 0 {
		seats = 2
		if pl := c.Before.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
	}
	bots := c.Bots
	if bots == "" {
		bots = "random"
	}
	cfg := playtest.Config{Seats: seats, Seed: c.Seed, Matches: c.Matches, MaxPlies: c.MaxPlies, Jobs: c.Jobs,
		Bots: bots, Context: c.Context, Progress: tick}
	sa, oa, err := playOn(before, cfg)
	if err != nil {
		return nil, err
	}
	after, err := engine.Compile(c.After.Clone())
	if err != nil {
		return nil, err
	}
	sb, ob, err := playOn(after, cfg)
	if err != nil {
		return nil, err
	}
	out := &Comparison{Matches: c.Matches, Seed: c.Seed, Seats: seats, Bots: bots, Before: side(sa), After: side(sb)}
	for i := range oa {
		switch {
		case oa[i].firstWon && !ob[i].firstWon:
			out.WonBefore++
		case ob[i].firstWon && !oa[i].firstWon:
			out.WonAfter++
		}
		if oa[i].plies == ob[i].plies {
			out.SameLength++
		}
	}
	out.PValue = McNemar(out.WonBefore, out.WonAfter)
	names := stateNames(c.Before, c.After)
	out.States = shifts(sa.Visits, sb.Visits, c.Matches, names)
	out.Clauses = shifts(sa.Firings, sb.Firings, c.Matches, nil)
	return out, nil
}

// playOn plays cfg's matches of p and returns their counts and, by seed,
// each match's outcome.
func playOn(p *engine.Program, cfg playtest.Config) (*playtest.Stats, []outcome, error) {
	cfg.Program = p
	var each []outcome
	cfg.Each = func(r preview.Result) {
		each = append(each, outcome{firstWon: r.Err == nil && slices.Contains(r.Winners, 0) && !(len(r.Winners) == cfg.Seats && cfg.Seats > 1), plies: r.Plies})
	}
	s, err := playtest.Run(cfg)
	return s, each, err
}

// side summarizes one pack's matches.
func side(s *playtest.Stats) Side {
	r := playtest.Summarize(s)
	out := Side{FirstSeat: r.FirstSeat, Low: r.FirstSeatLow, High: r.FirstSeatHigh, Wins: s.Wins, Draws: s.Draws,
		Errors: r.ErrorCount(), Lengths: s.Lengths, Mean: r.MeanPlies, StdDev: r.StdPlies, Min: r.MinPlies, Max: r.MaxPlies}
	out.Median, out.P90 = quantiles(s.Lengths)
	return out
}

// stateNames maps each state id of both packs to its name (the after
// pack's where both have it).
func stateNames(packs ...*graph.Pack) map[string]string {
	names := map[string]string{}
	for _, p := range packs {
		for _, s := range p.States {
			names[s.ID.String()] = s.Name
		}
	}
	return names
}

// shifts lists the keys of a and b whose count per match differs, the
// largest change first (ties by key), at most TopShifts.
func shifts(a, b map[string]int64, matches int, names map[string]string) []Shift {
	n := float64(max(matches, 1))
	var out []Shift
	for _, k := range mergedKeys(a, b) {
		if a[k] != b[k] {
			out = append(out, Shift{Key: k, Name: names[k], Before: float64(a[k]) / n, After: float64(b[k]) / n})
		}
	}
	slices.SortFunc(out, func(x, y Shift) int {
		return cmp.Or(cmp.Compare(math.Abs(y.After-y.Before), math.Abs(x.After-x.Before)), cmp.Compare(x.Key, y.Key))
	})
	if out == nil {
		out = []Shift{}
	}
	return out[:min(len(out), TopShifts)]
}

// mergedKeys is the keys of a and b, sorted.
func mergedKeys(a, b map[string]int64) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}
