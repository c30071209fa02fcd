package engine

import (
	"fmt"
	"strings"
)

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
func (b *RandomBot) Choose(m *Match, moves []Move) Move { return moves[b.draw(len(moves))] }

// ChooseIndex picks the number of one of the moves, as Choose would pick
// it: [Match.Play] asks it so (see [IndexBot]).
func (b *RandomBot) ChooseIndex(m *Match, perSeat []int) int {
	n := 0
	for _, k := range perSeat {
		n += k
	}
	return b.draw(n)
}

// draw is the bot's next number below n (n > 0): SplitMix64's next output
// modulo n.
func (b *RandomBot) draw(n int) int {
	b.state += 0x9E3779B97F4A7C15
	z := b.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	z ^= z >> 31
	return int(z % uint64(n))
}

// Play lets bot take every decision until the match ends or maxPlies actions
// were taken (0: no limit). It returns the number of actions taken. A bot
// that is an [IndexBot] (RandomBot is) chooses by ChooseIndex, and only the
// move it chose is made of the large domains it chose among. A match
// where nobody can act but that is not over is an error. With NoHistory or
// NoSnapshots, an error stops the match where it happened (see [Match.Err]),
// without the failed action's events; with snapshots, the failed action is
// undone as by [Match.Apply].
func (m *Match) Play(bot Bot, maxPlies int) (int, error) {
	plies := 0
	if err := m.run(); err != nil { // a fork taken mid-way goes on to the next decision
		return 0, err
	}
	pl := m.playBufs()
	moves := m.moves[:0]
	defer func() { m.moves = moves[:0] }()
	// A bot that chooses by number sees no move, and a match without
	// history keeps no action's arguments: each decision's moves can take
	// the place of the last's in an arena of Play's own (Legal's moves,
	// which callers keep, have theirs).
	ib, byIndex := bot.(IndexBot)
	if byIndex && !m.rec {
		saved := m.arena
		m.arena = pl.arena[:0]
		defer func() { pl.arena, m.arena = m.arena[:0], saved }()
	}
	for !m.st.over {
		if maxPlies > 0 && plies >= maxPlies {
			return plies, nil
		}
		var mv Move
		var err error
		if byIndex {
			if !m.rec {
				m.arena = m.arena[:0] // Play's own (see above)
			}
			var chosen *Move
			if chosen, moves, err = m.chooseCounted(ib, moves[:0]); err == nil && chosen == nil {
				return plies, m.deadEnd()
			}
			if err != nil {
				return plies, err
			}
			mv = *chosen
		} else {
			if moves, err = m.legalAllInto(moves[:0]); err != nil {
				return plies, err
			}
			if len(moves) == 0 {
				return plies, m.deadEnd()
			}
			mv = bot.Choose(m, moves)
		}
		if m.hist {
			err = m.apply(mv) // undone on error, as Apply does
		} else if m.canRedo() {
			err = m.takeLogged(mv, plies == 0)
		} else {
			nev := len(m.events)
			// No snapshots: none to roll back to. The failed action's
			// events go as an undo would take them.
			if err = m.take(mv); err != nil {
				m.events = m.events[:nev]
			}
		}
		if err != nil {
			m.err = err
			return plies, err
		}
		plies++
		pl.tookPly()
	}
	return plies, nil
}

// deadEnd is the error of a match where no player has a legal action and no
// transition is pending: it names the state and says, for each action its
// possibleactions allow, why nobody can take it.
func (m *Match) deadEnd() error {
	f := m.top()
	var acts []*caction
	seen := map[*caction]bool{}
	for seat := 0; seat < m.seats; seat++ {
		st, _ := m.stateOf(f, seat)
		for _, a := range st.possible {
			if !seen[a] {
				seen[a] = true
				acts = append(acts, a)
			}
		}
	}
	msg := "no player has a legal action and no transition is pending (a dead end)"
	if len(acts) == 0 {
		msg += ": the state's possibleactions allow none"
	}
	for i, a := range acts {
		sep := "; "
		if i == 0 {
			sep = ": "
		}
		msg += sep + a.name + ": " + m.whyNot(f, a)
	}
	return &RunError{File: m.p.file, Pos: f.st.s.Pos, What: fmt.Sprintf("state %d (%s)", f.st.id, f.st.name), Source: "states/" + f.st.sid, Msg: msg}
}

// whyNot says why no player can take action a in frame f: nobody may (who,
// or nobody is deciding), no argument is in its domain, or its precondition
// holds for no choice.
func (m *Match) whyNot(f *frame, a *caction) string {
	may, emptyDomain := 0, 0
	for seat := 0; seat < m.seats; seat++ {
		ok, err := m.allowed(f, a, seat)
		if err != nil {
			return err.Error()
		}
		if !ok {
			continue
		}
		may++
		if len(a.params) > 0 {
			dom, err := m.call(a.domains[0], seat, nil)
			if err != nil {
				return err.Error()
			}
			if l, ok := dom.(interface{ Len() int }); ok && l.Len() == 0 {
				emptyDomain++
			}
		}
	}
	switch {
	case may == 0 && a.who != nil:
		return "who holds for no player (who: " + strings.TrimSpace(a.a.Who.Src) + ")"
	case may == 0:
		return "no player is deciding (every ending condition holds; give the action a who)"
	case emptyDomain == may:
		return fmt.Sprintf("the domain of %s is empty (domain: %s)", a.params[0].Name, strings.TrimSpace(a.params[0].Domain.Src))
	case a.precondition != nil:
		return "its precondition holds for no choice (precondition: " + strings.TrimSpace(a.a.Precondition.Src) + ")"
	}
	return "no choice of its arguments is in their domains"
}
