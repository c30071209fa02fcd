package playtest

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Report is what a [Stats] means: the counts with the rates and means they
// give, and the lists of what was never used. It is what `studio simulate`
// prints (as JSON with --json).
type Report struct {
	*Stats

	MeanPlies float64 `json:"mean_plies"`
	StdPlies  float64 `json:"stddev_plies"` // population standard deviation
	MinPlies  int     `json:"min_plies"`
	MaxPlies  int     `json:"max_plies"`

	// FirstSeat is the share of all matches seat 1 won, with its 95% Wilson
	// score interval [FirstSeatLow, FirstSeatHigh].
	FirstSeat     float64 `json:"first_seat_win_rate"`
	FirstSeatLow  float64 `json:"first_seat_ci_low"`
	FirstSeatHigh float64 `json:"first_seat_ci_high"`

	MatchesPer float64 `json:"matches_per_second"` // Matches / Seconds

	Branching map[string]float64 `json:"branching"` // mean legal actions per decision, by state id

	UnusedStates      []string `json:"unused_states,omitempty"`
	UnusedTransitions []string `json:"unused_transitions,omitempty"`
	UnusedActions     []string `json:"unused_actions,omitempty"`
	UnusedClauses     []string `json:"unused_clauses,omitempty"`
}

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval of k successes in n trials at
// the normal quantile z (Wilson 1927; Agresti and Coull 1998). With n = 0 it
// returns [0, 1].
func Wilson(k, n int64, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	mid := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(0, mid-half), min(1, mid+half)
}

// Summarize computes s's report.
func Summarize(s *Stats) Report {
	r := Report{Stats: s, Branching: map[string]float64{}, MatchesPer: float64(s.Matches) / max(s.Seconds, 1e-9)}
	var n, sum, sq float64
	r.MinPlies = math.MaxInt
	for l, c := range s.Lengths {
		x, cf := float64(l), float64(c)
		n += cf
		sum += x * cf
		sq += x * x * cf
		r.MinPlies = min(r.MinPlies, l)
		r.MaxPlies = max(r.MaxPlies, l)
	}
	if n == 0 {
		r.MinPlies = 0
	} else {
		r.MeanPlies = sum / n
		r.StdPlies = math.Sqrt(max(0, sq/n-r.MeanPlies*r.MeanPlies))
	}
	if s.Matches > 0 && len(s.Wins) > 0 {
		r.FirstSeat = float64(s.Wins[0]) / float64(s.Matches)
	}
	if len(s.Wins) > 0 {
		r.FirstSeatLow, r.FirstSeatHigh = Wilson(s.Wins[0], s.Matches, Z95)
	}
	for id, d := range s.Decisions {
		r.Branching[id] = float64(s.Legal[id]) / float64(d)
	}
	if s.Lite {
		return r
	}
	r.UnusedStates = unused(s.Universe.States, s.Visits)
	r.UnusedTransitions = unused(s.Universe.Transitions, s.Uses)
	r.UnusedActions = unused(s.Universe.Actions, s.Actions)
	r.UnusedClauses = unused(s.Universe.Clauses, s.Firings)
	return r
}

func unused(all []string, counts map[string]int64) []string {
	var out []string
	for _, k := range all {
		if counts[k] == 0 {
			out = append(out, k)
		}
	}
	return out
}

