package engine

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"
)

// MethodCall is one call of an object's method that went through while
// clauses' wrappers, kept with the history: the call, then each wrapper
// it entered (outermost first) and each call of inner() it made, as
// `deal_damage(2) -> Shield Bearer#4 while artifact-armor -> inner(1)`.
type MethodCall struct {
	Step   int      `json:"step"` // the step it was made in (1-based, as At counts)
	Object int      `json:"object"`
	Method string   `json:"method"`
	Path   []string `json:"path"`
}

// String is the call's path joined by arrows.
func (c MethodCall) String() string { return strings.Join(c.Path, " -> ") }

// callText writes a call as code: name(2, "x").
func callText(name string, args starlark.Tuple) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// maxCalls bounds the calls a method's chain lists.
const maxCalls = 5

// ExplainChain is Chain with the reason of each wrapper: what made its
// while clause's condition true, broken down by sub-expression for the
// clause's owner (Link.Because: the objects and values it read), and for
// a method, the last calls made through the chain up to now (Chain.Calls,
// newest last). It costs a condition's evaluation per sub-expression: a
// debugger asks it for the chain a designer selects.
func (m *Match) ExplainChain(id int, name string) (Chain, error) {
	c, err := m.Chain(id, name)
	if err != nil {
		return c, err
	}
	i := 0
	for _, w := range m.st.wraps {
		if w.target != id || w.name != name {
			continue
		}
		cw, owner := m.wrapClause(w)
		if cw != nil && cw.cond != nil && i < len(c.Links) {
			src := strings.TrimSpace(cw.w.Condition.Src)
			why := Breakdown(src, func(e string) (starlark.Value, error) { return m.evalAs(e, owner) })
			c.Links[i].Because = &why
			c.Links[i].Place = fmt.Sprintf("%s:%d:%d", m.p.file, cw.cond.pos.Line, cw.cond.pos.Column)
		}
		i++
	}
	if c.Kind == "method" {
		for _, call := range m.calls {
			if call.Object == id && call.Method == name {
				c.Calls = append(c.Calls, call)
			}
		}
		c.Calls = c.Calls[max(0, len(c.Calls)-maxCalls):]
	}
	return c, nil
}

// callsUpTo returns the calls of the first steps steps, capped: a fork's
// first append copies them.
func callsUpTo(calls []MethodCall, steps int) []MethodCall {
	n := len(calls)
	for n > 0 && calls[n-1].Step > steps {
		n--
	}
	return calls[:n:n]
}
