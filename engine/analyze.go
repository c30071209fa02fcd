package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// analyzer runs the static checks of [Check] over the syntax trees a
// compilation kept: every name, attribute and literal argument of the pack's
// code resolved against what the code can see where it runs.
type analyzer struct {
	c     *compiler
	pack  *graph.Pack
	diags []graph.Diagnostic
	seen  map[string]bool // position and message: a finding is reported once

	fns      map[string]*fnSummary // the scripts' top-level functions
	defOf    map[*syntax.DefStmt]string
	assigned map[string]bool // attribute names some code assigns (x.name = ...)
	anyAttr  map[string]bool // every attribute name any value of the pack has
	types    map[string]*graph.ObjectType
	methodFx map[string]*effect // methodEffect, by method name
}

// effect is a change of the match some code makes: what changes it, where.
type effect struct {
	what string
	pos  syntax.Position
}

// transUse is a literal transition name a body gives next_state or deactivate.
type transUse struct {
	fn   string // "next_state" or "deactivate"
	name string
	pos  syntax.Position
}

// fnSummary is what a script function does, its callees included: the first
// change of the match it makes, whether it reads the past, and the literal
// transitions it takes.
type fnSummary struct {
	def    *syntax.DefStmt
	done   bool
	impure *effect
	before bool
	trans  []transUse
}

// facts are what one body does by itself and through the functions it calls.
type facts struct {
	impure *effect // the first change of the match
	via    string  // the script function the change happens in ("" for the body itself)
	viaPos syntax.Position
	before bool
	trans  []transUse
}

// impureBuiltins are the builtins that change the match: only bodies may call them.
var impureBuiltins = map[string]bool{
	"next_state": true, "call": true, "end_turn": true, "end_game": true, "set_active": true,
	"activate_next_player": true, "set_all_multiactive": true, "set_multiactive": true,
	"deactivate": true, "rand": true, "shuffle": true, "notify": true, "create": true, "destroy": true,
	"reveal": true,
}

// impureMethods are the methods of native components and objects that change the match.
var impureMethods = map[string]map[string]bool{
	"board":  {"set": true, "play": true},
	"deck":   {"create": true, "shuffle": true, "pick": true, "pick_for_location": true, "move": true, "move_all": true},
	"object": {"add_tag": true, "remove_tag": true},
}

func newAnalyzer(c *compiler) *analyzer {
	a := &analyzer{c: c, pack: c.p.Pack, seen: map[string]bool{}, fns: map[string]*fnSummary{},
		defOf: map[*syntax.DefStmt]string{}, assigned: map[string]bool{}, types: map[string]*graph.ObjectType{}, methodFx: map[string]*effect{}}
	for _, t := range a.pack.ObjectTypes {
		a.types[t.Name] = t
	}
	for name, d := range c.scripts {
		a.fns[name] = &fnSummary{def: d}
		line := 0
		for _, s := range a.pack.Scripts { // the script whose text starts last before the def
			if l := s.Code.Pos.Line; l <= int(d.Def.Line) && l >= line {
				line, a.defOf[d] = l, "script "+s.Name
			}
		}
	}
	for _, d := range c.scripts {
		a.collectAssigned(d.Body)
	}
	for _, u := range c.units {
		if u.fn != nil {
			a.collectAssigned(u.fn.Body)
		}
	}
	a.anyAttr = a.attrUniverse()
	return a
}

// report records a finding at a position of the pack's file, once.
func (a *analyzer) report(sev graph.Severity, rule string, pos graph.Pos, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	key := fmt.Sprintf("%d:%d:%s", pos.Line, pos.Column, msg)
	if a.seen[key] {
		return
	}
	a.seen[key] = true
	a.diags = append(a.diags, graph.Diagnostic{File: a.c.p.file, Pos: pos, Severity: sev, Rule: rule, Message: msg})
}

func gpos(p syntax.Position) graph.Pos { return graph.Pos{Line: int(p.Line), Column: int(p.Col)} }

// run checks every script function and every piece of code.
func (a *analyzer) run() []graph.Diagnostic {
	a.checkDeclarations()
	a.checkLiterals()
	names := sortedKeys(a.fns)
	for _, name := range names {
		d := a.fns[name].def
		a.checkBody(a.defOf[d]+": "+name, d.Body, place{}, nil)
	}
	for i := range a.c.units {
		a.checkUnit(&a.c.units[i])
	}
	a.hiddenWarnings()
	sort.SliceStable(a.diags, func(i, j int) bool {
		x, y := a.diags[i].Pos, a.diags[j].Pos
		return x.Line < y.Line || x.Line == y.Line && x.Column < y.Column
	})
	return a.diags
}

