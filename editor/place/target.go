package place

import "github.com/rulestudio/studio/graph"

// Target is a place in a pack: an element (a state, object type, action or
// script, or the pack's own keys) and where inside it.
type Target struct {
	Kind graph.RefKind // StateRef, ObjectTypeRef, ActionRef, ScriptRef or PackRef; "" when unknown
	Name string        // the state's id as written, or the element's name; "" for PackRef
	// Field is the slash path of YAML keys and list indexes inside the
	// element: "description", "transitions/pass", "clauses/while/0/condition"
	// (for PackRef, the pack key: "progression"; for a script, "").
	Field string
	// Line and Column are the place inside the text of Field (1-based) when
	// Field is code or text and the diagnostic has a position; else 0.
	Line, Column int
}

// Title names t for headings: "state 21 · giveCards" (a state by its id as
// written and its name, as the forms' state choices show it), "object type
// elf", "action playCard", "script main"; a state p lacks, or a place of
// the pack's own keys, by t.Name alone.
func Title(p *graph.Pack, t Target) string {
	switch t.Kind {
	case graph.StateRef:
		if s := State(p, t.Name); s != nil {
			return "state " + StateChoice(s)
		}
	case graph.ObjectTypeRef:
		return "object type " + t.Name
	case graph.ActionRef:
		return "action " + t.Name
	case graph.ScriptRef:
		return "script " + t.Name
	}
	return t.Name
}

// State returns the state of p whose id is written id ("21", "gameEnd"),
// or nil; nil for a nil p.
func State(p *graph.Pack, id string) *graph.State {
	if p == nil {
		return nil
	}
	for _, s := range p.States {
		if s.ID.String() == id {
			return s
		}
	}
	return nil
}

// StateChoice is how a state is offered in a drop-down and named in a
// heading: its id as written, then its name ("22 · takeCards").
func StateChoice(s *graph.State) string { return s.ID.String() + " · " + s.Name }
