package preview

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestMCTSBeatsRandomHearts plays one hand of Hearts with MCTS (100
// playouts a move, each to the end of the hand) in one seat and the random
// bot in the three others, from each seat: the hands are hidden, so the bot
// searches on re-deals of what its seat does not see. Over the hands, MCTS
// must take fewer points than the randoms take on average (issue 22).
func TestMCTSBeatsRandomHearts(t *testing.T) {
	p := searchPack(t, "hearts")
	hands := 4
	if testing.Short() {
		hands = 1
	}
	for seat := 0; seat < 4; seat++ {
		mine, others := 0, 0
		for i := 0; i < hands; i++ {
			bots := []Bot{RandomBot{}, RandomBot{}, RandomBot{}, RandomBot{}}
			bots[seat] = &MCTS{Budget: Budget{Playouts: 100, MaxPlies: 60}}
			scores := playHand(t, p, uint64(500+i), bots)
			for s, x := range scores {
				if s == seat {
					mine -= x
				} else {
					others -= x
				}
			}
		}
		t.Logf("MCTS in seat %d took %d points in %d hands, a random seat %.1f", seat+1, mine, hands, float64(others)/3)
		if 3*mine >= others && !testing.Short() {
			t.Errorf("MCTS in seat %d took %d points, the random seats %d between three", seat+1, mine, others)
		}
	}
}

// playHand plays the first hand of a Hearts match with a bot per seat,
// the match and the bots seeded seed, and returns the scores after it.
func playHand(tb testing.TB, p *engine.Program, seed uint64, bots []Bot) []int {
	tb.Helper()
	m, err := p.NewMatch(len(bots), engine.Options{Seed: seed, NoHistory: true})
	if err != nil {
		tb.Fatal(err)
	}
	sb := &seatsBot{bots: bots, rand: rand.New(newSplitmix(seed))}
	for taken := 0; taken < 26; {
		moves, err := m.LegalAll()
		if err != nil || len(moves) == 0 {
			tb.Fatalf("seed %d: no move: %v", seed, err)
		}
		if err := m.Apply(sb.Choose(m, moves)); err != nil {
			tb.Fatal(err)
		}
		taken = 0
		for _, x := range m.Scores() {
			taken -= x
		}
	}
	return m.Scores()
}

// TestSearchBotsDeterministicHidden: in the seed pack, whose hands and
// libraries are objects the bots re-deal, MCTS against flat Monte Carlo
// plays the same match twice with one seed and another with another.
func TestSearchBotsDeterministicHidden(t *testing.T) {
	p := searchPack(t, "seeds")
	play := func(seed uint64) []string {
		_, moves := playBots(t, p, seed, &MCTS{Budget: Budget{Playouts: 20}}, &FlatMC{Budget: Budget{Playouts: 20}})
		return moves
	}
	a, b, c := play(1), play(1), play(2)
	if !slices.Equal(a, b) {
		t.Errorf("seed 1 played\n%v\nthen\n%v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 1 and 2 played the same match %v", a)
	}
}
