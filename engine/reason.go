package engine

import (
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/starlark"
)

// require(condition, reason) is condition's truth as a bool. Where an
// action's who or precondition is false because of it, or a domain leaves
// the move's argument out because of it, a move refused there says reason,
// the designer's words for the rule ("the Countess must be played"),
// instead of the rule's code: a refused move (Apply's *IllegalError) and
// WhyNot give it with the place of the rule. Anywhere else it is only its
// condition. The first false require of a check
// speaks; `require(a, "...") and require(b, "...")` gives one reason per
// part.
func biRequire(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var cond starlark.Value
	var reason string
	if err := starlark.UnpackPositionalArgs(fn, args, kw, 2, &cond, &reason); err != nil {
		return nil, err
	}
	ok := bool(cond.Truth())
	if !ok && m.explaining && !slices.Contains(m.reasons, reason) {
		m.reasons = append(m.reasons, reason)
	}
	return starlark.Bool(ok || m.relaxed), nil
}

// domainBecause says why argument k of mv is not in its domain when a
// require() of the domain left it out: the domain is listed again with
// every require holding, and if the argument is in that list, the reasons
// of the requires that did not hold speak ("" when it is not: the domain
// would not list it whatever they say).
func (m *Match) domainBecause(a *caction, k int, mv Move) (Refusal, error) {
	h := a.domains[k]
	var found bool
	_, err := m.explain(func() (bool, error) {
		m.relaxed = true
		defer func() { m.relaxed = false }()
		dom, err := m.call(h, mv.Seat, nil, mv.Args[:k]...)
		if err != nil {
			return false, err
		}
		found = contains(dom, mv.Args[k])
		return found, nil
	})
	if err != nil || !found {
		return Refusal{}, err
	}
	return m.because(h, fmt.Sprintf("the domain of %s of %s", a.params[k].Name, a.name)), nil
}

// contains reports whether the iterable dom holds v.
func contains(dom starlark.Value, v starlark.Value) bool {
	it, ok := dom.(starlark.Iterable)
	if !ok {
		return false
	}
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		if eq, _ := starlark.Equal(x, v); eq {
			return true
		}
	}
	return false
}

// explain runs check, a who or precondition being asked for a move, with
// require() keeping the reasons it finds false (from none).
func (m *Match) explain(check func() (bool, error)) (bool, error) {
	was := m.explaining
	m.explaining, m.reasons = true, m.reasons[:0]
	defer func() { m.explaining = was }()
	return check()
}

// because says the reasons require() kept for rule h (a zero Refusal
// when none), with where the rule is written: Reason "REASON (the
// precondition of draw, at seeds.yaml:67:19)", Said the reasons alone.
// Several reasons (a rule asked for each of an action's choices, each
// refused for its own) are joined by "; ".
func (m *Match) because(h *hook, rule string) Refusal {
	if len(m.reasons) == 0 {
		return Refusal{}
	}
	r := m.rule(h, rule)
	r.Said = strings.Join(m.reasons, "; ")
	r.Reason = fmt.Sprintf("%s (%s, at %s:%d:%d)", r.Said, rule, r.File, r.Line, r.Column)
	return r
}

// rule is a Refusal naming rule h and where it is written.
func (m *Match) rule(h *hook, rule string) Refusal {
	return Refusal{Rule: rule, File: m.p.file, Line: h.pos.Line, Column: h.pos.Column}
}

// ruleOf is the Refusal of rule h, whose code src is false for seat (and
// the arguments of action a, when it sees them), with src broken down by
// sub-expression (Why): what the rule read that made it false.
func (m *Match) ruleOf(h *hook, rule, src string, seat int, a *caction, args ...starlark.Value) Refusal {
	r := m.rule(h, rule)
	r.Code = strings.TrimSpace(src)
	var names []string
	if a != nil {
		for _, p := range a.params {
			names = append(names, p.Name)
		}
	}
	why := Breakdown(r.Code, func(e string) (starlark.Value, error) {
		c, err := m.compileWith(e, names)
		if err != nil {
			return nil, err
		}
		v, err := m.call(c, seat, nil, args...)
		return v, consoleRunError(err)
	})
	r.Why = &why
	return r
}

// as is r said by rule part.
func (r Refusal) as(part string) Refusal {
	r.Part = part
	return r
}

// emptyBecause says why the first domain of a is empty for seat when
// require() left every value out: listed again with every require
// holding, it has some ("" when it has none then either).
func (m *Match) emptyBecause(a *caction, seat int) (Refusal, error) {
	h := a.domains[0]
	some, err := m.explain(func() (bool, error) {
		m.relaxed = true
		defer func() { m.relaxed = false }()
		dom, err := m.call(h, seat, nil)
		l, ok := dom.(interface{ Len() int })
		return err == nil && ok && l.Len() > 0, err
	})
	if err != nil || !some {
		return Refusal{}, err
	}
	return m.because(h, fmt.Sprintf("the domain of %s of %s", a.params[0].Name, a.name)), nil
}
