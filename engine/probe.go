package engine

import (
	"maps"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// CardRef names one card of a match, its deck and its id (from 1), or,
// with Deck empty, the object of that id: what a probe keeps.
type CardRef struct {
	Deck string
	ID   int
}

// Seen returns the cards and objects whose faces seat (0-based) sees now,
// as the pack's visibility says (see [Match.SeesCard], [Match.SeesObject]),
// deck by deck in id order, then the objects in id order.
func (m *Match) Seen(seat int) []CardRef {
	var out []CardRef
	for i, dk := range m.st.decks {
		for j, c := range dk.cards {
			if m.seesFace(seat, c) {
				out = append(out, CardRef{m.p.decks[i], j + 1})
			}
		}
	}
	for _, ob := range m.st.objs {
		if m.seesObject(seat, ob) {
			out = append(out, CardRef{ID: ob.id})
		}
	}
	return out
}

// Probe returns a copy of the match that seat cannot tell from it, for the
// leak check (package preview): the cards and objects seat does not see
// dealt again as [Match.Determinize] deals them for seed, but for those of
// keep, which stay where they are (what the seat is about to see, the cards
// a move names). Unlike Determinize's fork, the probe keeps the match's random
// source, so chance brings it what it brings the match and any difference
// between the two is the deal's; and it records its events with their
// text, from its start on (its Events are only those). With trace, every
// piece of code runs through Starlark's interpreter and the probe
// remembers the statement that last wrote each field ([Match.Writer]; of a
// traced match, what it remembered too) and each notification
// ([Match.NotifyWriter]): slower, for naming the rule once a difference is
// found.
func (m *Match) Probe(seat int, seed uint64, keep []CardRef, trace bool) *Match {
	var kept func(deck, card int) bool
	var keptObj func(id int) bool
	if len(keep) > 0 {
		set := make(map[[2]int]bool, len(keep))
		objs := map[int]bool{}
		for _, c := range keep {
			if c.Deck == "" {
				objs[c.ID] = true
			}
			for i, name := range m.p.decks {
				if name == c.Deck {
					set[[2]int{i, c.ID - 1}] = true
				}
			}
		}
		kept = func(deck, card int) bool { return set[[2]int{deck, card}] }
		keptObj = func(id int) bool { return objs[id] }
	}
	f := m.determinize(seat, seed, kept, keptObj)
	f.st.rng = m.st.rng
	f.rec, f.text, f.opts.NoHistory, f.opts.NoEventText = true, true, false, false
	f.events = nil // its own log, from here: the match's would be copied whole at the first event
	f.opts.Interpret = trace
	if trace {
		f.prov = &provenance{at: map[Field]graph.Pos{}}
		if m.prov != nil {
			maps.Copy(f.prov.at, m.prov.at) // what the traced match wrote before
		}
	}
	return f
}

// Trace makes the match remember, from now on, the statement that last
// wrote each field (as a traced probe does; probes of a traced match start
// from what it remembers): every piece of its code then runs through
// Starlark's interpreter.
func (m *Match) Trace() {
	m.opts.Interpret = true
	if m.prov == nil {
		m.prov = &provenance{at: map[Field]graph.Pos{}}
	}
}

// FaceFlow is [Program.FaceFlow] followed through the variables the
// statement reads: a variable whose last writer this traced match
// remembers ([Match.Trace], [Match.Probe]) carries a face when that
// writer's statement wrote one (a first rule keeps a card's value in a
// private variable, a second copies it into a public one). Without a
// trace it is Program.FaceFlow.
func (m *Match) FaceFlow(pos graph.Pos) bool {
	face, _ := m.p.faceFlow(pos, m.varFace(0))
	return face
}

// varFace says, by name, whether some variable of that name was last
// written a face, as far as the trace remembers (depth: writers followed).
func (m *Match) varFace(depth int) func(string) bool {
	if m.prov == nil || depth > 4 {
		return nil
	}
	memo := map[string]bool{}
	return func(name string) bool {
		if v, ok := memo[name]; ok {
			return v
		}
		memo[name] = false // a variable written from itself carries nothing new
		for f, pos := range m.prov.at {
			if f.Name == name && f.Kind != FieldTag {
				if face, _ := m.p.faceFlow(pos, m.varFace(depth+1)); face {
					memo[name] = true
					break
				}
			}
		}
		return memo[name]
	}
}

// Writer returns the place in the pack's file of the statement that last
// wrote field f in a traced probe ([Match.Probe]) or match ([Match.Trace])
// while traced; false when none did.
func (m *Match) Writer(f Field) (graph.Pos, bool) {
	if m.prov == nil {
		return graph.Pos{}, false
	}
	p, ok := m.prov.at[f]
	return p, ok
}

// NotifyWriter returns the place of the notify call that emitted the i-th
// notification (from 0) a traced probe recorded since it was made.
func (m *Match) NotifyWriter(i int) (graph.Pos, bool) {
	if m.prov == nil || i < 0 || i >= len(m.prov.notify) {
		return graph.Pos{}, false
	}
	return m.prov.notify[i], true
}

// GrantedBy returns the place of the condition of a while clause that
// grants tag to object id now (the oldest, if several do); false when no
// while clause grants it.
func (m *Match) GrantedBy(id int, tag string) (graph.Pos, bool) {
	for _, w := range m.st.wraps {
		if w.target == id && w.name == tag && w.cw.cond != nil {
			return w.cw.cond.pos, true
		}
	}
	return graph.Pos{}, false
}

// ArgsAt returns the place of the args code of the state at the top of the
// stack, where the key named key is written when the code is a dict
// written out (else the code's first line); false when the state has no
// args.
func (m *Match) ArgsAt(key string) (graph.Pos, bool) {
	f := m.top()
	if f == nil {
		return graph.Pos{}, false
	}
	if a := f.st.args; a != nil {
		if p, ok := m.p.dictKeyAt(a.pos, key); ok {
			return p, true
		}
		return a.pos, true
	}
	return graph.Pos{}, false
}

// File is the name of the pack's file as positions and errors name it.
func (m *Match) File() string { return m.p.file }

// ArgFace reports whether the args code of the state at the top of the
// stack computes key's value from a card's face ([Program.ArgFaceFlow],
// through the variables it reads as [Match.FaceFlow] follows them).
func (m *Match) ArgFace(key string) bool {
	f := m.top()
	return f != nil && f.st.args != nil && m.p.argFaceFlow(f.st.args.pos, key, m.varFace(0))
}

// All returns every card of the match, deck by deck in id order, then
// every object: a probe keeping them all where they are is the match
// itself.
func (m *Match) All() []CardRef {
	var out []CardRef
	for i, dk := range m.st.decks {
		for j := range dk.cards {
			out = append(out, CardRef{m.p.decks[i], j + 1})
		}
	}
	for _, ob := range m.st.objs {
		out = append(out, CardRef{ID: ob.id})
	}
	return out
}

// Own returns mv as a move of m: its players, objects and cards (inside
// tuples and lists too) m's own values, for a move chosen in the match a
// fork or probe was made from (see bind.go).
func (m *Match) Own(mv Move) Move {
	args := make([]starlark.Value, len(mv.Args))
	for i, a := range mv.Args {
		args[i] = m.rebindDeep(a)
	}
	mv.Args = args
	return mv
}

// rebindDeep is rebind through tuples and lists.
func (m *Match) rebindDeep(v starlark.Value) starlark.Value {
	switch x := v.(type) {
	case starlark.Tuple:
		out := make(starlark.Tuple, len(x))
		for i, e := range x {
			out[i] = m.rebindDeep(e)
		}
		return out
	case *starlark.List:
		out := make([]starlark.Value, x.Len())
		for i := range out {
			out[i] = m.rebindDeep(x.Index(i))
		}
		l := starlark.NewList(out)
		l.Freeze()
		return l
	}
	return m.rebind(v)
}
