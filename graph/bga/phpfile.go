package bga

import (
	"strings"

	"github.com/rulestudio/studio/graph"
)

// phpFile is what the State-class reader takes from one PHP file: its
// namespace and imports, the constants it defines and the classes, traits and
// enums it declares. Method bodies are not evaluated: a method keeps the range
// of its body's tokens, which is scanned for what it returns (returns.go).
type phpFile struct {
	path      string // as shown in messages
	namespace string
	uses      map[string]string // lower-case alias => fully qualified class name
	consts    []fileConst       // const and define(), in order
	classes   []*phpClass
	requires  []string // require/include paths, __DIR__ kept as a prefix
	toks      []token
}

// fileConst is a constant defined at the top of a file: const X = ... in a
// namespace is that namespace's (fqn N\X), define() and const outside a
// namespace are global.
type fileConst struct {
	fqn string
	val pval
	pos graph.Pos
}

// classKind says what a class-like declaration is.
type classKind uint8

const (
	kClass classKind = iota
	kAbstract
	kTrait
	kInterface
	kEnum
)

// phpClass is a class, trait, interface or enum declaration.
type phpClass struct {
	file    *phpFile
	name    string // as declared
	fqn     string // namespace\name
	kind    classKind
	extends string // the parent class as written ("" for none)
	pos     graph.Pos
	consts  map[string]pval // class constants and enum cases (a case X is "X->value" too)
	methods []*phpMethod    // in source order
	traits  []string        // used traits, as written
}

// phpMethod is a method declaration.
type phpMethod struct {
	name   string
	pos    graph.Pos
	attrs  []string // attribute class names as written (PossibleAction, ...)
	params []phpParam
	body   [2]int // token range of the body, braces excluded; body[0] < 0 for an abstract method
}

// phpParam is one parameter: its name and, when it has one, the token range
// of its default value.
type phpParam struct {
	name string
	def  [2]int // def[0] < 0: no default
	pos  graph.Pos
}

// method returns the method named name (PHP method names ignore case).
func (c *phpClass) method(name string) *phpMethod {
	for _, m := range c.methods {
		if strings.EqualFold(m.name, name) {
			return m
		}
	}
	return nil
}

// hasAttr reports whether m carries the attribute named name (by its last
// name segment, ignoring case).
func (m *phpMethod) hasAttr(name string) bool {
	for _, a := range m.attrs {
		if strings.EqualFold(lastSegment(a), name) {
			return true
		}
	}
	return false
}

