package engine

import (
	"fmt"

	"go.starlark.net/starlark"
)

// Counted listings: what Play lists for a bot that chooses by a move's
// number alone ([IndexBot]). Hearts' giveCards offers every active seat the
// 286 combinations(deck.cards("hand", player), 3) of its hand at every
// decision, and a random bot takes one of them; making the other 285 moves
// (their tuples, their arguments, their places in the list) was about a
// fifth of a random Hearts playout's time (bench/README.md). So, while Play lists for such a bot, the
// last parameter of an action whose domain is one bare combinations() call
// (hook.lendsCombos) and that has no precondition is left counted: the
// domain's code runs as always (its steps, reads, charges and errors), and
// combinations() gives a comboSeq instead of its list, which the listing
// keeps as one segment of its n moves. The bot picks a number among all
// moves; only the move of that number is made.
//
// Nothing else changes: a segment stands for exactly the moves listing would
// append there, in their order. Each value listing tries counts against
// Options.AllocLimit as one choice (Match.choose): a segment counts its n at
// once, which fails where the n-th one at a time would, with the same error
// (it names only the domain). A value of the wrong type for the parameter
// is an error at the first value (caction.domainValue); every tuple of a
// combinations() has the same type and length, which is all typeCheck
// reads, so the first tuple answers for all, and when it is refused the
// segment is not kept: the list is made and refused as before.

// IndexBot is a [Bot] that can choose knowing only how many legal moves each
// seat has. [Match.Play] asks it by ChooseIndex instead of Choose, and lists
// large domains without making each move (Hearts' passes: its random
// playouts take about 40% less CPU).
type IndexBot interface {
	Bot
	// ChooseIndex returns the number of the move it chooses among the
	// decision's moves as LegalAll lists them, seat by seat: perSeat[s] is
	// how many seat s has (the slice is Play's, valid during the call). It
	// must be the number of the move Choose would return for that list, and
	// be at least 0 and less than the sum of perSeat.
	ChooseIndex(m *Match, perSeat []int) int
}

// comboSeq is the value combinations(items, k) gives when Play counts
// (Match.countCombos): its n tuples, each made only when asked for, in the
// order biCombinations lists them. It goes nowhere but to enumerate, which
// keeps it as a segment or, when it cannot, iterates it as the list.
type comboSeq struct {
	items []starlark.Value // the combinations' items, the sequence's own
	k, n  int              // items taken k at a time, n = C(len(items), k) tuples
}

var _ starlark.Iterable = (*comboSeq)(nil)

func (s *comboSeq) String() string {
	return fmt.Sprintf("combinations(%d items, %d)", len(s.items), s.k)
}
func (s *comboSeq) Type() string          { return "list" }
func (s *comboSeq) Freeze()               {}
func (s *comboSeq) Truth() starlark.Bool  { return s.n > 0 }
func (s *comboSeq) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable type: list") }
func (s *comboSeq) Len() int              { return s.n }

// Iterate gives the tuples in order, each made afresh.
func (s *comboSeq) Iterate() starlark.Iterator { return &comboIter{s: s} }

type comboIter struct {
	s *comboSeq
	i int
}

func (it *comboIter) Next(p *starlark.Value) bool {
	if it.i >= it.s.n {
		return false
	}
	*p = it.s.at(it.i)
	it.i++
	return true
}

func (it *comboIter) Done() {}

// at makes the tuple of number r (0 <= r < n): combinations are listed in
// lexicographic order of the items' positions, so the first position is the
// smallest x whose combinations starting there, C(len-x-1, k-1) of them,
// reach past r, and so on for the next positions.
func (s *comboSeq) at(r int) starlark.Tuple {
	t := make(starlark.Tuple, s.k)
	n, x := len(s.items), 0
	for j := range t {
		for {
			// Never more than n: a part of the C(len, k) <= maxCombinations.
			c, _ := binomial(n-x-1, s.k-j-1, maxCombinations)
			if r < c {
				break
			}
			r -= c
			x++
		}
		t[j] = s.items[x]
		x++
	}
	return t
}

