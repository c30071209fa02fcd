package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// ctype is a compiled object type.
type ctype struct {
	t        *graph.ObjectType
	name     string
	idx      int
	c        *cclauses
	varIdx   map[string]int
	attrs    []attr // properties and variables: what an attribute read looks through
	defaults []starlark.Value
	tags     uint64
}

// cclauses are the compiled clauses of an object type or of a state.
type cclauses struct {
	props    map[string]*hook
	methods  map[string]*cmethod
	while    []*cwhile
	whenever []*ctrigger
	when     []*ctrigger
}

type cmethod struct {
	m    *graph.Method
	body *hook
}

type cwhile struct {
	w        *graph.While
	path     string // "object_types/elf_lord/while/another-elf"
	name     string // its name, or its number among the while clauses from 1
	state    string // the name of the state whose clause it is ("" for an object type's)
	cond     *hook
	selector *hook
	value    *hook // wrapper of properties and variables (pure; sees value)
	method   *hook // wrapper of methods (sees inner and the method's parameters)
}

type ctrigger struct {
	t    *graph.Trigger
	path string // "object_types/pain_altar/whenever/pain"
	cond *hook
	body *hook
	once bool
	// words name it in a fired body's name: its kind and its name as
	// written, which may be empty ("when ", unlike path's and what's "when 1").
	words string
}

func (c *cclauses) active() bool {
	return c != nil && len(c.while)+len(c.whenever)+len(c.when) > 0
}

// clauses compiles the clauses of an object type or a state; what names
// them in errors ("object type elf"), path in the pack ("object_types/elf",
// "states/3/clauses").
func (c *compiler) clauses(cl *graph.Clauses, what, path string) *cclauses {
	out := &cclauses{props: map[string]*hook{}, methods: map[string]*cmethod{}}
	base := c.place
	defer func() { c.place = base }()
	for _, p := range cl.Properties {
		out.props[p.Name] = c.compileAt(path+"/properties/"+p.Name, p.Body, what+" property "+p.Name, true, nil)
	}
	for _, m := range cl.Methods {
		var names []string
		for _, prm := range m.Params {
			names = append(names, prm.Name)
		}
		c.place = base
		c.place.params, c.place.method = m.Params, m.Name
		out.methods[m.Name] = &cmethod{m: m, body: c.compileAt(path+"/methods/"+m.Name, m.Body, what+" method "+m.Name, false, names)}
	}
	c.place = base
	for i, w := range cl.While {
		name := w.Name
		if name == "" {
			name = fmt.Sprint(i + 1)
		}
		cw := &cwhile{w: w, path: path + "/while/" + name, name: name, state: c.clauseState}
		cw.cond = c.compileAt(cw.path, w.Condition, what+" "+ClauseName("while", name)+" condition", true, nil)
		cw.selector = c.compileAt(cw.path, w.Selector, what+" "+ClauseName("while", name)+" selector", true, nil)
		var mparams []string
		var method *graph.Method
		methodTarget, valueTarget := false, false
		for _, t := range w.Target {
			if m := c.findMethod(t); m != nil {
				methodTarget, method = true, m
				mparams = nil
				for _, prm := range m.Params {
					mparams = append(mparams, prm.Name)
				}
			} else if c.isTag(t) {
				c.p.granted[t] = true
			} else {
				valueTarget = true
			}
		}
		if valueTarget {
			c.place = base
			c.place.value = true
			cw.value = c.compileAt(cw.path, w.Wrapper, what+" "+ClauseName("while", name)+" wrapper", true, nil)
		}
		if methodTarget {
			c.place = base
			c.place.inner, c.place.params = true, method.Params
			cw.method = c.compileAt(cw.path, w.Wrapper, what+" "+ClauseName("while", name)+" wrapper", false, mparams)
		}
		c.place = base
		out.while = append(out.while, cw)
	}
	for i, t := range cl.Whenever {
		c.place = base
		c.place.whenever = t
		out.whenever = append(out.whenever, c.trigger(t, what, "whenever", path+"/whenever/", i, false))
	}
	c.place = base
	for i, t := range cl.When {
		out.when = append(out.when, c.trigger(t, what, "when", path+"/when/", i, true))
	}
	return out
}

// trigger compiles the i-th whenever or when clause t; path ends with the
// clause kind and a slash ("object_types/elf/whenever/").
func (c *compiler) trigger(t *graph.Trigger, what, kind, path string, i int, once bool) *ctrigger {
	name := t.Name
	if name == "" {
		name = fmt.Sprint(i + 1)
	}
	path += name
	return &ctrigger{t: t, once: once, path: path, words: ClauseName(kind, name),
		cond: c.compileAt(path, t.Condition, what+" "+ClauseName(kind, name)+" condition", true, nil),
		body: c.compileAt(path, t.Body, what+" "+ClauseName(kind, name)+" body", false, nil)}
}

func (c *compiler) findMethod(name string) *graph.Method {
	for _, t := range c.p.Pack.ObjectTypes {
		for _, m := range t.Methods {
			if m.Name == name {
				return m
			}
		}
	}
	return nil
}

// prepareTypes computes each type's variable layout and initial tags.
func (p *Program) prepareTypes() {
	for _, t := range p.types {
		t.varIdx = map[string]int{}
		for i, v := range t.t.Variables {
			t.varIdx[v.Name] = i
			var d starlark.Value
			if v.Value != nil {
				d = fromGraphValue(*v.Value)
			} else {
				d = zeroOf(v.Type)
			}
			t.defaults = append(t.defaults, d)
		}
		for _, tag := range t.t.Tags {
			t.tags |= 1 << p.tags[tag]
		}
		for _, v := range t.t.Variables {
			t.attrs = append(t.attrs, attr{v.Name, t.varIdx[v.Name]})
		}
		for _, name := range sortedKeys(t.c.props) {
			if i := slices.IndexFunc(t.attrs, func(a attr) bool { return a.name == name }); i >= 0 {
				t.attrs[i].i = -1 // a property hides a variable of its name
			} else {
				t.attrs = append(t.attrs, attr{name, -1})
			}
		}
	}
}

// attr is a property (i: -1) or a variable (i: its index) of a type. A
// type has a few: comparing names beats hashing them.
type attr struct {
	name string
	i    int
}

// attr looks name up among t's properties and variables.
func (t *ctype) attr(name string) (i int, ok bool) {
	for _, a := range t.attrs {
		if a.name == name {
			return a.i, true
		}
	}
	return 0, false
}

