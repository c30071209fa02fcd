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

// valKind is what the static checks know of the value of an expression.
type valKind int

const (
	kUnknown valKind = iota
	kObject          // a game object (of type t when known)
	kState           // `state` or a state clause's `self`: parameters of states
	kGame
	kPlayer
	kBoard
	kDeck
	kCard
)

// valType is a valKind with what it needs: an object's type, the states
// whose parameters a `state` holds.
type valType struct {
	k      valKind
	t      *graph.ObjectType
	states []*graph.State
}

// checkBody checks every attribute and builtin call of body where pl says it
// runs, and returns its facts.
func (a *analyzer) checkBody(what string, body []syntax.Stmt, pl place, ctx []int) facts {
	f := a.facts(body)
	assigned := map[*syntax.DotExpr]bool{}
	walkStmts(body, func(n syntax.Node) bool {
		if as, ok := n.(*syntax.AssignStmt); ok && as.Op == syntax.EQ {
			for _, d := range dotTargets(as.LHS) {
				assigned[d] = true
			}
		}
		return true
	})
	walkStmts(body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.DotExpr:
			if assigned[n] {
				a.checkAssign(what, n, pl)
			} else {
				a.checkAttr(what, n, pl)
			}
		case *syntax.CallExpr:
			a.checkCall(what, n, pl)
			a.checkArity(what, n, pl)
		}
		return true
	})
	return f
}

// kindOf infers what x is, from context names, typed parameters, declared
// boards and decks, and a few builtins' results.
func (a *analyzer) kindOf(x syntax.Expr, pl place) valType {
	switch x := x.(type) {
	case *syntax.Ident:
		switch scopeOf(x) {
		case resolve.Local, resolve.Free, resolve.Cell:
			return a.localKind(x.Name, pl)
		case resolve.Predeclared:
			switch a.native(x) {
			case "board":
				return valType{k: kBoard}
			case "deck":
				return valType{k: kDeck}
			}
		}
	case *syntax.CallExpr:
		id, ok := x.Fn.(*syntax.Ident)
		if !ok || scopeOf(id) != resolve.Predeclared || a.fns[id.Name] != nil {
			return valType{}
		}
		switch id.Name {
		case "player_after", "player_no", "set_active", "activate_next_player":
			return valType{k: kPlayer}
		case "create":
			if t := a.types[litString(x.Args, 0)]; t != nil {
				return valType{k: kObject, t: t}
			}
			return valType{k: kObject}
		}
	}
	return valType{}
}

// localKind is the kind of a parameter or local named name: a context name,
// or a typed action or method parameter.
func (a *analyzer) localKind(name string, pl place) valType {
	switch name {
	case "self":
		switch {
		case pl.otype != nil:
			return valType{k: kObject, t: pl.otype}
		case pl.sstate != nil:
			return valType{k: kState, states: []*graph.State{pl.sstate}}
		}
	case "state":
		return valType{k: kState, states: pl.states}
	case "game":
		return valType{k: kGame}
	case "player", "active_player":
		return valType{k: kPlayer}
	}
	for _, p := range pl.params {
		if p.Name == name {
			switch p.Type {
			case "object":
				return valType{k: kObject}
			case "player":
				return valType{k: kPlayer}
			case "card":
				return valType{k: kCard}
			}
		}
	}
	return valType{}
}

