package forms

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/graph"
)

// NamedPath turns a form's place (list indexes: "params/0/domain",
// "methods/1/body") into the path the locator gives for the same field
// (YAML keys: "params/card/domain", "methods/attack/body"; the clause
// lists while, whenever and when are YAML lists and keep their indexes).
// For a pack field it prefixes nothing: the locator's path is the key.
func NamedPath(p *graph.Pack, kind graph.RefKind, name, path string) string {
	if p == nil {
		return path
	}
	parts := strings.Split(path, "/")
	var clauses *graph.Clauses
	switch kind {
	case graph.StateRef:
		s := place.State(p, name)
		if s == nil {
			return path
		}
		if len(parts) >= 2 && parts[0] == "params" {
			if i, err := strconv.Atoi(parts[1]); err == nil && i < len(s.Params) {
				parts[1] = s.Params[i].Name
			}
		}
		if len(parts) >= 2 && parts[0] == "transitions" {
			if i, err := strconv.Atoi(parts[1]); err == nil && i < len(s.Transitions) {
				parts[1] = s.Transitions[i].Name
			}
		}
		if len(parts) > 1 && parts[0] == "clauses" && s.Clauses != nil {
			clauses = s.Clauses
			parts = append([]string{"clauses"}, nameClausePath(clauses, parts[1:])...)
		}
	case graph.ObjectTypeRef:
		if t := p.ObjectTypes.Lookup(name); t != nil {
			parts = nameClausePath(&t.Clauses, parts)
		}
	case graph.ActionRef:
		if a := p.Actions.Lookup(name); a != nil && len(parts) >= 2 && parts[0] == "params" {
			if i, err := strconv.Atoi(parts[1]); err == nil && i < len(a.Params) {
				parts[1] = a.Params[i].Name
			}
		}
	}
	return strings.Join(parts, "/")
}

// nameClausePath names the members of a clause path: "methods/1/body" is
// "methods/attack/body", "variables/0/value" "variables/hp/value".
func nameClausePath(c *graph.Clauses, parts []string) []string {
	if len(parts) < 2 {
		return parts
	}
	i, err := strconv.Atoi(parts[1])
	if err != nil {
		return parts
	}
	out := append([]string(nil), parts...)
	switch parts[0] {
	case "properties":
		if i < len(c.Properties) {
			out[1] = c.Properties[i].Name
		}
	case "methods":
		if i < len(c.Methods) {
			out[1] = c.Methods[i].Name
			if len(out) >= 4 && out[2] == "params" {
				if j, err := strconv.Atoi(out[3]); err == nil && j < len(c.Methods[i].Params) {
					out[3] = c.Methods[i].Params[j].Name
				}
			}
		}
	case "variables":
		if i < len(c.Variables) {
			out[1] = c.Variables[i].Name
		}
	}
	return out
}

// IndexedPath is the inverse of namedPath: the form's place of the field
// the locator names.
func IndexedPath(p *graph.Pack, kind graph.RefKind, name, path string) string {
	if p == nil {
		return path
	}
	parts := strings.Split(path, "/")
	find := func(names []string, at int) {
		if at < len(parts) {
			if i := slices.Index(names, parts[at]); i >= 0 {
				parts[at] = strconv.Itoa(i)
			}
		}
	}
	params := func(ps graph.Params, at int) {
		find(namesOf(ps, func(pr *graph.Param) string { return pr.Name }), at)
	}
	clauses := func(c *graph.Clauses, at int) {
		if at >= len(parts) {
			return
		}
		switch parts[at] {
		case "properties":
			find(namesOf(c.Properties, func(p *graph.Property) string { return p.Name }), at+1)
		case "variables":
			find(namesOf(c.Variables, func(v *graph.Variable) string { return v.Name }), at+1)
		case "methods":
			if at+1 < len(parts) {
				if m := slices.Index(namesOf(c.Methods, func(m *graph.Method) string { return m.Name }), parts[at+1]); m >= 0 {
					parts[at+1] = strconv.Itoa(m)
					if at+3 < len(parts) && parts[at+2] == "params" {
						params(c.Methods[m].Params, at+3)
					}
				}
			}
		}
	}
	switch kind {
	case graph.StateRef:
		s := place.State(p, name)
		if s == nil || len(parts) == 0 {
			break
		}
		switch parts[0] {
		case "params":
			params(s.Params, 1)
		case "transitions":
			find(namesOf(s.Transitions, func(t graph.Transition) string { return t.Name }), 1)
		case "clauses":
			if s.Clauses != nil {
				clauses(s.Clauses, 1)
			}
		}
	case graph.ObjectTypeRef:
		if t := p.ObjectTypes.Lookup(name); t != nil {
			clauses(&t.Clauses, 0)
		}
	case graph.ActionRef:
		if a := p.Actions.Lookup(name); a != nil && len(parts) > 0 && parts[0] == "params" {
			params(a.Params, 1)
		}
	}
	return strings.Join(parts, "/")
}
