package preview

import (
	"math/rand/v2"
	"slices"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// Rerun is what became of a session's match on new rules (live preview):
// the same seed and seats, every line's moves taken again in order. What
// it reports (Same, Step, Old, New, Refused) is about the current line.
type Rerun struct {
	// Session plays the new rules with the moves taken as far as they go;
	// nil when the new rules do not load.
	Session *Session
	// LoadErr says why the new rules do not load (compile errors at
	// file:line:col, engine.Errors).
	LoadErr error
	// Same reports that every step is as it was: the same events, as many
	// steps, and every move taken.
	Same bool
	// Step is the first step whose events differ (-1 when none does: the
	// match may still be shorter or longer, or a move refused).
	Step int
	// Old and New are that step's events before and after.
	Old, New []engine.Event
	// Refused is the first move the new rules would not take (its place, the
	// move and the reason); nil when all were taken.
	Refused *MoveError
	// LinesRefused is, per other line of play (by id), the first of its
	// moves the new rules would not take: the line stops before it.
	LinesRefused map[int]*MoveError
}

// Rerun plays the current line again on pack (the rules as the designer
// has just changed them) and reports the first step where the match
// differs, or that the rules no longer load and why; the other lines of
// play are played again in the new session too. The session itself is
// unchanged.
func (s *Session) Rerun(pack *graph.Pack) *Rerun { return s.Baseline().Rerun(pack) }

// Baseline is a session's current line as it was when taken: its seed and
// seats, its moves, its cursor and a fork of its match; and the moves of
// the other lines of play. A UI takes it on the session's goroutine and
// re-runs it on another ([Baseline.Rerun]), while the session goes on.
type Baseline struct {
	cfg    Config
	line   lineMoves // the current line
	moves  []graph.Move
	cursor int
	m      *engine.Match // a fork of the line's newest step: the session's steps never reach it
	failed bool          // the line stopped on an error
	bots   uint64        // the bots' source after the last move
	others []lineMoves   // the other lines, oldest first
}

// lineMoves is a line of play as a re-run takes it again: where it
// branched, its moves from the start, and its bots' source after them.
type lineMoves struct {
	id, parent, at int
	moves          []graph.Move
	bots           uint64
}

// movesOf is line l as a re-run takes it again.
func movesOf(l *Line) lineMoves {
	lm := lineMoves{id: l.ID, parent: l.Parent, at: l.At, bots: l.src.state}
	for _, t := range l.taken {
		lm.moves = append(lm.moves, t.move)
	}
	return lm
}

// Baseline returns the current line as it is now. Call it where the
// session's other methods are called; the Baseline is then safe to use on
// any one goroutine.
func (s *Session) Baseline() *Baseline {
	b := &Baseline{cfg: s.cfg, line: movesOf(s.cur), cursor: s.cursor, m: s.cur.m.Fork(), failed: s.cur.err != nil, bots: s.cur.src.state}
	b.moves = b.line.moves
	for _, l := range s.lines {
		if l != s.cur {
			b.others = append(b.others, movesOf(l))
		}
	}
	return b
}

// Moves returns how many moves the line had taken.
func (b *Baseline) Moves() int { return len(b.moves) }

// Rerun plays the baseline's moves again on pack and compares the steps
// (see [Session.Rerun]).
func (b *Baseline) Rerun(pack *graph.Pack) *Rerun {
	ns, err := New(pack, b.cfg)
	if err != nil {
		return &Rerun{LoadErr: err, Step: -1}
	}
	r := &Rerun{Session: ns, Step: -1}
	if err := ns.replay(b.moves); err != nil {
		r.Refused, _ = err.(*MoveError)
	}
	ns.restoreBots(graph.Record{BotsSource: &b.bots, Moves: b.moves})
	ns.cursor = min(b.cursor, ns.Head())
	old, neu := b.m, ns.cur.m
	last := max(old.History(), neu.History()) + 1 // the step an error stopped in, if any
	for k := 0; k <= last; k++ {
		a, c := old.StepEvents(k), neu.StepEvents(k)
		if !slices.Equal(a, c) {
			r.Step, r.Old, r.New = k, a, c
			break
		}
	}
	r.Same = r.Step < 0 && r.Refused == nil && old.History() == neu.History() && b.failed == (ns.cur.err != nil)
	r.LinesRefused = ns.replayOthers(b.line, b.others)
	return r
}

// replayOthers takes the other lines of play again on s, whose only line
// is the current one, replayed: each from the start, as far as the new
// rules take its moves, with its id and where it branched kept (so that
// lines branched later get new ids). It returns the first move each line
// could not take, by line id.
func (s *Session) replayOthers(cur lineMoves, others []lineMoves) map[int]*MoveError {
	s.cur.ID, s.cur.Parent, s.cur.At = cur.id, cur.parent, cur.at
	keep, cursor := s.cur, s.cursor
	refused := map[int]*MoveError{}
	for _, o := range others {
		m, err := s.prog.NewMatch(len(s.cfg.Seats), s.matchOptions())
		if m == nil {
			refused[o.id] = &MoveError{N: 1, Err: err}
			continue
		}
		src := newSplitmix(s.cfg.Seed)
		l := &Line{ID: o.id, Parent: o.parent, At: o.at, m: m, src: src, rand: rand.New(src), err: err}
		s.cur = l
		if err := s.replay(o.moves); err != nil {
			refused[o.id], _ = err.(*MoveError)
		}
		s.restoreBots(graph.Record{BotsSource: &o.bots, Moves: o.moves})
		s.lines = append(s.lines, l)
	}
	s.cur, s.cursor = keep, cursor
	slices.SortFunc(s.lines, func(a, b *Line) int { return a.ID - b.ID })
	if len(refused) == 0 {
		return nil
	}
	return refused
}
