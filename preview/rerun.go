package preview

import (
	"slices"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// Rerun is what became of a session's match on new rules (live preview):
// the same seed and seats, the current line's moves taken again in order.
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
}

// Rerun plays the current line again on pack (the rules as the designer
// has just changed them) and reports the first step where the match
// differs, or that the rules no longer load and why. The session itself is
// unchanged.
func (s *Session) Rerun(pack *graph.Pack) *Rerun {
	cfg := s.cfg
	ns, err := New(pack, cfg)
	if err != nil {
		return &Rerun{LoadErr: err, Step: -1}
	}
	r := &Rerun{Session: ns, Step: -1}
	var moves []graph.Move
	for _, t := range s.cur.taken {
		moves = append(moves, t.move)
	}
	if err := ns.replay(moves); err != nil {
		r.Refused, _ = err.(*MoveError)
	}
	ns.cursor = min(s.cursor, ns.Head())
	old, neu := s.cur.m, ns.cur.m
	last := max(old.History(), neu.History()) + 1 // the step an error stopped in, if any
	for k := 0; k <= last; k++ {
		a, b := old.StepEvents(k), neu.StepEvents(k)
		if !slices.Equal(a, b) {
			r.Step, r.Old, r.New = k, a, b
			break
		}
	}
	r.Same = r.Step < 0 && r.Refused == nil && old.History() == neu.History() && (s.cur.err == nil) == (ns.cur.err == nil)
	return r
}
