package graph

import (
	"fmt"
	"regexp"
	"strings"
)

// CheckIn says what b names that p does not have (nil when p has all of
// it): the clause of a clause breakpoint (its path, or a path some clause
// is under: ClausePaths) and the variable or property of a target. Names
// the code makes as it runs are read from the text, as the reachability
// check reads calls: a game or player variable is known when some code
// assigns it (`.NAME = `, `+=`, ...), a player's score always; an object
// type's variables and properties are declared. A board's name is a target
// of its own. Check's errors come first.
func (b Breakpoint) CheckIn(p *Pack) error {
	if err := b.Check(); err != nil {
		return err
	}
	switch b.Kind {
	case BreakClause:
		for _, c := range ClausePaths(p) {
			if c == b.Clause || strings.HasPrefix(c, strings.TrimSuffix(b.Clause, "/")+"/") {
				return nil
			}
		}
		if parts := strings.Split(b.Clause, "/"); parts[0] == "object_types" && len(parts) > 1 && p.ObjectTypes.Lookup(parts[1]) == nil {
			return fmt.Errorf("the pack has no object type %q", parts[1])
		}
		return fmt.Errorf("the pack has no whenever or when clause %q", b.Clause)
	case BreakVariable, BreakProperty:
		return checkTarget(p, b.Kind, b.Target)
	}
	return nil
}

// checkTarget says whether p has the variable or property target names.
func checkTarget(p *Pack, kind BreakKind, target string) error {
	owner, name := target, ""
	if i := strings.LastIndexByte(target, '.'); i >= 0 {
		owner, name = target[:i], target[i+1:]
	}
	if name == "" { // "NAME": any owner's, or a board
		for _, b := range p.Boards {
			if b.Name == owner {
				return nil
			}
		}
		if knownVariables(p)[owner] {
			return nil
		}
		return fmt.Errorf("no code of the pack sets a variable %q, and it has no board %q", owner, owner)
	}
	var types []*ObjectType
	switch {
	case owner == "game" || owner == "player":
		if kind == BreakVariable && (knownVariables(p)[name] || owner == "player" && name == "score") {
			return nil
		}
		return fmt.Errorf("no code of the pack sets a %s variable %q", owner, name)
	case strings.HasPrefix(owner, "#"):
		types = p.ObjectTypes
	default:
		t := p.ObjectTypes.Lookup(owner)
		if t == nil {
			return fmt.Errorf("the pack has no object type %q", owner)
		}
		types = []*ObjectType{t}
	}
	for _, t := range types {
		if kind == BreakProperty && t.Properties.has(name) || kind == BreakVariable && t.Variables.has(name) {
			return nil
		}
	}
	if kind == BreakVariable && strings.HasPrefix(owner, "#") && knownVariables(p)[name] {
		return nil
	}
	return fmt.Errorf("%s has no %s %q", ownerWords(owner), kind, name)
}

func ownerWords(owner string) string {
	if strings.HasPrefix(owner, "#") {
		return "no object type"
	}
	return "object type " + owner
}

func (ps Properties) has(name string) bool {
	for _, x := range ps {
		if x.Name == name {
			return true
		}
	}
	return false
}

func (vs Variables) has(name string) bool {
	for _, x := range vs {
		if x.Name == name {
			return true
		}
	}
	return false
}

// assignRe finds an attribute assigned in code: `p.life = 20`, `x.n += 1`
// (not `==`).
var assignRe = regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)\s*(?:[-+*/%|&^]|//|<<|>>)?=(?:[^=]|$)`)

// knownVariables are the attribute names some code of p assigns and the
// object types' declared variables.
func knownVariables(p *Pack) map[string]bool {
	out := map[string]bool{}
	for _, src := range (&checker{p: p}).allCode() {
		for _, m := range assignRe.FindAllStringSubmatch(src, -1) {
			out[m[1]] = true
		}
	}
	for _, t := range p.ObjectTypes {
		for _, v := range t.Variables {
			out[v.Name] = true
		}
	}
	return out
}

// ClausePaths lists the paths of p's whenever and when clauses, as events
// and clause breakpoints name them ("object_types/TYPE/whenever/NAME",
// "states/ID/when/NAME"; an unnamed clause by its number from 1), in pack
// order.
func ClausePaths(p *Pack) []string {
	var out []string
	add := func(prefix string, cl *Clauses) {
		for k, ts := range [][]*Trigger{cl.Whenever, cl.When} {
			kind := [...]string{"whenever", "when"}[k]
			for i, t := range ts {
				name := t.Name
				if name == "" {
					name = fmt.Sprint(i + 1)
				}
				out = append(out, prefix+"/"+kind+"/"+name)
			}
		}
	}
	for _, s := range p.States {
		if s.Clauses != nil {
			add("states/"+s.ID.String(), s.Clauses)
		}
	}
	for _, t := range p.ObjectTypes {
		add("object_types/"+t.Name, &t.Clauses)
	}
	return out
}