// checkUnit checks one piece of code where it runs.
func (a *analyzer) checkUnit(u *unit) {
	var f facts
	if u.named != "" {
		s := a.summary(u.named)
		if s == nil {
			return
		}
		f = facts{impure: s.impure, before: s.before, trans: s.trans, via: u.named, viaPos: s.def.Name.NamePos}
		a.checkNamedParams(u, s.def)
	} else {
		a.checkContext(u)
		f = a.checkBody(u.what, u.fn.Body, u.place, u.ctx)
	}
	if u.pure && f.impure != nil {
		a.reportImpure(u, f)
	}
	a.checkTransitions(u, f.trans)
	if w := u.place.whenever; w != nil && strings.HasSuffix(u.what, " condition") && !f.before {
		a.report(graph.Info, "whenever-before", u.code.Pos, "%s: the condition never uses before(), so the clause fires in every step where it holds, not once when it becomes true (write X and not before(lambda: X) for once per change)", u.what)
	}
}

// reportImpure says where a pure place changes the match.
func (a *analyzer) reportImpure(u *unit, f facts) {
	if f.via == "" {
		a.report(graph.Error, "purity", gpos(f.impure.pos), "%s: %s changes the match, and this is a pure place (it may only read the match; change it in a body)", u.what, f.impure.what)
		return
	}
	pos := u.code.Pos
	if u.named == "" {
		pos = gpos(f.viaPos)
	}
	a.report(graph.Error, "purity", pos, "%s: %s changes the match (%s at %d:%d), and this is a pure place (it may only read the match; change it in a body)",
		u.what, f.via, f.impure.what, f.impure.pos.Line, f.impure.pos.Col)
}

// checkNamedParams: a function named by a field receives context names as
// its parameters; those the place does not bind are errors.
func (a *analyzer) checkNamedParams(u *unit, d *syntax.DefStmt) {
	for _, p := range d.Params {
		if id, ok := p.(*syntax.Ident); ok {
			if why := a.unbound(u.place, id.Name); why != "" {
				a.report(graph.Error, "context", u.code.Pos, "%s: function %s takes %s, but %s", u.what, u.named, id.Name, why)
			}
		}
	}
}

// unbound says why a context name has no value at a place, or "".
func (a *analyzer) unbound(pl place, name string) string {
	switch name {
	case "self":
		if !pl.self {
			return "self is only defined in the clauses of object types and states"
		}
	case "value":
		if !pl.value {
			return "value is only defined in the wrapper of a while clause on a property or variable"
		}
	case "inner":
		if !pl.inner {
			return "inner is only defined in the wrapper of a while clause on a method"
		}
	}
	return ""
}

// checkContext reports context names inline code uses where they have no value.
func (a *analyzer) checkContext(u *unit) {
	for _, k := range u.ctx {
		name := ctxNames[k]
		why := a.unbound(u.place, name)
		if why == "" {
			continue
		}
		pos := u.code.Pos
		syntax.Walk(u.fn, func(n syntax.Node) bool {
			if id, ok := n.(*syntax.Ident); ok && id.Name == name && id.NamePos.Line > u.fn.Def.Line {
				pos = gpos(id.NamePos)
				return false
			}
			return true
		})
		a.report(graph.Error, "context", pos, "%s: %s", u.what, why)
	}
}

// summary returns what script function name does, computing it once.
func (a *analyzer) summary(name string) *fnSummary {
	s := a.fns[name]
	if s == nil || s.done {
		return s
	}
	s.done = true // recursion reads the partial summary
	f := a.facts(s.def.Body)
	s.impure, s.before, s.trans = f.impure, f.before, f.trans
	if f.via != "" && s.impure != nil {
		s.impure = &effect{what: fmt.Sprintf("%s (in %s)", f.impure.what, f.via), pos: f.impure.pos}
	}
	return s
}

