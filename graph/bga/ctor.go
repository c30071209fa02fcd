package bga

import (
	"strings"

	"github.com/rulestudio/studio/graph"
)

// argVal is an argument value and the file it was written in (where its names
// resolve).
type argVal struct {
	val pval
	f   *phpFile
}

// ownedMethod is a method and the class (or trait) that declares it.
type ownedMethod struct {
	m     *phpMethod
	owner *phpClass
}

// findMethod returns the method name of c as PHP finds it: c's own, then its
// traits', then its parents' (classes of the game only; GameState's own
// methods are the framework's).
func (g *game) findMethod(c *phpClass, name string) *ownedMethod {
	for depth := 0; c != nil && depth < 20; depth++ {
		if m := g.ownMethod(c, name, 0); m != nil {
			return m
		}
		c, _ = g.parent(c)
	}
	return nil
}

// ownMethod looks name up in c and the traits it uses.
func (g *game) ownMethod(c *phpClass, name string, depth int) *ownedMethod {
	if m := c.method(name); m != nil {
		return &ownedMethod{m, c}
	}
	if depth > 10 {
		return nil
	}
	for _, t := range c.traits {
		if tc := g.class(c.file.resolveClass(t)); tc != nil {
			if m := g.ownMethod(tc, name, depth+1); m != nil {
				return m
			}
		}
	}
	return nil
}

// allMethods lists the methods of c and what it inherits (own first, then
// traits', then parents'), each name once.
func (g *game) allMethods(c *phpClass) []ownedMethod {
	var out []ownedMethod
	seen := map[string]bool{}
	var add func(c *phpClass, depth int)
	add = func(c *phpClass, depth int) {
		for _, m := range c.methods {
			if key := strings.ToLower(m.name); !seen[key] {
				seen[key] = true
				out = append(out, ownedMethod{m, c})
			}
		}
		if depth > 10 {
			return
		}
		for _, t := range c.traits {
			if tc := g.class(c.file.resolveClass(t)); tc != nil {
				add(tc, depth+1)
			}
		}
	}
	for depth := 0; c != nil && depth < 20; depth++ {
		add(c, 0)
		c, _ = g.parent(c)
	}
	return out
}

// gameStateArgs follows the constructors from c up to GameState's and returns
// the named arguments that reach it. The framework builds a state with
// new C($game); a base class of the game may take parameters of its own and
// pass some through (id: $id), which are followed.
func (g *game) gameStateArgs(c *phpClass) (map[string]argVal, error) {
	var bound map[string]argVal // nil: the framework's call, new C($game)
	cls := c
	for depth := 0; depth < 20; depth++ {
		ctor := g.findMethod(cls, "__construct")
		if ctor == nil {
			return nil, posErrorf(c.file.path, c.pos, "class %s: no constructor passes its id and type to GameState's", c.name)
		}
		f := ctor.owner.file
		if bound == nil {
			var err error
			if bound, err = g.bind(ctor, []callArg{{val: argVal{val: pval{k: pConst, s: "$game"}, f: f}}}); err != nil {
				return nil, err
			}
		}
		open := parentCall(f.toks, ctor.m.body)
		if open < 0 {
			return nil, posErrorf(f.path, ctor.m.pos, "class %s: the constructor of %s does not call parent::__construct(...)", c.name, ctor.owner.name)
		}
		args, err := g.callArgs(f, open, bound)
		if err != nil {
			return nil, err
		}
		parent, fqn := g.parent(ctor.owner)
		if strings.EqualFold(fqn, gameStateClass) {
			out := map[string]argVal{}
			for i, a := range args {
				switch {
				case a.name != "":
					out[a.name] = a.val
				case i == 0:
					out["game"] = a.val
				default:
					return nil, posErrorf(f.path, a.val.val.pos, "class %s: write the arguments of GameState's constructor after $game as named arguments (id: ..., type: ...)", c.name)
				}
			}
			return out, nil
		}
		if parent == nil {
			return nil, posErrorf(f.path, ctor.owner.pos, "class %s: %s is not in sight", c.name, fqn)
		}
		pctor := g.findMethod(parent, "__construct")
		if pctor == nil {
			return nil, posErrorf(parent.file.path, parent.pos, "class %s: %s has no constructor", c.name, parent.name)
		}
		if bound, err = g.bind(pctor, args); err != nil {
			return nil, err
		}
		cls = parent
	}
	return nil, posErrorf(c.file.path, c.pos, "class %s: too many base classes", c.name)
}

// callArg is one argument of a call: its name when named.
type callArg struct {
	name string
	val  argVal
}

