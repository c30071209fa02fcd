package engine

import (
	"fmt"
	"sort"
	"strings"

	"go.starlark.net/starlark"
)

// What the debugger shows of a match at one step: the state stack, the
// execution stack, the objects with their wrapper chains, and why an action
// is not available. Values are Starlark's text for them (repr); each call
// reads the match as it is now and changes nothing.

// NamedValue is a name and a value's text.
type NamedValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// FrameInfo is one frame of the state stack.
type FrameInfo struct {
	StateID    string       `json:"state_id"` // as written in the pack
	State      string       `json:"state"`    // its name
	Params     []NamedValue `json:"params,omitempty"`
	Entered    bool         `json:"entered"`               // its start procedure has run
	HasPending bool         `json:"has_pending,omitempty"` // a transition was taken and waits for called states to return
	Pending    string       `json:"pending,omitempty"`     // that transition's name
	Ended      []int        `json:"ended,omitempty"`       // 0-based seats whose ending statement ran (end_turn)
	Deciding   []int        `json:"deciding,omitempty"`    // 0-based seats whose ending condition is unmet here
	Private    []string     `json:"private,omitempty"`     // per seat: the player's private state ("" none); nil without private states
}

// Frames returns the state stack, bottom first (the last frame is the state
// the match is in). An error of a pack's ending condition is returned.
func (m *Match) Frames() ([]FrameInfo, error) {
	out := make([]FrameInfo, 0, len(m.st.frames))
	for i := range m.st.frames {
		f := m.frameAt(i) // deciding runs only pure code, which writes no frame
		fi := FrameInfo{StateID: f.st.sid, State: f.st.name, Entered: f.entered, HasPending: f.hasPending, Pending: f.pendName}
		for i, p := range f.st.params {
			if i < len(f.params) {
				fi.Params = append(fi.Params, NamedValue{p.Name, f.params[i].String()})
			}
		}
		for s := 0; s < m.seats; s++ {
			if f.ended&(1<<s) != 0 {
				fi.Ended = append(fi.Ended, s)
			}
			d, err := m.deciding(f, s)
			if err != nil {
				return nil, err
			}
			if d {
				fi.Deciding = append(fi.Deciding, s)
			}
		}
		if f.priv != nil {
			fi.Private = make([]string, m.seats)
			for s, i := range f.priv {
				if i >= 0 {
					fi.Private[s] = m.p.states[i].name
				}
			}
		}
		out = append(out, fi)
	}
	return out, nil
}

// PendingBody is one body on the execution stack.
type PendingBody struct {
	What   string `json:"what"`             // for people: "Healer#2 when enters"
	Clause string `json:"clause,omitempty"` // its code's path in the pack (see Event)
	Object int    `json:"object,omitempty"` // the clause's owner (0: none)
	Seat   int    `json:"seat"`             // 0-based seat it runs for
	Frame  int    `json:"frame"`            // the index in Frames of the state it belongs to
}

// ExecStack returns the execution stack, bottom first: the last one runs
// next.
func (m *Match) ExecStack() []PendingBody {
	out := make([]PendingBody, 0, len(m.st.exec))
	for _, it := range m.st.exec {
		out = append(out, PendingBody{What: it.what(), Clause: hookPath(it.h), Object: it.self, Seat: it.player, Frame: it.frame})
	}
	return out
}

// ObjectInfo is one live object as the debugger shows it.
type ObjectInfo struct {
	ID    int    `json:"id"`
	Type  string `json:"type"`
	Label string `json:"label"` // as events name it: "Elf Lord#3"
	// Tags are its tags, its own and those while clauses grant it.
	Tags []string `json:"tags,omitempty"`
	// Variables are its variables' stored values (no wrapper applied), the
	// declared ones in their order, then others by name.
	Variables []NamedValue `json:"variables,omitempty"`
	// Properties are its properties with their wrappers applied, by name
	// ("error: ..." for one whose code fails); Chain shows how each is made.
	Properties []NamedValue `json:"properties,omitempty"`
	// Wrapped names its properties, variables, methods and tags that some
	// while clause wraps now (each has a Chain).
	Wrapped []string `json:"wrapped,omitempty"`
}