func zeroOf(typ string) starlark.Value {
	switch typ {
	case "int":
		return starlark.MakeInt(0)
	case "float":
		return starlark.Float(0)
	case "bool":
		return starlark.False
	case "string", "str":
		return starlark.String("")
	case "list":
		l := starlark.NewList(nil)
		l.Freeze()
		return l
	}
	return starlark.None
}

// object is a live game object. Objects are copied on write like the rest of
// the match state.
type object struct {
	gen   uint64
	ver   uint64 // version of its variables and tags (reads.go)
	id    int
	typ   *ctype
	vars  []starlark.Value
	extra map[string]starlark.Value // variables assigned but not declared
	tags  uint64
	fired uint64 // when-clauses that fired (and are gone)
}

// wrapInst is an active while-clause wrapper on one target.
type wrapInst struct {
	src    int // object id of the clause's owner; -1-i for state clause of frame i
	clause int
	target int     // object id
	name   string  // property, variable or method
	ts     int     // when it became active
	cw     *cwhile // the clause, for events: a state's frame may have left the stack by the time its wrapper is removed
}

type wrapKey struct {
	src, clause, target int
	name                string
}

func (w wrapInst) key() wrapKey { return wrapKey{w.src, w.clause, w.target, w.name} }

// objIndex returns the index of object id in the state's objects (sorted by id).
func objIndex(objs []*object, id int) int {
	// Ids are handed out in order and objects are seldom destroyed: object
	// id is most often at index id-1.
	if i := min(id, len(objs)) - 1; i >= 0 && objs[i].id == id {
		return i
	}
	i := sort.Search(len(objs), func(i int) bool { return objs[i].id >= id })
	if i < len(objs) && objs[i].id == id {
		return i
	}
	return -1
}

func (m *Match) obj(id int) *object {
	ob := objAt(m.st.objs, id)
	if ob == nil {
		ob = m.lookupIndexed(id)
	}
	if m.rd != nil {
		var ver uint64
		if ob != nil {
			ver = ob.ver
		}
		m.note(rdObject, id, ver)
	}
	return ob
}

func (m *Match) lookup(id int) *object {
	if ob := objAt(m.st.objs, id); ob != nil {
		return ob
	}
	return m.lookupIndexed(id)
}

// objAt returns object id when it is where it most often is, at index
// id-1 of objs (see objIndex), else nil: a look inlined where objects are
// read (a seed-effects game reads one 2,000 times; a call to objIndex was
// a third of the read).
func objAt(objs []*object, id int) *object {
	if i := id - 1; uint(i) < uint(len(objs)) {
		if ob := objs[i]; ob.id == id {
			return ob
		}
	}
	return nil
}

// lookupIndexed is lookup by objIndex, for an id not at its index.
func (m *Match) lookupIndexed(id int) *object {
	if i := objIndex(m.st.objs, id); i >= 0 {
		return m.st.objs[i]
	}
	if m.cur != nil { // inside before(): an object born since reads as it is now
		if i := objIndex(m.cur.objs, id); i >= 0 {
			return m.cur.objs[i]
		}
	}
	return nil
}

func (m *Match) objW(id int) *object {
	s := m.st
	i := objIndex(s.objs, id)
	if i < 0 {
		return nil
	}
	ix := m.keptObjIndex()
	if m.own(ownObjs) {
		s.objs = cloneSlice(s.objs)
	}
	if ix != nil {
		ix.wroteObj(m, id)
	}
	o := s.objs[i]
	if o.gen != s.gen {
		n := newObject(len(o.vars))
		vars := n.vars
		*n = *o
		n.gen, n.vars = s.gen, vars
		copy(vars, o.vars)
		if o.extra != nil {
			n.extra = make(map[string]starlark.Value, len(o.extra))
			for k, v := range o.extra {
				n.extra[k] = v
			}
		}
		s.objs[i] = n
		o = n
	}
	o.ver = m.bump(rdObject, id)
	return o
}

// newObject returns a zero object with k variables, made in its own
// allocation when they are few (an object is copied at every step that
// writes it: one allocation, not two).
func newObject(k int) *object {
	switch {
	case k <= 4:
		b := new(struct {
			object
			a [4]starlark.Value
		})
		b.vars = b.a[:k:k]
		return &b.object
	case k <= 8:
		b := new(struct {
			object
			a [8]starlark.Value
		})
		b.vars = b.a[:k:k]
		return &b.object
	}
	return &object{vars: make([]starlark.Value, k)}
}

// objectValue is a game object as code sees it: its variables (assignable),
// properties and methods (wrappers applied), o.id, o.type, o.has_tag(t),
// o.add_tag(t), o.remove_tag(t).
type objectValue struct {
	m      *Match
	id     int
	tagFns [3]*starlark.Builtin // has_tag, add_tag, remove_tag, made on first use
}

var (
	_ starlark.HasSetField = (*objectValue)(nil)
	_ starlark.Comparable  = (*objectValue)(nil)
)

// objValue returns object id as code sees it: one value per id and match,
// made once (an objectValue holds nothing that changes).
func (m *Match) objValue(id int) starlark.Value {
	for len(m.ovals) <= id {
		m.ovals = append(m.ovals, nil)
	}
	o := m.ovals[id]
	if o == nil {
		o = &objectValue{m: m, id: id}
		m.ovals[id] = o
	}
	return o
}

// String is the object's name and id: "Elf#2", "wood_elf#2", "object#2"
// once destroyed.
func (o *objectValue) String() string { return o.ownName() + "#" + strconv.Itoa(o.id) }

// ownName is the object's name without its id: its name variable when that
// is a string not empty, else its type's name, "object" once destroyed.
func (o *objectValue) ownName() string {
	if ob := o.m.obj(o.id); ob != nil {
		if n, ok := o.m.varOf(ob, "name"); ok {
			if s, ok := n.(starlark.String); ok && s != "" {
				return string(s)
			}
		}
		return ob.typ.name
	}
	return "object"
}

func (o *objectValue) Type() string          { return "object" }
func (o *objectValue) Freeze()               {}
func (o *objectValue) Truth() starlark.Bool  { return true }
func (o *objectValue) Hash() (uint32, error) { return uint32(o.id), nil }
func (o *objectValue) CompareSameType(op syntax.Token, y starlark.Value, depth int) (bool, error) {
	q := y.(*objectValue)
	switch op {
	case syntax.EQL:
		return o.id == q.id, nil
	case syntax.NEQ:
		return o.id != q.id, nil
	}
	return false, fmt.Errorf("objects support only == and !=")
}