// parentCall returns the index of the "(" of parent::__construct( in the body
// range, or -1.
func parentCall(toks []token, body [2]int) int {
	for i := body[0]; i >= 0 && i+3 < body[1]; i++ {
		if toks[i].kind == tIdent && strings.EqualFold(toks[i].text, "parent") && isPunct(toks[i+1], "::") &&
			toks[i+2].kind == tIdent && strings.EqualFold(toks[i+2].text, "__construct") && isPunct(toks[i+3], "(") {
			return i + 3
		}
	}
	return -1
}

// callArgs evaluates the arguments of the call whose "(" is f.toks[open], with
// the variables of bound. An argument that is just a parameter ($id, or
// $id->value of an enum case) keeps where its value was written.
func (g *game) callArgs(f *phpFile, open int, bound map[string]argVal) ([]callArg, error) {
	end := matching(f.toks, open, len(f.toks))
	var out []callArg
	start := open + 1
	for start < end {
		stop := start
		depth := 0
		for ; stop < end; stop++ {
			t := f.toks[stop]
			if t.kind != tPunct {
				continue
			}
			if t.text == "(" || t.text == "[" || t.text == "{" {
				depth++
			} else if t.text == ")" || t.text == "]" || t.text == "}" {
				depth--
			} else if t.text == "," && depth == 0 {
				break
			}
		}
		a := callArg{}
		from := start
		if f.toks[from].kind == tIdent && from+1 < stop && isPunct(f.toks[from+1], ":") {
			a.name = f.toks[from].text
			from += 2
		}
		if from < stop && isPunct(f.toks[from], "...") {
			return nil, posErrorf(f.path, f.toks[from].pos, "argument unpacking (...) in parent::__construct() is not supported")
		}
		if from < stop {
			v, err := g.argValue(f, from, stop, bound)
			if err != nil {
				return nil, err
			}
			a.val = v
			out = append(out, a)
		}
		start = stop + 1
	}
	return out, nil
}

// argValue evaluates f.toks[from:to].
func (g *game) argValue(f *phpFile, from, to int, bound map[string]argVal) (argVal, error) {
	toks := f.toks[from:to]
	if len(toks) >= 1 && toks[0].kind == tVar {
		if b, ok := bound[toks[0].text]; ok {
			switch {
			case len(toks) == 1:
				return b, nil
			case len(toks) == 3 && isPunct(toks[1], "->") && toks[2].kind == tIdent && toks[2].text == "value" && b.val.k == pConst:
				v := b.val
				v.s += "->value"
				return argVal{val: v, f: b.f}, nil
			}
		}
	}
	vars := map[string]pval{}
	for k, b := range bound {
		vars[k] = b.val
	}
	v, err := evalTokens(f, from, to, vars)
	return argVal{val: v, f: f}, err
}

// evalTokens evaluates the expression f.toks[from:to] with variables vars.
func evalTokens(f *phpFile, from, to int, vars map[string]pval) (pval, error) {
	p := newParser(nil, f.path)
	p.php = &phpFile{path: f.path, namespace: f.namespace}
	p.namespace = f.namespace
	p.toks = append(append(make([]token, 0, to-from+1), f.toks[from:to]...), token{kind: tEOF, pos: f.toks[to-1].pos})
	for k, v := range vars {
		p.vars[k] = v
	}
	if err := p.next(); err != nil {
		return pval{}, err
	}
	v, err := p.expr()
	if err != nil {
		return v, err
	}
	if p.tok.kind != tEOF {
		return v, p.unexpected("the end of the argument")
	}
	return v, nil
}

// bind gives the parameters of the constructor ctor the values of args
// (positional, then named), or their defaults.
func (g *game) bind(ctor *ownedMethod, args []callArg) (map[string]argVal, error) {
	f := ctor.owner.file
	out := map[string]argVal{}
	for i, a := range args {
		if a.name == "" {
			if i < len(ctor.m.params) {
				out[ctor.m.params[i].name] = a.val
			}
			continue
		}
		known := false
		for _, par := range ctor.m.params {
			known = known || par.name == a.name
		}
		if !known {
			return nil, posErrorf(a.val.f.path, a.val.val.pos, "%s's constructor has no parameter $%s", ctor.owner.name, a.name)
		}
		out[a.name] = a.val
	}
	for _, par := range ctor.m.params {
		if _, ok := out[par.name]; ok || par.def[0] < 0 {
			continue
		}
		v, err := evalTokens(f, par.def[0], par.def[1], nil)
		if err != nil {
			return nil, err
		}
		out[par.name] = argVal{val: v, f: f}
	}
	return out, nil
}

