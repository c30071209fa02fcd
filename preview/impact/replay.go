package impact

import (
	"errors"
	"fmt"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// Outcome is what became of a recorded match or a scenario on the changed
// rules.
type Outcome string

// The outcomes, from the best news to the worst.
const (
	// Same: every step gives the same events, and (a scenario) it passes or
	// fails as before.
	Same Outcome = "same"
	// Differs: the events differ from a step on (Replayed.Step).
	Differs Outcome = "differs"
	// Refused: the changed rules refuse one of the record's moves
	// (Replayed.Reason names it); its events may differ before it.
	Refused Outcome = "refused"
	// NotLoaded: the changed rules do not load (Replayed.Reason says why).
	NotLoaded Outcome = "does not load"
	// NotBefore: the record does not play on the rules before either (it was
	// recorded on another revision, or they do not load): Reason says why,
	// and what it played before that was still compared.
	NotBefore Outcome = "does not play before"
)

// Replayed is a recorded match (or a scenario) played on both packs.
type Replayed struct {
	ID      int64   `json:"id,omitempty"`
	Name    string  `json:"name"`
	Outcome Outcome `json:"outcome"`
	// Step is the first step whose events differ, as the debugger counts
	// them (engine.Match.StepEvents: the setup is step 0, and an event's own
	// number is one less than its step's), 0 when none does; Move is how
	// many moves had been taken by then.
	Step int `json:"step,omitempty"`
	Move int `json:"move,omitempty"`
	// Before and After are that step's events on each pack, as the event
	// log prints them.
	Before []string `json:"before,omitempty"`
	After  []string `json:"after,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

// replayBoth replays rec on before and on after and compares their steps.
func replayBoth(before, after *graph.Pack, rec Recorded) Replayed {
	out := Replayed{ID: rec.ID, Name: rec.Name}
	old, err := preview.Replay(before, rec.Record, "")
	if old == nil {
		out.Outcome, out.Reason = NotBefore, fmt.Sprintf("the rules before do not load: %v", err)
		return out
	}
	var notBefore error
	if err != nil {
		notBefore = err
	}
	rr := old.Baseline().Rerun(after)
	switch {
	case rr.LoadErr != nil:
		out.Outcome, out.Reason = NotLoaded, rr.LoadErr.Error()
		return out
	case rr.Step >= 0:
		out.Outcome, out.Step = Differs, rr.Step
		out.Move = movesUpTo(old.Log(), rr.Step)
		out.Before, out.After = lines(rr.Old), lines(rr.New)
	case !rr.Same:
		out.Outcome = Differs
		out.Reason = "the same events, but the match stops at another step or on another error"
	default:
		out.Outcome = Same
	}
	if rr.Refused != nil {
		out.Outcome, out.Reason = Refused, rr.Refused.Error()
	}
	if notBefore != nil {
		out.Outcome = NotBefore
		out.Reason = fmt.Sprintf("on the rules before, %v", notBefore)
		var me *preview.MoveError
		if errors.As(notBefore, &me) && rr.Same {
			switch me.N {
			case 1:
			case 2:
				out.Reason += "; the move before it plays the same after"
			default:
				out.Reason += fmt.Sprintf("; the %d moves before it play the same after", me.N-1)
			}
		}
	}
	return out
}

// movesUpTo counts the moves taken up to the debugger's step.
func movesUpTo(events []engine.Event, step int) int {
	n := 0
	for _, e := range events {
		if e.Step >= step {
			break
		}
		if e.Kind == engine.EvAction {
			n++
		}
	}
	return n
}

// lines is events as the event log prints them, one a line.
func lines(events []engine.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.String()
	}
	return out
}
