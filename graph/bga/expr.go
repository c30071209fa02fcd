package bga

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// expr reads and evaluates an expression.
func (p *parser) expr() (pval, error) {
	if err := p.enter(); err != nil {
		return pval{}, err
	}
	defer p.leave()
	return p.lowOr()
}

// lowOr reads "a or b", "a xor b", "a and b".
func (p *parser) lowOr() (pval, error) {
	l, err := p.ternary()
	if err != nil {
		return l, err
	}
	for p.isKeyword("or") || p.isKeyword("and") || p.isKeyword("xor") {
		op := strings.ToLower(p.tok.text)
		opPos := p.tok.pos
		if err := p.next(); err != nil {
			return l, err
		}
		// define() on the right runs only when needed: evaluate lazily.
		lb, lok := truth(l)
		if lok && (op == "or" && lb || op == "and" && !lb) {
			if err := p.skipExpr(); err != nil {
				return l, err
			}
			continue
		}
		r, err := p.ternary()
		if err != nil {
			return l, err
		}
		rb, rok := truth(r)
		if !lok || !rok {
			return l, p.errorf(opPos, "cannot evaluate %q on %s and %s", op, l.describe(), r.describe())
		}
		switch op {
		case "or":
			l = pval{k: pBool, b: lb || rb, pos: l.pos}
		case "and":
			l = pval{k: pBool, b: lb && rb, pos: l.pos}
		default:
			l = pval{k: pBool, b: lb != rb, pos: l.pos}
		}
	}
	return l, nil
}

// skipExpr moves over an operand without evaluating it (short-circuit).
func (p *parser) skipExpr() error {
	depth := 0
	for {
		switch {
		case p.tok.kind == tEOF:
			return nil
		case p.is("(") || p.is("[") || p.is("{"):
			depth++
		case p.is(")") || p.is("]") || p.is("}"):
			if depth == 0 {
				return nil
			}
			depth--
		case depth == 0 && (p.is(";") || p.is(",") || p.is("||") || p.is("&&") || p.is("?") || p.is(":") ||
			p.isKeyword("or") || p.isKeyword("and") || p.isKeyword("xor")):
			return nil
		}
		if err := p.next(); err != nil {
			return err
		}
	}
}

func (p *parser) ternary() (pval, error) {
	soft, err := p.coalesceAhead()
	if err != nil {
		return pval{}, err
	}
	if soft {
		p.soft++
	}
	c, err := p.logicOr()
	if soft {
		p.soft--
	}
	if err != nil {
		return c, err
	}
	for p.is("?") || p.is("??") {
		op := p.tok
		if err := p.next(); err != nil {
			return c, err
		}
		if op.text == "??" {
			soft, err := p.coalesceAhead()
			if err != nil {
				return c, err
			}
			if soft {
				p.soft++
			}
			r, err := p.logicOr()
			if soft {
				p.soft--
			}
			if err != nil {
				return c, err
			}
			if c.k == pNull {
				c = r
			}
			continue
		}
		var a pval
		if p.is(":") {
			a = c
		} else if a, err = p.ternary(); err != nil {
			return c, err
		}
		if err := p.expect(":"); err != nil {
			return c, err
		}
		b, err := p.ternary()
		if err != nil {
			return c, err
		}
		t, ok := truth(c)
		if !ok {
			return c, p.notDeclarative(op.pos, "conditional on "+c.describe())
		}
		if t {
			c = a
		} else {
			c = b
		}
	}
	return c, nil
}

// coalesceAhead reports whether the operand that starts at the current token
// is the left side of ??, which reads a missing key or variable as null.
func (p *parser) coalesceAhead() (bool, error) {
	depth := 0
	for i := p.ti - 1; ; i++ {
		t, err := p.at(i)
		if err != nil {
			return false, err
		}
		if t.kind == tEOF {
			return false, nil
		}
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth < 0 {
				return false, nil
			}
		case "??":
			if depth == 0 {
				return true, nil
			}
		case ";", ",", "?", ":", "=>", "=", "||", "&&":
			if depth == 0 {
				return false, nil
			}
		}
	}
}

func (p *parser) logicOr() (pval, error) {
	l, err := p.logicAnd()
	if err != nil {
		return l, err
	}
	for p.is("||") {
		opPos := p.tok.pos
		if err := p.next(); err != nil {
			return l, err
		}
		lb, lok := truth(l)
		if lok && lb {
			if err := p.skipExpr(); err != nil {
				return l, err
			}
			l = pval{k: pBool, b: true, pos: l.pos}
			continue
		}
		r, err := p.logicAnd()
		if err != nil {
			return l, err
		}
		rb, rok := truth(r)
		if !lok || !rok {
			return l, p.errorf(opPos, "cannot evaluate \"||\" on %s and %s", l.describe(), r.describe())
		}
		l = pval{k: pBool, b: rb, pos: l.pos}
	}
	return l, nil
}

