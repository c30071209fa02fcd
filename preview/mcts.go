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
}

// node is one move of the tree: the seat that chose it, its visits, how
// often it was legal when its parent was visited, and the reward sums per
// seat of the iterations through it.
type node struct {
	key           string
	seat          int
	visits, avail int
	sum           []float64
	byKey         map[string]*node // children by key (never iterated)
}

func newNode(key string, seat, seats int) *node {
	return &node{key: key, seat: seat, sum: make([]float64, seats)}
}

// Choose returns the index of the root move with the most visits (ties:
// the better mean, then the first in the engine's order).
func (b *MCTS) Choose(d *Decision) int {
	if len(d.Moves) == 1 {
		return 0
	}
	c := b.C
	if c == 0 {
		c = defaultC
	}
	s := newSearch(d, b.Budget)
	seats := d.m.Seats()
	root := newNode("", -1, seats)
	r := make([]float64, seats)
	for it := 0; s.more(it); it++ {
		clear(r)
		s.iterate(root, c, r)
	}
	best, bestN, bestMean := 0, -1, math.Inf(-1)
	for i, key := range s.keys {
		k := root.byKey[key]
		if k == nil {
			continue
		}
		mean := k.sum[d.Seat] / float64(k.visits)
		if k.visits > bestN || k.visits == bestN && mean > bestMean {
			best, bestN, bestMean = i, k.visits, mean
		}
	}
	return best
}

// iterate runs one iteration from root on a new determinization and adds
// its rewards to r and to every node it went through.
func (s *search) iterate(root *node, c float64, r []float64) {
	f := s.world()
	path := []*node{root}
	n := root
	for {
		if f.Over() {
			rewards(f, r)
			break
		}
		moves, err := f.LegalAll()
		if err != nil || len(moves) == 0 {
			addDraw(r)
			break
		}
		moves = firstSeat(moves)
		if n == root {
			moves = s.rootMoves(f, moves)
		}
		kid, mv, fresh := n.pick(moves, c, s.d.Rand.IntN)
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
	for _, p := range path {
		p.visits++
		for i, x := range r {
			p.sum[i] += x
		}
	}
}

// rootMoves returns the decision's own moves as f lists them (the root
// decides for the decision's seat, which need not be the lowest acting).
func (s *search) rootMoves(f *engine.Match, all []engine.Move) []engine.Move {
	if len(all) > 0 && all[0].Seat == s.d.Seat {
		return all
	}
	mine, err := f.Legal(s.d.Seat)
	if err != nil || len(mine) == 0 {
		return all
	}
	return mine
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

// pick chooses the move to take from n among the legal moves: a move not
// yet in the tree (chosen with intn) becomes a new child (fresh); when all
// are in it, the child with the best UCB1 score for the seat choosing,
//
//	mean + c·√(ln(avail) / visits),
//
// ties going to the first in the engine's order. Every legal child's
// availability counts this visit.
func (n *node) pick(moves []engine.Move, c float64, intn func(int) int) (*node, engine.Move, bool) {
	if n.byKey == nil {
		n.byKey = map[string]*node{}
	}
	keys := make([]string, len(moves))
	var untried []int
	for i, mv := range moves {
		keys[i] = mv.String()
		if k := n.byKey[keys[i]]; k != nil {
			k.avail++
		} else {
			untried = append(untried, i)
		}
	}
	if len(untried) > 0 {
		i := untried[intn(len(untried))]
		k := newNode(keys[i], moves[i].Seat, len(n.sum))
		k.avail = 1
		n.byKey[keys[i]] = k
		return k, moves[i], true
	}
	var best *node
	bi, bestScore := 0, math.Inf(-1)
	for i, key := range keys {
		k := n.byKey[key]
		score := k.sum[k.seat]/float64(k.visits) + c*math.Sqrt(math.Log(float64(k.avail))/float64(k.visits))
		if score > bestScore {
			best, bi, bestScore = k, i, score
		}
	}
	return best, moves[bi], false
}
