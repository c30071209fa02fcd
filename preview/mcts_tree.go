package preview

import (
	"encoding/binary"
	"math"

	"github.com/rulestudio/studio/engine"
)

// tree is one MCTS search's tree, kept by its bot from one decision to the
// next so that its memory is reused: the nodes in one slice (a node is its
// index; 0 is the root), each seat's reward sums in another, and the
// children of every node in one map keyed by the parent's index (4 bytes)
// and the move's text (engine.Move.AppendText). A lookup builds its key in
// a buffer and allocates nothing; a new node allocates its key.
type tree struct {
	seats int
	nodes []node
	sums  []float64 // seats per node: node i's at [i*seats, (i+1)*seats)
	kids  map[string]int32
	key   []byte
	// The decision's moves, and the root's child for each (-1: none yet),
	// kept with kids: a determinized copy lists the decision's moves in
	// their order as a rule, and its moves are then matched with the
	// decision's (engine.Move.SameText) rather than formatted and looked up.
	decided []engine.Move
	root    []int32
	// Buffers of one iteration: the legal moves, the child of each (-1:
	// none yet), the untried moves' indexes, the path walked.
	moves   []engine.Move
	kidOf   []int32
	untried []int
	path    []int32
}

// node is one move of the tree: the seat that chose it, its visits, how
// often it was legal when its parent was visited, and its children's count.
type node struct {
	seat          int
	visits, avail int
	children      int
}

// reset empties t for a search of seats seats deciding among moves,
// keeping its memory, and makes the root.
func (t *tree) reset(seats int, moves []engine.Move) {
	if t.kids == nil {
		t.kids = map[string]int32{}
	}
	clear(t.kids)
	t.seats, t.nodes, t.sums = seats, t.nodes[:0], t.sums[:0]
	t.decided, t.root = moves, t.root[:0]
	for range moves {
		t.root = append(t.root, -1)
	}
	t.add(-1)
}

// asDecided reports whether moves are the decision's, in its order.
func (t *tree) asDecided(moves []engine.Move) bool {
	if len(moves) != len(t.decided) {
		return false
	}
	for i, mv := range moves {
		if !mv.SameText(t.decided[i]) {
			return false
		}
	}
	return true
}

// newRootChild records k as the root's child for every decision move with
// mv's text.
func (t *tree) newRootChild(mv engine.Move, k int32) {
	for j, d := range t.decided {
		if d.SameText(mv) {
			t.root[j] = k
		}
	}
}

// add appends a node for seat's move and returns its index.
func (t *tree) add(seat int) int32 {
	t.nodes = append(t.nodes, node{seat: seat})
	for range t.seats {
		t.sums = append(t.sums, 0)
	}
	return int32(len(t.nodes) - 1)
}

// sum returns node n's reward sums, one per seat.
func (t *tree) sum(n int32) []float64 { return t.sums[int(n)*t.seats : int(n+1)*t.seats] }

// keyOf makes in t.key the key of the child of parent by mv's text.
func (t *tree) keyOf(parent int32, mv engine.Move) []byte {
	t.key = binary.LittleEndian.AppendUint32(t.key[:0], uint32(parent))
	t.key = mv.AppendText(t.key)
	return t.key
}

// child returns parent's child by the text key (the root's moves' keys are
// the search's), or -1.
func (t *tree) child(parent int32, text string) int32 {
	t.key = binary.LittleEndian.AppendUint32(t.key[:0], uint32(parent))
	t.key = append(t.key, text...)
	if k, ok := t.kids[string(t.key)]; ok {
		return k
	}
	return -1
}

// pick chooses the move to take from node n among the legal moves: a move
// not yet in the tree (chosen with intn) becomes a new child (fresh); when
// all are in it, the child with the best UCB1 score for the seat choosing,
//
//	mean + c·√(ln(avail) / visits),
//
// ties going to the first in the engine's order. Every legal child's
// availability counts this visit.
func (t *tree) pick(n int32, moves []engine.Move, c float64, intn func(int) int) (int32, engine.Move, bool) {
	t.kidOf, t.untried = t.kidOf[:0], t.untried[:0]
	if t.nodes[n].children == 0 { // every move untried: none to look up
		for i := range moves {
			t.untried = append(t.untried, i)
		}
	} else {
		t.findChildren(n, moves)
	}
	if len(t.untried) > 0 {
		i := t.untried[intn(len(t.untried))]
		k := t.add(moves[i].Seat)
		t.nodes[k].avail = 1
		t.nodes[n].children++
		t.kids[string(t.keyOf(n, moves[i]))] = k
		if n == 0 {
			t.newRootChild(moves[i], k)
		}
		return k, moves[i], true
	}
	best, bi, bestScore := int32(-1), 0, math.Inf(-1)
	for i, k := range t.kidOf {
		kn := &t.nodes[k]
		score := t.sum(k)[kn.seat]/float64(kn.visits) + c*math.Sqrt(math.Log(float64(kn.avail))/float64(kn.visits))
		if score > bestScore {
			best, bi, bestScore = k, i, score
		}
	}
	return best, moves[bi], false
}

// findChildren fills t.kidOf with n's child for each of moves (-1: none)
// and t.untried with the indexes of those without one, counting this visit
// in each child's availability.
func (t *tree) findChildren(n int32, moves []engine.Move) {
	fast := n == 0 && t.asDecided(moves)
	for i, mv := range moves {
		var k int32
		var ok bool
		if fast {
			k = t.root[i]
			ok = k >= 0
		} else {
			k, ok = t.kids[string(t.keyOf(n, mv))]
		}
		if ok {
			t.nodes[k].avail++
		} else {
			k = -1
			t.untried = append(t.untried, i)
		}
		t.kidOf = append(t.kidOf, k)
	}
}