func (p *parser) logicAnd() (pval, error) {
	l, err := p.comparison()
	if err != nil {
		return l, err
	}
	for p.is("&&") {
		opPos := p.tok.pos
		if err := p.next(); err != nil {
			return l, err
		}
		lb, lok := truth(l)
		if lok && !lb {
			if err := p.skipExpr(); err != nil {
				return l, err
			}
			l = pval{k: pBool, b: false, pos: l.pos}
			continue
		}
		r, err := p.comparison()
		if err != nil {
			return l, err
		}
		rb, rok := truth(r)
		if !lok || !rok {
			return l, p.errorf(opPos, "cannot evaluate \"&&\" on %s and %s", l.describe(), r.describe())
		}
		l = pval{k: pBool, b: rb, pos: l.pos}
	}
	return l, nil
}

func (p *parser) comparison() (pval, error) {
	l, err := p.concat()
	if err != nil {
		return l, err
	}
	for p.tok.kind == tPunct {
		switch p.tok.text {
		case "==", "!=", "===", "!==", "<>":
		case "<", ">", "<=", ">=":
			op := p.tok
			if err := p.next(); err != nil {
				return l, err
			}
			r, err := p.concat()
			if err != nil {
				return l, err
			}
			if l, err = p.order(op, l, r); err != nil {
				return l, err
			}
			continue
		case "<=>", "|", "&", "^", "<<", ">>", "instanceof":
			return l, p.errorf(p.tok.pos, "unsupported operator %q", p.tok.text)
		default:
			return l, nil
		}
		op := p.tok
		if err := p.next(); err != nil {
			return l, err
		}
		r, err := p.concat()
		if err != nil {
			return l, err
		}
		if arr, null := nullAndArray(l, r); null {
			// $state->possibleActions !== null: an array is never null, and
			// loosely equal to it when empty (php.net, "Comparison Operators").
			eq := false
			if op.text == "==" || op.text == "!=" || op.text == "<>" {
				eq = len(arr.arr.ents) == 0
			}
			if op.text == "!=" || op.text == "!==" || op.text == "<>" {
				eq = !eq
			}
			l = pval{k: pBool, b: eq, pos: l.pos}
			continue
		}
		if !scalar(l) || !scalar(r) {
			return l, p.errorf(op.pos, "cannot compare %s and %s", l.describe(), r.describe())
		}
		eq := l.k == r.k && l.b == r.b && l.i == r.i && l.f == r.f && l.s == r.s
		if op.text == "==" || op.text == "!=" || op.text == "<>" {
			eq = looseEqual(l, r)
		}
		if op.text == "!=" || op.text == "!==" || op.text == "<>" {
			eq = !eq
		}
		l = pval{k: pBool, b: eq, pos: l.pos}
	}
	return l, nil
}

func scalar(v pval) bool { return v.k <= pString }

// nullAndArray reports whether one of l and r is null and the other an
// array, and returns the array.
func nullAndArray(l, r pval) (pval, bool) {
	switch {
	case l.k == pNull && r.k == pArray:
		return r, true
	case r.k == pNull && l.k == pArray:
		return l, true
	}
	return pval{}, false
}

// looseEqual is PHP 8's == on two scalars (php.net, "Comparison Operators",
// loose comparison): null and a string compare as strings; a bool or null
// against anything compares as bools; two numbers or numeric strings compare
// as numbers; anything else compares as strings ("abc" == 0 is false).
func looseEqual(l, r pval) bool {
	switch {
	case l.k == pNull && r.k == pString:
		return r.s == ""
	case r.k == pNull && l.k == pString:
		return l.s == ""
	case l.k == pBool || r.k == pBool || l.k == pNull || r.k == pNull:
		return truthy(l) == truthy(r)
	}
	if ln, ok := numberOf(l); ok {
		if rn, ok := numberOf(r); ok {
			return ln == rn
		}
	}
	ls, _ := stringOf(l)
	rs, _ := stringOf(r)
	return ls == rs
}

// truthy is PHP's (bool) of a scalar.
func truthy(v pval) bool {
	if v.k == pFloat {
		return v.f != 0
	}
	b, _ := truth(v)
	return b
}