// facts gathers what body does (without reporting anything): changes of the
// match, before(), literal transitions, and the same of script functions it
// calls.
func (a *analyzer) facts(body []syntax.Stmt) facts {
	var f facts
	impure := func(what string, pos syntax.Position) {
		if f.impure == nil {
			f.impure = &effect{what: what, pos: pos}
		}
	}
	walkStmts(body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.AssignStmt:
			for _, d := range dotTargets(n.LHS) {
				impure("assigning "+exprName(d), d.Name.NamePos)
			}
		case *syntax.CallExpr:
			a.callFacts(n, &f, impure)
		}
		return true
	})
	return f
}

func (a *analyzer) callFacts(n *syntax.CallExpr, f *facts, impure func(string, syntax.Position)) {
	switch fn := n.Fn.(type) {
	case *syntax.Ident:
		if scopeOf(fn) == resolve.Universal || fn.Binding == nil {
			return
		}
		if scopeOf(fn) == resolve.Predeclared || scopeOf(fn) == resolve.Global {
			if impureBuiltins[fn.Name] && a.fns[fn.Name] == nil {
				impure(fn.Name+"()", fn.NamePos)
			}
			if fn.Name == "before" && a.fns[fn.Name] == nil {
				f.before = true
			}
			if fn.Name == "next_state" || fn.Name == "deactivate" {
				if t, ok := transArg(fn.Name, n); ok {
					f.trans = append(f.trans, t)
				}
			}
			if s := a.summary(fn.Name); s != nil {
				if s.impure != nil && f.impure == nil {
					f.impure, f.via, f.viaPos = s.impure, fn.Name, fn.NamePos
				}
				f.before = f.before || s.before
				f.trans = append(f.trans, s.trans...)
			}
		}
	case *syntax.DotExpr:
		name := fn.Name.Name
		switch kind := a.native(fn.X); {
		case kind != "":
			if impureMethods[kind][name] {
				impure(fmt.Sprintf("%s.%s()", kind, name), fn.Name.NamePos)
			}
		case impureMethods["object"][name]:
			impure(exprName(fn)+"()", fn.Name.NamePos)
		default:
			if e := a.methodEffect(name); e != nil {
				impure(fmt.Sprintf("method %s (%s at %d:%d)", name, e.what, e.pos.Line, e.pos.Col), fn.Name.NamePos)
			}
		}
	}
}

// native returns "board" or "deck" when x names a declared board or deck.
func (a *analyzer) native(x syntax.Expr) string {
	id, ok := x.(*syntax.Ident)
	if !ok || scopeOf(id) != resolve.Predeclared {
		return ""
	}
	switch a.c.predeclared[id.Name].(type) {
	case *boardValue:
		return "board"
	case *deckValue:
		return "deck"
	}
	return ""
}

// methodEffect returns the first change of the match a method named name
// makes, in any object type (calls of a method by name cannot tell which type
// runs it), or nil.
func (a *analyzer) methodEffect(name string) *effect {
	if e, ok := a.methodFx[name]; ok {
		return e
	}
	a.methodFx[name] = nil // recursion reads "pure"
	for _, u := range a.c.units {
		if u.place.method == name && u.fn != nil {
			if f := a.facts(u.fn.Body); f.impure != nil {
				a.methodFx[name] = f.impure
				return f.impure
			}
		}
	}
	return nil
}

// transArg returns the literal transition of next_state(t) or deactivate(p, t).
func transArg(fn string, n *syntax.CallExpr) (transUse, bool) {
	i := 0
	if fn == "deactivate" {
		i = 1
	}
	if len(n.Args) > i+1 {
		return transUse{}, false
	}
	if len(n.Args) == i {
		if fn == "next_state" {
			return transUse{fn: fn, name: "", pos: n.Lparen}, true
		}
		return transUse{}, false // deactivate(p): the transition "" only when the set empties
	}
	if lit, ok := n.Args[i].(*syntax.Literal); ok && lit.Token == syntax.STRING {
		return transUse{fn: fn, name: lit.Value.(string), pos: lit.TokenPos}, true
	}
	return transUse{}, false
}

