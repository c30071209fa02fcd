package play

import (
	"fmt"
	"strings"

	"github.com/rulestudio/studio/engine"
)

// This file words the events of a match as sentences for the live report:
// "player 1's life is now 24, not 23 (in state 2 · playerTurn)", where the
// event log's rows (eventText) show the raw kinds and key=value pairs.

// eventWords is event e as what the match does, a verb phrase with names
// before ids that follows "the match" ("leaves state 1 · playerTurn",
// "lets player 2 take playCard (14) (in state 1 · playerTurn)"). Kinds the
// engine adds later read as their kind's words.
func eventWords(e engine.Event) string {
	st := eventState(e)
	switch e.Kind {
	case engine.EvStateEntered:
		s := "enters " + st
		if e.Name != "" {
			s += fmt.Sprintf(" by the transition %q", e.Name)
		}
		return s
	case engine.EvStateLeft:
		return "leaves " + st
	case engine.EvStateCalled:
		return strings.TrimSpace("calls " + st + " " + e.Detail)
	case engine.EvStateReturned:
		return "returns from " + st
	case engine.EvProcedure:
		return fmt.Sprintf("runs the %s of %s", e.Name, st)
	case engine.EvAction:
		return strings.TrimSpace(fmt.Sprintf("lets player %d take %s %s", e.Player, e.Name, e.Detail)) + inState(st)
	case engine.EvClauseFired:
		return "fires the clause " + e.Name
	case engine.EvStackPushed:
		return "puts " + e.Name + " on the execution stack"
	case engine.EvStackPopped:
		return "runs " + e.Name
	case engine.EvWrapApplied:
		return "begins the wrapper " + e.Name
	case engine.EvWrapRemoved:
		return "ends the wrapper " + e.Name
	case engine.EvVariable:
		return fmt.Sprintf("sets %s to %s", variableName(e), e.Detail) + inState(st)
	case engine.EvClockStarted:
		return fmt.Sprintf("starts player %d's clock", e.Player)
	case engine.EvClockStopped:
		return fmt.Sprintf("stops player %d's clock", e.Player)
	case engine.EvTimeout:
		return fmt.Sprintf("lets player %d's clock run out", e.Player)
	case engine.EvRandom:
		return "draws " + e.Detail + " at random"
	case engine.EvNotify:
		return strings.TrimSpace(fmt.Sprintf("tells the players %q %s", e.Name, e.Detail))
	case engine.EvObject:
		what := e.Name
		if e.Object != 0 {
			what = strings.TrimSpace(fmt.Sprintf("%s #%d", e.Name, e.Object))
		}
		return strings.TrimSpace("changes " + what + ": " + e.Detail)
	case engine.EvGameEnd:
		return "ends, scores " + e.Detail
	}
	return strings.TrimSpace("has " + strings.ReplaceAll(e.Kind, "_", " ") + " " + e.Name + " " + e.Detail)
}

// eventState names the state an event is about: "state 1 · playerTurn",
// as the state picker does; "" when it names none.
func eventState(e engine.Event) string {
	switch {
	case e.StateID != "" && e.State != "":
		return "state " + e.StateID + " · " + e.State
	case e.StateID != "":
		return "state " + e.StateID
	case e.State != "":
		return "state " + e.State
	}
	return ""
}

// inState is " (in STATE)" for a state named, else "".
func inState(st string) string {
	if st == "" {
		return ""
	}
	return " (in " + st + ")"
}

// variableName names the variable of a variable_changed event with its
// owner: "player 1's life", "#4's power", "game's turns".
func variableName(e engine.Event) string {
	switch {
	case e.Player != 0:
		return fmt.Sprintf("player %d's %s", e.Player, e.Name)
	case e.Object != 0:
		return fmt.Sprintf("#%d's %s", e.Object, e.Name)
	}
	return e.Name
}

// changeWords words what differs between the events a step had (old) and
// has on the edited rules (neu), at most n lines: a variable set to
// another value reads as one line ("player 1's life is now 24, not 23"),
// other events as "now the match also …" and "the match no longer …".
func changeWords(old, neu []engine.Event, n int) []string {
	gone, added := unmatched(old, neu), unmatched(neu, old)
	var out []string
	for i := 0; i < len(gone); i++ {
		g := gone[i]
		if g.Kind == engine.EvVariable {
			if j := sameVariable(added, g); j >= 0 {
				out = append(out, fmt.Sprintf("%s is now %s, not %s", variableName(g), added[j].Detail, g.Detail)+inState(eventState(g)))
				added = append(added[:j:j], added[j+1:]...)
				continue
			}
		}
		out = append(out, "the match no longer "+eventWords(g))
	}
	for _, a := range added {
		out = append(out, "now the match also "+eventWords(a))
	}
	if len(out) == 0 {
		out = []string{"the same events, in another order"}
	}
	if len(out) > n {
		out = append(out[:n], fmt.Sprintf("… and %d more", len(out)-n))
	}
	return out
}

// unmatched lists the events of a that b lacks, counting repeats (the
// event log's text is the events' identity).
func unmatched(a, b []engine.Event) []engine.Event {
	count := map[string]int{}
	for _, e := range b {
		count[EventText(e)]++
	}
	var out []engine.Event
	for _, e := range a {
		if k := EventText(e); count[k] > 0 {
			count[k]--
		} else {
			out = append(out, e)
		}
	}
	return out
}

// sameVariable is the index in es of a change of the variable g changes,
// or -1.
func sameVariable(es []engine.Event, g engine.Event) int {
	for j, e := range es {
		if e.Kind == engine.EvVariable && e.Name == g.Name && e.Player == g.Player && e.Object == g.Object && e.StateID == g.StateID {
			return j
		}
	}
	return -1
}