func (o *objectValue) AttrNames() []string {
	ob := o.m.obj(o.id)
	if ob == nil {
		return nil
	}
	names := []string{"add_tag", "has_tag", "id", "remove_tag", "type"}
	for _, v := range ob.typ.t.Variables {
		names = append(names, v.Name)
	}
	for k := range ob.typ.c.props {
		names = append(names, k)
	}
	for k := range ob.typ.c.methods {
		names = append(names, k)
	}
	names = append(names, sortedKeys(ob.extra)...)
	sort.Strings(names)
	return names
}

func (m *Match) varOf(ob *object, name string) (starlark.Value, bool) {
	if i, ok := ob.typ.varIdx[name]; ok {
		return ob.vars[i], true
	}
	v, ok := ob.extra[name]
	return v, ok
}

func (o *objectValue) Attr(name string) (starlark.Value, error) {
	m := o.m
	ob := m.obj(o.id)
	if ob == nil {
		return nil, fmt.Errorf("object#%d no longer exists", o.id)
	}
	switch name {
	case "id":
		return starlark.MakeInt(o.id), nil
	case "type":
		return starlark.String(ob.typ.name), nil
	case "has_tag":
		return o.tagMethod(0, name), nil
	case "add_tag":
		return o.tagMethod(1, name), nil
	case "remove_tag":
		return o.tagMethod(2, name), nil
	}
	if i, ok := ob.typ.attr(name); ok && i >= 0 {
		return m.wrapped(o.id, name, m.rebind(ob.vars[i]))
	} else if ok {
		v, err := m.call(ob.typ.c.props[name], m.st.active, o)
		if err != nil {
			return nil, err
		}
		return m.wrapped(o.id, name, v)
	}
	if v, ok := ob.extra[name]; ok {
		return m.wrapped(o.id, name, m.rebind(v))
	}
	if cm, ok := ob.typ.c.methods[name]; ok {
		return m.boundMethod(o, cm), nil
	}
	return nil, nil
}

// tagMethod returns o.has_tag, o.add_tag or o.remove_tag (i: 0, 1, 2), made
// once per object value.
func (o *objectValue) tagMethod(i int, name string) *starlark.Builtin {
	if b := o.tagFns[i]; b != nil {
		return b
	}
	b := starlark.NewBuiltin(name, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		tag, ok := oneString(args, kw)
		if !ok {
			var s string // its own variable: only this rare path makes it escape
			if err := starlark.UnpackPositionalArgs(o.String()+"."+name, args, kw, 1, &s); err != nil {
				return nil, err
			}
			tag = s
		}
		return o.tag(name, tag)
	})
	o.tagFns[i] = b
	return b
}

func (o *objectValue) tag(op, tag string) (starlark.Value, error) {
	m := o.m
	t := m.tagOf(tag)
	bit, known := t.bit, t.known
	switch op {
	case "has_tag":
		ob := m.obj(o.id)
		return starlark.Bool(known && ob != nil && m.hasTagOf(ob, t)), nil
	}
	if m.pure > 0 { // the name is made only for the error
		return nil, m.mutable(o.String() + "." + op)
	}
	if !known {
		if len(m.p.tags) >= 64 {
			return nil, fmt.Errorf("%s: too many tags (64)", op)
		}
		return nil, fmt.Errorf("%s(%q): no object type declares this tag (declare it in an object type's tags)", op, tag)
	}
	ob := m.objW(o.id)
	m.st.memberVer = m.bump(rdMembers, 0)
	if op == "add_tag" {
		ob.tags |= 1 << bit
	} else {
		ob.tags &^= 1 << bit
	}
	m.wrote(FieldTag, o.id, tag)
	if m.rec {
		e := Event{Kind: EvObject, Object: o.id, Field: tag, Detail: op + " " + tag, To: m.tagAudience(ob, bit)}
		if m.texting() {
			e.Name = o.String()
		}
		m.emit(e)
	}
	return starlark.None, nil
}

func (o *objectValue) SetField(name string, v starlark.Value) error {
	m := o.m
	if m.pure > 0 {
		return m.mutable(o.String() + "." + name)
	}
	ob := m.obj(o.id)
	if ob == nil {
		return fmt.Errorf("object#%d no longer exists", o.id)
	}
	// One look through the type's attributes: a property (i < 0, also
	// where it hides a variable of its name), a variable, or neither.
	i, declared := ob.typ.attr(name)
	if declared && i < 0 {
		return fmt.Errorf("%s.%s is a property: only variables can be assigned", o, name)
	}
	if declared {
		if typ := ob.typ.t.Variables[i].Type; !typeFits(typ, v) {
			return fmt.Errorf("%s.%s is declared %s: cannot assign %s %s", o, name, article(typ), article(v.Type()), v)
		}
		if same(ob.vars[i], v) {
			return nil // no change, no event
		}
	} else if old, ok := ob.extra[name]; ok && same(old, v) {
		return nil
	}
	v.Freeze()
	ob = m.objW(o.id)
	if declared {
		ob.vars[i] = v
	} else {
		if ob.extra == nil {
			ob.extra = map[string]starlark.Value{}
		}
		ob.extra[name] = v
	}
	m.wrote(FieldObject, o.id, name)
	if m.rec {
		e := Event{Kind: EvVariable, Object: o.id, Field: name, To: m.objVarAudience(ob, name)}
		if m.texting() {
			e.Name, e.Detail = o.String()+"."+name, v.String()
		}
		m.emitValue(e, v)
	}
	return nil
}

