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
//
// State, Name and Detail are for people (the event log's text, [Event.String]);
// StateID, Clause, Object, Target and Field are stable identities for tools
// (the canvas, breakpoints, filters), the same from one match to the next:
//
//   - StateID: the id as written in the pack ("2", "ST_PLAYER_TURN") of State,
//     the state the event is about (by default the top of the state stack).
//   - Clause: where the code the event comes from is in the pack, as a slash
//     path of YAML keys and names: a clause ("object_types/creature/whenever/lord",
//     "states/3/clauses/while/guard"; an unnamed clause by its 1-based place),
//     a state's procedure ("states/3/action", "states/3/endaction"), an action
//     ("actions/playCard"). Set on clause_fired, stack_pushed, stack_popped,
//     procedure_run, action_taken, wrapper_applied and wrapper_removed.
//   - Object: the id of the object the event is about: the owner of the
//     clause that fired or was pushed, popped or applied (0 for a state's
//     clause), the object whose variable or tag changed, the object created
//     or destroyed.
//   - Target: wrapper events: the id of the object whose Field is wrapped.
//   - Field: variable_changed: the variable's name without its owner
//     ("life", "score", "turns"; a board's name for its cells); the owner is
//     Object, Player, or neither for a game variable or a board. object_changed
//     of a tag: the tag. Wrapper events: the wrapped property, variable,
//     method or tag.
type Event struct {
	Step   int    `json:"step"`
	Kind   string `json:"kind"`
	State  string `json:"state,omitempty"`
	Player int    `json:"player,omitempty"`
	Name   string `json:"name,omitempty"`
	Detail string `json:"detail,omitempty"`

	StateID string `json:"state_id,omitempty"`
	Clause  string `json:"clause,omitempty"`
	Object  int    `json:"object,omitempty"`
	Target  int    `json:"target,omitempty"`
	Field   string `json:"field,omitempty"`

	// Before: clause_fired of a condition that calls before(): what each
	// call answered while it held, in call order, as Starlark prints the
	// values, joined by ", " ("2", "[], [Goblin#4]"): the past the trigger
	// compared.
	Before string `json:"before,omitempty"`

	// To is who may see the event, decided by the pack's visibility when
	// it happened (seatlog.go): everyone, or the owner of a private
	// variable or tag, the recipient of notify(..., to=player). It is not
	// in the JSON log, which is the designer's and says everything.
	To Audience `json:"-"`

	// seat: a seat's rendering of the event differs from Detail (a hidden
	// card's move, an action or notification naming cards); the match keeps
	// what it needs to write it (Match.EventsFor).
	seat bool
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
	if e.Before != "" {
		b.WriteString(" (before: " + e.Before + ")")
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
