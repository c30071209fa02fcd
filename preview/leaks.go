package preview

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// The leak check (`studio leaks`, docs/model.md "Hidden information"):
// random bots play matches; at every decision, for every seat, the cards
// the seat cannot see are dealt again several times (engine.Match.Probe),
// the move the bots chose is taken in each copy, and there the seat must
// see what it sees in the match after it (and, at a match's first
// decision, before it too): the same view (args, variables, tags,
// objects, state), the same legal moves, the same notifications and the
// same lines of its event log (leaklog.go). The cards
// the seat sees once the move is taken, and those the move names, stay
// where they are, so what the move shows the seat is the same in every
// copy and any difference is one the seat should not see.
//
// Rules announce on purpose what comparisons and branches decide (a guess's
// hit, a comparison's loser): a difference in a field a body wrote, whose
// value does not carry a card's face (engine.Program.FaceFlow), is such an
// announcement, and the copy, which the announcement tells apart from the
// match, is set aside. A difference carrying a face, or one no body
// announced (a tag a while clause grants, the legal moves, the decks), is a
// leak.

// LeakOptions says what the leak check plays.
type LeakOptions struct {
	Matches int    // matches to play; 0: 20
	Seed    uint64 // the first match's seed; match i plays seed+i
	Players int    // seats; 0: the pack's least (2 when it says none)
	Redeals int    // copies dealt again per seat and decision; 0: 3
	Source  string // where the pack was read from, for the record (graph.Record.Source)
	// Progress, when set, is called after each match with the matches
	// done and the number to play, on the checking goroutine.
	Progress func(done, total int)
}

// Leak is what the check found: at a step of a match, a field of what a
// seat receives that differs when what the seat cannot see is dealt again.
type Leak struct {
	Seat   int          // 0-based
	Step   int          // the match's step where the seat receives it (engine step)
	Seed   uint64       // the match's seed
	Field  string       // what differs: "game.drawn", "args.top", "Card#3 tag countess", "legal moves", "notification 1", "event log line 3 (random_drawn)"
	Why    string       // "carries a card's face", "a while clause grants it", ...
	Values [2]string    // the field in the match and in a copy dealt again
	File   string       // the pack's file
	Pos    graph.Pos    // the rule that wrote it; zero when no one statement did or the log does not say (an event log line)
	Record graph.Record // the match up to that step: replayed, the debugger opens at it
}

// String is the leak in one line, as `studio leaks` prints it.
func (l *Leak) String() string {
	at := l.File
	if l.Pos.IsValid() {
		at = fmt.Sprintf("%s:%d:%d", l.File, l.Pos.Line, l.Pos.Column)
	}
	return fmt.Sprintf("%s: leak to seat %d at step %d (match seed %d): %s %s (%s in the match, %s dealt again)",
		at, l.Seat+1, l.Step, l.Seed, l.Field, l.Why, l.Values[0], l.Values[1])
}

// LeakReport is the outcome of a leak check.
type LeakReport struct {
	Matches   int   // matches played (to the end, or to the leak)
	Decisions int   // decisions checked
	Copies    int   // copies dealt again and compared
	Announced int   // copies set aside: an announced outcome told them apart
	Leak      *Leak // the first leak; nil when none
}

// CheckLeaks plays opts.Matches matches of pack with random bots and stops
// at the first leak (see the comment above). ctx cancels it between
// decisions (its error is returned). An error of the pack's code, or a
// match that cannot go on, is returned as an error.
func CheckLeaks(ctx context.Context, pack *graph.Pack, opts LeakOptions) (*LeakReport, error) {
	prog, err := engine.Compile(pack)
	if err != nil {
		return nil, err
	}
	if opts.Matches <= 0 {
		opts.Matches = 20
	}
	if opts.Redeals <= 0 {
		opts.Redeals = 3
	}
	if opts.Players <= 0 {
		opts.Players = 2
		if pl := pack.Players; pl != nil && pl.Min > 0 {
			opts.Players = pl.Min
		}
	}
	hash, err := graph.PackHash(pack)
	if err != nil {
		return nil, err
	}
	rep := &LeakReport{}
	for i := 0; i < opts.Matches; i++ {
		c := &leakMatch{pack: pack, prog: prog, opts: opts, rep: rep, seed: opts.Seed + uint64(i)}
		c.rec = graph.Record{Format: graph.RecordFormat, Pack: pack.Name, PackHash: hash, Source: opts.Source, Seed: c.seed, Seats: make([]graph.Seat, opts.Players), Moves: []graph.Move{}}
		for s := range c.rec.Seats {
			c.rec.Seats[s].Bot = "random"
		}
		if err := c.play(ctx); err != nil {
			return rep, err
		}
		rep.Matches++
		if opts.Progress != nil {
			opts.Progress(i+1, opts.Matches)
		}
		if rep.Leak != nil {
			break
		}
	}
	return rep, nil
}

