package playtest

import (
	"fmt"
	"slices"
	"sort"

	"github.com/rulestudio/studio/graph"
)

// MaxErrorSeeds is how many seeds an [ErrorGroup] keeps: the smallest ones,
// so that merging parts keeps the same seeds as one run of the whole range.
const MaxErrorSeeds = 20

// Stats is what a set of matches did, as counts that add up across disjoint
// sets of matches. Map keys are the stable identities of engine events (see
// the package documentation); JSON writes maps in key order, so a Stats file
// is the same bytes for the same matches.
type Stats struct {
	Pack     string   `json:"pack"`      // the pack's name
	PackHash string   `json:"pack_hash"` // graph.PackHash of the pack played
	Seats    int      `json:"seats"`
	Bots     string   `json:"bots"`           // the bots' names, comma-separated, one per seat
	PlyLimit int      `json:"ply_limit"`      // the action limit of a match (--max-plies; 0: none)
	Lite     bool     `json:"lite,omitempty"` // played without events: no visits, uses, firings or branching
	Universe Universe `json:"universe"`       // what the pack has, for the never-used lists
	Seeds    []Range  `json:"seeds"`          // the seeds played, as sorted disjoint ranges

	Matches   int64            `json:"matches"`
	Lengths   map[int]int64    `json:"lengths"`               // matches by number of actions (finished or not)
	Wins      []int64          `json:"wins"`                  // per seat; a shared first place counts for each sharer
	Draws     int64            `json:"draws"`                 // matches every seat won (a shared first place of all)
	Visits    map[string]int64 `json:"visits,omitempty"`      // state_entered, by state id
	Uses      map[string]int64 `json:"transitions,omitempty"` // transitions taken, "states/<id>/transitions/<name>"
	Actions   map[string]int64 `json:"actions,omitempty"`     // actions taken, "actions/<name>"
	Firings   map[string]int64 `json:"firings,omitempty"`     // clause firings and wrappers applied, by clause path
	Decisions map[string]int64 `json:"decisions,omitempty"`   // bot decisions, by the state id on top of the stack
	Legal     map[string]int64 `json:"legal,omitempty"`       // sum over those decisions of the number of legal actions
	Errors    []ErrorGroup     `json:"errors,omitempty"`      // by message, sorted by message

	Seconds float64 `json:"seconds"` // wall time spent playing (summed over merged parts)
}

// Range is the seeds First .. First+Count-1.
type Range struct {
	First uint64 `json:"first"`
	Count uint64 `json:"count"`
}

// ErrorGroup is the matches that stopped with one error message.
type ErrorGroup struct {
	Message string   `json:"message"`
	Count   int64    `json:"count"`
	Seeds   []uint64 `json:"seeds"` // the smallest MaxErrorSeeds seeds that met it, ascending
}

// Universe is what a pack holds that a match can use, each list in the
// pack's order, with the keys Stats counts by.
type Universe struct {
	States      []string `json:"states"`                // state ids
	StateNames  []string `json:"state_names,omitempty"` // the name of each of States, for people
	Transitions []string `json:"transitions"`           // "states/<id>/transitions/<name>"
	Actions     []string `json:"actions"`               // "actions/<name>"
	Clauses     []string `json:"clauses"`               // while, whenever and when clauses, by path
}

// UniverseOf lists what p holds, in the pack's order. Clause paths name a
// clause by its name or, unnamed, by its 1-based place, as the engine does.
func UniverseOf(p *graph.Pack) Universe {
	var u Universe
	for _, s := range p.States {
		id := s.ID.String()
		u.States = append(u.States, id)
		u.StateNames = append(u.StateNames, s.Name)
		for _, t := range s.Transitions {
			u.Transitions = append(u.Transitions, "states/"+id+"/transitions/"+t.Name)
		}
		if s.Clauses != nil {
			u.Clauses = append(u.Clauses, clausePaths(s.Clauses, "states/"+id+"/clauses")...)
		}
	}
	for _, a := range p.Actions {
		u.Actions = append(u.Actions, "actions/"+a.Name)
	}
	for _, t := range p.ObjectTypes {
		u.Clauses = append(u.Clauses, clausePaths(&t.Clauses, "object_types/"+t.Name)...)
	}
	return u
}