// lastSegment returns the part of a name after its last backslash.
func lastSegment(name string) string {
	if i := strings.LastIndexByte(name, '\\'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// resolveClass returns the fully qualified name of a class name written in f,
// as PHP resolves it: a leading backslash is already qualified, the first
// segment may be an imported alias, anything else is in f's namespace.
// self, static and parent stay as they are.
func (f *phpFile) resolveClass(name string) string {
	if rest, ok := strings.CutPrefix(name, `\`); ok {
		return rest
	}
	switch strings.ToLower(name) {
	case "self", "static", "parent":
		return strings.ToLower(name)
	}
	first, rest, qualified := strings.Cut(name, `\`)
	if full, ok := f.uses[strings.ToLower(first)]; ok {
		if qualified {
			return full + `\` + rest
		}
		return full
	}
	if f.namespace == "" {
		return name
	}
	return f.namespace + `\` + name
}

// parseUses turns the use declarations of a file (as useText writes them) into
// its alias table. use function and use const import no class and are skipped.
func parseUses(decls []string) map[string]string {
	out := map[string]string{}
	add := func(full string) {
		full = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(full), `\`))
		alias := lastSegment(full)
		if name, as, ok := strings.Cut(full, " as "); ok {
			full, alias = strings.TrimSpace(name), strings.TrimSpace(as)
		}
		if full != "" {
			out[strings.ToLower(alias)] = full
		}
	}
	for _, d := range decls {
		lower := strings.ToLower(d)
		if strings.HasPrefix(lower, "function ") || strings.HasPrefix(lower, "const ") {
			continue
		}
		for _, part := range splitTop(d) {
			prefix, group, ok := strings.Cut(part, "{")
			if !ok {
				add(part)
				continue
			}
			for _, g := range strings.Split(strings.TrimSuffix(strings.TrimSpace(group), "}"), ",") {
				if g = strings.TrimSpace(g); g != "" {
					add(prefix + g)
				}
			}
		}
	}
	return out
}

// splitTop splits a use declaration at the commas outside braces.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// parsePHPFile reads the declarations of a State-class file (or of a file of
// constants, an enum, a base class). The statements around the classes are
// read like a states.inc.php: namespace, use, declare, require, const,
// define(), if (!defined(...)).
func parsePHPFile(src []byte, path string) (*phpFile, error) {
	p := newParser(src, path)
	p.lx.code = true
	f := &phpFile{path: path}
	p.php = f
	if err := p.parseFile(); err != nil {
		return nil, err
	}
	f.namespace = p.namespace
	f.uses = parseUses(p.uses)
	f.requires = p.requires
	f.toks = p.toks
	return f, nil
}

// declKeywords start a declaration in a State-class file.
var declKeywords = map[string]bool{
	"class": true, "abstract": true, "final": true, "readonly": true,
	"trait": true, "interface": true, "enum": true, "function": true,
}

// declaration reads a class, trait, interface or enum declaration, with the
// attributes before it; a function declaration is skipped.
func (p *parser) declaration() error {
	if err := p.skipAttributes(nil); err != nil {
		return err
	}
	kind := kClass
	for p.isKeyword("abstract") || p.isKeyword("final") || p.isKeyword("readonly") {
		if p.isKeyword("abstract") {
			kind = kAbstract
		}
		if err := p.next(); err != nil {
			return err
		}
	}
	switch {
	case p.isKeyword("class"):
	case p.isKeyword("trait"):
		kind = kTrait
	case p.isKeyword("interface"):
		kind = kInterface
	case p.isKeyword("enum"):
		kind = kEnum
	case p.isKeyword("function"):
		if _, err := p.function(nil); err != nil {
			return err
		}
		return nil
	default:
		return p.unexpected("a class declaration")
	}
	c := &phpClass{file: p.php, kind: kind, consts: map[string]pval{}}
	if err := p.classHeader(c); err != nil {
		return err
	}
	for !p.is("}") {
		if p.tok.kind == tEOF {
			return p.unexpected(`"}"`)
		}
		if err := p.member(c); err != nil {
			return err
		}
	}
	p.php.classes = append(p.php.classes, c)
	return p.next()
}

// classHeader reads "Name [: type] [extends X] [implements A, B] {" after the
// class keyword.
func (p *parser) classHeader(c *phpClass) error {
	if err := p.next(); err != nil {
		return err
	}
	if p.tok.kind != tIdent {
		return p.unexpected("a class name")
	}
	c.name, c.pos = p.tok.text, p.tok.pos
	c.fqn = c.name
	if p.namespace != "" {
		c.fqn = p.namespace + `\` + c.name
	}
	if err := p.next(); err != nil {
		return err
	}
	for !p.is("{") {
		switch {
		case p.tok.kind == tEOF:
			return p.unexpected(`"{"`)
		case p.isKeyword("extends") && c.kind != kInterface:
			if err := p.next(); err != nil {
				return err
			}
			if p.tok.kind != tIdent {
				return p.unexpected("a class name")
			}
			c.extends = p.tok.text
		}
		if err := p.next(); err != nil {
			return err
		}
	}
	return p.next()
}

// skipAttributes moves over #[...] groups, adding their attribute names to
// *names when names is not nil.
func (p *parser) skipAttributes(names *[]string) error {
	for p.is("#[") {
		if err := p.next(); err != nil {
			return err
		}
		depth, expectName := 0, true
		for depth > 0 || !p.is("]") {
			switch {
			case p.tok.kind == tEOF:
				return p.unexpected(`"]"`)
			case p.is("(") || p.is("[") || p.is("#["):
				depth++
			case p.is(")") || p.is("]"):
				depth--
			case depth == 0 && p.is(","):
				expectName = true
			case depth == 0 && expectName && p.tok.kind == tIdent:
				if names != nil {
					*names = append(*names, p.tok.text)
				}
				expectName = false
			}
			if err := p.next(); err != nil {
				return err
			}
		}
		if err := p.next(); err != nil {
			return err
		}
	}
	return nil
}

// memberModifiers may come before a class member.
var memberModifiers = map[string]bool{
	"public": true, "protected": true, "private": true, "static": true, "abstract": true,
	"final": true, "readonly": true, "var": true,
}

// member reads one class member: a constant, an enum case, a used trait, a
// method or a property.
func (p *parser) member(c *phpClass) error {
	var attrs []string
	if err := p.skipAttributes(&attrs); err != nil {
		return err
	}
	for p.tok.kind == tIdent && memberModifiers[strings.ToLower(p.tok.text)] {
		if err := p.next(); err != nil {
			return err
		}
	}
	switch {
	case p.isKeyword("function"):
		m, err := p.function(attrs)
		if err != nil {
			return err
		}
		c.methods = append(c.methods, m)
		return nil
	case p.isKeyword("const"):
		return p.classConsts(c)
	case p.isKeyword("case") && c.kind == kEnum:
		return p.enumCase(c)
	case p.isKeyword("use"):
		for {
			if err := p.next(); err != nil {
				return err
			}
			if p.tok.kind != tIdent {
				return p.unexpected("a trait name")
			}
			c.traits = append(c.traits, p.tok.text)
			if err := p.next(); err != nil {
				return err
			}
			if !p.is(",") {
				break
			}
		}
		if p.is("{") { // conflict resolution block
			return p.skipPlain()
		}
		return p.expect(";")
	case p.is(";"):
		return p.next()
	}
	// A property: [type] $name [= value], ...;
	return p.skipPlain()
}

// classConsts reads const [type] NAME = value, ...; into c.consts. A value the
// importer cannot evaluate is kept as the constant's own name.
func (p *parser) classConsts(c *phpClass) error {
	for {
		if err := p.next(); err != nil {
			return err
		}
		// An optional type before the name (PHP 8.3): two names in a row.
		if pk, err := p.peek(); err != nil {
			return err
		} else if p.tok.kind == tIdent && pk.kind == tIdent {
			if err := p.next(); err != nil {
				return err
			}
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
		v, err := p.memberValue(c.name + "::" + name.text)
		if err != nil {
			return err
		}
		v.pos = name.pos
		c.consts[name.text] = v
		if !p.is(",") {
			return p.expect(";")
		}
	}
}

// enumCase reads case NAME [= value]; of a backed enum. The case is kept
// under NAME (itself) and NAME->value (its value).
func (p *parser) enumCase(c *phpClass) error {
	if err := p.next(); err != nil {
		return err
	}
	if p.tok.kind != tIdent {
		return p.unexpected("an enum case name")
	}
	name := p.tok
	if err := p.next(); err != nil {
		return err
	}
	c.consts[name.text] = pval{k: pConst, s: c.name + "::" + name.text, pos: name.pos}
	if p.is("=") {
		if err := p.next(); err != nil {
			return err
		}
		v, err := p.memberValue(c.name + "::" + name.text + "->value")
		if err != nil {
			return err
		}
		v.pos = name.pos
		c.consts[name.text+"->value"] = v
	}
	return p.expect(";")
}

// memberValue evaluates a constant's value up to the next "," or ";" at the
// top level. What the importer cannot evaluate (a call, an expression on
// other constants) becomes the symbol self, and the tokens are skipped.
func (p *parser) memberValue(self string) (pval, error) {
	start := p.mark()
	v, err := p.expr()
	if err == nil && (p.is(",") || p.is(";")) {
		return v, nil
	}
	p.reset(start)
	depth := 0
	for depth > 0 || !(p.is(",") || p.is(";")) {
		switch {
		case p.tok.kind == tEOF:
			return pval{}, p.unexpected(`";"`)
		case p.is("(") || p.is("[") || p.is("{"):
			depth++
		case p.is(")") || p.is("]") || p.is("}"):
			depth--
		}
		if err := p.next(); err != nil {
			return pval{}, err
		}
	}
	return pval{k: pConst, s: self, pos: p.toks[start].pos}, nil
}

// function reads function name(params) [: type] { body } (or ; when
// abstract). The body is skipped; its token range is kept.
func (p *parser) function(attrs []string) (*phpMethod, error) {
	if err := p.next(); err != nil {
		return nil, err
	}
	if p.is("&") {
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	if p.tok.kind != tIdent {
		return nil, p.unexpected("a function name")
	}
	m := &phpMethod{name: p.tok.text, pos: p.tok.pos, attrs: attrs, body: [2]int{-1, -1}}
	if err := p.next(); err != nil {
		return nil, err
	}
	if err := p.params(m); err != nil {
		return nil, err
	}
	for !p.is("{") && !p.is(";") { // return type
		if p.tok.kind == tEOF {
			return nil, p.unexpected(`"{"`)
		}
		if err := p.next(); err != nil {
			return nil, err
		}
	}
	if p.is(";") {
		return m, p.next()
	}
	m.body[0] = p.ti // the token after "{"
	if err := p.skipPlain(); err != nil {
		return nil, err
	}
	m.body[1] = p.mark() - 1 // the closing "}"
	return m, nil
}

// params reads a parameter list: ( [#[...]] [modifiers] [type] [&] [...]$name [= default], ... ).
func (p *parser) params(m *phpMethod) error {
	if err := p.expect("("); err != nil {
		return err
	}
	for !p.is(")") {
		if err := p.skipAttributes(nil); err != nil {
			return err
		}
		par := phpParam{def: [2]int{-1, -1}}
		for p.tok.kind != tVar {
			if p.tok.kind == tEOF || p.is(")") || p.is(",") {
				return p.unexpected("a parameter")
			}
			if err := p.next(); err != nil {
				return err
			}
		}
		par.name, par.pos = p.tok.text, p.tok.pos
		if err := p.next(); err != nil {
			return err
		}
		if p.is("=") {
			if err := p.next(); err != nil {
				return err
			}
			par.def[0] = p.mark()
			depth := 0
			for depth > 0 || !(p.is(",") || p.is(")")) {
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
			}
			par.def[1] = p.mark()
		}
		m.params = append(m.params, par)
		if !p.is(",") {
			break
		}
		if err := p.next(); err != nil {
			return err
		}
	}
	return p.expect(")")
}
