package preview

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestMCTSJobsSplitPlayouts: with Jobs trees the root's visits, summed
// over the trees, are the budget's playouts (each tree searched its share,
// none twice), and one job's counts are one tree's.
func TestMCTSJobsSplitPlayouts(t *testing.T) {
	m, err := searchPack(t, "hearts").NewMatch(4, engine.Options{Seed: 1, NoHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := m.Legal(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 2, 3} {
		b := &MCTS{Budget: Budget{Playouts: 31, MaxPlies: 8}, Jobs: jobs}
		visits, _ := b.rootStats(&Decision{Seat: 0, Moves: moves, Rand: rand.New(newSplitmix(1)), m: m})
		total := 0
		for _, v := range visits {
			total += v
		}
		if total != 31 || len(b.trees) != jobs {
			t.Errorf("jobs=%d: %d root visits in %d trees, want 31 in %d", jobs, total, len(b.trees), jobs)
		}
	}
}

// TestMCTSJobsDeterministic: a search bot on two jobs plays the same match
// twice with one seed, record for record, in Hearts (hidden hands) and the
// seed effects (hidden objects, clauses), and another match than on one job
// (the trees draw from sources of their own). Run with -race, it also finds
// the jobs sharing what they must not.
func TestMCTSJobsDeterministic(t *testing.T) {
	for _, g := range []struct {
		pack  string
		seats int
		bots  []string
		plies int
	}{
		{"hearts", 4, []string{"mcts:40:plies=30:jobs=2"}, 8},
		{"seeds", 2, []string{"mcts:30:jobs=2", "mcts:30:jobs=3"}, 12},
	} {
		p := searchPack(t, g.pack)
		play := func(bots []string) string {
			rs, err := Simulate(p, Simulation{Matches: 1, Seed: 5, Seats: g.seats, Bots: bots,
				MaxPlies: g.plies, Jobs: 1, Record: true})
			if err != nil {
				t.Fatal(err)
			}
			b, err := rs[0].Record.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		a, b := play(g.bots), play(g.bots)
		if a != b {
			t.Errorf("%s: the same seed and jobs played\n%s\nthen\n%s", g.pack, a, b)
		}
		one := make([]string, len(g.bots))
		for i, spec := range g.bots {
			one[i], _, _ = strings.Cut(spec, ":jobs=")
		}
		if play(one) == a {
			t.Errorf("%s: %v played as one job does", g.pack, g.bots)
		}
	}
}

// TestOnJobs: a search spec without jobs gets them, one that has them or
// another bot's name is kept, and the spec made is one NewBot reads.
func TestOnJobs(t *testing.T) {
	for spec, want := range map[string]string{
		"mcts":              "mcts:jobs=2",
		"mcts:200:plies=60": "mcts:200:plies=60:jobs=2",
		"mcts:200:jobs=3":   "mcts:200:jobs=3",
		"flatmc:200":        "flatmc:200",
		"random":            "random",
		"":                  "",
		"mctsx":             "mctsx",
	} {
		if got := OnJobs(spec, 2); got != want {
			t.Errorf("OnJobs(%q, 2) = %q, want %q", spec, got, want)
		}
	}
	if got := OnJobs("mcts", 1); got != "mcts" {
		t.Errorf("OnJobs(mcts, 1) = %q, want it kept", got)
	}
	if b, err := NewBot(OnJobs("mcts:50", 4)); err != nil || b.(*MCTS).Jobs != 4 {
		t.Errorf("NewBot(OnJobs(mcts:50, 4)) = %+v, %v", b, err)
	}
}
