package bga

import (
	"strings"

	"github.com/rulestudio/studio/graph"
)

// outKind is what a return statement (or a nextState/jumpToState call) of a
// State class says about where the game goes next.
type outKind uint8

const (
	outStay     outKind = iota // return; return null; (stay in the state)
	outClass                   // return X::class
	outID                      // return 99; return ST_X; return States::ST_X; (a state id, or a constant to resolve)
	outName                    // return 'next'; (a transition name)
	outCall                    // return $this->other(...); (what that method returns)
	outComputed                // anything else: not known without running the game
	outValue                   // a boolean, an array: not a state
)

// outcome is one thing a method can return, or a state a call jumps to.
type outcome struct {
	kind outKind
	text string // the class, the constant or the name as written; the method called; the code for outComputed
	num  int64  // outID written as an integer
	recv string // outCall: this, self, static or parent
	pos  graph.Pos
	call bool // came from $this->gamestate->nextState()/jumpToState(), not a return
}

// scanOutcomes lists what the method body toks[from:to] returns, and the
// states it moves to with nextState()/jumpToState(), in source order. Returns
// inside closures and anonymous classes belong to them and are skipped.
func scanOutcomes(toks []token, from, to int) []outcome {
	var out []outcome
	for i := from; i < to; i++ {
		t := toks[i]
		switch {
		case t.kind == tIdent && (strings.EqualFold(t.text, "function") || strings.EqualFold(t.text, "class")) && !afterArrow(toks, i, from):
			i = skipNested(toks, i, to)
		case t.kind == tIdent && strings.EqualFold(t.text, "return"):
			end := stmtEnd(toks, i+1, to)
			out = append(out, classify(toks[i+1:end], t.pos)...)
			i = end
		case t.kind == tIdent && (t.text == "nextState" || t.text == "jumpToState") && afterArrow(toks, i, from) &&
			i+1 < to && toks[i+1].kind == tPunct && toks[i+1].text == "(":
			end := matching(toks, i+1, to)
			for _, o := range classify(toks[i+2:end], t.pos) {
				o.call = true
				out = append(out, o)
			}
			i = end
		}
	}
	return out
}

// afterArrow reports whether toks[i] follows -> or :: (a member name, not a
// keyword).
func afterArrow(toks []token, i, from int) bool {
	if i <= from {
		return false
	}
	p := toks[i-1]
	return p.kind == tPunct && (p.text == "->" || p.text == "?->" || p.text == "::")
}

// skipNested returns the index of the "}" closing the body of the closure or
// anonymous class that starts at toks[i] (or i, if it has no body).
func skipNested(toks []token, i, to int) int {
	for j := i + 1; j < to; j++ {
		t := toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "{":
			return matching(toks, j, to)
		case ";":
			return i
		case "(":
			j = matching(toks, j, to)
		}
	}
	return i
}

