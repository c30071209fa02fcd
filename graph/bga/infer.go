package bga

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// transitions reads a state's declared transitions (transitions:) and
// initialPrivate, then infers the transitions its code takes.
func (g *game) transitions(cs *classState) error {
	c, s := cs.cls, cs.s
	args := g.args[c]
	where := "state " + s.ID.String()
	if v, ok := args["transitions"]; ok && v.val.k != pNull {
		ts, err := g.declared(v, c, where)
		if err != nil {
			return err
		}
		s.Transitions = ts
	}
	if v, ok := args["initialPrivate"]; ok && v.val.k != pNull {
		id, err := g.idOf(v.f, c, v.val, where+": initialPrivate")
		if err != nil {
			return err
		}
		s.InitialPrivate = &id
	}
	g.infer(cs)
	return nil
}

// declared reads transitions: [name => target, ...]; a target is an id, a
// constant or X::class.
func (g *game) declared(v argVal, c *phpClass, where string) (graph.Transitions, error) {
	if v.val.k != pArray {
		return nil, posErrorf(v.f.path, v.val.pos, "%s: transitions must be an array, not %s", where, v.val.describe())
	}
	b := g.fileBuilder(v.f.path)
	out := graph.Transitions{}
	for _, e := range v.val.arr.ents {
		name, err := b.text(keyOf(e.key), where+": transitions name")
		if err != nil {
			return nil, err
		}
		if _, dup := out.Lookup(name); dup {
			return nil, posErrorf(v.f.path, e.key.pos, "%s: transitions: %q is written twice (once as a constant)", where, name)
		}
		to, err := g.idOf(v.f, c, e.val, fmt.Sprintf("%s: transitions %q", where, name))
		if err != nil {
			return nil, err
		}
		out = append(out, graph.Transition{Name: name, To: to, Pos: e.key.pos})
	}
	return out, nil
}

// infer adds the transitions a state's code takes without declaring them:
// what onEnteringState, the #[PossibleAction] methods and zombie return (and
// the methods of the class they return the result of), and the states
// $this->gamestate->jumpToState() moves to. A returned transition name must
// be declared; a value the importer cannot work out is a warning.
func (g *game) infer(cs *classState) {
	var methods []*ownedMethod
	if m := g.findMethod(cs.cls, "onEnteringState"); m != nil {
		methods = append(methods, m)
	}
	for _, om := range g.allMethods(cs.cls) {
		if om.m.hasAttr("PossibleAction") {
			methods = append(methods, &ownedMethod{om.m, om.owner})
		}
	}
	if m := g.findMethod(cs.cls, "zombie"); m != nil {
		methods = append(methods, m)
	}
	seen := map[*phpMethod]bool{}
	for _, m := range methods {
		g.follow(cs, m, seen, 0)
	}
}

// follow reads what method om returns, for state cs.
func (g *game) follow(cs *classState, om *ownedMethod, seen map[*phpMethod]bool, depth int) {
	if seen[om.m] || om.m.body[0] < 0 || depth > 10 {
		return
	}
	seen[om.m] = true
	f := om.owner.file
	for _, o := range scanOutcomes(f.toks, om.m.body[0], om.m.body[1]) {
		g.outcome(cs, om, o, seen, depth)
	}
}

// outcome turns one thing a method returns into an inferred transition, a
// check of a declared one, or a warning.
func (g *game) outcome(cs *classState, om *ownedMethod, o outcome, seen map[*phpMethod]bool, depth int) {
	f, s := om.owner.file, cs.s
	what := om.m.name + "() returns"
	if o.call {
		what = om.m.name + "() calls nextState/jumpToState with"
	}
	where := fmt.Sprintf("state %s: %s", s.ID, what)
	switch o.kind {
	case outClass:
		target := g.stateClass(f, cs.cls, o.text)
		if target == nil {
			g.warn(f.path, o.pos, "%s %s::class, which is not a State class of this game; no transition inferred", where, o.text)
			return
		}
		g.addInferred(s, target.s.ID, o.pos)
	case outID:
		if o.text != "" && o.text[0] >= '0' && o.text[0] <= '9' {
			g.addInferred(s, graph.NumID(int(o.num)), o.pos)
			return
		}
		name, val, found := g.constant(f, om.owner, o.text)
		switch {
		case found && val.k == pString:
			g.checkName(s, val.s, where, f.path, o.pos)
		case found && val.k == pInt:
			g.use(name, val, f)
			g.addInferred(s, graph.ConstID(name), o.pos)
		case found:
			g.warn(f.path, o.pos, "%s %s, which is %s, not a state id; no transition inferred", where, o.text, val.describe())
		default:
			g.addInferred(s, graph.ConstID(name), o.pos)
		}
	case outName:
		g.checkName(s, o.text, where, f.path, o.pos)
	case outCall:
		var target *ownedMethod
		switch o.recv {
		case "this", "static":
			target = g.findMethod(cs.cls, o.text)
		case "self":
			target = g.findMethod(om.owner, o.text)
		case "parent":
			if p, _ := g.parent(om.owner); p != nil {
				target = g.findMethod(p, o.text)
			}
		}
		if target == nil {
			g.warn(f.path, o.pos, "%s what %s() returns, a method not in sight; no transition inferred", where, o.text)
			return
		}
		g.follow(cs, target, seen, depth+1)
	case outComputed:
		g.warn(f.path, o.pos, "%s %s: where that leads is not known without running the game; no transition inferred", where, o.text)
	}
}