// moveSeg is a counted part of a decision's moves: n moves of seat's
// action, with the arguments args and then each tuple of seq, made by
// Match.segMove; at is how many listed moves come before it.
type moveSeg struct {
	at   int
	seat int
	a    *caction
	args []starlark.Value // the arguments before the counted one, in the arena
	seq  *comboSeq
}

// counting reports whether enumerate may leave parameter k of a counted:
// Play lists for an IndexBot, k is the last parameter, its domain is one
// bare combinations() call, and no precondition asks about each value.
func (m *Match) counting(a *caction, k int) bool {
	return m.segs != nil && k == len(a.params)-1 && a.precondition == nil && a.domains[k].lendsCombos
}

// countSeq keeps seq, the domain of a's last parameter with args before it,
// as a segment of seat's moves after out, counting its values as choices;
// false when a value of it is of the wrong type (see the file's comment).
func (m *Match) countSeq(a *caction, seat int, args []starlark.Value, seq *comboSeq, out []Move) (bool, error) {
	k := len(args)
	if seq.n > 0 && typeCheck(a.params[k].Type, starlark.Tuple(seq.items[:seq.k:seq.k])) != "" {
		return false, nil // the first tuple is items[:k]
	}
	if m.choices += uint64(seq.n); m.choices > m.opts.AllocLimit/choiceBytes {
		return true, m.tooManyChoices(a.domains[k])
	}
	if seq.n == 0 {
		return true, nil
	}
	*m.segs = append(*m.segs, moveSeg{at: len(out), seat: seat, a: a, args: m.arenaCopy(args, 0), seq: seq})
	return true, nil
}

// arenaCopy copies args, and room for more values after them, into the
// arena of the legal moves' arguments.
func (m *Match) arenaCopy(args []starlark.Value, more int) []starlark.Value {
	k := len(args) + more
	if cap(m.arena)-len(m.arena) < k {
		m.arena = make([]starlark.Value, 0, max(min(2*cap(m.arena), 4096), 64, k))
	}
	i := len(m.arena)
	m.arena = append(m.arena, args...)
	m.arena = m.arena[:i+k]
	return m.arena[i : i+k : i+k]
}

// segMove makes move r of segment g.
func (m *Match) segMove(g *moveSeg, r int) Move {
	args := m.arenaCopy(g.args, 1)
	args[len(g.args)] = g.seq.at(r)
	return Move{Seat: g.seat, Action: g.a.name, Args: args}
}

// chooseCounted lists the decision's moves into moves, counting what it
// can, and returns the move bot chooses among them, nil when there is none,
// and moves grown. The move is in moves or Play's buffers: it is good
// until the next listing.
func (m *Match) chooseCounted(bot IndexBot, moves []Move) (*Move, []Move, error) {
	pl := m.playBufs()
	pl.segs = pl.segs[:0]
	per := pl.perSeat[:0]
	m.segs = &pl.segs
	var err error
	for s := 0; s < m.seats && err == nil; s++ { // legalAllInto, counting each seat's
		n := len(moves)
		moves, err = m.legal(s, moves)
		per = append(per, len(moves)-n)
	}
	m.segs = nil
	pl.perSeat = per
	if err != nil {
		return nil, nil, err
	}
	total := len(moves)
	for _, g := range pl.segs {
		per[g.seat] += g.seq.n
		total += g.seq.n
	}
	if total == 0 {
		return nil, moves, nil
	}
	var i int
	if rb, ok := bot.(*RandomBot); ok {
		i = rb.draw(total) // its ChooseIndex, without summing per again
	} else {
		i = bot.ChooseIndex(m, per)
	}
	if i < 0 || i >= total {
		return nil, moves, fmt.Errorf("the bot chose move %d of %d", i, total)
	}
	// The segments in order, each with the listed moves before it.
	before := 0 // counted moves before the segment
	for gi := range pl.segs {
		g := &pl.segs[gi]
		start := g.at + before
		if i < start {
			break
		}
		if i < start+g.seq.n {
			pl.chosen = m.segMove(g, i-start)
			return &pl.chosen, moves, nil
		}
		before += g.seq.n
	}
	return &moves[i-before], moves, nil
}