// Objects returns every live object, oldest first.
func (m *Match) Objects() []ObjectInfo {
	tagNames := make([]string, len(m.p.tags))
	for name, bit := range m.p.tags {
		tagNames[bit] = name
	}
	out := make([]ObjectInfo, 0, len(m.st.objs))
	for _, ob := range m.st.objs {
		o := m.objValue(ob.id)
		oi := ObjectInfo{ID: ob.id, Type: ob.typ.name, Label: o.String()}
		for bit, name := range tagNames {
			if m.hasTag(ob, name, bit) {
				oi.Tags = append(oi.Tags, name)
			}
		}
		for i, v := range ob.typ.t.Variables {
			oi.Variables = append(oi.Variables, NamedValue{v.Name, ob.vars[i].String()})
		}
		for _, k := range sortedKeys(ob.extra) {
			oi.Variables = append(oi.Variables, NamedValue{k, ob.extra[k].String()})
		}
		for _, p := range ob.typ.t.Properties {
			v, err := o.(*objectValue).Attr(p.Name)
			text := "error: "
			if err != nil {
				text += err.Error()
			} else {
				text = v.String()
			}
			oi.Properties = append(oi.Properties, NamedValue{p.Name, text})
		}
		seen := map[string]bool{}
		for _, w := range m.st.wraps {
			if w.target == ob.id && !seen[w.name] {
				seen[w.name] = true
				oi.Wrapped = append(oi.Wrapped, w.name)
			}
		}
		sort.Strings(oi.Wrapped)
		out = append(out, oi)
	}
	return out
}

// Chain is how one property, variable, method or tag of an object is made:
// its base value, then each active wrapper (oldest, innermost, first) with
// the value after it, then the final value.
type Chain struct {
	Object int    `json:"object"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`           // "property", "variable", "method" or "tag"
	Base   string `json:"base,omitempty"` // before any wrapper (a property's own code; a variable's stored value)
	Links  []Link `json:"links,omitempty"`
	Final  string `json:"final,omitempty"`
	// Calls are, for a method, the last calls made through its wrappers
	// (filled by ExplainChain only).
	Calls []MethodCall `json:"calls,omitempty"`
}

// Link is one wrapper of a [Chain].
type Link struct {
	Owner  int    `json:"owner,omitempty"` // the object whose while clause it is (0: a state's)
	Label  string `json:"label"`           // "Elf Lord#3 while another-elf", "state discard while calm"
	Clause string `json:"clause"`          // the while clause's path in the pack
	Value  string `json:"value,omitempty"` // the value after it (properties and variables)
	// Because is what made the while clause's condition true for its
	// owner, broken down by sub-expression, and Place where the condition
	// is written (filled by ExplainChain only).
	Because *Part  `json:"because,omitempty"`
	Place   string `json:"place,omitempty"`
}

// Chain returns the wrapper chain of object id's name. A method's and a
// tag's links carry no values (a method wrapper wraps calls; a tag is
// granted while the clause holds). An error of a wrapper's code is returned
// with the chain up to it.
func (m *Match) Chain(id int, name string) (Chain, error) {
	ob := m.obj(id)
	if ob == nil {
		return Chain{}, fmt.Errorf("chain: there is no object #%d", id)
	}
	self := m.objValue(id)
	c := Chain{Object: id, Name: name}
	var v starlark.Value
	switch {
	case ob.typ.c.props[name] != nil:
		c.Kind = "property"
		var err error
		if v, err = m.call(ob.typ.c.props[name], m.st.active, self); err != nil {
			return c, err
		}
	case ob.typ.c.methods[name] != nil:
		c.Kind = "method"
	default:
		if x, ok := m.varOf(ob, name); ok {
			c.Kind, v = "variable", x
		} else if _, isTag := m.p.tags[name]; isTag {
			c.Kind = "tag"
		} else {
			return Chain{}, fmt.Errorf("chain: %s has no property, variable, method or tag %q", self, name)
		}
	}
	if v != nil {
		c.Base = v.String()
	}
	for _, w := range m.st.wraps {
		if w.target != id || w.name != name {
			continue
		}
		l := Link{Owner: max(w.src, 0), Label: strings.SplitN(m.wrapLabel(w), " on ", 2)[0], Clause: w.cw.path}
		if v != nil && w.cw.value != nil {
			cw, owner := m.wrapClause(w)
			if cw != nil {
				var err error
				if v, err = m.callWith(cw.value, owner, v, nil); err != nil {
					c.Links = append(c.Links, l)
					return c, err
				}
				l.Value = v.String()
			}
		}
		c.Links = append(c.Links, l)
	}
	if v != nil {
		c.Final = v.String()
	}
	return c, nil
}