// wrapped applies the active wrappers on (id, name) to a value, oldest first.
func (m *Match) wrapped(id int, name string, v starlark.Value) (starlark.Value, error) {
	if !m.wrapsTarget(id) { // most reads: an object no wrapper is on
		return v, nil
	}
	for _, w := range m.st.wraps {
		if w.target != id || w.name != name {
			continue
		}
		cw, self := m.wrapClause(w)
		if cw == nil || cw.value == nil {
			continue
		}
		var err error
		if v, err = m.callWith(cw.value, self, v, nil); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// wrapsTarget reports whether a wrapper of the present wrappers (in the past
// inside before()) is on object id. It keeps a bit per object id for the
// wrappers it last saw, made again when they are another slice (wrappers are
// never changed in place, see sameSlice).
func (m *Match) wrapsTarget(id int) bool {
	ws := m.st.wraps
	if len(ws) == 0 {
		return false
	}
	sb := m.sb()
	if !sameSlice(ws, sb.wtOf) {
		clear(sb.wtBits)
		for _, w := range ws {
			i := w.target / 64
			for len(sb.wtBits) <= i {
				sb.wtBits = append(sb.wtBits, 0)
			}
			sb.wtBits[i] |= 1 << (w.target % 64)
		}
		sb.wtOf = ws
	}
	i := id / 64
	return id >= 0 && i < len(sb.wtBits) && sb.wtBits[i]&(1<<(id%64)) != 0
}

// wrapClause returns the while clause of a wrapper and its owner as self.
func (m *Match) wrapClause(w wrapInst) (*cwhile, starlark.Value) {
	if w.src >= 0 {
		ob := m.obj(w.src)
		if ob == nil || w.clause >= len(ob.typ.c.while) {
			return nil, nil
		}
		return ob.typ.c.while[w.clause], m.objValue(w.src)
	}
	fi := -1 - w.src
	m.note(rdFrames, 0, m.st.framesVer)
	if fi >= len(m.st.frames) {
		return nil, nil
	}
	f := m.frameAt(fi)
	if f.st.clauses == nil || w.clause >= len(f.st.clauses.while) {
		return nil, nil
	}
	return f.st.clauses.while[w.clause], &paramsValue{m: m, st: f.st, values: f.params}
}

// callWith calls a hook with self, value and inner set.
func (m *Match) callWith(h *hook, self, value, inner starlark.Value, extra ...starlark.Value) (starlark.Value, error) {
	sv, si := m.wrapValue, m.wrapInner
	m.wrapValue, m.wrapInner = value, inner
	v, err := m.call(h, m.st.active, self, extra...)
	m.wrapValue, m.wrapInner = sv, si
	return v, err
}

// boundMethod returns o.name as a callable: the method's body wrapped by every
// active wrapper on it, oldest innermost.
func (m *Match) boundMethod(o *objectValue, cm *cmethod) starlark.Value {
	var call func(th *starlark.Thread, args starlark.Tuple) (starlark.Value, error)
	call = func(th *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		if len(args) != len(cm.m.Params) {
			return nil, fmt.Errorf("%s.%s takes %d arguments, got %d", o, cm.m.Name, len(cm.m.Params), len(args))
		}
		if cm.body == nil {
			return starlark.None, nil
		}
		saved := m.ctx
		if !m.ctx.active {
			m.ctx = bodyCtx{active: true, frame: len(m.st.frames) - 1, seat: m.st.active}
		}
		v, err := m.call(cm.body, m.ctx.seat, o, args...)
		m.ctx = saved
		return v, err
	}
	var trace *[]string // the call going through the wrappers, kept as a MethodCall with the history
	layers := 0
	for _, w := range m.st.wraps {
		if w.target != o.id || w.name != cm.m.Name {
			continue
		}
		cw, self := m.wrapClause(w)
		if cw == nil || cw.method == nil {
			continue
		}
		layers++
		inner := call
		innerFn := starlark.NewBuiltin(cm.m.Name, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			if trace != nil {
				*trace = append(*trace, callText("inner", args))
			}
			return inner(th, args)
		})
		call = func(th *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
			if len(args) != len(cm.m.Params) {
				return nil, fmt.Errorf("%s.%s takes %d arguments, got %d", o, cm.m.Name, len(cm.m.Params), len(args))
			}
			if trace != nil {
				*trace = append(*trace, strings.SplitN(m.wrapLabel(w), " on ", 2)[0])
			}
			return m.callWith(cw.method, self, nil, innerFn, args...)
		}
	}
	keep := layers > 0 && m.hist
	return starlark.NewBuiltin(o.String()+"."+cm.m.Name, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
		if len(kw) > 0 {
			// Keyword arguments by parameter name.
			full := make(starlark.Tuple, len(cm.m.Params))
			copy(full, args)
			for _, kv := range kw {
				k := string(kv[0].(starlark.String))
				found := false
				for i, p := range cm.m.Params {
					if p.Name == k {
						full[i], found = kv[1], true
					}
				}
				if !found {
					return nil, fmt.Errorf("%s: no parameter %q", b.Name(), k)
				}
			}
			args = full
		}
		if keep && trace == nil {
			path := []string{callText(cm.m.Name, args)}
			trace = &path
			defer func() {
				m.calls = append(m.calls, MethodCall{Step: m.st.step + 1, Object: o.id, Method: cm.m.Name, Path: path})
				trace = nil
			}()
		}
		return call(th, args)
	})
}

// fired is a whenever or when clause whose condition holds.
type fired struct {
	order [3]int // seat distance from the active player, object id, clause
	item  execItem
	ob    int // object id for a when clause (0: none)
	bit   uint64
	label string
	cond  *hook          // the condition that held, and the self it held for:
	self  starlark.Value // asked again for its before() values (firedBefore)
}

// settle re-evaluates every while clause in scope, wrapping and unwrapping, and
// pushes every whenever/when clause whose condition holds (SEMANTICS.md "One
// step"). A pass follows the last one's plan when it can (settleplan.go),
// and scans the owners otherwise.
func (m *Match) settle() error {
	if idle, err := m.settleIdle(); idle || err != nil {
		return err
	}
	sb := m.sb()
	ls := &sb.last
	// A plan is followed where the scan would ask what it asked, and the
	// wrappers are those the last pass left (a state put in wholesale
	// forgets the plan as well).
	byPlan := settlePlans && ls.planned && sameSlice(m.st.wraps, sb.lastWraps) && m.sameOwners(ls)
	from := ls.stamp
	ls.ok, ls.planned = false, false // until this pass completes
	sb.log.held(&ls.stamp)           // every answer is known to hold here, or is made here
	m.settlePasses++
	asked := m.evals + m.reused
	fires := sb.firesBuf[:0] // reused: settle runs before every step
	defer func() {
		clear(fires) // no pointer to a past state outlives the step
		sb.firesBuf = fires[:0]
	}()
	var want []wrapInst
	var wantNew bool
	var err error
	if byPlan {
		sb.planPasses++
		fires, want, wantNew, err = m.planPass(sb, from, fires)
	} else {
		fires, want, err = m.scanPass(sb, fires)
		wantNew = true
	}
	if err != nil {
		return err
	}
	if wantNew {
		m.rewrap(want)
		sb.wantBuf, sb.lastWant = sb.lastWant[:0], want
	}
	ls.planned = true
	for i := range fires {
		ls.planned = ls.planned && fires[i].ob == 0 // a when clause fired leaves the plan
	}
	ls.memberVer, ls.framesVer, ls.frameClauses = m.st.memberVer, m.st.framesVer, m.frameClauses()
	if len(fires) == 0 {
		m.keepSettled(m.evals + m.reused - asked)
	}
	m.fire(fires)
	return nil
}

