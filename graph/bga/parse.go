package bga

import (
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// maxDepth bounds the nesting of expressions and blocks, so that hostile input
// cannot exhaust the stack.
const maxDepth = 200

// maxWork bounds the array entries copied and string bytes built while
// evaluating a file ($a = [$a, $a] repeated would otherwise grow without bound).
// The largest corpus file uses about 1,500.
const maxWork = 1_000_000

// spend adds n to the work done, failing at maxWork.
func (p *parser) spend(n int, pos graph.Pos) error {
	p.work += n
	if p.work > maxWork {
		return p.errorf(pos, "the file builds values too large to import")
	}
	return nil
}

// measure returns the number of entries and the nesting depth of v.
func measure(v pval) (size, depth int) {
	if v.arr == nil {
		return 1, 0
	}
	size = 1
	for _, e := range v.arr.ents {
		s, d := measure(e.val)
		size += s
		depth = max(depth, d)
	}
	return size, depth + 1
}

// parser reads PHP statements (this file) and expressions (expr.go) and
// evaluates them at once: a states.inc.php file is a list of declarations, so no
// syntax tree is kept. Everything it does not understand is an error with a
// place; anything that computes is a *NotDeclarativeError.
type parser struct {
	lx   *lexer
	src  []byte
	file string
	tok  token
	toks []token // every token read so far: loops replay their body from here
	ti   int     // index in toks of the token after tok

	vars   map[string]pval
	consts map[string]pval // constants the file defines, by name
	depth  int
	work   int      // array entries copied and string bytes built, bounded by maxWork
	php    *phpFile // set while reading a State-class file: declarations are read, not refused
	loops  int      // foreach loops the current statement is in
	soft   int      // > 0 while reading the operand of isset(), empty() or ??: a missing key or variable is null

	constants []graph.Constant // in definition order
	requires  []string
	uses      []string
	namespace string
}

func newParser(src []byte, file string) *parser {
	return &parser{
		lx:     newLexer(src, file),
		toks:   make([]token, 0, len(src)/8), // about a token per 8 bytes in the corpus
		src:    src,
		file:   file,
		vars:   map[string]pval{},
		consts: map[string]pval{},
	}
}

// next moves to the next token. Tokens are lexed as they are first needed and
// kept, so that a loop can go back to its body (see [parser.mark]).
func (p *parser) next() error {
	t, err := p.at(p.ti)
	if err != nil {
		return err
	}
	p.tok = t
	p.ti++
	return nil
}

// at returns token i of the file, lexing up to it.
func (p *parser) at(i int) (token, error) {
	for len(p.toks) <= i {
		if n := len(p.toks); n > 0 && p.toks[n-1].kind == tEOF {
			return p.toks[n-1], nil
		}
		t, err := p.lx.next()
		if err != nil {
			return token{}, err
		}
		p.toks = append(p.toks, t)
	}
	return p.toks[i], nil
}

// peek returns the token after the current one.
func (p *parser) peek() (token, error) { return p.at(p.ti) }

// mark returns the place of the current token, for [parser.reset].
func (p *parser) mark() int { return p.ti - 1 }

// reset makes the token at mark m current again.
func (p *parser) reset(m int) {
	p.ti = m
	p.tok = p.toks[m]
	p.ti++
}

func (p *parser) errorf(pos graph.Pos, format string, args ...any) error {
	return posErrorf(p.file, pos, format, args...)
}

func (p *parser) notDeclarative(pos graph.Pos, construct string) error {
	return &NotDeclarativeError{File: p.file, Pos: pos, Construct: construct}
}

func (p *parser) is(text string) bool { return p.tok.kind == tPunct && p.tok.text == text }

func (p *parser) isKeyword(kw string) bool {
	return p.tok.kind == tIdent && strings.EqualFold(p.tok.text, kw)
}

// describeTok names the current token for "unexpected" errors.
func (p *parser) describeTok() string { return tokDesc(p.tok) }

func (p *parser) unexpected(want string) error {
	if want == "" {
		return p.errorf(p.tok.pos, "unexpected %s", p.describeTok())
	}
	return p.errorf(p.tok.pos, "unexpected %s, expected %s", p.describeTok(), want)
}

func (p *parser) expect(text string) error {
	if !p.is(text) {
		return p.unexpected(strconv.Quote(text))
	}
	return p.next()
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return p.errorf(p.tok.pos, "nesting too deep")
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// parseFile reads all statements of the file.
func (p *parser) parseFile() error {
	if err := p.next(); err != nil {
		return err
	}
	for p.tok.kind != tEOF {
		if err := p.statement(); err != nil {
			return err
		}
	}
	return nil
}

// computing lists PHP keywords that make a file compute its machine.
var computing = map[string]string{
	"foreach": "foreach loop", "for": "for loop", "while": "while loop", "do": "do-while loop",
	"switch": "switch", "match": "match", "function": "function declaration", "fn": "arrow function",
	"class": "class declaration", "interface": "interface declaration", "trait": "trait declaration",
	"enum": "enum declaration", "abstract": "class declaration", "final": "class declaration",
	"new": "object creation (new)", "global": "global statement", "static": "static variable",
	"goto": "goto", "try": "try block", "throw": "throw", "echo": "echo", "print": "print",
	"eval": "eval()", "exit": "exit", "die": "die", "return": "return statement", "list": "list() assignment",
}

// statement reads one statement.
func (p *parser) statement() error {
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	switch p.tok.kind {
	case tPunct:
		switch p.tok.text {
		case ";":
			return p.next()
		case "{":
			return p.block()
		case "#[":
			if p.php != nil {
				return p.declaration()
			}
		}
	case tVar:
		return p.assignment()
	case tIdent:
		kw := strings.ToLower(p.tok.text)
		if p.php != nil && declKeywords[kw] {
			return p.declaration()
		}
		switch kw {
		case "declare":
			return p.declare()
		case "namespace":
			return p.namespaceStmt()
		case "use":
			return p.useStmt()
		case "require", "require_once", "include", "include_once":
			return p.require()
		case "const":
			return p.constStmt()
		case "if":
			return p.ifStmt()
		case "foreach":
			return p.foreachStmt()
		case "break", "continue":
			return p.jumpStmt()
		case "unset":
			return p.unsetStmt()
		}
		if c, ok := computing[kw]; ok {
			return p.notDeclarative(p.tok.pos, c)
		}
	}
	// An expression statement: define(...), defined(...) || define(...).
	if _, err := p.expr(); err != nil {
		return err
	}
	return p.endStatement()
}

func (p *parser) endStatement() error {
	if p.tok.kind == tEOF {
		return nil
	}
	return p.expect(";")
}

// block reads { statements }.
func (p *parser) block() error {
	if err := p.expect("{"); err != nil {
		return err
	}
	for !p.is("}") {
		if p.tok.kind == tEOF {
			return p.unexpected(`"}"`)
		}
		if err := p.statement(); err != nil {
			return err
		}
	}
	return p.next()
}

// skipStatement moves over one statement without evaluating it (the body of
// if (false), as BGA's generated type-checking blocks use, an untaken branch,
// a loop body). An if with its else branches and a loop with its body count
// as one statement.
func (p *parser) skipStatement() error {
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	switch {
	case p.isKeyword("if"):
		if err := p.skipHead(); err != nil {
			return err
		}
		for {
			switch {
			case p.isKeyword("elseif"):
				if err := p.skipHead(); err != nil {
					return err
				}
			case p.isKeyword("else"):
				if err := p.next(); err != nil {
					return err
				}
				return p.skipStatement()
			default:
				return nil
			}
		}
	case p.isKeyword("foreach") || p.isKeyword("while") || p.isKeyword("for"):
		return p.skipHead()
	}
	return p.skipPlain()
}

// skipHead moves over "keyword (...) statement".
func (p *parser) skipHead() error {
	if err := p.next(); err != nil {
		return err
	}
	if !p.is("(") {
		return p.unexpected(`"("`)
	}
	depth := 0
	for {
		switch {
		case p.tok.kind == tEOF:
			return p.unexpected(`")"`)
		case p.is("(") || p.is("[") || p.is("{"):
			depth++
		case p.is(")") || p.is("]") || p.is("}"):
			depth--
		}
		if err := p.next(); err != nil {
			return err
		}
		if depth == 0 {
			return p.skipStatement()
		}
	}
}

// skipPlain moves over a block or a statement that ends with ";".
func (p *parser) skipPlain() error {
	depth := 0
	for {
		switch {
		case p.tok.kind == tEOF:
			if depth > 0 {
				return p.unexpected(`"}"`)
			}
			return nil
		case p.is("{") || p.is("(") || p.is("["):
			depth++
		case p.is("}") || p.is(")") || p.is("]"):
			depth--
			if depth < 0 {
				return p.unexpected("")
			}
			if depth == 0 && p.is("}") {
				return p.next()
			}
		case p.is(";") && depth == 0:
			return p.next()
		}
		if err := p.next(); err != nil {
			return err
		}
	}
}

// declare reads declare(strict_types=1); and ignores it.
func (p *parser) declare() error {
	if err := p.next(); err != nil {
		return err
	}
	if !p.is("(") {
		return p.unexpected(`"("`)
	}
	depth := 0
	for {
		switch {
		case p.tok.kind == tEOF:
			return p.unexpected(`")"`)
		case p.is("("):
			depth++
		case p.is(")"):
			depth--
		}
		if err := p.next(); err != nil {
			return err
		}
		if depth == 0 {
			break
		}
	}
	return p.endStatement()
}

func (p *parser) namespaceStmt() error {
	if err := p.next(); err != nil {
		return err
	}
	if p.tok.kind != tIdent {
		return p.unexpected("a namespace name")
	}
	p.namespace = p.tok.text
	if err := p.next(); err != nil {
		return err
	}
	if p.is("{") {
		return p.block()
	}
	return p.endStatement()
}

func (p *parser) useStmt() error {
	pos := p.tok.pos
	if err := p.next(); err != nil {
		return err
	}
	text, err := useText(p.file, p.tok, p.next, func() token { return p.tok })
	if err != nil {
		return err
	}
	if text == "" {
		return p.errorf(pos, "empty use declaration")
	}
	p.uses = append(p.uses, text)
	return p.next()
}

// useText reads the tokens of a use declaration up to ";" (the current token
// when it returns) and gives its normalised text: names, "\", "{", "}", ", ",
// and single spaces between words ("function X", "A as B").
func useText(file string, first token, next func() error, cur func() token) (string, error) {
	var b strings.Builder
	t := first
	prevWord := false
	for !(t.kind == tPunct && t.text == ";") {
		switch {
		case t.kind == tIdent:
			if prevWord {
				b.WriteByte(' ')
			}
			b.WriteString(t.text)
			prevWord = true
		case t.kind == tPunct && (t.text == "\\" || t.text == "{" || t.text == "}"):
			b.WriteString(t.text)
			prevWord = false
		case t.kind == tPunct && t.text == ",":
			b.WriteString(", ")
			prevWord = false
		default:
			return "", posErrorf(file, t.pos, "unexpected %s in a use declaration", tokDesc(t))
		}
		if err := next(); err != nil {
			return "", err
		}
		t = cur()
	}
	return b.String(), nil
}

// tokDesc names a token for "unexpected" errors.
func tokDesc(t token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tString:
		return "string " + strconv.Quote(t.text)
	case tVar:
		return "$" + t.text
	}
	return strconv.Quote(t.text)
}

// require reads require_once 'file'; (and require, include, include_once). The
// file is not read: its constants stay symbolic.
func (p *parser) require() error {
	kw := p.tok
	if err := p.next(); err != nil {
		return err
	}
	v, err := p.expr()
	if err != nil {
		return err
	}
	if v.k != pString {
		return p.errorf(v.pos, "%s path must be a string, not %s", strings.ToLower(kw.text), v.describe())
	}
	p.requires = append(p.requires, v.s)
	return p.endStatement()
}

// constStmt reads const NAME = value, ...;
func (p *parser) constStmt() error {
	for {
		if err := p.next(); err != nil {
			return err
		}
		if p.tok.kind != tIdent {
			return p.unexpected("a constant name")
		}
		name := p.tok
		if err := p.next(); err != nil {
			return err
		}
		if err := p.expect("="); err != nil {
			return err
		}
		v, err := p.expr()
		if err != nil {
			return err
		}
		p.define(name.text, v, name.pos)
		if p.php != nil {
			fqn := name.text
			if p.namespace != "" {
				fqn = p.namespace + `\` + name.text
			}
			p.php.consts = append(p.php.consts, fileConst{fqn: fqn, val: v, pos: name.pos})
		}
		if !p.is(",") {
			return p.endStatement()
		}
	}
}

// define records a constant; as in PHP, the first definition wins.
func (p *parser) define(name string, v pval, pos graph.Pos) {
	if _, dup := p.consts[name]; dup {
		return
	}
	v.pos = pos
	p.consts[name] = v
	p.constants = append(p.constants, graph.Constant{Name: name, Value: graphValue(v), Pos: pos})
}

// ifStmt reads if (cond) stmt [elseif (cond) stmt]* [else stmt]. The condition
// must be decidable without running the game: defined(...), true, false and
// their combinations. A constant from another file counts as not defined.
func (p *parser) ifStmt() error {
	taken := false
	for {
		// at "if" or "elseif"
		ifPos := p.tok.pos
		if err := p.next(); err != nil {
			return err
		}
		if err := p.expect("("); err != nil {
			return err
		}
		cond, err := p.expr()
		if err != nil {
			return err
		}
		if err := p.expect(")"); err != nil {
			return err
		}
		b, ok := truth(cond)
		if !ok {
			return p.notDeclarative(ifPos, "if on a run-time condition")
		}
		if err := p.branch(b && !taken); err != nil {
			return err
		}
		taken = taken || b
		switch {
		case p.isKeyword("elseif"):
			continue
		case p.isKeyword("else"):
			pk, err := p.peek()
			if err != nil {
				return err
			}
			if pk.kind == tIdent && strings.EqualFold(pk.text, "if") {
				if err := p.next(); err != nil {
					return err
				}
				continue
			}
			if err := p.next(); err != nil {
				return err
			}
			return p.branch(!taken)
		}
		return nil
	}
}

func (p *parser) branch(run bool) error {
	if p.is(":") {
		return p.errorf(p.tok.pos, "the alternative if syntax (if: ... endif;) is not supported")
	}
	if run {
		return p.statement()
	}
	return p.skipStatement()
}

// truth returns the boolean value of a decided condition.
func truth(v pval) (bool, bool) {
	switch v.k {
	case pBool:
		return v.b, true
	case pNull:
		return false, true
	case pInt:
		return v.i != 0, true
	case pString:
		return v.s != "" && v.s != "0", true
	}
	return false, false
}

// assignment reads $x = expr; $x[k]...[k] = expr; $x[] = expr; $x += expr;
func (p *parser) assignment() error {
	vtok := p.tok
	if vtok.text == "this" {
		return p.thisUse()
	}
	if err := p.next(); err != nil {
		return err
	}
	var path []pval // index keys; a zero pval with k == pNull and name "[]" means push
	var pathPos []graph.Pos
	if root, ok := p.vars[vtok.text]; ok && p.propertyFetch(root) {
		// $state->possibleActions[] = ...: a property of a built state is
		// the key of its array.
		if err := p.next(); err != nil {
			return err
		}
		prop := p.tok
		key, known := stateProperty(prop.text)
		if !known {
			return p.errorf(prop.pos, "a state GameStateBuilder built has no property %s", prop.text)
		}
		path = append(path, pval{k: pString, s: key, pos: prop.pos})
		pathPos = append(pathPos, prop.pos)
		if err := p.next(); err != nil {
			return err
		}
	}
	for p.is("[") {
		pos := p.tok.pos
		if err := p.next(); err != nil {
			return err
		}
		if p.is("]") {
			path = append(path, pval{name: "[]"})
			pathPos = append(pathPos, pos)
			if err := p.next(); err != nil {
				return err
			}
			continue
		}
		k, err := p.expr()
		if err != nil {
			return err
		}
		if err := p.expect("]"); err != nil {
			return err
		}
		path = append(path, k)
		pathPos = append(pathPos, pos)
	}
	if p.is("->") || p.is("?->") || p.is("::") || p.is("(") {
		return p.notDeclarative(vtok.pos, "call to "+p.callText(vtok))
	}
	op := p.tok
	if !(p.is("=") || p.is("+=") || p.is(".=")) {
		if p.tok.kind == tPunct && strings.HasSuffix(p.tok.text, "=") || p.is("++") || p.is("--") {
			return p.notDeclarative(op.pos, "computed assignment "+op.text)
		}
		return p.unexpected(`"="`)
	}
	if err := p.next(); err != nil {
		return err
	}
	if p.is("&") {
		return p.errorf(p.tok.pos, "assignment by reference is not supported")
	}
	v, err := p.expr()
	if err != nil {
		return err
	}
	if err := p.endStatement(); err != nil {
		return err
	}
	name := vtok.text
	if len(path) == 0 {
		if op.text != "=" {
			old, ok := p.vars[name]
			if !ok {
				return p.errorf(vtok.pos, "undefined variable $%s", name)
			}
			nv, err := p.binary(op.text[:1], old, v, op.pos)
			if err != nil {
				return err
			}
			v = nv
		}
		p.vars[name] = v
		return nil
	}
	// $x[k1]...[kn] = v: follow the path through arrays, creating missing ones.
	root, ok := p.vars[name]
	if !ok || root.k == pNull {
		root = pval{k: pArray, arr: newArray(), pos: vtok.pos}
	}
	if root.k != pArray {
		return p.notDeclarative(vtok.pos, "assignment into $"+name+", which is "+root.describe())
	}
	cur := root.arr
	for i, k := range path {
		last := i == len(path)-1
		if k.name == "[]" && k.k == pNull {
			if !last {
				return p.notDeclarative(pathPos[i], "assignment to $"+name+"[][...]")
			}
			if op.text != "=" {
				return p.notDeclarative(op.pos, "computed assignment "+op.text)
			}
			cur.push(v)
			break
		}
		if k.k == pArray || k.k == pBuilder {
			return p.notDeclarative(pathPos[i], "assignment to $"+name+" with a computed key")
		}
		if last {
			if op.text != "=" {
				old, found := cur.get(k)
				if !found {
					return p.errorf(pathPos[i], "undefined array key in $%s", name)
				}
				nv, err := p.binary(op.text[:1], old, v, op.pos)
				if err != nil {
					return err
				}
				v = nv
			}
			if !cur.set(k, v) {
				return p.notDeclarative(pathPos[i], "assignment to $"+name+" with a computed key")
			}
			break
		}
		child, found := cur.get(k)
		if !found || child.k == pNull {
			// PHP makes a missing entry, or a null one, an array.
			child = pval{k: pArray, arr: newArray(), pos: k.pos}
			cur.set(k, child)
		}
		if child.k != pArray {
			return p.notDeclarative(pathPos[i], "assignment into "+child.describe()+" of $"+name)
		}
		cur = child.arr
	}
	p.vars[name] = root
	return nil
}

// callText renders "$var->method()" for error messages, reading ahead over
// the chain of -> and :: names.
func (p *parser) callText(start token) string {
	var b strings.Builder
	b.WriteString("$" + start.text)
	for i := 0; i < 8; i++ {
		switch {
		case p.is("->") || p.is("?->") || p.is("::"):
			b.WriteString(p.tok.text)
		case p.tok.kind == tIdent:
			b.WriteString(p.tok.text)
		case p.is("("):
			b.WriteString("()")
			return b.String()
		default:
			return b.String()
		}
		if p.next() != nil {
			return b.String()
		}
	}
	return b.String()
}

// thisUse reports any use of $this: the file reaches into the game object.
func (p *parser) thisUse() error {
	start := p.tok
	if err := p.next(); err != nil {
		return err
	}
	if p.is("->") || p.is("?->") {
		return p.notDeclarative(start.pos, "call to "+p.callText(start))
	}
	return p.notDeclarative(start.pos, "use of $this")
}
