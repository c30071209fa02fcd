package preview

import "math"

// FlatMC is flat Monte Carlo: it plays each legal move in turn, round
// robin, followed by a random playout to the end, and takes the move whose
// playouts gave its seat the best mean reward (ties: the first in the
// engine's order). Each playout runs on its own determinized match (see
// [Decision.Determinize]): the bot never sees the cards its seat does not.
// Deterministic for a given decision source unless Budget.Time is set.
type FlatMC struct {
	Budget
}

// Choose returns the index of the move with the best mean reward.
func (b *FlatMC) Choose(d *Decision) int {
	if len(d.Moves) == 1 {
		return 0
	}
	s := newSearch(d, b.Budget)
	n := len(d.Moves)
	sum := make([]float64, n)
	count := make([]int, n)
	r := make([]float64, d.m.Seats())
	for it := 0; it < n || s.more(it); it++ {
		i := it % n
		f := s.world()
		clear(r)
		if err := s.applyRoot(f, i); err != nil {
			addDraw(r) // cannot happen when hidden cards decide no legal move
		} else {
			s.playout(f, r)
		}
		f.Release()
		sum[i] += r[d.Seat]
		count[i]++
	}
	best, bestMean := 0, math.Inf(-1)
	for i := range sum {
		if count[i] > 0 && sum[i]/float64(count[i]) > bestMean {
			best, bestMean = i, sum[i]/float64(count[i])
		}
	}
	return best
}