// Refusal says why a seat cannot take an action now. Part names which rule
// said no: "who" (the action's player specifier), "deciding" (without a who,
// the seat's ending condition holds: it decides nothing here), "domain" (no
// value of an argument's domain), "precondition" (it holds for no choice), or
// "match" (the match is over or stopped on an error).
//
// Reason is the whole text. Where a rule of the pack bars the move, Rule
// names it ("the precondition of draw"), File, Line and Column say where
// it is written, and either Said holds the designer's words (the reasons
// of its require() calls that did not hold) or Code holds the rule's code
// and Why its value broken down by sub-expression (what it read).
type Refusal struct {
	Action string `json:"action,omitempty"`
	Part   string `json:"part"`
	Reason string `json:"reason"`
	Rule   string `json:"rule,omitempty"`
	Said   string `json:"said,omitempty"`
	Code   string `json:"code,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Why    *Part  `json:"why,omitempty"`
}

// WhyNot returns, for each action the seat's state allows (possibleactions,
// in order) that the seat has no legal way to take now, which rule refuses
// it and why. An action the seat can take is not listed.
func (m *Match) WhyNot(seat int) ([]Refusal, error) {
	if seat < 0 || seat >= m.seats {
		return nil, fmt.Errorf("why not: there is no seat %d", seat+1)
	}
	switch {
	case m.st.over:
		return []Refusal{{Part: "match", Reason: "the match is over"}}, nil
	case m.err != nil:
		return []Refusal{{Part: "match", Reason: "the match stopped on an error: " + m.err.Error()}}, nil
	}
	f := m.top()
	st, _ := m.stateOf(f, seat)
	var out []Refusal
	for _, a := range st.possible {
		r, err := m.refusal(f, a, seat)
		if err != nil {
			return nil, err
		}
		if r.Part != "" {
			r.Action = a.name
			out = append(out, r)
		}
	}
	return out, nil
}

// refusal says why seat cannot take a in frame f (a zero Refusal: it can).
func (m *Match) refusal(f *frame, a *caction, seat int) (Refusal, error) {
	ok, err := m.explain(func() (bool, error) { return m.allowed(f, a, seat) })
	switch {
	case err != nil:
		return Refusal{}, err
	case !ok && a.who != nil:
		if r := m.because(a.who, "the who of "+a.name); r.Reason != "" {
			return r.as("who"), nil
		}
		r := m.ruleOf(a.who, "the who of "+a.name, a.a.Who.Src, seat, nil)
		r.Reason = fmt.Sprintf("who does not hold for player %d (who: %s)", seat+1, strings.TrimSpace(a.a.Who.Src))
		return r.as("who"), nil
	case !ok:
		return Refusal{Part: "deciding", Reason: fmt.Sprintf("player %d decides nothing in %s (their ending condition holds)", seat+1, f.st.name)}, nil
	}
	if len(a.params) == 0 {
		if a.precondition == nil {
			return Refusal{}, nil
		}
		ok, err := m.explain(func() (bool, error) { return m.truth(a.precondition, seat, nil) })
		if err != nil || ok {
			return Refusal{}, err
		}
		if r := m.because(a.precondition, "the precondition of "+a.name); r.Reason != "" {
			return r.as("precondition"), nil
		}
		r := m.ruleOf(a.precondition, "the precondition of "+a.name, a.a.Precondition.Src, seat, nil)
		r.Reason = "its precondition does not hold: " + strings.TrimSpace(a.a.Precondition.Src)
		return r.as("precondition"), nil
	}
	var moves []Move
	_, err = m.explain(func() (bool, error) {
		moves, err = m.enumerate(a, seat, make([]starlark.Value, 0, len(a.params)), nil)
		return false, err
	})
	if err != nil || len(moves) > 0 {
		return Refusal{}, err
	}
	var reasons Refusal
	if a.precondition != nil {
		reasons = m.because(a.precondition, "the precondition of "+a.name)
	}
	dom, err := m.call(a.domains[0], seat, nil)
	if err != nil {
		return Refusal{}, err
	}
	if l, ok := dom.(interface{ Len() int }); ok && l.Len() == 0 {
		if r, err := m.emptyBecause(a, seat); r.Reason != "" || err != nil {
			return r.as("domain"), err
		}
		r := m.rule(a.domains[0], fmt.Sprintf("the domain of %s of %s", a.params[0].Name, a.name))
		r.Code = strings.TrimSpace(a.params[0].Domain.Src)
		r.Reason = fmt.Sprintf("the domain of %s is empty (domain: %s)", a.params[0].Name, r.Code)
		return r.as("domain"), nil
	}
	if a.precondition != nil {
		if reasons.Reason != "" {
			return reasons.as("precondition"), nil
		}
		r := m.rule(a.precondition, "the precondition of "+a.name)
		r.Code = strings.TrimSpace(a.a.Precondition.Src)
		r.Reason = "its precondition holds for no choice (precondition: " + r.Code + ")"
		return r.as("precondition"), nil
	}
	return Refusal{Part: "domain", Reason: "no choice of its arguments is in their domains"}, nil
}

// StepEvents returns the events of one step: those of the step after which
// the snapshot At(step) was taken (step from 1), those before the first step
// (the setup state entered) for step 0, and for the step after the last
// snapshot those it has emitted so far (a match stopped by an error in it).
// The slice is the match's own: do not change it.
func (m *Match) StepEvents(step int) []Event {
	switch {
	case step < 0 || step > len(m.history)+1 || len(m.marks) == 0:
		return nil
	case step == 0:
		return m.events[:m.marks[0]]
	case step == len(m.history)+1:
		return m.events[m.marks[step-1]:]
	}
	return m.events[m.marks[step-1]:m.marks[step]]
}

// ObjectType returns the type of the live object id.
func (m *Match) ObjectType(id int) (string, bool) {
	if ob := m.obj(id); ob != nil {
		return ob.typ.name, true
	}
	return "", false
}