// checkName warns when a state's code names a transition it does not
// declare.
func (g *game) checkName(s *graph.State, name, where, file string, pos graph.Pos) {
	if t, ok := s.Transitions.Lookup(name); ok && !t.Inferred {
		return
	}
	g.warn(file, pos, "%s the transition %q, which its transitions: do not declare", where, name)
}

// key returns what makes two ids name the same state: the number, when
// known.
func (g *game) key(id graph.StateID) string {
	if id.Const == "" {
		return strconv.Itoa(id.Num)
	}
	for _, c := range g.used {
		if c.Name == id.Const {
			return strconv.FormatInt(c.Value.Int, 10)
		}
	}
	return id.Const
}

// addInferred adds an inferred transition to the state with id to, unless a
// transition there already exists. It is named after its target: the target
// state's name, or the id as written when the target is not a state of the
// game (99, ST_END_GAME: BGA's own end state).
func (g *game) addInferred(s *graph.State, to graph.StateID, pos graph.Pos) {
	key := g.key(to)
	for _, t := range s.Transitions {
		if g.key(t.To) == key {
			return
		}
	}
	name := to.String()
	for _, cs := range g.states {
		if g.key(cs.s.ID) == key {
			name = cs.s.Name
			break
		}
	}
	s.Transitions = append(s.Transitions, graph.Transition{Name: uniqueName(s.Transitions, name), To: to, Inferred: true, Pos: pos})
}

// uniqueName returns name, or name_2, name_3, ... when a transition of ts
// already has it.
func uniqueName(ts graph.Transitions, name string) string {
	try := name
	for i := 2; ; i++ {
		if _, taken := ts.Lookup(try); !taken {
			return try
		}
		try = name + "_" + strconv.Itoa(i)
	}
}

// pack assembles the pack of the game's states.
func (g *game) pack(dir string) (*graph.Pack, []graph.Diagnostic, error) {
	p := &graph.Pack{
		Format:    graph.FormatVersion,
		Name:      g.packName(dir),
		Constants: graph.Constants(g.used),
		States:    []*graph.State{},
		Source:    g.display(dir),
	}
	for _, cs := range g.states {
		p.States = append(p.States, cs.s)
	}
	for n := range g.b.constNames {
		p.Symbolic = append(p.Symbolic, n)
	}
	sort.Strings(p.Symbolic)
	for _, n := range p.Symbolic {
		if pos, clash := g.b.literals[n]; clash {
			return nil, nil, posErrorf(g.b.literalFiles[n], pos, "the string %q is also written as a constant; Rule Studio cannot keep the two apart", n)
		}
	}
	g.diags = compress(g.diags)
	return p, g.diags, nil
}

// compress merges the warnings a base class or trait gives once per state
// that inherits it (same file, place and text but for "state X: "):
// "state A (and 29 other states): ...".
func compress(diags []graph.Diagnostic) []graph.Diagnostic {
	type key struct {
		file string
		pos  graph.Pos
		rest string
	}
	var out []graph.Diagnostic
	first := map[key]int{}
	more := map[int]int{}
	for _, d := range diags {
		st, rest, ok := strings.Cut(d.Message, ": ")
		if !ok || !strings.HasPrefix(st, "state ") {
			out = append(out, d)
			continue
		}
		k := key{d.File, d.Pos, rest}
		if i, seen := first[k]; seen {
			more[i]++
			continue
		}
		first[k] = len(out)
		out = append(out, d)
	}
	for i, n := range more {
		st, rest, _ := strings.Cut(out[i].Message, ": ")
		out[i].Message = fmt.Sprintf("%s (and %d other states): %s", st, n, rest)
	}
	return out
}

// packName is the game's name in its namespace (Bga\Games\<name>), or the
// name of the folder above the States folder's modules/php.
func (g *game) packName(dir string) string {
	if n := lastSegment(g.rootNS); n != "" {
		return n
	}
	d := g.display(dir)
	for _, up := range []string{"States", "php", "modules"} {
		if strings.EqualFold(lastPath(d), up) {
			d = d[:max(0, len(d)-len(up)-1)]
		}
	}
	if n := lastPath(d); n != "" && n != "." {
		return n
	}
	return "game"
}

// lastPath returns the last element of a slash or backslash path.
func lastPath(p string) string {
	p = strings.TrimRight(p, `/\`)
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
