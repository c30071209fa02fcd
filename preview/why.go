package preview

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// The three "why" questions a designer asks of a match (issue 26), answered
// from what the engine keeps: why a clause did or did not fire in a step,
// why a value is what it is, why a move is refused. The window's debugger,
// `studio why` and a page hosting a match ask them here.

// WhyClause says why the whenever or when clause at path (its path in the
// pack: "object_types/pain_altar/whenever/pain") did or did not fire in
// step (1..Head: the step whose events the cursor at step shows): per
// owner it had in scope then, whether its condition held, whether it
// fired, what before() answered and the condition broken down by
// sub-expression (engine.Match.AskClause).
func (s *Session) WhyClause(step int, path string) ([]engine.ClauseAsk, error) {
	if step < 1 || step > s.Head() {
		return nil, fmt.Errorf("why %s: step %d is not one the match took (1..%d)", path, step, s.Head())
	}
	return s.cur.m.AskClause(step, path)
}

// WhyValue says why property, variable, method or tag name of object id is
// what it is at the cursor: its wrapper chain with what made each while
// condition true and, for a method, the calls made through its wrappers
// (engine.Match.ExplainChain).
func (s *Session) WhyValue(id int, name string) (engine.Chain, error) {
	return s.Match().ExplainChain(id, name)
}

// WhyRefused says why the match refuses a move given in its text form (as
// a page or a file sends it): the rule that bars it, in the designer's
// words where a require() gives them, and where the rule is written. ok is
// false when the match would take the move (nothing to explain). A move
// that cannot be read at all (an unknown action or parameter) is an error.
// The match is not changed.
func WhyRefused(m *engine.Match, gm graph.Move) (r engine.Refusal, ok bool, err error) {
	mv, err := m.DecodeMove(gm)
	if err != nil {
		return engine.Refusal{}, false, err
	}
	err = m.Fork().Apply(mv)
	var ie *engine.IllegalError
	switch {
	case err == nil:
		return engine.Refusal{}, false, nil
	case errors.As(err, &ie):
		return ie.Refusal, true, nil
	}
	return engine.Refusal{}, false, err
}

// ClauseLines writes asks as text: per owner, whether the clause fired and
// why, before()'s answers and the condition's tree.
func ClauseLines(asks []engine.ClauseAsk) string {
	var b strings.Builder
	for i, a := range asks {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%s %s (%s):\n", a.Owner, engine.ClauseName(a.Kind, clauseName(a.Clause)), a.Place)
		switch {
		case a.Gone:
			b.WriteString("  fired in an earlier step: a when clause fires once, and is no longer asked\n")
			continue
		case a.Err != "":
			fmt.Fprintf(&b, "  its condition failed: %s\n", a.Err)
		case a.Fired:
			b.WriteString("  fired: its condition held\n")
		case a.Holds:
			b.WriteString("  its condition held, but it did not fire\n")
		default:
			b.WriteString("  did not fire: its condition was false\n")
		}
		if len(a.Before) > 0 {
			fmt.Fprintf(&b, "  before() answered %s\n", strings.Join(a.Before, ", "))
		}
		b.WriteString(indent(a.Why.Lines(), "  "))
	}
	if len(asks) == 0 {
		b.WriteString("no owner of the clause was in scope: no object of its type existed, or its state was not on the stack\n")
	}
	return b.String()
}

// ChainLines writes an explained chain as text: the base, each wrapper
// with the value after it and what made its condition true, the final
// value, and a method's calls through it.
func ChainLines(c engine.Chain) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", c.Kind, c.Name)
	if c.Base != "" {
		fmt.Fprintf(&b, ": base %s", c.Base)
	}
	b.WriteByte('\n')
	for _, l := range c.Links {
		fmt.Fprintf(&b, "  → %s", l.Label)
		if l.Value != "" {
			fmt.Fprintf(&b, " = %s", l.Value)
		}
		b.WriteByte('\n')
		if l.Because != nil {
			fmt.Fprintf(&b, "    because (%s):\n", l.Place)
			b.WriteString(indent(l.Because.Lines(), "      "))
		}
	}
	if c.Final != "" {
		fmt.Fprintf(&b, "  final %s\n", c.Final)
	}
	for _, call := range c.Calls {
		fmt.Fprintf(&b, "  step %d: %s\n", call.Step, call)
	}
	return b.String()
}

// RefusalLines writes a refusal as text: the reason, then the rule and
// where it is written, and the rule's value broken down when it gave no
// words of its own.
func RefusalLines(r engine.Refusal) string {
	var b strings.Builder
	if r.Said != "" {
		b.WriteString(r.Said + "\n")
	} else {
		b.WriteString(r.Reason + "\n")
	}
	if r.Rule != "" {
		fmt.Fprintf(&b, "  %s, at %s:%d:%d\n", r.Rule, r.File, r.Line, r.Column)
	}
	if r.Why != nil {
		b.WriteString(indent(r.Why.Lines(), "  "))
	}
	return b.String()
}

// clauseName is the last part of a clause's path: its name.
func clauseName(path string) string {
	return path[strings.LastIndexByte(path, '/')+1:]
}

func indent(text, by string) string {
	lines := strings.SplitAfter(text, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(by + l)
		}
	}
	return b.String()
}