// exprName renders the receiver of an attribute for messages: "self.damge".
func exprName(d *syntax.DotExpr) string {
	if id, ok := d.X.(*syntax.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return "." + d.Name.Name
}

// checkAttr checks an attribute read against what its receiver can have.
func (a *analyzer) checkAttr(what string, d *syntax.DotExpr, pl place) {
	name, pos := d.Name.Name, gpos(d.Name.NamePos)
	kind := a.kindOf(d.X, pl)
	var have []string
	var why string
	switch kind.k {
	case kObject:
		if kind.t == nil {
			have = append(objectAttrs, a.allMembers()...)
			why = fmt.Sprintf("no object type has a variable, property or method %q", name)
		} else {
			have = append(objectAttrs, typeMembers(kind.t)...)
			why = fmt.Sprintf("object type %s has no variable, property or method %q", kind.t.Name, name)
		}
		if a.assigned[name] {
			return // an undeclared variable some body assigns
		}
	case kState:
		states := kind.states
		if states == nil {
			states = a.pack.States
		}
		have = []string{"id", "name"}
		for _, s := range states {
			for _, p := range s.Params {
				have = append(have, p.Name)
			}
		}
		why = fmt.Sprintf("no state has a parameter %q", name)
		if len(kind.states) == 1 {
			why = fmt.Sprintf("%s has no parameter %q", stateLabel(kind.states[0]), name)
		}
	case kGame:
		have = append(append([]string(nil), gameAttrs...), sortedNames(a.assigned)...)
		why = fmt.Sprintf("no code assigns game.%s (a game variable exists once a body assigns it: game.%s = ...)", name, name)
		if a.assigned[name] {
			return
		}
	case kPlayer:
		have = append(append([]string(nil), playerAttrs...), sortedNames(a.assigned)...)
		why = fmt.Sprintf("players have no variable %q and no code assigns one (a body creates it: player.%s = ...)", name, name)
		if a.assigned[name] {
			return
		}
	case kBoard:
		have, why = boardMethods, fmt.Sprintf("a board has no method %q (it has %s)", name, strings.Join(boardMethods, ", "))
	case kDeck:
		have, why = deckMethods, fmt.Sprintf("a deck has no method %q (it has %s)", name, strings.Join(deckMethods, ", "))
	case kCard:
		have, why = cardAttrs, fmt.Sprintf("a card has no attribute %q (it has %s)", name, strings.Join(cardAttrs, ", "))
	default:
		if a.anyAttr[name] {
			return
		}
		a.report(graph.Error, "name", pos, "%s: %s: nothing in the pack has an attribute %q (no variable, property, method or parameter is named so)%s", what, exprName(d), name, suggest(name, sortedKeys(a.anyAttr)))
		return
	}
	for _, h := range have {
		if h == name {
			return
		}
	}
	a.report(graph.Error, "name", pos, "%s: %s: %s%s", what, exprName(d), why, suggest(name, have))
}

// checkAssign checks an attribute assignment: an object of a known type has
// its declared variables (an undeclared one is untyped: a warning), and
// properties and built-in attributes cannot be assigned.
func (a *analyzer) checkAssign(what string, d *syntax.DotExpr, pl place) {
	name, pos := d.Name.Name, gpos(d.Name.NamePos)
	kind := a.kindOf(d.X, pl)
	switch kind.k {
	case kObject:
		if kind.t == nil {
			a.checkAssignAny(what, d)
			return
		}
		for _, v := range kind.t.Variables {
			if v.Name == name {
				return
			}
		}
		for _, p := range kind.t.Properties {
			if p.Name == name {
				a.report(graph.Error, "name", pos, "%s: %s: %s is a property of %s: only variables can be assigned", what, exprName(d), name, kind.t.Name)
				return
			}
		}
		for _, b := range objectAttrs {
			if b == name {
				a.report(graph.Error, "name", pos, "%s: %s cannot be assigned", what, exprName(d))
				return
			}
		}
		var vars []string
		for _, v := range kind.t.Variables {
			vars = append(vars, v.Name)
		}
		a.report(graph.Warning, "name", pos, "%s: %s: object type %s declares no variable %q (declare it under variables with its type)%s", what, exprName(d), kind.t.Name, name, suggest(name, vars))
	case kState:
		a.report(graph.Error, "name", pos, "%s: %s: a state's parameters cannot be assigned (call the state with new ones)", what, exprName(d))
	case kGame:
		for _, b := range gameAttrs {
			if b == name {
				a.report(graph.Error, "name", pos, "%s: game.%s cannot be assigned (use set_active and next_state)", what, name)
			}
		}
	case kPlayer:
		switch name {
		case "no", "id", "name":
			a.report(graph.Error, "name", pos, "%s: %s cannot be assigned", what, exprName(d))
		}
	}
}

// checkAssignAny checks an assignment to an object of unknown type: a name
// that is a property of some type and a variable of none cannot be assigned.
func (a *analyzer) checkAssignAny(what string, d *syntax.DotExpr) {
	name := d.Name.Name
	prop := ""
	for _, t := range a.pack.ObjectTypes {
		for _, v := range t.Variables {
			if v.Name == name {
				return
			}
		}
		for _, p := range t.Properties {
			if p.Name == name && prop == "" {
				prop = t.Name
			}
		}
	}
	if prop != "" {
		a.report(graph.Error, "name", gpos(d.Name.NamePos), "%s: %s: %s is a property (of %s) and no object type's variable: only variables can be assigned", what, exprName(d), name, prop)
	}
}

// allMembers lists every object type's variables, properties and methods.
func (a *analyzer) allMembers() []string {
	var out []string
	for _, t := range a.pack.ObjectTypes {
		out = append(out, typeMembers(t)...)
	}
	return out
}

// checkCall checks the literal arguments of call, create, objects and the tag
// methods.
func (a *analyzer) checkCall(what string, n *syntax.CallExpr, pl place) {
	switch fn := n.Fn.(type) {
	case *syntax.Ident:
		if scopeOf(fn) != resolve.Predeclared || a.fns[fn.Name] != nil {
			return
		}
		switch fn.Name {
		case "call":
			a.checkCallState(what, n)
		case "create":
			a.checkCreate(what, n)
		case "objects":
			a.checkObjects(what, n)
		case "notify":
			a.checkNotify(what, n)
		}
	case *syntax.DotExpr:
		switch fn.Name.Name {
		case "has_tag", "add_tag", "remove_tag":
			if a.native(fn.X) != "" || len(n.Args) != 1 {
				return
			}
			if lit, ok := n.Args[0].(*syntax.Literal); ok && lit.Token == syntax.STRING {
				a.checkTag(what, fmt.Sprintf("%s(%q)", fn.Name.Name, lit.Value.(string)), lit.Value.(string), lit.TokenPos)
			}
		}
	}
}

// checkTag reports a tag no object type declares; label is the call.
func (a *analyzer) checkTag(what, label, tag string, pos syntax.Position) {
	if _, ok := a.c.p.tags[tag]; ok {
		return
	}
	a.report(graph.Error, "tag", gpos(pos), "%s: %s: no object type declares the tag %q (declare it in an object type's tags)%s", what, label, tag, suggest(tag, sortedKeys(a.c.p.tags)))
}

// kwargs splits a call's arguments: positional ones, keyword ones, and
// whether it spreads *args or **kwargs (then its arguments cannot be known).
func kwargs(n *syntax.CallExpr) (pos []syntax.Expr, kw []*syntax.BinaryExpr, spread bool) {
	for _, arg := range n.Args {
		switch x := arg.(type) {
		case *syntax.BinaryExpr:
			if x.Op == syntax.EQ {
				kw = append(kw, x)
				continue
			}
		case *syntax.UnaryExpr:
			if x.Op == syntax.STAR || x.Op == syntax.STARSTAR {
				spread = true
				continue
			}
		}
		pos = append(pos, arg)
	}
	return pos, kw, spread
}

func litString(args []syntax.Expr, i int) string {
	if i < len(args) {
		if lit, ok := args[i].(*syntax.Literal); ok && lit.Token == syntax.STRING {
			return lit.Value.(string)
		}
	}
	return ""
}

// checkCallState checks call(state, **params): the state exists, each
// parameter is declared with a literal of its type, none is missing.
func (a *analyzer) checkCallState(what string, n *syntax.CallExpr) {
	args, kw, spread := kwargs(n)
	if len(args) == 0 {
		return
	}
	var to *graph.State
	var label string
	switch lit := args[0].(type) {
	case *syntax.Literal:
		switch v := lit.Value.(type) {
		case string:
			label = fmt.Sprintf("call(%q)", v)
			if to = a.pack.StateByName(v); to == nil {
				var names []string
				for _, s := range a.pack.States {
					names = append(names, s.Name)
				}
				a.report(graph.Error, "call", gpos(lit.TokenPos), "%s: %s: no state is named %q%s", what, label, v, suggest(v, names))
				return
			}
		case int64:
			label = fmt.Sprintf("call(%d)", v)
			if to = a.pack.State(graph.NumID(int(v))); to == nil {
				a.report(graph.Error, "call", gpos(lit.TokenPos), "%s: %s: no state has id %d", what, label, v)
				return
			}
		}
	}
	if to == nil {
		return
	}
	if len(args) > 1 {
		a.report(graph.Error, "call", gpos(syntax.Start(args[1])), "%s: %s: the parameters of a called state are given by name (call(%q, name=value))", what, label, to.Name)
	}
	given := map[string]bool{}
	var names []string
	for _, p := range to.Params {
		names = append(names, p.Name)
	}
	for _, k := range kw {
		id := k.X.(*syntax.Ident)
		given[id.Name] = true
		var prm *graph.Param
		for _, p := range to.Params {
			if p.Name == id.Name {
				prm = p
			}
		}
		if prm == nil {
			have := "it has none"
			if len(names) > 0 {
				have = "it has " + strings.Join(names, ", ")
			}
			a.report(graph.Error, "call", gpos(id.NamePos), "%s: %s: %s has no parameter %q (%s)%s", what, label, stateLabel(to), id.Name, have, suggest(id.Name, names))
			continue
		}
		if lt, pos, ok := literalType(k.Y); ok && !typeAccepts(prm.Type, lt) {
			a.report(graph.Error, "call", gpos(pos), "%s: %s: parameter %s is %s, not %s", what, label, prm.Name, article(prm.Type), lt)
		}
	}
	if spread {
		return
	}
	for _, p := range to.Params {
		if !given[p.Name] && p.Default == nil {
			a.report(graph.Error, "call", gpos(n.Lparen), "%s: %s: missing parameter %s (%s), which has no default", what, label, p.Name, p.Type)
		}
	}
}

// checkCreate checks create(type, tags=[...], **variables).
func (a *analyzer) checkCreate(what string, n *syntax.CallExpr) {
	args, kw, _ := kwargs(n)
	if len(args) == 0 {
		return
	}
	lit, ok := args[0].(*syntax.Literal)
	if !ok || lit.Token != syntax.STRING {
		return
	}
	name := lit.Value.(string)
	t := a.types[name]
	label := fmt.Sprintf("create(%q)", name)
	if t == nil {
		a.report(graph.Error, "create", gpos(lit.TokenPos), "%s: %s: no object type %q%s", what, label, name, suggest(name, sortedKeys(a.types)))
		return
	}
	var vars []string
	for _, v := range t.Variables {
		vars = append(vars, v.Name)
	}
	for _, k := range kw {
		id := k.X.(*syntax.Ident)
		if id.Name == "tags" {
			if l, ok := k.Y.(*syntax.ListExpr); ok {
				for _, e := range l.List {
					if s, ok := e.(*syntax.Literal); ok && s.Token == syntax.STRING {
						a.checkTag(what, fmt.Sprintf("create(%q, tags=[...])", name), s.Value.(string), s.TokenPos)
					}
				}
			}
			continue
		}
		var v *graph.Variable
		for _, x := range t.Variables {
			if x.Name == id.Name {
				v = x
			}
		}
		if v == nil {
			a.report(graph.Error, "create", gpos(id.NamePos), "%s: %s: object type %s has no variable %q%s", what, label, t.Name, id.Name, suggest(id.Name, vars))
			continue
		}
		if lt, pos, ok := literalType(k.Y); ok && !typeAccepts(v.Type, lt) {
			a.report(graph.Error, "create", gpos(pos), "%s: %s: variable %s is %s, not %s", what, label, v.Name, article(v.Type), lt)
		}
	}
}

// checkObjects checks objects(type=, tag=).
func (a *analyzer) checkObjects(what string, n *syntax.CallExpr) {
	args, kw, _ := kwargs(n)
	check := func(key string, e syntax.Expr) {
		lit, ok := e.(*syntax.Literal)
		if !ok || lit.Token != syntax.STRING {
			return
		}
		v := lit.Value.(string)
		switch key {
		case "type":
			if a.types[v] == nil {
				a.report(graph.Error, "name", gpos(lit.TokenPos), "%s: objects(type=%q): no object type %q%s", what, v, v, suggest(v, sortedKeys(a.types)))
			}
		case "tag":
			a.checkTag(what, fmt.Sprintf("objects(tag=%q)", v), v, lit.TokenPos)
		}
	}
	for i, e := range args {
		check([]string{"type", "tag", ""}[min(i, 2)], e)
	}
	for _, k := range kw {
		check(k.X.(*syntax.Ident).Name, k.Y)
	}
}

// literalType names the type of a literal expression ("int", "string",
// "bool", "float", "list", "None") and where it is; ok is false for anything
// else.
func literalType(e syntax.Expr) (string, syntax.Position, bool) {
	switch x := e.(type) {
	case *syntax.Literal:
		switch x.Value.(type) {
		case string:
			return "a string " + x.Raw, x.TokenPos, true
		case float64:
			return "a float " + x.Raw, x.TokenPos, true
		default:
			return "an int " + x.Raw, x.TokenPos, true
		}
	case *syntax.Ident:
		if scopeOf(x) == resolve.Universal {
			switch x.Name {
			case "True", "False":
				return "a bool " + x.Name, x.NamePos, true
			case "None":
				return "None", x.NamePos, true
			}
		}
	case *syntax.ListExpr:
		return "a list", x.Lbrack, true
	case *syntax.DictExpr:
		return "a dict", x.Lbrace, true
	}
	return "", syntax.Position{}, false
}

// typeAccepts reports whether a value described by literalType fits a
// declared type (the run-time check is typeCheck).
func typeAccepts(typ, lit string) bool {
	kind, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(lit, "a "), "an "), " ")
	switch typ {
	case "int":
		return kind == "int"
	case "float":
		return kind == "float" || kind == "int"
	case "bool":
		return kind == "bool"
	case "string", "str":
		return kind == "string"
	case "list", "tuple":
		return kind == "list"
	case "dict":
		return kind == "dict"
	case "player", "object", "card", "cell":
		return false
	}
	return true // an unknown type is reported where it is declared
}

