package graph

import (
	"fmt"
	"strings"
)

// BreakKind says when a [Breakpoint] stops a preview match.
type BreakKind string

// The kinds of breakpoint. Each stops the match at the step where what it
// watches happens (see package preview for how each is checked).
const (
	BreakEnter     BreakKind = "enter"     // a state is entered (State: its id as written; "" any)
	BreakLeave     BreakKind = "leave"     // a state is left (State)
	BreakClause    BreakKind = "clause"    // a whenever/when clause fires (Clause: its path, or a path it is under)
	BreakVariable  BreakKind = "variable"  // a variable changes (Target)
	BreakProperty  BreakKind = "property"  // a property's value, wrappers applied, changes (Target: "TYPE.NAME" or "#ID.NAME")
	BreakCondition BreakKind = "condition" // Condition becomes true (false or failing at the step before)
	BreakCall      BreakKind = "call"      // a state is called (State; "" any)
	BreakReturn    BreakKind = "return"    // a called state returns (State; "" any)
	BreakDepth     BreakKind = "depth"     // the state stack becomes deeper than N frames
	BreakClock     BreakKind = "clock"     // a player's clock falls under N milliseconds
)

// BreakKinds lists every kind, in the order a menu offers them.
var BreakKinds = []BreakKind{BreakEnter, BreakLeave, BreakClause, BreakVariable, BreakProperty, BreakCondition, BreakCall, BreakReturn, BreakDepth, BreakClock}

// Breakpoint is a debugger breakpoint: plain data that the preview checks and
// the project stores. Only the fields its Kind uses are set.
//
// Target names a variable as "game.NAME" (a game variable), "player.NAME"
// (any player's, score included), "TYPE.NAME" (any object of that type's),
// "#ID.NAME" (one object's), a board's name (any of its cells) or "NAME"
// (any owner's); a property as "TYPE.NAME" or "#ID.NAME". For every kind but
// condition, a Condition (a pure Starlark expression) narrows it: the match
// stops only when it also holds.
type Breakpoint struct {
	Kind      BreakKind `json:"kind"`
	State     string    `json:"state,omitempty"`
	Clause    string    `json:"clause,omitempty"`
	Target    string    `json:"target,omitempty"`
	Condition string    `json:"condition,omitempty"`
	N         int64     `json:"n,omitempty"`
	Enabled   bool      `json:"enabled"`
}

// Check says what is missing or wrong in b for its kind (nil when nothing).
func (b Breakpoint) Check() error {
	switch b.Kind {
	case BreakEnter, BreakLeave, BreakCall, BreakReturn:
	case BreakClause:
		if b.Clause == "" {
			return fmt.Errorf("a clause breakpoint needs the clause's path (object_types/TYPE/whenever/NAME)")
		}
	case BreakVariable, BreakProperty:
		if b.Target == "" || strings.HasSuffix(b.Target, ".") {
			return fmt.Errorf("a %s breakpoint needs a target (TYPE.NAME, #ID.NAME, game.NAME, player.NAME)", b.Kind)
		}
		if b.Kind == BreakProperty && !strings.Contains(b.Target, ".") {
			return fmt.Errorf("a property breakpoint's target is TYPE.NAME or #ID.NAME, not %q", b.Target)
		}
	case BreakCondition:
		if strings.TrimSpace(b.Condition) == "" {
			return fmt.Errorf("a condition breakpoint needs a condition")
		}
	case BreakDepth, BreakClock:
		if b.N <= 0 {
			return fmt.Errorf("a %s breakpoint needs n > 0", b.Kind)
		}
	default:
		return fmt.Errorf("unknown breakpoint kind %q (have %s)", b.Kind, kindNames())
	}
	return nil
}

func kindNames() string {
	var names []string
	for _, k := range BreakKinds {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}

// String describes b for people: "enter state 3", "clause
// object_types/elf/whenever/lord if self.zone == 'hand'", "depth > 2".
func (b Breakpoint) String() string {
	var s string
	switch b.Kind {
	case BreakEnter, BreakLeave, BreakCall, BreakReturn:
		s = string(b.Kind) + " any state"
		if b.State != "" {
			s = string(b.Kind) + " state " + b.State
		}
	case BreakClause:
		s = "clause " + b.Clause
	case BreakVariable, BreakProperty:
		s = string(b.Kind) + " " + b.Target + " changes"
	case BreakCondition:
		return "when " + b.Condition
	case BreakDepth:
		s = fmt.Sprintf("state stack deeper than %d", b.N)
	case BreakClock:
		s = fmt.Sprintf("a clock under %dms", b.N)
	default:
		s = string(b.Kind)
	}
	if b.Condition != "" {
		s += " if " + b.Condition
	}
	return s
}
