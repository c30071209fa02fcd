package engine

import (
	"encoding/json"
	"io"
	"strconv"
	"strings"
)

// Event kinds. Every step of a match emits events of these kinds, in order.
const (
	EvStateEntered  = "state_entered"    // State entered (Name: transition taken, Detail: "call" when called)
	EvStateLeft     = "state_left"       // State left
	EvStateCalled   = "state_called"     // State pushed by call(); Detail: parameters
	EvStateReturned = "state_returned"   // State popped; its caller resumes
	EvProcedure     = "procedure_run"    // a start or end procedure ran (Name: "action"/"endaction"/"private")
	EvAction        = "action_taken"     // Player took action Name with arguments Detail
	EvClauseFired   = "clause_fired"     // a whenever/when clause fired (Name: object and clause, Detail: condition)
	EvStackPushed   = "stack_pushed"     // a body was pushed on the execution stack
	EvStackPopped   = "stack_popped"     // a body was popped and ran
	EvWrapApplied   = "wrapper_applied"  // a while clause began wrapping a target (Name: the chain link)
	EvWrapRemoved   = "wrapper_removed"  // a while clause stopped wrapping a target
	EvVariable      = "variable_changed" // Name: variable, Detail: new value
	EvClockStarted  = "clock_started"    // Player's ending condition became unmet: their clock runs
	EvClockStopped  = "clock_stopped"    // Player's ending condition holds again
	EvTimeout       = "clock_timeout"    // Player's clock ran out: the timeout rule runs
	EvRandom        = "random_drawn"     // Detail: what was drawn
	EvNotify        = "notification"     // Name: message, Detail: arguments
	EvObject        = "object_changed"   // an object was created or destroyed, a tag added or removed, a deck changed
	EvGameEnd       = "game_ended"       // Detail: scores
)

// Event is one structured record of what a step did. Player is a 1-based seat
// number (0: none). Events of one match, serialized with [WriteEvents], are
// byte-identical for the same pack, seed, seats and actions.
type Event struct {
	Step   int    `json:"step"`
	Kind   string `json:"kind"`
	State  string `json:"state,omitempty"`
	Player int    `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// String formats e on one line: "12 action_taken p1 playDisc (2, 3)".
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(e.Step))
	b.WriteByte(' ')
	b.WriteString(e.Kind)
	if e.State != "" {
		b.WriteString(" [" + e.State + "]")
	}
	if e.Player != 0 {
		b.WriteString(" p" + strconv.Itoa(e.Player))
	}
	if e.Name != "" {
		b.WriteString(" " + e.Name)
	}
	if e.Detail != "" {
		b.WriteString(" " + e.Detail)
	}
	return b.String()
}

// WriteEvents writes events as JSON lines.
func WriteEvents(w io.Writer, events []Event) error {
	enc := json.NewEncoder(w)
	for _, e := range events {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return nil
}
