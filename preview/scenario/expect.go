package scenario

import (
	"fmt"
	"strings"

	"go.starlark.net/starlark"

	"github.com/rulestudio/studio/engine"
)

// expect checks an expectation: it must give True or False, and a False one
// says which part was false and the values that part read, as pytest's
// assertions do (engine.Breakdown; "" when it holds).
func expect(m *engine.Match, src string) string {
	v, err := m.Eval(src)
	if err != nil {
		return fmt.Sprintf("expect %s: %v", src, err)
	}
	b, ok := v.(starlark.Bool)
	if !ok {
		msg := fmt.Sprintf("expect %s: gives %s, %s, not True or False", src, v, article(v.Type()))
		if _, quoted := v.(starlark.String); quoted && strings.TrimSpace(string(v.(starlark.String))) != "" && isQuoted(src) {
			msg += " (it is written in quotes twice: quote it once)"
		}
		return msg
	}
	if b {
		return ""
	}
	why := engine.Breakdown(src, m.Eval).WhyFalse()
	return fmt.Sprintf("expect %s: got False%s", src, why)
}

// isQuoted reports whether src is a string literal alone.
func isQuoted(src string) bool {
	s := strings.TrimSpace(src)
	return len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0]
}

// article returns "an int", "a string".
func article(typ string) string {
	if typ != "" && strings.ContainsRune("aeiou", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}
