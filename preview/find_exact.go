package preview

import (
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// position is one the exact search reached first by a shortest line:
// the move from its parent (nil at the start) and, until it is expanded,
// the match there.
type position struct {
	parent *position
	move   graph.Move
	m      *engine.Match
}

// exact searches breadth first from the seed's start over distinct
// positions. It returns the first line found (a shortest), or exhausted
// when no position is left to expand; nil and false when it gave way (too
// many positions ahead, or the budget ran out).
func (f *finder) exact() (*path, bool, error) {
	root, err := f.prog.NewMatch(f.cfg.Seats, f.options(f.cfg.Seed))
	if root == nil {
		return nil, false, err
	}
	root.ForgetEvents()
	seen := map[uint64]struct{}{root.Hash(): {}}
	frontier := []*position{{m: root}}
	f.status.Positions = 1
	expanded, edges, reported := 0, 0, 0
	for depth := 1; len(frontier) > 0; depth++ {
		if expanded > 0 && f.status.Positions+len(frontier)*edges/expanded > f.cfg.MaxPositions {
			return nil, false, nil
		}
		f.status.Depth = depth
		var next []*position
		for _, n := range frontier {
			if err := f.stopped(); err != nil {
				return nil, false, err
			}
			if f.late() {
				return nil, false, nil
			}
			children, hit, err := f.expand(n, seen)
			if err != nil || hit != nil {
				return hit, false, err
			}
			expanded++
			edges += children.edges
			next = append(next, children.nodes...)
			if f.status.Positions-reported >= 1024 {
				reported = f.status.Positions
				f.report()
			}
		}
		frontier = next
	}
	return nil, true, nil
}

type expansion struct {
	nodes []*position
	edges int
}

// expand plays every legal move at n: the first that reaches the
// breakpoint is a line found; the others give the positions not seen
// before. A move the pack's code fails on leads nowhere. n's match is
// dropped after.
func (f *finder) expand(n *position, seen map[uint64]struct{}) (expansion, *path, error) {
	var out expansion
	m := n.m
	n.m = nil
	if m.Over() {
		return out, nil, nil
	}
	moves, err := m.LegalAll()
	if err != nil {
		f.failed(err) // the pack's code failed listing them: a dead end
		return out, nil, nil
	}
	out.edges = len(moves)
	for _, mv := range moves {
		c, gm, hit, err := f.step(m, mv)
		if err != nil {
			return out, nil, err
		}
		if hit {
			return out, &path{seed: f.cfg.Seed, moves: n.line(gm)}, nil
		}
		if c == nil {
			continue
		}
		h := c.Hash()
		if _, dup := seen[h]; dup {
			continue
		}
		seen[h] = struct{}{}
		out.nodes = append(out.nodes, &position{parent: n, move: gm, m: c})
		f.status.Positions++
	}
	return out, nil, nil
}

// line returns the moves from the start to n, then last.
func (n *position) line(last graph.Move) []graph.Move {
	var moves []graph.Move
	for p := n; p.parent != nil; p = p.parent {
		moves = append(moves, p.move)
	}
	for i, j := 0, len(moves)-1; i < j; i, j = i+1, j-1 {
		moves[i], moves[j] = moves[j], moves[i]
	}
	return append(moves, last)
}
