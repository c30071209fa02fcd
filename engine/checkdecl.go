package engine

import (
	"fmt"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// declTypes are the types a variable or parameter may declare, with the run-time
// check each has (typeCheck).
var declTypes = []string{"int", "float", "bool", "string", "list", "dict", "player", "object", "card", "cell", "tuple", "str"}

// checkDeclarations checks what the pack declares outside its code: types
// and initial values of variables and parameters, while and whenever clauses,
// actions no state allows.
func (a *analyzer) checkDeclarations() {
	for _, t := range a.pack.ObjectTypes {
		for _, v := range t.Variables {
			what := fmt.Sprintf("object type %s variable %s", t.Name, v.Name)
			if a.checkType(what, v.Type, or(v.TypePos, v.Pos)) && v.Value != nil {
				a.checkValue(what+" value", v.Type, *v.Value, or(v.ValuePos, v.Pos))
			}
		}
		a.checkParams(fmt.Sprintf("object type %s", t.Name), t.Methods)
		a.checkClauses("object type "+t.Name, &t.Clauses, t, nil)
	}
	for _, act := range a.pack.Actions {
		for _, p := range act.Params {
			a.checkType(fmt.Sprintf("action %s param %s", act.Name, p.Name), p.Type, or(p.TypePos, p.Pos))
		}
	}
	allowed := statesAllowing(a.pack)
	for _, act := range a.pack.Actions {
		if len(allowed[act.Name]) == 0 {
			a.report(graph.Warning, "action-unused", act.Pos, "action %s: no state lists it in possibleactions, so no player can take it", act.Name)
		}
	}
	for _, s := range a.pack.States {
		what := stateLabel(s)
		for _, p := range s.Params {
			pw := what + " param " + p.Name
			if a.checkType(pw, p.Type, or(p.TypePos, p.Pos)) && p.Default != nil {
				a.checkValue(pw+" default", p.Type, *p.Default, or(p.DefaultPos, p.Pos))
			}
		}
		if s.Clauses != nil {
			a.checkParams(what, s.Clauses.Methods)
			a.checkClauses(what, s.Clauses, nil, s)
		}
	}
}

// typeSynonyms are the other languages' names of the types.
var typeSynonyms = map[string]string{"integer": "int", "number": "float", "double": "float", "boolean": "bool",
	"text": "string", "array": "list", "map": "dict", "mapping": "dict", "obj": "object"}

func or(p, q graph.Pos) graph.Pos {
	if p.IsValid() {
		return p
	}
	return q
}

func (a *analyzer) checkParams(what string, ms graph.Methods) {
	for _, m := range ms {
		for _, p := range m.Params {
			a.checkType(fmt.Sprintf("%s method %s param %s", what, m.Name, p.Name), p.Type, or(p.TypePos, p.Pos))
		}
	}
}

// checkType reports an unknown type; it reports whether the type is known.
func (a *analyzer) checkType(what, typ string, pos graph.Pos) bool {
	for _, t := range declTypes {
		if t == typ {
			return true
		}
	}
	if typ == "" {
		a.report(graph.Error, "type", pos, "%s: needs a type (one of %s)", what, strings.Join(declTypes[:10], ", "))
		return false
	}
	hint := suggest(typ, declTypes)
	if t, ok := typeSynonyms[strings.ToLower(typ)]; ok {
		hint = fmt.Sprintf("; did you mean %q?", t)
	}
	a.report(graph.Error, "type", pos, "%s: unknown type %q (one of %s)%s", what, typ, strings.Join(declTypes[:10], ", "), hint)
	return false
}

// checkValue reports an initial value or default whose kind is not its type's.
func (a *analyzer) checkValue(what, typ string, v graph.Value, pos graph.Pos) {
	ok := true
	switch typ {
	case "int":
		ok = v.Kind == graph.IntValue
	case "float":
		ok = v.Kind == graph.FloatValue || v.Kind == graph.IntValue
	case "bool":
		ok = v.Kind == graph.BoolValue
	case "string", "str":
		ok = v.Kind == graph.StringValue
	case "list", "tuple":
		ok = v.Kind == graph.ListValue
	case "dict":
		ok = v.Kind == graph.MapValue
	case "cell":
		ok = v.Kind == graph.ListValue && len(v.List) == 2 && v.List[0].Kind == graph.IntValue && v.List[1].Kind == graph.IntValue
	case "player", "object", "card":
		ok = v.Kind == graph.NullValue
	}
	if v.Kind == graph.NullValue {
		ok = true // null: the type's zero
	}
	if !ok {
		a.report(graph.Error, "value", pos, "%s: %s is %s, not %s", what, v, valueKindName(v), article(typ))
	}
}

func valueKindName(v graph.Value) string {
	switch v.Kind {
	case graph.BoolValue:
		return "a bool"
	case graph.IntValue:
		return "an int"
	case graph.FloatValue:
		return "a float"
	case graph.StringValue:
		return "a string"
	case graph.ConstValue:
		return "a constant"
	case graph.ListValue:
		return "a list"
	case graph.MapValue:
		return "a mapping"
	}
	return "null"
}

// checkClauses checks the while and whenever/when clauses of an object type
// (t) or of a state (s).
func (a *analyzer) checkClauses(what string, cl *graph.Clauses, t *graph.ObjectType, s *graph.State) {
	for i, w := range cl.While {
		name := w.Name
		if name == "" {
			name = fmt.Sprint(i + 1)
		}
		ww := what + " " + ClauseName("while", name)
		if w.Condition.IsZero() {
			a.report(graph.Error, "while", w.Pos, "%s: needs a condition (write condition: \"True\" for always)", ww)
		}
		if s != nil && w.Selector.IsZero() {
			a.report(graph.Error, "while", w.Pos, "%s: a state's while clause needs a selector (the objects whose targets it wraps)", ww)
		}
		if len(w.Target) == 0 {
			a.report(graph.Error, "while", w.Pos, "%s: needs a target (a property, variable, method or tag)", ww)
		}
		needsWrapper := false
		for j, tg := range w.Target {
			pos := w.Pos
			if j < len(w.TargetPos) {
				pos = w.TargetPos[j]
			}
			kind := a.targetKind(tg, t, w.Selector.IsZero())
			switch kind {
			case "":
				have := a.allMembers()
				owner := "any object type"
				if t != nil && w.Selector.IsZero() {
					have, owner = typeMembers(t), t.Name
				}
				have = append(have, sortedKeys(a.c.p.tags)...)
				// Any type's tag may be granted: an object holds its own
				// type's tags from its creation, so a tag granted only
				// while a condition holds is declared by another type.
				a.report(graph.Error, "while", pos, "%s: target %q names no property, variable or method of %s, nor a tag some object type declares%s", ww, tg, owner, suggest(tg, have))
			case "tag":
			default:
				needsWrapper = true
			}
		}
		if needsWrapper && w.Wrapper.IsZero() {
			a.report(graph.Error, "while", w.Pos, "%s: needs a wrapper (value + 1 for a property or variable, inner(...) for a method)", ww)
		}
	}
	for _, group := range []struct {
		kind string
		ts   []*graph.Trigger
	}{{"whenever", cl.Whenever}, {"when", cl.When}} {
		kind := group.kind
		for i, tr := range group.ts {
			name := tr.Name
			if name == "" {
				name = fmt.Sprint(i + 1)
			}
			if tr.Condition.IsZero() {
				a.report(graph.Error, "trigger", tr.Pos, "%s %s: needs a condition", what, ClauseName(kind, name))
			}
			if tr.Body.IsZero() {
				a.report(graph.Warning, "trigger", tr.Pos, "%s %s: has no body, so firing does nothing", what, ClauseName(kind, name))
			}
		}
	}
}

// targetKind says what a while target names: "member" (a variable, property
// or method of t, or with a selector of any type), "tag", or "" (nothing).
func (a *analyzer) targetKind(name string, t *graph.ObjectType, self bool) string {
	members := a.allMembers()
	if t != nil && self {
		members = typeMembers(t)
	}
	for _, m := range members {
		if m == name {
			return "member"
		}
	}
	if a.c.isTag(name) {
		return "tag"
	}
	return ""
}