// leakMatch is one match of the check.
type leakMatch struct {
	pack *graph.Pack
	prog *engine.Program
	opts LeakOptions
	rep  *LeakReport
	seed uint64
	rec  graph.Record // the moves so far
}

func (c *leakMatch) play(ctx context.Context) error {
	m, err := c.prog.NewMatch(c.opts.Players, engine.Options{Seed: c.seed, NoSnapshots: true})
	if err != nil {
		return err
	}
	m.Trace() // who wrote each variable, for the flows of a copy of it (judge)
	bot := engine.NewRandomBot(c.seed)
	for !m.Over() {
		if err := ctx.Err(); err != nil {
			return err
		}
		moves, err := m.LegalAll()
		if err != nil {
			return err
		}
		if len(moves) == 0 {
			_, err := m.Play(bot, 1) // says why nobody can act
			return err
		}
		mv := bot.Choose(m, moves)
		gm, err := m.EncodeMove(mv)
		if err != nil {
			return err
		}
		after := m.Probe(0, 0, m.All(), false) // the match, with a log of its own
		if err := after.Apply(after.Own(mv)); err != nil {
			return fmt.Errorf("match seed %d, move %s: %w", c.seed, gm, err)
		}
		c.rep.Decisions++
		for s := 0; s < m.Seats(); s++ {
			if err := c.checkSeat(m, after, mv, gm, s, len(c.rec.Moves) == 0); err != nil || c.rep.Leak != nil {
				return err
			}
		}
		if err := m.Apply(mv); err != nil {
			return err
		}
		c.rec.Moves = append(c.rec.Moves, gm)
	}
	return nil
}

// checkSeat compares what seat s receives in the match (m before the move
// mv, written gm, when first; after once it is taken) with what it
// receives in copies where what it cannot see is dealt again. Only the
// first decision of a match is compared before the move: later, the match
// before the move is the match after the one before, which that check
// compared with copies keeping fewer cards, its derived values
// recomputed by the step.
func (c *leakMatch) checkSeat(m, after *engine.Match, mv engine.Move, gm graph.Move, s int, first bool) error {
	keep := append(after.Seen(s), MovedCards(gm)...)
	var before *engine.View
	if first {
		v, err := m.View(s)
		if err != nil {
			return err
		}
		before = v
	}
	now, err := after.View(s)
	if err != nil {
		return err
	}
	log := logOf(after, s)
	for k := 0; k < c.opts.Redeals; k++ {
		seed := probeSeed(c.seed, m.Step(), s, k)
		p := m.Probe(s, seed, keep, false)
		c.rep.Copies++
		if before != nil {
			pv, err := p.View(s)
			if err != nil {
				return err
			}
			if ds := viewDiffs(before, pv); len(ds) > 0 {
				if c.judge(m, nil, s, seed, keep, ds, false, mv, gm) {
					return nil
				}
				continue
			}
		}
		if p.Apply(p.Own(mv)) != nil {
			continue // the move needs what the copy dealt elsewhere: no check
		}
		pv, err := p.View(s)
		if err != nil {
			return err
		}
		ds := viewDiffs(now, pv)
		plog := logOf(p, s)
		ds = append(ds, noteDiffs(log, plog)...)
		ds = append(ds, logDiffs(log, plog)...)
		if len(ds) > 0 && c.judge(m, after, s, seed, keep, ds, true, mv, gm) {
			return nil
		}
	}
	return nil
}

// probeSeed is the deal of copy k for seat s at a step of a match: a
// function of them only, so a check is the same every run.
func probeSeed(seed uint64, step, s, k int) uint64 {
	return seed*0x9E3779B97F4A7C15 ^ uint64(step)<<20 ^ uint64(s)<<8 ^ uint64(k)
}

// MovedCards returns the cards a move names ({"deck": d, "card": id}
// anywhere in its arguments): they stay where they are in every copy, so
// the move can be taken there too.
func MovedCards(gm graph.Move) []engine.CardRef {
	var args any
	if len(gm.Args) == 0 || json.Unmarshal(gm.Args, &args) != nil {
		return nil
	}
	var out []engine.CardRef
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if d, ok := x["deck"].(string); ok {
				if id, ok := x["card"].(float64); ok {
					out = append(out, engine.CardRef{Deck: d, ID: int(id)})
					return
				}
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(args)
	return out
}