// checkTransitions reports literal transitions that none of the states the
// code runs in has.
func (a *analyzer) checkTransitions(u *unit, uses []transUse) {
	states := u.place.states
	if len(states) == 0 {
		return
	}
	for _, t := range uses {
		found := false
		var have []string
		for _, s := range states {
			if _, ok := s.Transitions.Lookup(t.name); ok {
				found = true
			}
			for _, tr := range s.Transitions {
				have = append(have, tr.Name)
			}
		}
		if found {
			continue
		}
		where := stateLabel(states[0])
		if len(states) > 1 {
			var ls []string
			for _, s := range states {
				ls = append(ls, stateLabel(s))
			}
			where = "none of " + strings.Join(ls, ", ")
		}
		it := "it has none: a state without transitions returns to its caller"
		if len(have) > 0 {
			it = "it has " + quoteAll(have)
		}
		call := fmt.Sprintf("next_state(%q)", t.name)
		if t.fn == "deactivate" {
			call = fmt.Sprintf("deactivate(..., %q)", t.name)
		}
		a.report(graph.Error, "transition", gpos(t.pos), "%s: %s: %s has no such transition (%s)%s", u.what, call, where, it, suggest(t.name, have))
	}
}

// stateLabel names a state as the engine's errors do: "state 3 (nextPlayer)".
func stateLabel(s *graph.State) string { return fmt.Sprintf("state %s (%s)", s.ID, s.Name) }

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// suggest returns `; did you mean "x"?` for the candidate closest to name
// when it is close enough to be a typo, else "".
func suggest(name string, candidates []string) string {
	best, bestD := "", max(2, len(name)/3)+1
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(name), strings.ToLower(c)); d < bestD && c != name {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func scopeOf(id *syntax.Ident) resolve.Scope {
	if b, ok := id.Binding.(*resolve.Binding); ok {
		return b.Scope
	}
	return resolve.Undefined
}

// walkStmts walks every node of a list of statements.
func walkStmts(body []syntax.Stmt, f func(syntax.Node) bool) {
	for _, s := range body {
		syntax.Walk(s, f)
	}
}

// dotTargets returns the attribute expressions an assignment's left side assigns.
func dotTargets(lhs syntax.Expr) []*syntax.DotExpr {
	switch x := lhs.(type) {
	case *syntax.DotExpr:
		return []*syntax.DotExpr{x}
	case *syntax.TupleExpr:
		var out []*syntax.DotExpr
		for _, e := range x.List {
			out = append(out, dotTargets(e)...)
		}
		return out
	case *syntax.ListExpr:
		var out []*syntax.DotExpr
		for _, e := range x.List {
			out = append(out, dotTargets(e)...)
		}
		return out
	case *syntax.ParenExpr:
		return dotTargets(x.X)
	}
	return nil
}

// collectAssigned records every attribute name body assigns.
func (a *analyzer) collectAssigned(body []syntax.Stmt) {
	walkStmts(body, func(n syntax.Node) bool {
		if as, ok := n.(*syntax.AssignStmt); ok {
			for _, d := range dotTargets(as.LHS) {
				a.assigned[d.Name.Name] = true
			}
		}
		return true
	})
}

// attrUniverse is every attribute name some value of the pack has.
func (a *analyzer) attrUniverse() map[string]bool {
	u := map[string]bool{}
	add := func(names ...string) {
		for _, n := range names {
			u[n] = true
		}
	}
	add(objectAttrs...)
	add(playerAttrs...)
	add(gameAttrs...)
	add("id", "name")
	add(boardMethods...)
	add(deckMethods...)
	add(cardAttrs...)
	for _, v := range []starlark.HasAttrs{starlark.String(""), starlark.NewList(nil), starlark.NewDict(0), starlark.NewSet(0), starlark.Bytes("")} {
		add(v.AttrNames()...)
	}
	for _, t := range a.pack.ObjectTypes {
		add(typeMembers(t)...)
	}
	for _, s := range a.pack.States {
		for _, p := range s.Params {
			add(p.Name)
		}
	}
	for n := range a.assigned {
		add(n)
	}
	return u
}

// The attributes every value of a kind has.
var (
	objectAttrs = []string{"add_tag", "has_tag", "id", "remove_tag", "type"}
	playerAttrs = []string{"id", "name", "no", "score"}
	gameAttrs   = []string{"active_player", "players", "state", "step"}
	cardAttrs   = []string{"id", "location", "location_arg", "type", "type_arg"}
)

// typeMembers lists an object type's variables, properties and methods.
func typeMembers(t *graph.ObjectType) []string {
	var out []string
	for _, v := range t.Variables {
		out = append(out, v.Name)
	}
	for _, p := range t.Properties {
		out = append(out, p.Name)
	}
	for _, m := range t.Methods {
		out = append(out, m.Name)
	}
	return out
}
