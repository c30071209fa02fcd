package engine

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
)

// Why a whenever or when clause did or did not fire in a step. A clause
// watches no event: the settle that begins each step asks its condition
// once per owner in scope (each live object of its type, or each frame of
// its state on the stack), with before() reading the start of the step
// before (SEMANTICS.md "One step"). AskClause asks it again as that settle
// did.

// ClauseAsk is one owner's whenever or when clause as the settle that
// began a step asked it.
type ClauseAsk struct {
	Clause    string `json:"clause"` // its path in the pack: "object_types/pain_altar/whenever/pain"
	Kind      string `json:"kind"`   // "whenever" or "when"
	Owner     string `json:"owner"`  // "Pain Altar#7", "state chooseTarget"
	Object    int    `json:"object,omitempty"`
	Condition string `json:"condition"`
	Place     string `json:"place"` // where the condition is written: "seeds.yaml:180:20"
	// Holds: the condition held. Fired: the clause fired in the step (a
	// when clause that fired before is Gone: no longer asked).
	Holds bool `json:"holds"`
	Fired bool `json:"fired"`
	Gone  bool `json:"gone,omitempty"`
	// Before is what each before() of the condition answered, in call
	// order.
	Before []string `json:"before,omitempty"`
	// Why is the condition broken down by sub-expression (Breakdown).
	Why Part `json:"why"`
	// Err is the error the condition gave ("" none).
	Err string `json:"error,omitempty"`
}

// AskClause asks the whenever or when clause at path (as events and the
// pack name it) as the settle that began step (1-based, as At and
// StepEvents count) did, once per owner it had in scope then: whether its
// condition held, whether the clause fired, before()'s answers and the
// condition broken down. The match must keep its history (not NoHistory or
// NoSnapshots); it is not changed. An unknown path, or a step not kept, is
// an error.
func (m *Match) AskClause(step int, path string) ([]ClauseAsk, error) {
	tr, kind, typ, state := m.p.trigger(path)
	if tr == nil {
		return nil, fmt.Errorf("ask clause: the pack has no whenever or when clause %q", path)
	}
	g, err := m.settleAt(step)
	if err != nil {
		return nil, fmt.Errorf("ask clause: %w", err)
	}
	base := ClauseAsk{Clause: path, Kind: kind, Condition: strings.TrimSpace(tr.t.Condition.Src),
		Place: fmt.Sprintf("%s:%d:%d", m.p.file, tr.cond.pos.Line, tr.cond.pos.Column)}
	var out []ClauseAsk
	ask := func(owner string, id int, self starlark.Value, gone bool) {
		a := base
		a.Owner, a.Object, a.Gone = owner, id, gone
		a.Fired = m.firedIn(step, path, id)
		if !gone {
			g.askCond(&a, tr.cond, self)
		}
		out = append(out, a)
	}
	if typ != nil {
		for _, ob := range g.st.objs {
			if ob.typ == typ {
				gone := kind == "when" && ob.fired&(1<<whenIndex(typ.c, tr)) != 0
				ask(g.objValue(ob.id).String(), ob.id, g.objValue(ob.id), gone)
			}
		}
	}
	for i := range g.st.frames {
		if f := g.frameAt(i); f.st == state {
			ask("state "+f.st.name, 0, &paramsValue{m: g, st: f.st, values: f.params}, false)
		}
	}
	return out, nil
}

// askCond asks cond for self, filling a's Holds, Before, Why and Err.
func (g *Match) askCond(a *ClauseAsk, cond *hook, self starlark.Value) {
	var log []string
	g.beforeLog = &log
	ok, err := g.truth(cond, g.st.active, self)
	g.beforeLog = nil
	if err != nil {
		a.Err = err.Error()
	}
	a.Holds, a.Before = ok, log
	a.Why = Breakdown(a.Condition, func(src string) (starlark.Value, error) {
		return g.evalAs(src, self)
	})
}

// evalAs evaluates the pure expression src as clause code of self would
// (self bound; player the active player).
func (m *Match) evalAs(src string, self starlark.Value) (starlark.Value, error) {
	h, err := m.compileConsole(src, true)
	if err != nil {
		return nil, err
	}
	v, err := m.call(h, m.st.active, self)
	return v, consoleRunError(err)
}

// settleAt returns a fork of the match as the settle that began step found
// it: the state after the step before, with before() reading the start of
// the step before that (At keeps it).
func (m *Match) settleAt(step int) (*Match, error) {
	if step < 1 || step > len(m.history) {
		return nil, fmt.Errorf("step %d is not in the history (1..%d)", step, len(m.history))
	}
	return m.At(step - 1)
}

// firedIn reports whether the events of step say clause path fired for
// object id (0: a state's clause).
func (m *Match) firedIn(step int, path string, id int) bool {
	for _, e := range m.StepEvents(step) {
		if e.Kind == EvClauseFired && e.Clause == path && e.Object == id {
			return true
		}
	}
	return false
}

// trigger finds the whenever or when clause at path: its kind and the
// object type or state it belongs to.
func (p *Program) trigger(path string) (tr *ctrigger, kind string, typ *ctype, state *cstate) {
	find := func(cc *cclauses) (*ctrigger, string) {
		if cc == nil {
			return nil, ""
		}
		for _, t := range cc.whenever {
			if t.path == path {
				return t, "whenever"
			}
		}
		for _, t := range cc.when {
			if t.path == path {
				return t, "when"
			}
		}
		return nil, ""
	}
	for _, t := range p.types {
		if tr, kind := find(t.c); tr != nil {
			return tr, kind, t, nil
		}
	}
	for _, s := range p.states {
		if tr, kind := find(s.clauses); tr != nil {
			return tr, kind, nil, s
		}
	}
	return nil, "", nil, nil
}

// whenIndex is tr's place among the when clauses of cc (its fired bit).
func whenIndex(cc *cclauses, tr *ctrigger) int {
	for i, t := range cc.when {
		if t == tr {
			return i
		}
	}
	return -1
}

// Triggers returns the paths of the pack's whenever and when clauses, as
// AskClause takes them: the object types' in the pack's order (whenever,
// then when), then the states'.
func (p *Program) Triggers() []string {
	var out []string
	add := func(cc *cclauses) {
		if cc == nil {
			return
		}
		for _, t := range cc.whenever {
			out = append(out, t.path)
		}
		for _, t := range cc.when {
			out = append(out, t.path)
		}
	}
	for _, t := range p.types {
		add(t.c)
	}
	for _, s := range p.states {
		add(s.clauses)
	}
	return out
}