// numericString is PHP 8's numeric string, without its surrounding whitespace.
var numericString = regexp.MustCompile(`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// numberOf is the number a scalar stands for in a comparison: an int, a float
// or a numeric string (PHP 8: digits with an optional sign, fraction and
// exponent, leading and trailing whitespace allowed).
func numberOf(v pval) (float64, bool) {
	switch v.k {
	case pInt:
		return float64(v.i), true
	case pFloat:
		return v.f, true
	case pString:
		t := strings.Trim(v.s, " \t\n\r\v\f")
		if !numericString.MatchString(t) {
			return 0, false
		}
		f, err := strconv.ParseFloat(t, 64)
		return f, err == nil || errors.Is(err, strconv.ErrRange)
	}
	return 0, false
}

// order compares two numbers (or numeric strings, as PHP 8 does) with <, >,
// <= or >=; anything else is an error naming the operands.
func (p *parser) order(op token, l, r pval) (pval, error) {
	a, aok := numberOf(l)
	b, bok := numberOf(r)
	if !aok || !bok {
		return l, p.errorf(op.pos, "cannot compare %s and %s with %q", l.describe(), r.describe(), op.text)
	}
	var res bool
	switch op.text {
	case "<":
		res = a < b
	case ">":
		res = a > b
	case "<=":
		res = a <= b
	default:
		res = a >= b
	}
	return pval{k: pBool, b: res, pos: l.pos}, nil
}

// concat reads "a . b" (PHP 8: "+" and "-" bind tighter than ".").
func (p *parser) concat() (pval, error) {
	l, err := p.additive()
	if err != nil {
		return l, err
	}
	for p.is(".") {
		opPos := p.tok.pos
		if err := p.next(); err != nil {
			return l, err
		}
		r, err := p.additive()
		if err != nil {
			return l, err
		}
		if l, err = p.binary(".", l, r, opPos); err != nil {
			return l, err
		}
	}
	return l, nil
}

// symbolicConcat renders a concatenation that involves a constant of another
// file as PHP code ('act' . CONFIRM_TURN): its value is unknown, so the
// expression itself is kept, like a constant's name.
func symbolicConcat(l, r pval) (pval, bool) {
	code := func(v pval) (string, bool) {
		if v.k == pConst {
			return v.s, true
		}
		if v.name != "" {
			return v.name, true
		}
		s, ok := stringOf(v)
		if !ok {
			return "", false
		}
		if v.k == pString {
			return phpString(s), true
		}
		return s, true
	}
	ls, lok := code(l)
	rs, rok := code(r)
	if !lok || !rok {
		return l, false
	}
	return pval{k: pConst, s: ls + " . " + rs, pos: l.pos}, true
}

// stringOf converts a scalar to its PHP string form.
func stringOf(v pval) (string, bool) {
	switch v.k {
	case pString:
		return v.s, true
	case pInt:
		return strconv.FormatInt(v.i, 10), true
	case pFloat:
		return strconv.FormatFloat(v.f, 'G', 14, 64), true
	case pBool:
		if v.b {
			return "1", true
		}
		return "", true
	case pNull:
		return "", true
	}
	return "", false
}

func (p *parser) additive() (pval, error) {
	l, err := p.multiplicative()
	if err != nil {
		return l, err
	}
	for p.is("+") || p.is("-") {
		op := p.tok
		if err := p.next(); err != nil {
			return l, err
		}
		r, err := p.multiplicative()
		if err != nil {
			return l, err
		}
		if l, err = p.binary(op.text, l, r, op.pos); err != nil {
			return l, err
		}
	}
	return l, nil
}

func (p *parser) multiplicative() (pval, error) {
	l, err := p.unary()
	if err != nil {
		return l, err
	}
	for p.is("*") || p.is("/") || p.is("%") {
		op := p.tok
		if err := p.next(); err != nil {
			return l, err
		}
		r, err := p.unary()
		if err != nil {
			return l, err
		}
		if l, err = p.binary(op.text, l, r, op.pos); err != nil {
			return l, err
		}
	}
	return l, nil
}

// binary applies an arithmetic operator; "+" on arrays is PHP's union (keys of
// the left operand win).
func (p *parser) binary(op string, l, r pval, pos graph.Pos) (pval, error) {
	if op == "." {
		if l.k == pConst || r.k == pConst {
			if v, ok := symbolicConcat(l, r); ok {
				return v, p.spend(len(v.s), pos)
			}
		}
		ls, lok := stringOf(l)
		rs, rok := stringOf(r)
		if !lok || !rok {
			return l, p.errorf(pos, "cannot concatenate %s and %s", l.describe(), r.describe())
		}
		if err := p.spend(len(ls)+len(rs), pos); err != nil {
			return l, err
		}
		return pval{k: pString, s: ls + rs, pos: l.pos}, nil
	}
	if op == "+" && (l.k == pArray || r.k == pArray) {
		if l.k != pArray || r.k != pArray {
			return l, p.errorf(pos, "cannot add %s and %s", l.describe(), r.describe())
		}
		ls, _ := measure(l)
		rs, _ := measure(r)
		if err := p.spend(ls+rs, pos); err != nil {
			return l, err
		}
		out := l.clone()
		for _, e := range r.arr.ents {
			if !out.arr.has(e.key) {
				out.arr.set(e.key, e.val.clone())
			}
		}
		return out, nil
	}
	num := func(v pval) (float64, bool, bool) { // value, isInt, ok
		switch v.k {
		case pInt:
			return float64(v.i), true, true
		case pFloat:
			return v.f, false, true
		case pBool:
			if v.b {
				return 1, true, true
			}
			return 0, true, true
		case pNull:
			return 0, true, true
		}
		return 0, false, false
	}
	lf, li, lok := num(l)
	rf, ri, rok := num(r)
	if !lok || !rok {
		bad := l
		if lok {
			bad = r
		}
		return l, p.errorf(pos, "cannot compute %q with %s", op, bad.describe())
	}
	if li && ri && op != "/" {
		a, b := int64(lf), int64(rf)
		switch op {
		case "+":
			return pval{k: pInt, i: a + b, pos: l.pos}, nil
		case "-":
			return pval{k: pInt, i: a - b, pos: l.pos}, nil
		case "*":
			return pval{k: pInt, i: a * b, pos: l.pos}, nil
		case "%":
			if b == 0 {
				return l, p.errorf(pos, "modulo by zero")
			}
			return pval{k: pInt, i: a % b, pos: l.pos}, nil
		}
	}
	var f float64
	switch op {
	case "+":
		f = lf + rf
	case "-":
		f = lf - rf
	case "*":
		f = lf * rf
	case "/":
		if rf == 0 {
			return l, p.errorf(pos, "division by zero")
		}
		f = lf / rf
		if li && ri && f == math.Trunc(f) {
			return pval{k: pInt, i: int64(f), pos: l.pos}, nil
		}
	case "%":
		return l, p.errorf(pos, "cannot compute \"%%\" with a float")
	}
	return pval{k: pFloat, f: f, pos: l.pos}, nil
}

func (p *parser) unary() (pval, error) {
	if err := p.enter(); err != nil {
		return pval{}, err
	}
	defer p.leave()
	if p.tok.kind == tPunct {
		op := p.tok
		switch op.text {
		case "!":
			if err := p.next(); err != nil {
				return pval{}, err
			}
			v, err := p.unary()
			if err != nil {
				return v, err
			}
			b, ok := truth(v)
			if !ok {
				return v, p.errorf(op.pos, "cannot negate %s", v.describe())
			}
			return pval{k: pBool, b: !b, pos: op.pos}, nil
		case "-", "+":
			if err := p.next(); err != nil {
				return pval{}, err
			}
			v, err := p.unary()
			if err != nil {
				return v, err
			}
			v, err = p.binary("*", v, pval{k: pInt, i: map[string]int64{"-": -1, "+": 1}[op.text]}, op.pos)
			v.pos = op.pos
			return v, err
		case "@":
			if err := p.next(); err != nil {
				return pval{}, err
			}
			return p.unary()
		case "++", "--":
			return pval{}, p.notDeclarative(op.pos, "increment "+op.text)
		case "&":
			return pval{}, p.errorf(op.pos, "references (&) are not supported")
		case "(":
			// A cast such as (int) or (string)?
			pk, err := p.peek()
			if err != nil {
				return pval{}, err
			}
			if pk.kind == tIdent {
				switch strings.ToLower(pk.text) {
				case "int", "integer", "bool", "boolean", "float", "double", "string", "array", "object":
					return p.maybeCast()
				}
			}
		}
	}
	return p.postfix()
}

// maybeCast reads "(type) operand" or falls back to a parenthesised expression.
func (p *parser) maybeCast() (pval, error) {
	open := p.tok
	if err := p.next(); err != nil { // at the name
		return pval{}, err
	}
	nameTok := p.tok
	pk, err := p.peek()
	if err != nil {
		return pval{}, err
	}
	if !(pk.kind == tPunct && pk.text == ")") {
		// Not a cast: (name ...) as a parenthesised expression.
		v, err := p.expr()
		if err != nil {
			return v, err
		}
		if err := p.expect(")"); err != nil {
			return v, err
		}
		v.pos = open.pos
		return p.suffixes(v)
	}
	if err := p.next(); err != nil { // at ")"
		return pval{}, err
	}
	if err := p.next(); err != nil {
		return pval{}, err
	}
	v, err := p.unary()
	if err != nil {
		return v, err
	}
	switch strings.ToLower(nameTok.text) {
	case "int", "integer":
		switch v.k {
		case pInt:
		case pString:
			n, err := strconv.ParseInt(strings.TrimSpace(v.s), 10, 64)
			if err != nil {
				return v, p.errorf(open.pos, "cannot cast %q to int", v.s)
			}
			v = pval{k: pInt, i: n}
		case pFloat:
			v = pval{k: pInt, i: int64(v.f)}
		case pBool:
			v = pval{k: pInt, i: map[bool]int64{true: 1}[v.b]}
		default:
			return v, p.errorf(open.pos, "cannot cast %s to int", v.describe())
		}
	case "string":
		s, ok := stringOf(v)
		if !ok {
			return v, p.errorf(open.pos, "cannot cast %s to string", v.describe())
		}
		v = pval{k: pString, s: s}
	case "bool", "boolean":
		b, ok := truth(v)
		if !ok {
			return v, p.errorf(open.pos, "cannot cast %s to bool", v.describe())
		}
		v = pval{k: pBool, b: b}
	default:
		return v, p.errorf(open.pos, "unsupported cast (%s)", nameTok.text)
	}
	v.pos = open.pos
	return v, nil
}

// postfix reads a primary expression and its suffixes.
func (p *parser) postfix() (pval, error) {
	v, err := p.primary()
	if err != nil {
		return v, err
	}
	return p.suffixes(v)
}

// suffixes reads [index], ->method(...) (GameStateBuilder chains) and
// ->value (of an enum case constant) after a value.
func (p *parser) suffixes(v pval) (pval, error) {
	for {
		switch {
		case p.is("["):
			pos := p.tok.pos
			if err := p.next(); err != nil {
				return v, err
			}
			k, err := p.expr()
			if err != nil {
				return v, err
			}
			if err := p.expect("]"); err != nil {
				return v, err
			}
			if v.k == pNull && p.soft > 0 {
				continue
			}
			if v.k != pArray && v.k != pBuilder {
				return v, p.errorf(pos, "cannot index %s", v.describe())
			}
			got, ok := v.arr.get(k)
			if !ok && p.soft > 0 {
				v = pval{k: pNull, pos: v.pos}
				continue
			}
			if !ok {
				return v, p.errorf(k.pos, "undefined array key %s", keyText(k))
			}
			v = got.clone()
		case p.is("->") || p.is("?->"):
			arrow := p.tok
			if err := p.next(); err != nil {
				return v, err
			}
			if p.tok.kind != tIdent {
				return v, p.unexpected("a method name")
			}
			method := p.tok
			if err := p.next(); err != nil {
				return v, err
			}
			if !p.is("(") {
				// Property fetch: StateType::X->value, and a property of a
				// state GameStateBuilder built ($state->possibleActions).
				if v.k == pConst && method.text == "value" && strings.Contains(v.s, "::") {
					v.s += "->value"
					continue
				}
				if key, ok := stateProperty(method.text); ok && v.built {
					got, found := v.arr.get(pval{k: pString, s: key})
					if !found {
						v = pval{k: pNull, pos: method.pos} // a property the chain did not set
						continue
					}
					v = got.clone()
					continue
				}
				return v, p.errorf(arrow.pos, "unsupported property access ->%s on %s", method.text, v.describe())
			}
			if v.k != pBuilder {
				return v, p.notDeclarative(arrow.pos, "call to "+arrow.text+method.text+"() on "+v.describe())
			}
			args, err := p.callArgs()
			if err != nil {
				return v, err
			}
			if v, err = p.builderCall(v, method, args); err != nil {
				return v, err
			}
		case p.is("("):
			return v, p.notDeclarative(p.tok.pos, "call of "+v.describe())
		default:
			return v, nil
		}
	}
}

// valueFetch reports whether the current token starts "->value" not followed
// by "(": in a State class, $id->value reads the value of the enum case a
// constructor parameter holds.
func (p *parser) valueFetch() bool {
	if p.php == nil || !p.is("->") {
		return false
	}
	name, err := p.at(p.ti)
	if err != nil || name.kind != tIdent || name.text != "value" {
		return false
	}
	after, err := p.at(p.ti + 1)
	return err == nil && !(after.kind == tPunct && after.text == "(")
}

// keyText renders an array key for messages.
func keyText(k pval) string {
	switch k.k {
	case pString:
		return strconv.Quote(k.s)
	case pConst:
		return k.s
	}
	if k.name != "" {
		return k.name
	}
	s, _ := stringOf(k)
	return s
}

// callArgs reads (arg, ...). Named arguments (name: value) are accepted and their
// names dropped.
func (p *parser) callArgs() ([]pval, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var args []pval
	for !p.is(")") {
		if p.is("...") {
			return nil, p.errorf(p.tok.pos, "argument unpacking (...) is not supported")
		}
		if p.tok.kind == tIdent {
			pk, err := p.peek()
			if err != nil {
				return nil, err
			}
			if pk.kind == tPunct && pk.text == ":" {
				if err := p.next(); err != nil {
					return nil, err
				}
				if err := p.next(); err != nil {
					return nil, err
				}
			}
		}
		a, err := p.expr()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if !p.is(",") {
			break
		}
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return args, nil
}

// primary reads a literal, an array, a constant, a variable, a call or a
// parenthesised expression.
func (p *parser) primary() (pval, error) {
	t := p.tok
	switch t.kind {
	case tInt:
		if err := p.next(); err != nil {
			return pval{}, err
		}
		return parseInt(p, t)
	case tFloat:
		if err := p.next(); err != nil {
			return pval{}, err
		}
		f, err := strconv.ParseFloat(strings.ReplaceAll(t.text, "_", ""), 64)
		if err != nil {
			return pval{}, p.errorf(t.pos, "malformed number %s", t.text)
		}
		return pval{k: pFloat, f: f, pos: t.pos}, nil
	case tString:
		if err := p.next(); err != nil {
			return pval{}, err
		}
		return pval{k: pString, s: t.text, pos: t.pos}, nil
	case tVar:
		if t.text == "this" {
			return pval{}, p.thisUse()
		}
		if err := p.next(); err != nil {
			return pval{}, err
		}
		v, ok := p.vars[t.text]
		if (p.is("->") || p.is("?->") || p.is("::") || p.is("(")) && !p.valueFetch() && !(ok && p.propertyFetch(v)) {
			return pval{}, p.notDeclarative(t.pos, "call to "+p.callText(t))
		}
		if !ok && p.soft > 0 {
			return pval{k: pNull, pos: t.pos}, nil
		}
		if !ok {
			return pval{}, p.errorf(t.pos, "undefined variable $%s", t.text)
		}
		size, depth := measure(v)
		if depth+p.depth > maxDepth {
			return pval{}, p.errorf(t.pos, "nesting too deep")
		}
		if err := p.spend(size, t.pos); err != nil {
			return pval{}, err
		}
		v = v.clone()
		v.pos = t.pos
		return v, nil
	case tPunct:
		switch t.text {
		case "[":
			return p.arrayLit("]")
		case "(":
			if err := p.next(); err != nil {
				return pval{}, err
			}
			v, err := p.expr()
			if err != nil {
				return v, err
			}
			if err := p.expect(")"); err != nil {
				return v, err
			}
			return v, nil
		}
		return pval{}, p.unexpected("a value")
	case tIdent:
		return p.name()
	}
	return pval{}, p.unexpected("a value")
}

func parseInt(p *parser, t token) (pval, error) {
	n, ok := intLiteral(t.text)
	if !ok {
		return pval{}, p.errorf(t.pos, "malformed integer %s", t.text)
	}
	return pval{k: pInt, i: n, pos: t.pos}, nil
}

// intLiteral reads a PHP integer literal: decimal, hex, octal or binary, with
// _ separators.
func intLiteral(text string) (int64, bool) {
	s := strings.ReplaceAll(text, "_", "")
	var n int64
	var err error
	switch {
	case len(s) > 2 && (s[1] == 'x' || s[1] == 'X'):
		n, err = strconv.ParseInt(s[2:], 16, 64)
	case len(s) > 2 && (s[1] == 'b' || s[1] == 'B'):
		n, err = strconv.ParseInt(s[2:], 2, 64)
	case len(s) > 2 && (s[1] == 'o' || s[1] == 'O'):
		n, err = strconv.ParseInt(s[2:], 8, 64)
	case len(s) > 1 && s[0] == '0':
		n, err = strconv.ParseInt(s[1:], 8, 64)
	default:
		n, err = strconv.ParseInt(s, 10, 64)
	}
	return n, err == nil
}

// arrayLit reads the entries of [ ... ] or array( ... ) up to close.
func (p *parser) arrayLit(close string) (pval, error) {
	start := p.tok.pos
	if err := p.next(); err != nil {
		return pval{}, err
	}
	out := pval{k: pArray, arr: newArray(), pos: start}
	for !p.is(close) {
		if p.is(",") {
			return out, p.errorf(p.tok.pos, "empty array element")
		}
		if p.is("...") {
			if err := p.spread(out); err != nil {
				return out, err
			}
			if !p.is(",") {
				break
			}
			if err := p.next(); err != nil {
				return out, err
			}
			continue
		}
		if p.is("&") {
			return out, p.errorf(p.tok.pos, "references (&) are not supported")
		}
		k, err := p.expr()
		if err != nil {
			return out, err
		}
		if p.is("=>") {
			if err := p.next(); err != nil {
				return out, err
			}
			v, err := p.expr()
			if err != nil {
				return out, err
			}
			if !out.arr.set(k, v) {
				return out, p.errorf(k.pos, "%s cannot be an array key", k.describe())
			}
		} else {
			out.arr.push(k)
		}
		if !p.is(",") {
			break
		}
		if err := p.next(); err != nil {
			return out, err
		}
	}
	if !p.is(close) {
		return out, p.unexpected(strconv.Quote(close) + ` or ","`)
	}
	return out, p.next()
}

// spread reads "...expr" inside an array literal and adds the entries of the
// array expr to out, as PHP 8.1 does: integer keys are renumbered, string keys
// are kept (a later one replaces an earlier one).
func (p *parser) spread(out pval) error {
	dots := p.tok
	if err := p.next(); err != nil {
		return err
	}
	v, err := p.expr()
	if err != nil {
		return err
	}
	if v.k != pArray && v.k != pBuilder {
		return p.errorf(dots.pos, "cannot unpack %s into an array", v.describe())
	}
	if err := p.spend(len(v.arr.ents), dots.pos); err != nil {
		return err
	}
	for _, e := range v.arr.ents {
		if _, isInt := intOf(e.key); isInt && e.key.name == "" && e.key.k != pConst {
			out.arr.push(e.val)
		} else {
			out.arr.set(e.key, e.val)
		}
	}
	return nil
}

// magic lists PHP's magic constants; they stay as their name (a require path
// such as __DIR__ . '/x.php' becomes "__DIR__/x.php").
var magic = map[string]bool{"__DIR__": true, "__FILE__": true, "__LINE__": true, "__CLASS__": true, "__NAMESPACE__": true, "__FUNCTION__": true, "__METHOD__": true}

// name reads an expression that starts with a name: a literal keyword, array(),
// a function call, a constant, a class constant or a GameStateBuilder chain.
func (p *parser) name() (pval, error) {
	t := p.tok
	if err := p.next(); err != nil {
		return pval{}, err
	}
	lower := strings.ToLower(t.text)
	switch lower {
	case "true":
		return pval{k: pBool, b: true, pos: t.pos}, nil
	case "false":
		return pval{k: pBool, b: false, pos: t.pos}, nil
	case "null":
		return pval{k: pNull, pos: t.pos}, nil
	case "array":
		if p.is("(") {
			return p.arrayLit(")")
		}
	}
	if c, ok := computing[lower]; ok && lower != "list" {
		return pval{}, p.notDeclarative(t.pos, c)
	}
	if (lower == "isset" || lower == "empty") && p.is("(") {
		return p.issetCall(t, lower)
	}
	if isKeywordName(t.text) {
		return pval{}, p.errorf(t.pos, "unexpected keyword %s", t.text)
	}
	if magic[strings.ToUpper(t.text)] {
		return pval{k: pString, s: strings.ToUpper(t.text), pos: t.pos}, nil
	}
	if p.is("::") {
		if err := p.next(); err != nil {
			return pval{}, err
		}
		if p.tok.kind == tVar {
			return pval{}, p.notDeclarative(t.pos, "static property "+t.text+"::$"+p.tok.text)
		}
		if p.tok.kind != tIdent {
			return pval{}, p.unexpected("a class constant name")
		}
		member := p.tok
		if err := p.next(); err != nil {
			return pval{}, err
		}
		full := t.text + "::" + member.text
		if p.is("(") {
			if isBuilderClass(t.text) {
				args, err := p.callArgs()
				if err != nil {
					return pval{}, err
				}
				return p.builderStart(t, member, args)
			}
			return pval{}, p.notDeclarative(t.pos, "call to "+full+"()")
		}
		if strings.EqualFold(member.text, "class") {
			v := pval{k: pString, s: strings.TrimPrefix(t.text, `\`), pos: t.pos}
			if p.php != nil {
				// In a State class, X::class names a state: keep it as
				// written, for the reader to resolve.
				v.name = t.text + "::class"
			}
			return v, nil
		}
		if v, ok := p.consts[full]; ok {
			v.name, v.pos = full, t.pos
			return v, nil
		}
		return pval{k: pConst, s: full, pos: t.pos}, nil
	}
	if p.is("(") {
		return p.call(t)
	}
	if v, ok := p.consts[t.text]; ok {
		v.name, v.pos = t.text, t.pos
		return v, nil
	}
	return pval{k: pConst, s: t.text, pos: t.pos}, nil
}

// call evaluates the few functions a declarative file uses.
func (p *parser) call(fn token) (pval, error) {
	lower := strings.ToLower(strings.TrimPrefix(fn.text, `\`))
	switch lower {
	case "clienttranslate", "totranslate", "_":
	case "define", "defined", "constant":
	case "in_array", "array_key_exists", "key_exists", "count":
		return p.arrayCall(fn, lower)
	case "dirname":
		return p.dirname(fn)
	default:
		return pval{}, p.notDeclarative(fn.pos, "call to "+fn.text+"()")
	}
	args, err := p.callArgs()
	if err != nil {
		return pval{}, err
	}
	switch lower {
	case "define":
		if len(args) < 2 || len(args) > 3 {
			return pval{}, p.errorf(fn.pos, "define() takes a name and a value")
		}
		if args[0].k != pString {
			return pval{}, p.errorf(args[0].pos, "define() name must be a string, not %s", args[0].describe())
		}
		if args[1].k == pArray || args[1].k == pBuilder {
			return pval{}, p.errorf(args[1].pos, "constant %s: array constants are not supported", args[0].s)
		}
		p.define(args[0].s, args[1], args[0].pos)
		if p.php != nil {
			p.php.consts = append(p.php.consts, fileConst{fqn: strings.TrimPrefix(args[0].s, `\`), val: args[1], pos: args[0].pos})
		}
		return pval{k: pBool, b: true, pos: fn.pos}, nil
	case "defined":
		if len(args) != 1 || args[0].k != pString {
			return pval{}, p.errorf(fn.pos, "defined() takes a constant name")
		}
		_, ok := p.consts[args[0].s]
		return pval{k: pBool, b: ok, pos: fn.pos}, nil
	case "constant":
		if len(args) != 1 || args[0].k != pString {
			return pval{}, p.errorf(fn.pos, "constant() takes a constant name")
		}
		if v, ok := p.consts[args[0].s]; ok {
			v.name, v.pos = args[0].s, fn.pos
			return v, nil
		}
		return pval{k: pConst, s: args[0].s, pos: fn.pos}, nil
	}
	// clienttranslate() and friends mark a string for translation and return it.
	if len(args) != 1 {
		return pval{}, p.errorf(fn.pos, "%s() takes one argument", fn.text)
	}
	return args[0], nil
}

// issetCall evaluates isset(a, ...) (every argument is set and not null) and
// empty(a) (a is missing or falsy). A missing key or variable is not an error
// inside them.
func (p *parser) issetCall(fn token, lower string) (pval, error) {
	p.soft++
	args, err := p.callArgs()
	p.soft--
	if err != nil {
		return pval{}, err
	}
	if len(args) == 0 || lower == "empty" && len(args) != 1 {
		return pval{}, p.errorf(fn.pos, "%s() takes %s", lower, map[string]string{"isset": "at least one argument", "empty": "one argument"}[lower])
	}
	if lower == "empty" {
		b, ok := truth(args[0])
		if !ok && args[0].k != pArray {
			return pval{}, p.errorf(fn.pos, "cannot evaluate empty() on %s", args[0].describe())
		}
		if args[0].k == pArray || args[0].k == pBuilder {
			b = len(args[0].arr.ents) > 0
		}
		return pval{k: pBool, b: !b, pos: fn.pos}, nil
	}
	set := true
	for _, a := range args {
		set = set && a.k != pNull
	}
	return pval{k: pBool, b: set, pos: fn.pos}, nil
}

// arrayCall evaluates in_array(needle, array[, strict]),
// array_key_exists(key, array) (and its alias key_exists) and count(array).
func (p *parser) arrayCall(fn token, lower string) (pval, error) {
	args, err := p.callArgs()
	if err != nil {
		return pval{}, err
	}
	want := map[string]int{"in_array": 2, "array_key_exists": 2, "key_exists": 2, "count": 1}[lower]
	if len(args) != want && !(lower == "in_array" && len(args) == 3) {
		return pval{}, p.errorf(fn.pos, "%s() takes %d arguments", fn.text, want)
	}
	arr := args[len(args)-1]
	if lower == "in_array" {
		arr = args[1]
	}
	if arr.k != pArray && arr.k != pBuilder {
		return pval{}, p.errorf(arr.pos, "%s() needs an array, not %s", fn.text, arr.describe())
	}
	switch lower {
	case "count":
		return pval{k: pInt, i: int64(len(arr.arr.ents)), pos: fn.pos}, nil
	case "array_key_exists", "key_exists":
		if !scalar(args[0]) && args[0].k != pConst {
			return pval{}, p.errorf(args[0].pos, "%s() key must be a scalar, not %s", fn.text, args[0].describe())
		}
		return pval{k: pBool, b: arr.arr.has(args[0]), pos: fn.pos}, nil
	}
	strict := false
	if len(args) == 3 {
		strict, _ = truth(args[2])
	}
	for _, e := range arr.arr.ents {
		if equal(args[0], e.val, strict) {
			return pval{k: pBool, b: true, pos: fn.pos}, nil
		}
	}
	return pval{k: pBool, b: false, pos: fn.pos}, nil
}

// equal compares two values as == (loosely, by their key identity for
// scalars) or === does. Arrays and constants of other files compare by
// identity of kind and text only.
func equal(a, b pval, strict bool) bool {
	if a.k == pConst || b.k == pConst || a.k >= pArray || b.k >= pArray {
		return a.k == b.k && a.s == b.s && a.arr == b.arr
	}
	if strict {
		return a.k == b.k && a.b == b.b && a.i == b.i && a.f == b.f && a.s == b.s
	}
	ka, _ := keyID(a)
	kb, _ := keyID(b)
	return ka == kb
}

// dirname evaluates dirname(path) on a path the file builds from __DIR__ (for
// a require): dirname(__DIR__) is "__DIR__/..".
func (p *parser) dirname(fn token) (pval, error) {
	args, err := p.callArgs()
	if err != nil {
		return pval{}, err
	}
	if len(args) != 1 || args[0].k != pString {
		return pval{}, p.errorf(fn.pos, "dirname() takes a path string")
	}
	s := strings.TrimSuffix(args[0].s, "/")
	if i := strings.LastIndexByte(s, '/'); i > 0 && !strings.HasSuffix(s, "..") {
		s = s[:i]
	} else {
		s += "/.."
	}
	return pval{k: pString, s: s, pos: fn.pos}, nil
}
