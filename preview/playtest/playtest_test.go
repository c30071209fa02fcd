package playtest

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
)

func bundled(t testing.TB, name string) *engine.Program {
	t.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		t.Fatalf("no bundled pack %s", name)
	}
	p, err := engine.Parse(data, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func fromFile(t testing.TB, path string) *engine.Program {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.Parse(data, path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func run(t testing.TB, c Config) *Stats {
	t.Helper()
	s, err := Run(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestKnownCounts: testdata/known.yaml's rules fix every count but the
// left/right split (see the comment at its top); the counts and the
// never-used lists are those, for any number of matches.
func TestKnownCounts(t *testing.T) {
	const m = 50
	s := run(t, Config{Program: fromFile(t, "testdata/known.yaml"), Seats: 2, Seed: 3, Matches: m, Jobs: 2, Bots: "random"})
	r := Summarize(s)
	want := map[string]int64{"1": m, "2": 4 * m, "3": 4 * m, "4": 0, "99": m}
	for id, n := range want {
		if s.Visits[id] != n {
			t.Errorf("visits of state %s: %d, want %d", id, s.Visits[id], n)
		}
	}
	uses := map[string]int64{"states/1/transitions/": m, "states/2/transitions/moved": 4 * m,
		"states/3/transitions/nextTurn": 3 * m, "states/3/transitions/endGame": m}
	if !reflect.DeepEqual(s.Uses, uses) {
		t.Errorf("transitions used: %v, want %v", s.Uses, uses)
	}
	if l, r := s.Actions["actions/left"], s.Actions["actions/right"]; l+r != 4*m || l == 0 || r == 0 {
		t.Errorf("left %d + right %d: want %d, both taken", l, r, 4*m)
	}
	if s.Firings["object_types/bell/when/rings"] != m || s.Firings["object_types/bell/whenever/silent"] != 0 {
		t.Errorf("firings: %v, want the bell to ring once a match, silent never", s.Firings)
	}
	if s.Decisions["2"] != 4*m || r.Branching["2"] != 2 {
		t.Errorf("state 2: %d decisions, %v legal actions each; want %d, 2", s.Decisions["2"], r.Branching["2"], 4*m)
	}
	if !reflect.DeepEqual(s.Lengths, map[int]int64{4: m}) || r.MeanPlies != 4 || r.StdPlies != 0 {
		t.Errorf("lengths %v (mean %v, sd %v), want all 4", s.Lengths, r.MeanPlies, r.StdPlies)
	}
	if !slices.Equal(s.Wins, []int64{m, 0}) || s.Draws != 0 || len(s.Errors) != 0 || r.FirstSeat != 1 {
		t.Errorf("wins %v draws %d errors %v first seat %v; want seat 1 always", s.Wins, s.Draws, s.Errors, r.FirstSeat)
	}
	for _, c := range []struct {
		what      string
		got, want []string
	}{
		{"states", r.UnusedStates, []string{"4"}},
		{"transitions", r.UnusedTransitions, []string{"states/2/transitions/unreachable", "states/4/transitions/"}},
		{"actions", r.UnusedActions, []string{"actions/never"}},
		{"clauses", r.UnusedClauses, []string{"object_types/bell/whenever/silent"}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("never used %s: %v, want %v", c.what, c.got, c.want)
		}
	}
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"transitions never taken: 2\n  states/2/transitions/unreachable\n", "  2 playerTurn: 200, 200 decisions, 2.00 legal\n"} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("summary lacks %q:\n%s", line, text.String())
		}
	}
}

// TestTicTacToeFirstSeat: with both seats playing uniformly at random, the
// first player wins tic-tac-toe with probability 737/1260 ≈ 0.5849, the
// second 121/420 ≈ 0.2881, and 8/63 ≈ 0.1270 are draws (the game tree
// enumerated with exact fractions, each move weighted by 1/moves; a
// standard known answer).
// The known values lie in the 99.9% Wilson intervals of 20,000 matches.
func TestTicTacToeFirstSeat(t *testing.T) {
	s := run(t, Config{Program: bundled(t, "tictactoe"), Seats: 2, Seed: 1, Matches: 20000, Jobs: 2, Bots: "random", Lite: true})
	const z = 3.2905 // two-sided 99.9%
	for _, c := range []struct {
		what string
		k    int64
		p    float64
	}{{"first seat wins", s.Wins[0], 737.0 / 1260}, {"second seat wins", s.Wins[1], 121.0 / 420}, {"draws", s.Draws, 8.0 / 63}} {
		lo, hi := Wilson(c.k, s.Matches, z)
		if c.p < lo || c.p > hi {
			t.Errorf("%s: %d of %d, 99.9%% interval [%.4f, %.4f] excludes the known %.4f", c.what, c.k, s.Matches, lo, hi, c.p)
		}
	}
	r := Summarize(s)
	if r.FirstSeatLow > 0.5849 || r.FirstSeatHigh < 0.5849 || r.FirstSeatHigh-r.FirstSeatLow > 0.015 {
		t.Errorf("first seat: 95%% interval [%.4f, %.4f], want about 1.4 points wide around 0.5849", r.FirstSeatLow, r.FirstSeatHigh)
	}
}

// TestWilson checks the interval against values computed by hand from
// Wilson's formula.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n   int64
		lo, hi float64
	}{
		{10, 10, 10 / (10 + Z95*Z95), 1},       // all successes: lower bound n/(n+z²)
		{0, 10, 0, Z95 * Z95 / (10 + Z95*Z95)}, // none: upper bound z²/(n+z²)
		{50, 100, 0.40383153, 0.59616847},      // symmetric around 1/2 (tables: 0.4038 to 0.5962)
		{0, 0, 0, 1},                           // no trials: no information
	} {
		lo, hi := Wilson(c.k, c.n, Z95)
		if math.Abs(lo-c.lo) > 1e-8 || math.Abs(hi-c.hi) > 1e-8 {
			t.Errorf("Wilson(%d, %d) = [%v, %v], want [%v, %v]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// TestShardsMergeToTheWhole: the parts of a seed range, merged in any
// order, are the Stats of the whole range played at once (time aside), for
// a pack with clauses, called states and errors (a low --max-plies).
func TestShardsMergeToTheWhole(t *testing.T) {
	c := Config{Program: bundled(t, "seeds"), Seats: 2, Seed: 5, Matches: 23, MaxPlies: 48, Jobs: 2, Bots: "random"}
	whole := run(t, c)
	if len(whole.Errors) == 0 || len(whole.Firings) == 0 {
		t.Fatalf("want a run with errors and firings to merge: %+v", whole)
	}
	const n = 4
	var parts []*Stats
	for i := n - 1; i >= 0; i-- { // merged in reverse
		sc, err := c.Shard(i, n)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, roundTrip(t, run(t, sc)))
	}
	merged := parts[0]
	for _, p := range parts[1:] {
		if err := merged.Merge(p); err != nil {
			t.Fatal(err)
		}
	}
	merged.Seconds, whole.Seconds = 0, 0
	a, _ := json.Marshal(Summarize(merged))
	b, _ := json.Marshal(Summarize(whole))
	if string(a) != string(b) {
		t.Errorf("merged shards:\n%s\nwhole run:\n%s", a, b)
	}
	if err := merged.Merge(parts[1]); err == nil || !strings.Contains(err.Error(), "played twice") {
		t.Errorf("merging a part twice: %v, want seeds played twice", err)
	}
	other := run(t, Config{Program: bundled(t, "tictactoe"), Seats: 2, Seed: 100, Matches: 1, Bots: "random"})
	if err := merged.Merge(other); err == nil || !strings.Contains(err.Error(), "different packs") {
		t.Errorf("merging another pack: %v", err)
	}
}

// roundTrip passes s through its JSON file form, as shards on other
// machines do.
func roundTrip(t *testing.T, s *Stats) *Stats {
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out Stats
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

// TestShardBounds: the parts cover the range once, in order, and a bad
// index is refused.
func TestShardBounds(t *testing.T) {
	c := Config{Seed: 10, Matches: 7}
	next := c.Seed
	for i := 0; i < 3; i++ {
		sc, err := c.Shard(i, 3)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Seed != next {
			t.Errorf("shard %d starts at %d, want %d", i, sc.Seed, next)
		}
		next = sc.Seed + uint64(sc.Matches)
	}
	if next != c.Seed+7 {
		t.Errorf("shards end at %d, want %d", next, c.Seed+7)
	}
	for _, bad := range [][2]int{{3, 3}, {-1, 3}, {0, 0}} {
		if _, err := c.Shard(bad[0], bad[1]); err == nil {
			t.Errorf("shard %d/%d accepted", bad[0], bad[1])
		}
	}
}

// TestJobsDoNotChangeStats: the counts of a run are the same on one job
// and on several.
func TestJobsDoNotChangeStats(t *testing.T) {
	c := Config{Program: bundled(t, "seeds"), Seats: 2, Seed: 1, Matches: 12, Jobs: 1, Bots: "random"}
	one := run(t, c)
	c.Jobs = 3
	three := run(t, c)
	one.Seconds, three.Seconds = 0, 0
	if !reflect.DeepEqual(one, three) {
		t.Errorf("--jobs 1 and 3 differ:\n%+v\n%+v", one, three)
	}
}

// TestBranchingOfASimultaneousChoice: in Hearts' card passing every player
// chooses 3 of their 13 cards at once: C(13,3) = 286 choices each, though
// the engine offers all four players' 1,144 together.
func TestBranchingOfASimultaneousChoice(t *testing.T) {
	p := bundled(t, "hearts")
	s := run(t, Config{Program: p, Seats: 4, Seed: 1, Matches: 2, Jobs: 2, Bots: "random"})
	r := Summarize(s)
	if s.Decisions["21"] == 0 || r.Branching["21"] != 286 {
		t.Errorf("state 21 (giveCards): %d decisions, %v legal actions each, want 286", s.Decisions["21"], r.Branching["21"])
	}
}

// TestWriteTimeSlowRates: a rate under one match a second keeps its
// digits instead of printing as "0 matches/s" (issue 19, item 25).
func TestWriteTimeSlowRates(t *testing.T) {
	for _, c := range []struct {
		secs, rate float64
		want       string
	}{
		{8, 0.25, "time: 8.00s (0.25 matches/s)\n"},
		{400, 0.0125, "time: 400.00s (0.013 matches/s)\n"},
		{2, 3.5, "time: 2.00s (3.5 matches/s)\n"},
		{1, 1234.4, "time: 1.00s (1234 matches/s)\n"},
	} {
		var b strings.Builder
		if err := (Report{Stats: &Stats{Seconds: c.secs}, MatchesPer: c.rate}).WriteTime(&b); err != nil || b.String() != c.want {
			t.Errorf("%g matches/s: %q %v, want %q", c.rate, b.String(), err, c.want)
		}
	}
}
