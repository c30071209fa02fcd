package preview

import (
	"math"

	"github.com/rulestudio/studio/engine"
)

// defaultC is UCT's exploration constant: √2, for rewards in [0, 1].
var defaultC = math.Sqrt2

// MCTS is Monte Carlo tree search with UCT selection. Each iteration
// determinizes the match from its seat's view (see [Decision.Determinize]),
// walks the tree by UCB1, adds one node, plays randomly to the end and
// backs each seat's own reward up the path: a node's value is that of the
// seat that chose its move (max^n, so it plays any number of seats). The
// tree is keyed by moves' text and spans the determinizations, a move
// being one node whatever cards others hold (single-observer information
// set MCTS): UCB1 counts a child's chances from the iterations where it was
// legal (its availability), which is the parent's visits when nothing is
// hidden, plain UCT. It takes the root move with the most visits.
// Deterministic for a given decision source unless Budget.Time is set.
type MCTS struct {
	Budget
	// C is the exploration constant; 0 is √2 (use FlatMC for none).
	C float64

	// Jobs is how many trees are searched at once (root parallelism), each
	// on its own goroutine with its share of the playouts and its own
	// source, drawn from the decision's; their root moves' visits and
	// rewards are summed. 0 or 1: one tree on the calling goroutine, drawing
	// from the decision's source itself. The choice depends on the seed and
	// Jobs, never on the machine or on which job finishes first.
	Jobs int

	trees []*tree // the last decision's, whose memory the next reuses
}

// Choose returns the index of the root move with the most visits, summed
// over the trees (ties: the better mean, then the first in the engine's
// order).
func (b *MCTS) Choose(d *Decision) int {
	if len(d.Moves) == 1 {
		return 0
	}
	visits, sums := b.rootStats(d)
	best, bestN, bestMean := 0, 0, math.Inf(-1)
	for i, n := range visits {
		if n == 0 { // not in any tree
			continue
		}
		mean := sums[i] / float64(n)
		if n > bestN || n == bestN && mean > bestMean {
			best, bestN, bestMean = i, n, mean
		}
	}
	return best
}

// iterate runs one iteration from t's root on a new determinization and
// adds its rewards to r and to every node it went through.
func (s *search) iterate(t *tree, c float64, r []float64) {
	f := s.world()
	path := append(t.path[:0], 0)
	n := int32(0)
	for {
		if f.Over() {
			rewards(f, r)
			break
		}
		var err error
		if n == 0 {
			t.moves, err = s.rootMoves(f, t.moves[:0])
		} else {
			t.moves, err = actingMoves(f, t.moves[:0])
		}
		if err != nil || len(t.moves) == 0 {
			addDraw(r)
			break
		}
		kid, mv, fresh := t.pick(n, t.moves, c, s.rand.IntN)
		path = append(path, kid) // visited even if its move fails
		n = kid
		if err := f.Apply(mv); err != nil {
			addDraw(r)
			break
		}
		if fresh {
			s.playout(f, r)
			break
		}
	}
	f.Release() // its move buffers go to the next iteration's fork
	for _, p := range path {
		t.nodes[p].visits++
		sum := t.sum(p)
		for i, x := range r {
			sum[i] += x
		}
	}
	t.path = path
}

// rootMoves appends to buf the decision's own moves as f lists them (the
// root decides for the decision's seat, which need not be the lowest
// acting); when it has none there, those of the lowest seat acting.
func (s *search) rootMoves(f *engine.Match, buf []engine.Move) ([]engine.Move, error) {
	mine, err := f.AppendLegal(buf, s.d.Seat)
	if err != nil || len(mine) > 0 {
		return mine, err
	}
	return actingMoves(f, buf)
}

// actingMoves appends to buf the moves of the lowest seat that has any: in
// the tree, as in a simulation, that seat acts first. The seats after it
// are not asked (a Hearts pass lists 286 moves for each seat), so an error
// of the pack's code listing only theirs is met by the playout instead.
func actingMoves(f *engine.Match, buf []engine.Move) ([]engine.Move, error) {
	for seat := range f.Seats() {
		moves, err := f.AppendLegal(buf, seat)
		if err != nil || len(moves) > 0 {
			return moves, err
		}
	}
	return buf, nil
}

// firstSeat returns the moves of the lowest seat that has any (moves are in
// seat order): in the tree, as in a simulation, that seat acts first.
func firstSeat(moves []engine.Move) []engine.Move {
	j := 1
	for j < len(moves) && moves[j].Seat == moves[0].Seat {
		j++
	}
	return moves[:j]
}