// WriteText prints r for people: the totals, then each table in the pack's
// order. It omits the time, which [Report.WriteTime] prints, so that the
// text of merged parts equals the text of one run.
func (r Report) WriteText(w io.Writer) error {
	s := r.Stats
	pct := func(k int64) float64 { return 100 * float64(k) / float64(max(s.Matches, 1)) }
	p := &printer{w: w}
	p.f("pack %s, %d seats, bots %s", s.Pack, s.Seats, s.Bots)
	if s.Lite {
		p.f(" (lite: lengths and outcomes only)")
	}
	p.f("\n")
	p.f("matches: %d (seeds %s)\n", s.Matches, rangesText(s.Seeds))
	p.f("length: mean %.2f actions, stddev %.2f, min %d, max %d\n", r.MeanPlies, r.StdPlies, r.MinPlies, r.MaxPlies)
	for i, n := range s.Wins {
		p.f("wins seat %d: %d (%.1f%%)\n", i+1, n, pct(n))
	}
	p.f("draws: %d (%.1f%%)\n", s.Draws, pct(s.Draws))
	if len(s.Wins) > 0 {
		p.f("first seat win rate: %.2f%%, 95%% CI [%.2f%%, %.2f%%]\n", 100*r.FirstSeat, 100*r.FirstSeatLow, 100*r.FirstSeatHigh)
	}
	p.f("errors: %d\n", r.ErrorCount())
	for _, g := range s.Errors {
		matches := "matches"
		if g.Count == 1 {
			matches = "match"
		}
		seeds := SeedList(g.Seeds)
		if more := g.Count - int64(len(g.Seeds)); more > 0 {
			seeds += fmt.Sprintf(", ... (%d more)", more)
		}
		p.f("  %d %s: %s\n    seeds: %s\n", g.Count, matches, g.Message, seeds)
	}
	p.f("length distribution (actions: matches):\n")
	lens := make([]int, 0, len(s.Lengths))
	for l := range s.Lengths {
		lens = append(lens, l)
	}
	sort.Ints(lens)
	for _, l := range lens {
		p.f("  %d: %d\n", l, s.Lengths[l])
	}
	if s.Lite {
		return p.err
	}
	p.f("states (visits, decisions, mean legal actions):\n")
	for i, id := range s.Universe.States {
		p.f("  %s", id)
		if i < len(s.Universe.StateNames) && s.Universe.StateNames[i] != "" {
			p.f(" %s", s.Universe.StateNames[i])
		}
		p.f(": %d", s.Visits[id])
		if d := s.Decisions[id]; d > 0 {
			p.f(", %d decisions, %.2f legal", d, r.Branching[id])
		}
		p.f("\n")
	}
	p.table("transitions (uses):", s.Universe.Transitions, s.Uses)
	p.table("actions (uses):", s.Universe.Actions, s.Actions)
	p.table("clauses (firings):", s.Universe.Clauses, s.Firings)
	p.list("never entered", r.UnusedStates)
	p.list("transitions never taken", r.UnusedTransitions)
	p.list("actions never taken", r.UnusedActions)
	p.list("clauses never fired", r.UnusedClauses)
	return p.err
}

// WriteTime prints the time spent playing and the rate: whole matches a
// second from 10 up, two significant digits below (0.25 matches/s, where
// rounding to whole ones said 0).
func (r Report) WriteTime(w io.Writer) error {
	rate := strconv.FormatFloat(r.MatchesPer, 'f', 0, 64)
	if r.MatchesPer < 10 {
		rate = strconv.FormatFloat(r.MatchesPer, 'g', 2, 64)
	}
	_, err := fmt.Fprintf(w, "time: %.2fs (%s matches/s)\n", r.Seconds, rate)
	return err
}

// ErrorCount returns how many matches ended in an error.
func (r Report) ErrorCount() int64 {
	var n int64
	for _, g := range r.Errors {
		n += g.Count
	}
	return n
}

func rangesText(rs []Range) string {
	out := ""
	for i, r := range rs {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%d..%d", r.First, r.First+r.Count-1)
	}
	if out == "" {
		return "none"
	}
	return out
}

// printer writes formatted text and keeps the first error.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) table(title string, keys []string, counts map[string]int64) {
	if len(keys) == 0 {
		return
	}
	p.f("%s\n", title)
	for _, k := range keys {
		p.f("  %s: %d\n", k, counts[k])
	}
}

func (p *printer) list(title string, keys []string) {
	if len(keys) > 0 {
		p.f("%s: %d\n", title, len(keys))
		for _, k := range keys {
			p.f("  %s\n", k)
		}
	}
}

// SeedList writes seeds (ascending) in order, runs of consecutive seeds as
// "a-b": "1-3, 5, 7-8".
func SeedList(seeds []uint64) string {
	var parts []string
	for i := 0; i < len(seeds); {
		j := i
		for j+1 < len(seeds) && seeds[j+1] == seeds[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", seeds[i], seeds[j]))
		} else {
			parts = append(parts, fmt.Sprint(seeds[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
