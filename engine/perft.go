package engine

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
	var buf [][]Move
	var walk func(d int) error
	walk = func(d int) error {
		if m.st.over {
			return nil
		}
		for len(buf) <= d {
			buf = append(buf, nil)
		}
		moves, err := m.legalAllInto(buf[d][:0])
		if err != nil {
			return err
		}
		buf[d] = moves
		counts[d] += uint64(len(moves))
		if d+1 == depth {
			return nil
		}
		for i := range moves {
			// Bodies run directly where they can run again (redo.go).
			u := m.undoPoint()
			if err := m.redo1(u, func() error { return m.take(moves[i]) }); err != nil {
				return err
			}
			if err := walk(d + 1); err != nil {
				return err
			}
			m.restore(u.saved)
		}
		return nil
	}
	s := m.save()
	err := walk(0)
	m.restore(s)
	return counts, err
}

func (m *Match) legalAllInto(out []Move) ([]Move, error) {
	var err error
	for s := 0; s < m.seats; s++ {
		if out, err = m.legal(s, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}