// scanPass asks the clauses of every owner in scope, frames first, then
// objects in id order, appending those that fire to fires, and records
// them as the plan of the next pass (sb.last.plan). It returns the
// wrappers wanted.
func (m *Match) scanPass(sb *settleBufs, fires []fired) ([]fired, []wrapInst, error) {
	plan := sb.last.plan[:0]
	want := sb.wantBuf[:0] // reused: settle runs before every step
	defer func() { sb.last.plan = plan }()
	scan := func(src int, cc *cclauses, self starlark.Value, top int, ob *object) error {
		nw, nwe := len(cc.while), len(cc.while)+len(cc.whenever)
		n := nwe + len(cc.when)
		var err error
		if want, err = m.wantWhile(want, &plan, src, cc, self); err != nil {
			return err
		}
		for ci, tr := range cc.whenever {
			mm := m.memoOf(src, nw+ci, n, tr.cond)
			ok, err := m.holds(mm, src, self)
			if err != nil {
				return err
			}
			plan = append(plan, planEntry{mm: mm, tr: tr, src: src, ci: int32(ci), ord: int32(ci), kind: planWhenever})
			if ok {
				fires = append(fires, m.firedOf(&plan[len(plan)-1], self, top))
			}
		}
		for ci, tr := range cc.when {
			if ob != nil && ob.fired&(1<<ci) != 0 {
				continue
			}
			mm := m.memoOf(src, nwe+ci, n, tr.cond)
			ok, err := m.holds(mm, src, self)
			if err != nil {
				return err
			}
			plan = append(plan, planEntry{mm: mm, tr: tr, src: src, ci: int32(ci), ord: int32(len(cc.whenever) + ci), kind: planWhen})
			if ok {
				fires = append(fires, m.firedOf(&plan[len(plan)-1], self, top))
			}
		}
		return nil
	}
	top := len(m.st.frames) - 1
	for i := range m.st.frames {
		if f := m.frameAt(i); f.st.clauses.active() {
			if err := scan(-1-i, f.st.clauses, &paramsValue{m: m, st: f.st, values: f.params}, top, nil); err != nil {
				return fires, want, err
			}
		}
	}
	for _, ob := range m.st.objs {
		if !ob.typ.c.active() {
			continue
		}
		if err := scan(ob.id, ob.typ.c, m.objValue(ob.id), top, ob); err != nil {
			return fires, want, err
		}
	}
	return fires, want, nil
}

// firedOf is the fire of trigger e, whose condition holds, for its owner
// self; top is the frame an object's body belongs to.
func (m *Match) firedOf(e *planEntry, self starlark.Value, top int) fired {
	tr, src := e.tr, e.src
	frame := top
	var ob *object
	if src < 0 {
		frame = -1 - src
	} else {
		ob = m.lookup(src)
	}
	seat, order := m.firedFor(ob)
	f := fired{order: [3]int{order, max(src, 0), int(e.ord)}, item: execItem{h: tr.body, name: firedName(self, tr), self: max(src, 0), player: seat, frame: frame}, label: tr.t.Condition.Src, cond: tr.cond, self: self}
	if ob != nil && e.kind == planWhen {
		f.ob, f.bit = ob.id, 1<<e.ci
	}
	return f
}

// firedFor returns the seat a body fired by ob's clause (nil: a state's)
// acts for, and its trigger order: its controller's distance from the
// active seat (seats: none; -1: a state's).
func (m *Match) firedFor(ob *object) (seat, order int) {
	if ob == nil {
		return m.st.active, -1
	}
	if v, ok := m.varOf(ob, "controller"); ok {
		if p, ok := v.(*playerValue); ok {
			so := (p.seat - m.st.active + m.seats) % m.seats
			return (m.st.active + so) % m.seats, so
		}
	}
	return m.st.active, m.seats
}

// wantWhile appends to want the wrappers the while clauses cc of one owner
// (src: an object id, or -1-i for the state clauses of frame i; self: what
// they see as self) call for now, in clause and target order, and appends
// their answers to *plan (see scanPass; nil: kept nowhere).
func (m *Match) wantWhile(want []wrapInst, plan *[]planEntry, src int, cc *cclauses, self starlark.Value) ([]wrapInst, error) {
	n := len(cc.while) + len(cc.whenever) + len(cc.when)
	for ci, cw := range cc.while {
		if cw.cond == nil {
			continue
		}
		mm := m.memoOf(src, ci, n, cw.cond)
		targets, err := m.whileTargets(mm, src, cw, self)
		if err != nil {
			return want, err
		}
		if plan != nil {
			*plan = append(*plan, planEntry{mm: mm, cw: cw, src: src, ci: int32(ci), kind: planWhile})
		}
		want = appendWanted(want, src, ci, cw, targets)
	}
	return want, nil
}

// rewrap makes the wrappers those of want: it keeps those still wanted (in
// timestamp order) and adds new ones.
func (m *Match) rewrap(want []wrapInst) {
	// The last settle left the wrappers of its want: when the wrappers are
	// still those and want has not changed, nothing has.
	sb := m.sb()
	if sameSlice(m.st.wraps, sb.lastWraps) && sameKeys(want, sb.lastWant) {
		return
	}
	defer func() { sb.lastWraps = m.st.wraps }()
	if sameWraps(want, m.st.wraps) {
		return
	}
	// keep holds no key twice, all wanted: room for want's is room enough.
	var keep []wrapInst
	if len(want) > 0 {
		keep = make([]wrapInst, 0, len(want))
	}
	// Keys are looked for along the lists, settle's usual few; long ones (a
	// lord over a crowd) through maps made here, have holding keep's.
	wanted := func(k wrapKey) bool { return hasKey(want, k) }
	kept := func(k wrapKey) bool { return hasKey(keep, k) }
	var have map[wrapKey]bool
	if len(want) > 32 {
		set := make(map[wrapKey]bool, len(want))
		for _, w := range want {
			set[w.key()] = true
		}
		have = make(map[wrapKey]bool, len(m.st.wraps))
		wanted = func(k wrapKey) bool { return set[k] }
		kept = func(k wrapKey) bool { return have[k] }
	}
	keepOne := func(w wrapInst) {
		keep = append(keep, w)
		if have != nil {
			have[w.key()] = true
		}
	}
	changed := false
	for _, w := range m.st.wraps {
		if wanted(w.key()) {
			keepOne(w)
		} else {
			changed = true
			if m.rec { // the label is made only for the event
				m.emit(m.wrapEvent(EvWrapRemoved, w))
			}
			m.rewrapped(w)
		}
	}
	for _, w := range want {
		if !kept(w.key()) {
			m.st.nextTS++
			w.ts = m.st.nextTS
			keepOne(w)
			changed = true
			if m.rec {
				m.emit(m.wrapEvent(EvWrapApplied, w))
			}
			m.rewrapped(w)
		}
	}
	if changed {
		m.own(ownWraps)
		m.st.wraps = keep
	}
}

