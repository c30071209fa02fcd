package playtest

import (
	"fmt"
	"math"
	"sort"
)

// Check says what in s cannot come from a run of simulate: a negative count,
// more wins, draws and errors than matches, lengths or seed ranges that do
// not add up to the matches, error groups that name more seeds than their
// count. Merge trusts its parts' numbers; a part edited by hand (or by
// another tool) is refused here instead of merging into rates over 100%.
// The error names the field by its JSON key.
func (s *Stats) Check() error {
	switch {
	case s.PackHash == "":
		return fmt.Errorf(`"pack_hash" is missing: not a result of simulate -o`)
	case s.Seats < 1:
		return fmt.Errorf(`"seats" is %d: a match has one seat or more`, s.Seats)
	case len(s.Wins) != s.Seats:
		return fmt.Errorf(`"wins" has %d numbers for %d seats`, len(s.Wins), s.Seats)
	case s.PlyLimit < 0:
		return fmt.Errorf(`"ply_limit" is %d: never negative (0: none)`, s.PlyLimit)
	case s.Seconds < 0 || math.IsNaN(s.Seconds) || math.IsInf(s.Seconds, 0):
		return fmt.Errorf(`"seconds" is %v: a time is never negative`, s.Seconds)
	}
	if err := s.checkOutcomes(); err != nil {
		return err
	}
	if err := s.checkSums(); err != nil {
		return err
	}
	for _, m := range []struct {
		key    string
		counts map[string]int64
	}{{"visits", s.Visits}, {"transitions", s.Uses}, {"actions", s.Actions}, {"firings", s.Firings}, {"decisions", s.Decisions}, {"legal", s.Legal}} {
		if k, n, ok := negative(m.counts); ok {
			return fmt.Errorf("%q %q is %d: a count is never negative", m.key, k, n)
		}
	}
	return nil
}

// checkOutcomes checks wins, draws and errors against the matches: a match
// ends in an error, a draw (every seat first, counted in draws only), or
// with up to seats-1 winners (each counted in wins), or none.
func (s *Stats) checkOutcomes() error {
	nonNeg := []struct {
		key string
		n   int64
	}{{"matches", s.Matches}, {"draws", s.Draws}}
	for _, c := range nonNeg {
		if c.n < 0 {
			return fmt.Errorf("%q is %d: a count is never negative", c.key, c.n)
		}
	}
	var wins, errs int64
	for i, w := range s.Wins {
		if w < 0 {
			return fmt.Errorf(`"wins": seat %d has %d: a count is never negative`, i+1, w)
		}
		if w > s.Matches {
			return fmt.Errorf(`"wins": seat %d has %d wins of %d matches`, i+1, w, s.Matches)
		}
		wins += w
	}
	for _, g := range s.Errors {
		if g.Count < 1 || int64(len(g.Seeds)) > min(g.Count, MaxErrorSeeds) {
			return fmt.Errorf(`"errors": %q counts %d matches and names %d seeds`, g.Message, g.Count, len(g.Seeds))
		}
		errs += g.Count
	}
	perMatch := int64(max(1, s.Seats-1)) // the most wins one match counts
	if won := (wins + perMatch - 1) / perMatch; errs > s.Matches || s.Draws > s.Matches-errs || won > s.Matches-errs-s.Draws {
		return fmt.Errorf(`"wins", "draws" and "errors" count more matches than the %d of "matches"`, s.Matches)
	}
	return nil
}

// checkSums checks that lengths and seed ranges add up to the matches.
func (s *Stats) checkSums() error {
	var lengths int64
	for l, n := range s.Lengths {
		if l < 0 || n < 0 {
			return fmt.Errorf(`"lengths": %d matches of %d actions: never negative`, n, l)
		}
		lengths += n
	}
	if lengths != s.Matches {
		return fmt.Errorf(`"lengths" count %d matches; "matches" is %d`, lengths, s.Matches)
	}
	var seeds uint64
	for _, r := range s.Seeds {
		if r.Count == 0 || r.First+r.Count-1 < r.First {
			return fmt.Errorf(`"seeds": the range from %d of %d seeds is empty or past the largest seed`, r.First, r.Count)
		}
		seeds += r.Count
	}
	if seeds != uint64(s.Matches) {
		return fmt.Errorf(`"seeds" hold %d seeds; "matches" is %d`, seeds, s.Matches)
	}
	return nil
}

// negative returns the first key (in sorted order) with a negative count.
func negative(counts map[string]int64) (string, int64, bool) {
	var keys []string
	for k, n := range counts {
		if n < 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "", 0, false
	}
	sort.Strings(keys)
	return keys[0], counts[keys[0]], true
}
