package preview

import (
	"math/rand/v2"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

const (
	// playoutsPerRound are the random matches of one length.
	playoutsPerRound = 64
	// firstPlayoutLength is the first round's longest match in moves
	// (or twice the exact search's depth, if more).
	firstPlayoutLength = 16
	// lookAhead is the most moves a random match tries one by one for one
	// that reaches the breakpoint at once (Hearts' giveCards has 286).
	lookAhead = 64
)

// playouts plays rounds of random matches until one round finds some, and
// returns the shortest it found (the first by seed among the shortest);
// nil when the budget ran out.
func (f *finder) playouts() (*path, error) {
	length := max(firstPlayoutLength, 2*f.status.Depth)
	for i := 0; ; {
		f.status.Depth = min(length, f.cfg.MaxPlies)
		var best *path
		for range playoutsPerRound {
			if err := f.stopped(); err != nil {
				return nil, err
			}
			if f.late() {
				return best, nil
			}
			p, err := f.playout(f.cfg.Seed+uint64(i), f.cfg.Bots, f.status.Depth)
			if err != nil {
				return nil, err
			}
			if p != nil && (best == nil || len(p.moves) < len(best.moves)) {
				best = p
			}
			i++
			f.status.Matches++
			f.report()
		}
		if best != nil {
			return best, nil
		}
		length *= 2
	}
}

// playout plays one match of seed with the bots named, at most plies
// moves, and returns it when it reaches the breakpoint.
func (f *finder) playout(seed uint64, names []string, plies int) (*path, error) {
	bots, err := seatBots(names)
	if err != nil {
		return nil, err
	}
	m, err := f.prog.NewMatch(f.cfg.Seats, f.options(seed))
	if m == nil || err != nil {
		f.failed(err) // this seed's setup fails
		return nil, nil
	}
	m.ForgetEvents()
	r := rand.New(newSplitmix(seed))
	var moves []graph.Move
	for ply := 0; ply < plies && !m.Over(); ply++ {
		legal, err := m.LegalAll()
		if err != nil {
			f.failed(err)
		}
		if err != nil || len(legal) == 0 {
			return nil, nil // the pack's code failed, or a dead end
		}
		var tried []*engine.Match
		var texts []graph.Move
		if len(legal) <= lookAhead {
			tried, texts = make([]*engine.Match, len(legal)), make([]graph.Move, len(legal))
			for i, mv := range legal {
				c, gm, hit, err := f.step(m, mv)
				if err != nil || hit {
					return &path{seed: seed, moves: append(moves, gm)}, err
				}
				tried[i], texts[i] = c, gm
			}
		}
		seat, mine := botTurn(bots, legal)
		j := firstOf(legal, seat) + bots[seat].Choose(&Decision{Seat: seat, Moves: mine, Rand: r, m: m})
		var c *engine.Match
		var gm graph.Move
		if tried != nil {
			c, gm = tried[j], texts[j]
		} else {
			var hit bool
			if c, gm, hit, err = f.step(m, legal[j]); err != nil || hit {
				return &path{seed: seed, moves: append(moves, gm)}, err
			}
		}
		if c == nil {
			return nil, nil // the pack's code failed on the bot's move
		}
		moves = append(moves, gm)
		m = c
	}
	return nil, nil
}

// firstOf returns the place in legal (seat order) of seat's first move.
func firstOf(legal []engine.Move, seat int) int {
	for j, mv := range legal {
		if mv.Seat == seat {
			return j
		}
	}
	return 0
}