// hasKey reports whether ws holds a wrapper of key k.
func hasKey(ws []wrapInst, k wrapKey) bool {
	for i := range ws {
		if w := &ws[i]; w.src == k.src && w.clause == k.clause && w.target == k.target && w.name == k.name {
			return true
		}
	}
	return false
}

// sameKeys reports whether a and b hold the same wrappers in the same order
// (settle compares what it wants with what it last wanted at every step).
func sameKeys(a, b []wrapInst) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.src != y.src || x.clause != y.clause || x.target != y.target || x.name != y.name {
			return false
		}
	}
	return true
}

// sameSlice reports whether a and b are the same slice (wrappers are never
// changed in place: the same slice holds the same wrappers).
func sameSlice(a, b []wrapInst) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// sameWraps reports whether want (which may repeat a wrapper) holds exactly
// the wrappers of have: then settle changes none.
func sameWraps(want, have []wrapInst) bool {
	if len(want) != len(have) || len(want) > 32 {
		return false
	}
	in := func(k wrapKey, ws []wrapInst) bool {
		for _, w := range ws {
			if w.key() == k {
				return true
			}
		}
		return false
	}
	for i := range want {
		if !in(want[i].key(), have) || !in(have[i].key(), want) {
			return false
		}
	}
	return true
}

// fire pushes the bodies of the clauses that fired, in trigger order.
func (m *Match) fire(fires []fired) {
	if len(fires) == 0 {
		return
	}
	// Stable, as sort.SliceStable was (whose swapper allocated at every fire).
	slices.SortStableFunc(fires, func(a, b fired) int { return slices.Compare(a.order[:], b.order[:]) })
	for _, f := range fires {
		if f.item.h == nil {
			continue
		}
		if m.rec {
			m.emit(Event{Kind: EvClauseFired, Player: f.item.player + 1, Name: f.item.what(), Clause: hookPath(f.item.h), Object: f.item.self, Detail: f.label, Before: m.firedBefore(f)})
		}
		if f.ob != 0 {
			ob := m.objW(f.ob)
			ob.fired |= f.bit
		}
		f.item.past = m.prev
		m.hold(m.prev) // read by the body when it runs
		m.pushExec(f.item)
	}
}

// firedBefore returns what before() answered, in call order, when the
// condition of f held: the past values the trigger compared, for the
// clause_fired event (the debugger's "why it fired"). The condition is
// pure, so asking it again changes nothing; it is asked only for events
// that carry text, of packs that call before().
func (m *Match) firedBefore(f fired) string {
	if !m.texting() || !m.p.usesBefore || f.cond == nil {
		return ""
	}
	var log []string
	m.beforeLog = &log
	_, err := m.truth(f.cond, m.st.active, f.self)
	m.beforeLog = nil
	if err != nil {
		return "" // it held a moment ago: an error now is the budget's, not the rules'
	}
	return strings.Join(log, ", ")
}

// rewrapped gives the target of a wrapper applied or removed a new version:
// reading it now gives another value (reads.go), and a granted tag changes
// what objects() lists.
func (m *Match) rewrapped(w wrapInst) {
	m.objW(w.target) // nil once destroyed: reading it says so
	if m.p.granted[w.name] {
		m.st.memberVer = m.bump(rdMembers, 0)
	}
}

// ClauseName names a clause for people: its kind, then its name, or its
// place among its kind's clauses when it has no name ("while 2"), as the
// callers number them. A name that is itself a word these labels are
// built of is quoted (`whenever "whenever" condition`): the window names a
// new clause after its kind, and "whenever whenever condition" reads as a
// doubled word.
func ClauseName(kind, name string) string {
	switch name {
	case "while", "whenever", "when", "condition", "body", "selector", "wrapper", "on":
		return kind + " " + strconv.Quote(name)
	}
	return kind + " " + name
}

// wrapEvent is the event of wrapper w applied or removed: its label, the
// while clause's path, its owner (0 for a state's clause), the target and
// what of it is wrapped.
func (m *Match) wrapEvent(kind string, w wrapInst) Event {
	e := Event{Kind: kind, Clause: w.cw.path, Object: max(w.src, 0), Target: w.target, Field: w.name, To: m.wrapAudience(w)}
	if m.texting() {
		e.Name = m.wrapLabel(w)
	}
	return e
}

// wrapLabel names wrapper w for people: "Elf Lord#3 while another-elf on
// Elf#2.power", "state discard while calm on Elf#2.power".
func (m *Match) wrapLabel(w wrapInst) string {
	var owner any = "state " + w.cw.state
	if w.src >= 0 {
		owner = m.objValue(w.src)
	}
	return fmt.Sprintf("%s %s on %s.%s", owner, ClauseName("while", w.cw.name), m.objValue(w.target), w.name)
}

// Wrappers returns the active wrapper chain of an object's property, variable
// or method, oldest (innermost) first, as "source while clause" labels: what the
// debugger shows from base value to final value. For a tag, it is the while
// clauses granting it.
func (m *Match) Wrappers(id int, name string) []string {
	var out []string
	for _, w := range m.st.wraps {
		if w.target == id && w.name == name {
			out = append(out, m.wrapLabel(w))
		}
	}
	return out
}

// seatWrappers is Wrappers as seat may read it: a wrapper whose source is
// an object seat does not see reads "a hidden object on T.name", neither
// its name nor its clause's, either of which tells what it is.
func (m *Match) seatWrappers(seat, id int, name string) []string {
	var out []string
	for _, w := range m.st.wraps {
		if w.target != id || w.name != name {
			continue
		}
		if w.src >= 0 {
			if src := m.lookup(w.src); src != nil && !m.seesObject(seat, src) {
				out = append(out, fmt.Sprintf("a hidden object on %s.%s", m.objValue(w.target), w.name))
				continue
			}
		}
		out = append(out, m.wrapLabel(w))
	}
	return out
}

func objArg(fn string, v starlark.Value) (*objectValue, error) {
	o, ok := v.(*objectValue)
	if !ok {
		return nil, fmt.Errorf("%s: want an object, got %s", fn, v.Type())
	}
	return o, nil
}

// objects(type=None, tag=None) lists the live objects, oldest first.
func biObjects(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	a, err := objectsAnswerOf(m, fn, args, kw)
	if err != nil {
		return nil, err
	}
	// A list of its own: the caller may change it.
	return starlark.NewList(append(make([]starlark.Value, 0, len(a.vals)), a.vals...)), nil
}