// constant resolves a constant written in f (inside class self): its name as
// the pack keeps it and its value. A leading backslash is dropped (\ST_X is
// ST_X); self::X and static::X become Class::X. found is false when the
// definition is not in sight.
func (g *game) constant(f *phpFile, self *phpClass, written string) (name string, val pval, found bool) {
	name = strings.TrimPrefix(written, `\`)
	if cls, member, ok := strings.Cut(written, "::"); ok {
		name = lastSegment(cls) + "::" + member // \Bga\Games\X\Ids::A is kept as Ids::A
	}
	for depth := 0; depth < 8; depth++ {
		val, found = g.lookupConst(f, self, written)
		if !found || val.k != pConst || val.s == written {
			break
		}
		// A constant defined as another constant: follow it in the same file.
		written = val.s
		var next pval
		if next, found = g.lookupConst(f, self, written); !found {
			return g.normalName(self, name), val, false
		}
		val = next
		if val.k != pConst {
			break
		}
	}
	return g.normalName(self, name), val, found
}

// normalName writes self::X and static::X as Class::X.
func (g *game) normalName(self *phpClass, name string) string {
	if cls, member, ok := strings.Cut(name, "::"); ok && self != nil && (strings.EqualFold(cls, "self") || strings.EqualFold(cls, "static")) {
		return self.name + "::" + member
	}
	return name
}

// lookupConst finds one constant: Class::X (and Class::X->value of an enum)
// in the class and its parents, X in f's namespace and then globally.
func (g *game) lookupConst(f *phpFile, self *phpClass, name string) (pval, bool) {
	if cls, member, ok := strings.Cut(name, "::"); ok {
		c := self
		if !isSelf(cls) {
			c = g.class(f.resolveClass(cls))
		} else if strings.EqualFold(cls, "parent") && self != nil {
			c, _ = g.parent(self)
		}
		for depth := 0; c != nil && depth < 20; depth++ {
			if v, ok := c.consts[member]; ok {
				return v, true
			}
			c, _ = g.parent(c)
		}
		return pval{}, false
	}
	name = strings.TrimPrefix(name, `\`)
	if f.namespace != "" && !strings.Contains(name, `\`) {
		if c, ok := g.consts[f.namespace+`\`+name]; ok {
			return c.val, true
		}
	}
	if c, ok := g.consts[name]; ok {
		return c.val, true
	}
	return pval{}, false
}

// idOf reads a state id written in f inside class self: an integer, a
// constant (kept by name; its value goes to the pack's constants when in
// sight) or X::class of a state class.
func (g *game) idOf(f *phpFile, self *phpClass, v pval, what string) (graph.StateID, error) {
	if cls, ok := strings.CutSuffix(v.name, "::class"); ok {
		target := g.stateClass(f, self, cls)
		if target == nil {
			return graph.StateID{}, posErrorf(f.path, v.pos, "%s: %s::class is not a State class of this game", what, cls)
		}
		return target.s.ID, nil
	}
	written := v.name
	if written == "" && v.k == pConst {
		written = v.s
	}
	if written != "" {
		name, val, found := g.constant(f, self, written)
		if found && val.k == pInt {
			g.use(name, val, f)
		}
		return graph.ConstID(name), nil
	}
	switch v.k {
	case pInt:
		return graph.NumID(int(v.i)), nil
	case pString:
		if n, ok := intKey(v.s); ok {
			return graph.NumID(int(n)), nil
		}
	}
	return graph.StateID{}, posErrorf(f.path, v.pos, "%s must be a state id (an integer, a constant or X::class), not %s", what, v.describe())
}

// use records that the pack needs constant name (an id).
func (g *game) use(name string, val pval, f *phpFile) {
	if g.usedSet[name] {
		for _, c := range g.used {
			if c.Name == name && c.Value.Int != val.i {
				g.warn(f.path, val.pos, "constant %s is %d here but %d elsewhere; the pack keeps %d", name, val.i, c.Value.Int, c.Value.Int)
			}
		}
		return
	}
	g.usedSet[name] = true
	g.used = append(g.used, graph.Constant{Name: name, Value: graph.Value{Kind: graph.IntValue, Int: val.i}, Pos: val.pos})
}

// stateClass returns the state of the class written cls in f (inside self).
func (g *game) stateClass(f *phpFile, self *phpClass, cls string) *classState {
	var c *phpClass
	if strings.EqualFold(cls, "self") || strings.EqualFold(cls, "static") {
		c = self
	} else {
		c = g.class(f.resolveClass(cls))
	}
	if c == nil {
		return nil
	}
	return g.byClass[c]
}