// matching returns the index of the bracket closing the one at toks[i] (or
// to-1 when it is not closed).
func matching(toks []token, i, to int) int {
	depth := 0
	for j := i; j < to; j++ {
		if toks[j].kind != tPunct {
			continue
		}
		switch toks[j].text {
		case "(", "[", "{", "#[":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return to - 1
}

// stmtEnd returns the index of the ";" that ends the statement starting at
// toks[i] (or of the "}" closing the block it is in).
func stmtEnd(toks []token, i, to int) int {
	depth := 0
	for j := i; j < to; j++ {
		if toks[j].kind != tPunct {
			continue
		}
		switch toks[j].text {
		case "(", "[", "{", "#[":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return j
			}
			depth--
		case ";":
			if depth == 0 {
				return j
			}
		}
	}
	return to
}

// classify says what the expression toks (a returned value, or the argument
// of nextState/jumpToState) can be. A conditional (?:, ??, match) can be
// each of its results.
func classify(toks []token, at graph.Pos) []outcome {
	toks = unparen(toks)
	if len(toks) == 0 {
		return []outcome{{kind: outStay, pos: at}}
	}
	if parts := splitTernary(toks); parts != nil {
		var out []outcome
		for _, part := range parts {
			out = append(out, classify(part, at)...)
		}
		return out
	}
	if arms := matchArms(toks); arms != nil {
		var out []outcome
		for _, arm := range arms {
			out = append(out, classify(arm, at)...)
		}
		return out
	}
	t := toks[0]
	one := func(o outcome) []outcome {
		o.pos = at
		return []outcome{o}
	}
	switch {
	case len(toks) == 1 && t.kind == tInt:
		n, ok := intLiteral(t.text)
		if !ok {
			return one(outcome{kind: outComputed, text: t.text})
		}
		return one(outcome{kind: outID, num: n, text: t.text})
	case len(toks) == 1 && t.kind == tString:
		return one(outcome{kind: outName, text: t.text})
	case len(toks) == 1 && t.kind == tIdent:
		switch strings.ToLower(t.text) {
		case "null":
			return one(outcome{kind: outStay})
		case "true", "false":
			return one(outcome{kind: outValue, text: t.text})
		}
		return one(outcome{kind: outID, text: t.text})
	case t.kind == tIdent && len(toks) >= 3 && isPunct(toks[1], "::") && toks[2].kind == tIdent:
		member := toks[2].text
		rest := toks[3:]
		switch {
		case len(rest) == 0 && strings.EqualFold(member, "class"):
			return one(outcome{kind: outClass, text: t.text})
		case len(rest) == 0:
			return one(outcome{kind: outID, text: t.text + "::" + member})
		case len(rest) == 2 && isPunct(rest[0], "->") && rest[1].kind == tIdent && rest[1].text == "value":
			return one(outcome{kind: outID, text: t.text + "::" + member + "->value"})
		case isPunct(rest[0], "(") && matching(rest, 0, len(rest)) == len(rest)-1 && isSelf(t.text):
			return one(outcome{kind: outCall, text: member, recv: strings.ToLower(t.text)})
		}
	case t.kind == tVar && t.text == "this" && len(toks) >= 4 && isPunct(toks[1], "->") && toks[2].kind == tIdent &&
		isPunct(toks[3], "(") && matching(toks, 3, len(toks)) == len(toks)-1:
		return one(outcome{kind: outCall, text: toks[2].text, recv: "this"})
	case t.kind == tPunct && (t.text == "[" || t.text == "("):
		return one(outcome{kind: outValue, text: "an array"})
	case t.kind == tIdent && strings.EqualFold(t.text, "array") && len(toks) > 1 && isPunct(toks[1], "("):
		return one(outcome{kind: outValue, text: "an array"})
	}
	return one(outcome{kind: outComputed, text: codeText(toks)})
}

func isPunct(t token, s string) bool { return t.kind == tPunct && t.text == s }

// isSelf reports whether a class name refers to the class itself or its parent.
func isSelf(name string) bool {
	switch strings.ToLower(name) {
	case "self", "static", "parent":
		return true
	}
	return false
}

// nesting returns how t changes the bracket depth: 1 for an opening
// bracket (an attribute's "#[" too), -1 for a closing one, else 0.
func nesting(t token) int {
	if t.kind != tPunct {
		return 0
	}
	switch t.text {
	case "(", "[", "{", "#[":
		return 1
	case ")", "]", "}":
		return -1
	}
	return 0
}

// unparen removes parentheses around the whole of toks.
func unparen(toks []token) []token {
	for len(toks) >= 2 && isPunct(toks[0], "(") && matching(toks, 0, len(toks)) == len(toks)-1 {
		toks = toks[1 : len(toks)-1]
	}
	return toks
}

// splitTernary splits "c ? a : b" into [a, b], "a ?: b" into [a, b] and
// "a ?? b" into [a, b], at the top level; it returns nil for anything else.
func splitTernary(toks []token) [][]token {
	depth := 0
	for i, t := range toks {
		if t.kind != tPunct {
			continue
		}
		if d := nesting(t); d != 0 {
			depth += d
			continue
		}
		switch t.text {
		case "??":
			if depth == 0 {
				return [][]token{toks[:i], toks[i+1:]}
			}
		case "?":
			if depth != 0 {
				continue
			}
			colon := ternaryColon(toks, i+1)
			if colon < 0 {
				return nil
			}
			if colon == i+1 { // a ?: b
				return [][]token{toks[:i], toks[colon+1:]}
			}
			return [][]token{toks[i+1 : colon], toks[colon+1:]}
		}
	}
	return nil
}

// ternaryColon returns the index of the ":" that matches a "?" just before
// toks[i], skipping nested conditionals, or -1.
func ternaryColon(toks []token, i int) int {
	depth, nested := 0, 0
	for j := i; j < len(toks); j++ {
		t := toks[j]
		if t.kind != tPunct {
			continue
		}
		if d := nesting(t); d != 0 {
			depth += d
			continue
		}
		switch t.text {
		case "?":
			if depth == 0 {
				nested++
			}
		case ":":
			if depth == 0 {
				if nested == 0 {
					return j
				}
				nested--
			}
		}
	}
	return -1
}

// matchArms returns the result expressions of "match (x) { a => r, default
// => s }", or nil when toks is not a match expression.
func matchArms(toks []token) [][]token {
	if len(toks) < 4 || toks[0].kind != tIdent || !strings.EqualFold(toks[0].text, "match") || !isPunct(toks[1], "(") {
		return nil
	}
	close := matching(toks, 1, len(toks))
	if close+1 >= len(toks) || !isPunct(toks[close+1], "{") || matching(toks, close+1, len(toks)) != len(toks)-1 {
		return nil
	}
	body := toks[close+2 : len(toks)-1]
	var arms [][]token
	depth, start := 0, 0
	flush := func(end int) {
		arm := body[start:end]
		for k, t := range arm {
			if isPunct(t, "=>") {
				arms = append(arms, arm[k+1:])
				break
			}
		}
	}
	for i, t := range body {
		if t.kind != tPunct {
			continue
		}
		if d := nesting(t); d != 0 {
			depth += d
			continue
		}
		switch t.text {
		case ",":
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(body))
	return arms
}

// codeText renders tokens for messages, shortened.
func codeText(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		if b.Len() > 60 {
			b.WriteString(" ...")
			break
		}
		s := t.text
		switch t.kind {
		case tVar:
			s = "$" + s
		case tString:
			s = phpString(s)
		}
		if i > 0 && needsSpace(toks[i-1], t) {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}

// needsSpace says whether codeText puts a space between two tokens.
func needsSpace(a, b token) bool {
	if a.kind == tPunct && (a.text == "->" || a.text == "?->" || a.text == "::" || a.text == "(" || a.text == "[" || a.text == "!") {
		return false
	}
	if b.kind == tPunct && (b.text == "->" || b.text == "?->" || b.text == "::" || b.text == "(" || b.text == ")" || b.text == "[" || b.text == "]" || b.text == "," || b.text == ";") {
		return false
	}
	return true
}