// objectsShared is objects() for direct code that only iterates its list (a
// loop's iterable): the list holds the remembered answer itself, which
// nothing changes in place.
func objectsShared(m *Match, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	a, err := objectsAnswerOf(m, "objects", args, kw)
	if err != nil {
		return nil, err
	}
	if a.list == nil { // frozen: iterating it counts no iterator
		a.list = starlark.NewList(a.vals)
		a.list.Freeze()
		a.ids = make([]int32, len(a.vals))
		for i, v := range a.vals {
			a.ids[i] = int32(v.(*objectValue).id)
		}
	}
	return a.list, nil
}

// objectsAnswerOf returns the remembered answer of objects(type, tag) for
// the present members, not to be changed.
func objectsAnswerOf(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (*objectsAnswer, error) {
	typ, tag, ok := objectsArgs(args, kw)
	if !ok {
		var t, g string // their own variables: only this rare path makes them escape
		if err := starlark.UnpackArgs(fn, args, kw, "type?", &t, "tag?", &g); err != nil {
			return nil, err
		}
		typ, tag = t, g
	}
	// A remembered answer for these members was made after its type and
	// tag were looked up: its arguments are known, and no map is read.
	if memo := m.heldObjects(typ, tag); memo != nil {
		m.note(rdMembers, 0, m.st.memberVer)
		return memo, nil
	}
	b := 0
	if tag != "" {
		var ok bool
		if b, ok = m.p.tags[tag]; !ok {
			return nil, fmt.Errorf("%s(tag=%q): no object type declares this tag", fn, tag)
		}
	}
	if typ != "" && m.p.typeIdx[typ] == nil {
		return nil, fmt.Errorf("%s: no object type %q", fn, typ)
	}
	m.note(rdMembers, 0, m.st.memberVer)
	memo := m.objectsMemo(typ, tag)
	if memo.vals == nil {
		memo.vals = m.members(typ, tag, b)
	}
	return memo, nil
}

// members lists the objects of type typ ("": any) with tag ("": any; b its
// bit) in id order, in a new list of their number, never nil: gathered in
// the memos' scratch first, as append's doublings made four lists to give
// one of the seed effects' 18 cards.
func (m *Match) members(typ, tag string, b int) []starlark.Value {
	ms := m.objectsMemos()
	s := ms.scratch[:0]
	for _, ob := range m.st.objs {
		if (typ == "" || ob.typ.name == typ) && (tag == "" || m.hasTag(ob, tag, b)) {
			s = append(s, m.objValue(ob.id))
		}
	}
	ms.scratch = s
	vals := make([]starlark.Value, len(s)) // not nil when empty: nil is "not made yet"
	copy(vals, s)
	return vals
}

// objectsAnswer is what objects(type, tag) listed while the members (which
// objects exist, with their tags, granted ones included) had version ver:
// the same members give the same list, in any state of the match.
type objectsAnswer struct {
	ver      uint64
	typ, tag string
	vals     []starlark.Value
	list     *starlark.List // vals as a frozen list, made at objectsShared's first use
	ids      []int32        // vals' ids, made with list (for objLoop.walk)
}

// objectsMemos holds what objects() and the tag methods remember: kept off
// the Match (whose size a step back's fork allocates), made on first use,
// as most packs with boards never call objects().
type objectsMemos struct {
	answers [8]objectsAnswer
	next    int     // the answer to replace next
	lastTag tagInfo // the tag has_tag and its kin last named (tagOf)
	// scratch is where members gathers an answer; the values it keeps are
	// the match's own object values (Match.ovals), which it keeps anyway.
	scratch []starlark.Value
}

// release returns ms remembering nothing, its scratch kept (nil for nil).
func (ms *objectsMemos) release() *objectsMemos {
	if ms == nil {
		return nil
	}
	clear(ms.scratch[:cap(ms.scratch)])
	*ms = objectsMemos{scratch: ms.scratch[:0]}
	return ms
}

// objectsMemos returns m's, made now when there are none yet.
func (m *Match) objectsMemos() *objectsMemos {
	if m.objsMemo == nil {
		m.objsMemo = new(objectsMemos)
	}
	return m.objsMemo
}

// heldObjects returns the remembered answer of objects(typ, tag) for the
// present members, nil when there is none.
func (m *Match) heldObjects(typ, tag string) *objectsAnswer {
	if m.objsMemo == nil {
		return nil
	}
	ver := m.st.memberVer
	for i := range m.objsMemo.answers {
		if a := &m.objsMemo.answers[i]; a.vals != nil && a.ver == ver && a.typ == typ && a.tag == tag {
			return a
		}
	}
	return nil
}

// objectsMemo returns the remembered answer of objects(typ, tag) for the
// present members (vals nil: none yet, to be filled in). Conditions call
// objects() with a few type and tag pairs, again and again: a few answers
// are kept, the oldest made room for first.
func (m *Match) objectsMemo(typ, tag string) *objectsAnswer {
	ver := m.st.memberVer
	if a := m.heldObjects(typ, tag); a != nil {
		return a
	}
	ms := m.objectsMemos()
	a := &ms.answers[ms.next]
	ms.next = (ms.next + 1) % len(ms.answers)
	*a = objectsAnswer{ver: ver, typ: typ, tag: tag}
	return a
}

// objectsArgs reads objects()'s usual arguments, strings by keyword (type=,
// tag=) or a type by position, without the allocations of UnpackArgs; ok is
// false for anything else, which UnpackArgs then reads or rejects.
func objectsArgs(args starlark.Tuple, kw []starlark.Tuple) (typ, tag string, ok bool) {
	if len(args) > 1 {
		return "", "", false
	}
	if len(args) == 1 {
		s, isStr := args[0].(starlark.String)
		if !isStr {
			return "", "", false
		}
		typ = string(s)
	}
	hasType, hasTag := len(args) == 1, false
	for _, kv := range kw {
		v, isStr := kv[1].(starlark.String)
		if !isStr {
			return "", "", false
		}
		switch string(kv[0].(starlark.String)) {
		case "type":
			if hasType {
				return "", "", false // given twice: UnpackArgs says so
			}
			typ, hasType = string(v), true
		case "tag":
			if hasTag {
				return "", "", false
			}
			tag, hasTag = string(v), true
		default:
			return "", "", false
		}
	}
	return typ, tag, true
}

// create(type, tags=[], **variables) makes a new object.
func biCreate(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	typ, ok := oneString(args, nil) // without the allocation of a pointer to it
	if !ok {
		var s string
		if err := starlark.UnpackPositionalArgs(fn, args, nil, 1, &s); err != nil {
			return nil, err
		}
		typ = s
	}
	if err := m.mutable(fn); err != nil {
		return nil, err
	}
	t := m.p.typeIdx[typ]
	if t == nil {
		return nil, fmt.Errorf("%s: no object type %q", fn, typ)
	}
	m.st.nextObj++
	ob := newObject(len(t.defaults))
	copy(ob.vars, t.defaults)
	ob.gen, ob.ver, ob.id, ob.typ, ob.tags = m.st.gen, m.bump(rdObject, m.st.nextObj), m.st.nextObj, t, t.tags
	for _, kv := range kw {
		k := string(kv[0].(starlark.String))
		v := kv[1]
		if k == "tags" {
			it, ok := v.(starlark.Iterable)
			if !ok {
				return nil, fmt.Errorf("%s: tags must be a list of names", fn)
			}
			iter := it.Iterate()
			var x starlark.Value
			for iter.Next(&x) {
				s, _ := starlark.AsString(x)
				b, known := m.p.tags[s]
				if !known {
					iter.Done()
					return nil, fmt.Errorf("%s: tag %q: no object type declares it", fn, s)
				}
				ob.tags |= 1 << b
			}
			iter.Done()
			continue
		}
		v.Freeze()
		if i, ok := t.varIdx[k]; ok {
			if vt := t.t.Variables[i].Type; !typeFits(vt, v) {
				return nil, fmt.Errorf("%s(%q): variable %s is declared %s, not %s %s", fn, typ, k, article(vt), article(v.Type()), v)
			}
			ob.vars[i] = v
		} else {
			return nil, fmt.Errorf("%s(%s): the type has no variable %q", fn, typ, k)
		}
	}
	ix := m.keptObjIndex()
	if m.own(ownObjs) {
		m.st.objs = cloneSlice(m.st.objs)
	}
	if blk := m.blk; blk != nil && len(m.st.objs) == cap(m.st.objs) && blk.objs > len(m.st.objs) {
		// Room for as many as the block's last match had: a setup creating
		// them one by one made a list at every doubling.
		m.st.objs = slices.Grow(m.st.objs, blk.objs-len(m.st.objs))
	}
	m.st.objs = append(m.st.objs, ob)
	if ix != nil {
		ix.wroteObj(m, ob.id)
	}
	m.st.memberVer = m.bump(rdMembers, 0)
	o := m.objValue(ob.id)
	if m.rec {
		e := Event{Kind: EvObject, Object: ob.id, Detail: "created"}
		if m.texting() {
			e.Name = o.String()
		}
		m.emit(e)
	}
	return o, nil
}

// destroy(obj) removes an object; its clauses stop.
func biDestroy(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var v starlark.Value
	if err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &v); err != nil {
		return nil, err
	}
	if err := m.mutable(fn); err != nil {
		return nil, err
	}
	o, err := objArg(fn, v)
	if err != nil {
		return nil, err
	}
	i := objIndex(m.st.objs, o.id)
	if i < 0 {
		return nil, fmt.Errorf("%s: %s no longer exists", fn, o)
	}
	var name string
	if m.texting() {
		name = o.String()
	}
	ix := m.keptObjIndex()
	if m.own(ownObjs) {
		m.st.objs = cloneSlice(m.st.objs)
	}
	m.st.objs = append(m.st.objs[:i], m.st.objs[i+1:]...)
	if ix != nil {
		ix.wroteObj(m, o.id)
	}
	m.logWrite(rdObject, o.id) // reading it now says it is gone
	m.st.memberVer = m.bump(rdMembers, 0)
	m.emit(Event{Kind: EvObject, Name: name, Object: o.id, Detail: "destroyed"})
	return starlark.None, nil
}