// article returns "an int", "a string".
func article(typ string) string {
	if typ != "" && strings.ContainsRune("aeiou", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}

// sortedNames returns the names of a set, sorted.
func sortedNames(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// starlarkMethod reports whether name is a method of Starlark's own types.
func (a *analyzer) starlarkMethod(name string) bool {
	for _, v := range []starlark.HasAttrs{starlark.String(""), starlark.NewList(nil), starlark.NewDict(0), starlark.NewSet(0)} {
		for _, n := range v.AttrNames() {
			if n == name {
				return true
			}
		}
	}
	return false
}

// checkNotify reports ${key} placeholders of a literal notify message that no
// keyword argument fills (they would be shown as written).
func (a *analyzer) checkNotify(what string, n *syntax.CallExpr) {
	args, kw, spread := kwargs(n)
	if spread || len(args) == 0 {
		return
	}
	lit, ok := args[0].(*syntax.Literal)
	if !ok || lit.Token != syntax.STRING {
		return
	}
	given := map[string]bool{}
	for _, k := range kw {
		given[k.X.(*syntax.Ident).Name] = true
	}
	for _, m := range descKey.FindAllStringSubmatch(lit.Value.(string), -1) {
		if !given[m[1]] {
			a.report(graph.Warning, "notify", gpos(lit.TokenPos), "%s: notify: ${%s} in the message has no argument (pass %s=...)%s", what, m[1], m[1], suggest(m[1], sortedNames(given)))
		}
	}
}

// exprOf returns the expression of a pure place's code (the compiler wraps
// it as "return (expr)"), or nil for statements.
func exprOf(u *unit) syntax.Expr {
	if u.fn == nil || len(u.fn.Body) != 1 {
		return nil
	}
	r, ok := u.fn.Body[0].(*syntax.ReturnStmt)
	if !ok {
		return nil
	}
	if p, ok := r.Result.(*syntax.ParenExpr); ok {
		return p.X
	}
	return r.Result
}

// literalElems returns the elements written out in a domain: those of a
// list or tuple literal, and of each such operand of a + (a computed part,
// [None] + list(players), gives nothing).
func literalElems(e syntax.Expr) []syntax.Expr {
	switch x := e.(type) {
	case *syntax.ParenExpr:
		return literalElems(x.X)
	case *syntax.ListExpr:
		return x.List
	case *syntax.TupleExpr:
		return x.List
	case *syntax.BinaryExpr:
		if x.Op == syntax.PLUS {
			return append(literalElems(x.X), literalElems(x.Y)...)
		}
	}
	return nil
}

// checkLiterals checks what literal code says about declarations: a domain
// written as a list of literals holds values of its parameter's type, and a
// description's ${key} is a key of args written as a dict literal.
func (a *analyzer) checkLiterals() {
	byPos := map[graph.Pos]*unit{}
	for i := range a.c.units {
		u := &a.c.units[i]
		byPos[u.code.Pos] = u
	}
	for _, act := range a.pack.Actions {
		for _, p := range act.Params {
			u := byPos[p.Domain.Pos]
			if u == nil || p.Domain.IsZero() {
				continue
			}
			for _, e := range literalElems(exprOf(u)) {
				if lt, pos, ok := literalType(e); ok && !typeAccepts(p.Type, lt) {
					if lt == "None" {
						a.report(graph.Error, "value", gpos(pos), "%s: None is not %s", u.what, article(p.Type))
						break
					}
					kind, raw, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(lt, "a "), "an "), " ")
					a.report(graph.Error, "value", gpos(pos), "%s: %s is %s, not %s", u.what, raw, article(kind), article(p.Type))
					break
				}
			}
		}
	}
	for _, s := range a.pack.States {
		u := byPos[s.Args.Pos]
		if u == nil || s.Args.IsZero() {
			continue
		}
		d, ok := exprOf(u).(*syntax.DictExpr)
		if !ok {
			continue
		}
		keys := map[string]bool{"actplayer": true, "you": true, "otherplayer": true}
		for _, p := range s.Params {
			keys[p.Name] = true
		}
		for _, e := range d.List {
			lit, ok := e.(*syntax.DictEntry).Key.(*syntax.Literal)
			if !ok || lit.Token != syntax.STRING {
				return // a computed key: any key may come
			}
			keys[lit.Value.(string)] = true
		}
		for _, f := range []struct{ name, text string }{{"description", s.Description}, {"descriptionmyturn", s.DescriptionMyTurn}} {
			for _, m := range descKey.FindAllStringSubmatch(f.text, -1) {
				if !keys[strings.SplitN(m[1], ".", 2)[0]] {
					a.report(graph.Warning, "description-arg", s.Args.Pos, "%s: %s uses ${%s} but args gives no such key%s", stateLabel(s), f.name, m[1], suggest(m[1], sortedNames(keys)))
				}
			}
		}
	}
}
