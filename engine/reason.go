package engine

import (
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/starlark"
)

// require(condition, reason) is condition's truth as a bool. Where an
// action's who or precondition is false because of it, a move refused
// there says reason, the designer's words for the rule ("the Countess must
// be played"), instead of the rule's code: a refused move (Apply's
// *IllegalError) and WhyNot give it with the place of the rule. Anywhere
// else it is only its condition. The first false require of a check
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
	return starlark.Bool(ok), nil
}

// explain runs check, a who or precondition being asked for a move, with
// require() keeping the reasons it finds false (from none).
func (m *Match) explain(check func() (bool, error)) (bool, error) {
	was := m.explaining
	m.explaining, m.reasons = true, m.reasons[:0]
	defer func() { m.explaining = was }()
	return check()
}

// because says the reasons require() kept for rule h ("" when none),
// with where the rule is written: "REASON (the precondition of draw, at
// seeds.yaml:67:19)". Several reasons (a rule asked for each of an
// action's choices, each refused for its own) are joined by "; ".
func (m *Match) because(h *hook, rule string) string {
	if len(m.reasons) == 0 {
		return ""
	}
	return fmt.Sprintf("%s (%s, at %s:%d:%d)", strings.Join(m.reasons, "; "), rule, m.p.file, h.pos.Line, h.pos.Column)
}