// isTag reports whether a while target names a tag: a tag some object type
// declares, that no object type also has as a variable or property (those
// are wrapped as values). A while clause on a tag grants it while it holds.
func (c *compiler) isTag(name string) bool {
	if _, ok := c.p.tags[name]; !ok {
		return false
	}
	for _, t := range c.p.Pack.ObjectTypes {
		for _, v := range t.Variables {
			if v.Name == name {
				return false
			}
		}
		for _, p := range t.Properties {
			if p.Name == name {
				return false
			}
		}
	}
	return true
}

// same reports whether assigning v over old changes nothing: equal values of
// the same type (1 and 1.0 differ; values that cannot be compared differ).
func same(old, v starlark.Value) bool {
	// The values most variables hold, without Type's and Equal's calls.
	switch x := old.(type) {
	case starlark.Int:
		y, ok := v.(starlark.Int)
		if !ok {
			return false
		}
		c, _ := x.Cmp(y, 1)
		return c == 0
	case starlark.String:
		y, ok := v.(starlark.String)
		return ok && x == y
	}
	if old == nil || old.Type() != v.Type() {
		return false
	}
	eq, err := starlark.Equal(old, v)
	return err == nil && eq
}

// typeFits reports whether v may be stored in a variable declared typ: a
// value of the type, or None for the reference types (player, object, card),
// whose zero it is.
func typeFits(typ string, v starlark.Value) bool {
	if v == starlark.None {
		switch typ {
		case "player", "object", "card", "":
			return true
		}
	}
	return typeCheck(typ, v) == ""
}

// hasTag reports whether ob has tag (whose bit is bit): its own, or granted
// by an active while clause that targets the tag.
func (m *Match) hasTag(ob *object, tag string, bit int) bool {
	if ob.tags&(1<<bit) != 0 {
		return true
	}
	if !m.p.granted[tag] {
		return false
	}
	for _, w := range m.st.wraps {
		if w.target == ob.id && w.name == tag {
			return true
		}
	}
	return false
}

// tagInfo is what the program says of one tag name: its bit (known: some
// object type declares it) and whether a while clause grants it.
type tagInfo struct {
	name           string
	bit            int
	known, granted bool
}

// tagOf returns what the program says of tag. A site names its tag by a
// constant (c.has_tag("spell")), whose string is the same each run: the
// last answer, kept on the match, is found by one comparison where two map
// look-ups were.
func (m *Match) tagOf(tag string) tagInfo {
	ms := m.objectsMemos()
	if t := ms.lastTag; t.name == tag && t.name != "" {
		return t
	}
	bit, known := m.p.tags[tag]
	t := tagInfo{name: tag, bit: bit, known: known, granted: m.p.granted[tag]}
	ms.lastTag = t
	return t
}

// hasTagOf is hasTag with the tag's program facts already looked up.
func (m *Match) hasTagOf(ob *object, t tagInfo) bool {
	if ob.tags&(1<<t.bit) != 0 {
		return true
	}
	if !t.granted {
		return false
	}
	for _, w := range m.st.wraps {
		if w.target == ob.id && w.name == t.name {
			return true
		}
	}
	return false
}