func clausePaths(cl *graph.Clauses, base string) []string {
	var out []string
	name := func(n string, i int) string {
		if n == "" {
			return fmt.Sprint(i + 1)
		}
		return n
	}
	for i, w := range cl.While {
		out = append(out, base+"/while/"+name(w.Name, i))
	}
	for i, t := range cl.Whenever {
		out = append(out, base+"/whenever/"+name(t.Name, i))
	}
	for i, t := range cl.When {
		out = append(out, base+"/when/"+name(t.Name, i))
	}
	return out
}

// newStats returns an empty Stats of matches of the given kind.
func newStats(pack, hash string, seats int, bots string, maxPlies int, u Universe) *Stats {
	return &Stats{Pack: pack, PackHash: hash, Seats: seats, Bots: bots, PlyLimit: maxPlies, Universe: u,
		Lengths: map[int]int64{}, Wins: make([]int64, seats), Visits: map[string]int64{}, Uses: map[string]int64{},
		Actions: map[string]int64{}, Firings: map[string]int64{}, Decisions: map[string]int64{}, Legal: map[string]int64{}}
}

// Merge adds o's counts to s. Both must be matches of the same pack (by
// hash), seats, bots and action limit, on disjoint seeds; otherwise Merge
// returns an error naming the difference and leaves s unchanged.
func (s *Stats) Merge(o *Stats) error {
	switch {
	case s.PackHash != o.PackHash:
		return fmt.Errorf("different packs: %s %s and %s %s", s.Pack, s.PackHash, o.Pack, o.PackHash)
	case s.Seats != o.Seats:
		return fmt.Errorf("different seats: %d and %d", s.Seats, o.Seats)
	case s.Bots != o.Bots:
		return fmt.Errorf("different bots: %s and %s", s.Bots, o.Bots)
	case s.PlyLimit != o.PlyLimit:
		return fmt.Errorf("different --max-plies: %d and %d", s.PlyLimit, o.PlyLimit)
	case s.Lite != o.Lite:
		return fmt.Errorf("one part was played with --lite, the other without")
	}
	seeds, err := unionRanges(s.Seeds, o.Seeds)
	if err != nil {
		return err
	}
	s.Seeds = seeds
	s.Matches += o.Matches
	s.Draws += o.Draws
	s.Seconds += o.Seconds
	for i, w := range o.Wins {
		s.Wins[i] += w
	}
	for k, v := range o.Lengths {
		s.Lengths[k] += v
	}
	for _, p := range [][2]map[string]int64{{s.Visits, o.Visits}, {s.Uses, o.Uses}, {s.Actions, o.Actions},
		{s.Firings, o.Firings}, {s.Decisions, o.Decisions}, {s.Legal, o.Legal}} {
		for k, v := range p[1] {
			p[0][k] += v
		}
	}
	for _, g := range o.Errors {
		s.addError(g.Message, g.Count, g.Seeds...)
	}
	return nil
}

// addError counts n matches stopped by msg, of which seeds are some.
func (s *Stats) addError(msg string, n int64, seeds ...uint64) {
	i := sort.Search(len(s.Errors), func(i int) bool { return s.Errors[i].Message >= msg })
	if i == len(s.Errors) || s.Errors[i].Message != msg {
		s.Errors = slices.Insert(s.Errors, i, ErrorGroup{Message: msg})
	}
	g := &s.Errors[i]
	g.Count += n
	g.Seeds = append(g.Seeds, seeds...)
	slices.Sort(g.Seeds)
	g.Seeds = slices.Compact(g.Seeds)
	if len(g.Seeds) > MaxErrorSeeds {
		g.Seeds = g.Seeds[:MaxErrorSeeds]
	}
}

// unionRanges returns the sorted union of two sets of seed ranges, adjacent
// ranges joined; overlapping ranges are an error (a seed played twice).
func unionRanges(a, b []Range) ([]Range, error) {
	all := append(append([]Range(nil), a...), b...)
	sort.Slice(all, func(i, j int) bool { return all[i].First < all[j].First })
	var out []Range
	for _, r := range all {
		if r.Count == 0 {
			continue
		}
		if n := len(out); n > 0 {
			last := &out[n-1]
			end := last.First + last.Count
			if r.First < end {
				return nil, fmt.Errorf("seeds %d..%d played twice", r.First, min(end, r.First+r.Count)-1)
			}
			if r.First == end {
				last.Count += r.Count
				continue
			}
		}
		out = append(out, r)
	}
	return out, nil
}
