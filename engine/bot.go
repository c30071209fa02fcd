package engine

// Bot chooses one of the legal moves of a match.
type Bot interface {
	Choose(m *Match, moves []Move) Move
}

// RandomBot chooses uniformly at random with its own seeded source (a bot's
// choices never draw from the match's random source).
type RandomBot struct{ state uint64 }

// NewRandomBot returns a RandomBot seeded with seed.
func NewRandomBot(seed uint64) *RandomBot { return &RandomBot{state: seed*0x2545F4914F6CDD1D + 1} }

// Choose picks one of moves.
func (b *RandomBot) Choose(m *Match, moves []Move) Move {
	b.state += 0x9E3779B97F4A7C15
	z := b.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	z ^= z >> 31
	return moves[z%uint64(len(moves))]
}

// Play lets bot take every decision until the match ends or maxPlies actions
// were taken (0: no limit). It returns the number of actions taken. A match
// where nobody can act but that is not over is an error. With NoHistory, an
// error stops the match where it happened (see [Match.Err]); with history, the
// failed action is undone as by [Match.Apply].
func (m *Match) Play(bot Bot, maxPlies int) (int, error) {
	plies := 0
	if err := m.run(); err != nil { // a fork taken mid-way goes on to the next decision
		return 0, err
	}
	var moves []Move
	for !m.st.over {
		if maxPlies > 0 && plies >= maxPlies {
			return plies, nil
		}
		var err error
		moves, err = m.legalAllInto(moves[:0])
		if err != nil {
			return plies, err
		}
		if len(moves) == 0 {
			return plies, &RunError{File: m.p.file, What: "state " + m.StateName(), Msg: "no player has a legal action, and the match is not over (a dead end)"}
		}
		mv := bot.Choose(m, moves)
		if m.rec {
			err = m.apply(mv) // undone on error, as Apply does
		} else {
			err = m.take(mv) // no history: no snapshot to roll back to
		}
		if err != nil {
			m.err = err
			return plies, err
		}
		plies++
	}
	return plies, nil
}
