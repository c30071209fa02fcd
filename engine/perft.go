package engine

import "go.starlark.net/starlark"

// Perft counts the nodes of the legal-action tree from the match's current
// state: counts[d-1] is the number of nodes at depth d, for d = 1..depth. A ply
// is one player's action: in a state where several players decide, each
// player's action is a ply. A finished match has no children. The last ply is
// counted without being played ("bulk counting"). The match is left as it was.
func (m *Match) Perft(depth int) ([]uint64, error) {
	counts := make([]uint64, depth)
	if depth <= 0 {
		return counts, nil
	}
	rec, hist, text := m.rec, m.hist, m.text
	m.rec, m.hist, m.text = false, false, false
	defer func() { m.rec, m.hist, m.text = rec, hist, text }()
	p := perft{m: m, counts: counts, depth: depth}
	// Without history, clauses or before(), no step keeps a state (see
	// beginStep), so a line's states are dead once its sibling begins: each
	// depth plays its children on one mstate of its own, copied afresh.
	p.reuse = !m.p.clauses && !m.p.usesBefore
	if p.reuse {
		sp := m.spares // a step's dead stacks (statereuse.go)
		m.spares = &p.spares
		defer func() { m.spares = sp }()
	}
	u, arena := m.undoPoint(), m.arena
	err := p.walk(0)
	m.undo(u)
	m.arena = arena // the moves Legal gave before stay as they were
	return counts, err
}

// perft is one Perft walk: its counts, and per depth the buffer of legal
// moves and the state the children are played on.
type perft struct {
	m      *Match
	counts []uint64
	depth  int
	reuse  bool
	moves  [][]Move
	arenas [][]starlark.Value // per depth, the moves' arguments
	states []*mstate
	spares spares
}

// walk counts the children of the match's state at depth d and walks theirs.
// It leaves the match in any state of the subtree: its caller puts back its
// own before the next child.
func (p *perft) walk(d int) error {
	m := p.m
	if m.st.over {
		return nil
	}
	for len(p.moves) <= d {
		p.moves = append(p.moves, nil)
		p.arenas = append(p.arenas, nil)
		p.states = append(p.states, new(mstate))
	}
	// The moves listed last at this depth, and their arguments, are dead.
	m.arena = p.arenas[d][:0]
	last := d+1 == p.depth
	if last {
		m.bulk = &p.counts[d] // cells of the last ply counted, not listed
	}
	moves, err := m.legalAllInto(p.moves[d][:0])
	m.bulk = nil
	if err != nil {
		return err
	}
	p.moves[d], p.arenas[d] = moves, m.arena
	p.counts[d] += uint64(len(moves))
	if last {
		return nil
	}
	// From here on s is never written: each child is played on a copy of it
	// with a generation of its own, whose writes copy what they change. The
	// step before, which before() reads, is s's for every child.
	s, prev := m.st, m.prev
	m.hold(s)
	m.hold(prev)
	for i := range moves {
		play := func() error {
			if p.reuse {
				st := p.states[d]
				p.spares.recycle(st) // the last line played on st is dead
				*st = *s
				st.gen, st.owned, st.pvOwned = gens.Add(1), 0, 0
				m.st = st
			} else {
				m.st = s
				m.snapshot()
			}
			m.prev, m.err = prev, nil
			m.forgetSettle() // another line's state (settleskip.go)
			return m.take(moves[i])
		}
		if err := p.take(play); err != nil {
			return err
		}
		if err := p.walk(d + 1); err != nil {
			return err
		}
	}
	return nil
}

// take plays a child with play, bodies running directly where they can
// run again (redo.go): one that went past its bound plays the child again
// from s, interpreted, so that "too many steps" lands where Starlark puts it.
func (p *perft) take(play func() error) error {
	m := p.m
	if !m.canRedo() {
		return play()
	}
	m.redoable = true
	err := play()
	m.redoable = false
	if !m.redo {
		return err
	}
	m.redo = false
	return play()
}

// legalAllInto appends the legal actions of every seat, seat order, to out.
func (m *Match) legalAllInto(out []Move) ([]Move, error) {
	var err error
	for s := 0; s < m.seats; s++ {
		if out, err = m.legal(s, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}
