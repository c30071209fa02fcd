package forms

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// clauseHost is what owns a set of clauses: an object type, or a state.
type clauseHost struct {
	key  string // the merge key prefix of its fields: "state 21/clauses/", "object type creature/"
	path string // the place prefix of its fields in the form: "clauses/" for a state
	get  func(p *graph.Pack) (*graph.Clauses, bool)
	edit func(p *graph.Pack, field string, change func(c *graph.Clauses)) (graph.Edit, error)
}

// clauseKind is one kind of clause as the cards show it: its list in a
// [graph.Clauses], how a new one, a copy, a move and a deletion change that
// list, and the form of one card.
type clauseKind interface {
	name() string  // the YAML key: "while", "properties"
	title() string // the section's heading
	count(c *graph.Clauses) int
	label(c *graph.Clauses, i int) string // the name of clause i, for edit labels
	add(c *graph.Clauses)
	remove(c *graph.Clauses, i int)
	swap(c *graph.Clauses, i, j int)
	duplicate(c *graph.Clauses, i int)
	card(f *Form, h clauseHost, i int)
}

// kind implements clauseKind for a list of T.
type kind[T any] struct {
	key, heading string
	list         func(c *graph.Clauses) *[]T
	nameOf       func(T) string
	fresh        func(name string) T
	copyOf       func(v T, name string) T
	fields       func(f *Form, h clauseHost, i int, at func(p *graph.Pack) (T, bool), field func(name string) string)
}

func (k *kind[T]) name() string               { return k.key }
func (k *kind[T]) title() string              { return k.heading }
func (k *kind[T]) count(c *graph.Clauses) int { return len(*k.list(c)) }
func (k *kind[T]) label(c *graph.Clauses, i int) string {
	if l := *k.list(c); i < len(l) {
		return k.nameOf(l[i])
	}
	return ""
}

func (k *kind[T]) taken(c *graph.Clauses) func(string) bool {
	return func(n string) bool {
		return slices.ContainsFunc(*k.list(c), func(v T) bool { return k.nameOf(v) == n })
	}
}

func (k *kind[T]) add(c *graph.Clauses) {
	l := k.list(c)
	*l = append(*l, k.fresh(freshName(singular(k.key), k.taken(c))))
}

func (k *kind[T]) remove(c *graph.Clauses, i int) {
	if l := k.list(c); i < len(*l) {
		*l = slices.Delete(*l, i, i+1)
		if len(*l) == 0 {
			*l = nil
		}
	}
}

func (k *kind[T]) swap(c *graph.Clauses, i, j int) {
	if l := *k.list(c); i >= 0 && j >= 0 && i < len(l) && j < len(l) {
		l[i], l[j] = l[j], l[i]
	}
}

func (k *kind[T]) duplicate(c *graph.Clauses, i int) {
	if l := k.list(c); i < len(*l) {
		v := k.copyOf((*l)[i], freshName(k.nameOf((*l)[i])+"_copy", k.taken(c)))
		*l = slices.Insert(*l, i+1, v)
	}
}

func (k *kind[T]) card(f *Form, h clauseHost, i int) {
	at := func(p *graph.Pack) (T, bool) {
		var zero T
		c, ok := h.get(p)
		if !ok {
			return zero, false
		}
		if l := *k.list(c); i < len(l) {
			return l[i], true
		}
		return zero, false
	}
	field := func(name string) string {
		s := k.key + "/" + strconv.Itoa(i)
		if name != "" {
			s += "/" + name
		}
		return s
	}
	k.fields(f, h, i, at, field)
}

// singular is the word for one clause of a kind, the base of new names.
func singular(key string) string {
	switch key {
	case "properties":
		return "property"
	case "variables", "methods", "tags":
		return strings.TrimSuffix(key, "s")
	}
	return key
}

// clauseKinds are the kinds in the order the cards show them (the seed's
// order: conditions first, then the object's members). They are set by init:
// their cards refer back to the edits that refer to them.
var clauseKinds []clauseKind

func init() { clauseKinds = makeClauseKinds() }

func makeClauseKinds() []clauseKind {
	return []clauseKind{
		&kind[*graph.While]{key: "while", heading: "while: a condition and a wrapper around properties or methods",
			list:   func(c *graph.Clauses) *[]*graph.While { return &c.While },
			nameOf: func(w *graph.While) string { return w.Name },
			fresh:  func(n string) *graph.While { return &graph.While{Name: n, Condition: graph.Code{Src: "True"}} },
			copyOf: func(w *graph.While, n string) *graph.While {
				c := *w
				c.Name = n
				c.Target = slices.Clone(w.Target)
				return &c
			},
			fields: whileFields},
		&kind[*graph.Trigger]{key: "whenever", heading: "whenever: a condition and a body run each step it becomes true",
			list:   func(c *graph.Clauses) *[]*graph.Trigger { return &c.Whenever },
			nameOf: func(t *graph.Trigger) string { return t.Name },
			fresh:  func(n string) *graph.Trigger { return &graph.Trigger{Name: n, Condition: graph.Code{Src: "False"}} },
			copyOf: func(t *graph.Trigger, n string) *graph.Trigger { c := *t; c.Name = n; return &c },
			fields: triggerFields},
		&kind[*graph.Trigger]{key: "when", heading: "when: a whenever that fires once",
			list:   func(c *graph.Clauses) *[]*graph.Trigger { return &c.When },
			nameOf: func(t *graph.Trigger) string { return t.Name },
			fresh:  func(n string) *graph.Trigger { return &graph.Trigger{Name: n, Condition: graph.Code{Src: "False"}} },
			copyOf: func(t *graph.Trigger, n string) *graph.Trigger { c := *t; c.Name = n; return &c },
			fields: triggerFields},
		&kind[*graph.Property]{key: "properties", heading: "properties: pure values of the object",
			list:   func(c *graph.Clauses) *[]*graph.Property { return (*[]*graph.Property)(&c.Properties) },
			nameOf: func(p *graph.Property) string { return p.Name },
			fresh:  func(n string) *graph.Property { return &graph.Property{Name: n, Body: graph.Code{Src: "0"}} },
			copyOf: func(p *graph.Property, n string) *graph.Property { c := *p; c.Name = n; return &c },
			fields: propertyFields},
		&kind[*graph.Method]{key: "methods", heading: "methods: procedures bound to the object",
			list:   func(c *graph.Clauses) *[]*graph.Method { return (*[]*graph.Method)(&c.Methods) },
			nameOf: func(m *graph.Method) string { return m.Name },
			fresh:  func(n string) *graph.Method { return &graph.Method{Name: n, Body: graph.Code{Src: "pass"}} },
			copyOf: func(m *graph.Method, n string) *graph.Method {
				c := *m
				c.Name = n
				c.Params = nil
				for _, pr := range m.Params {
					cp := *pr
					c.Params = append(c.Params, &cp)
				}
				return &c
			},
			fields: methodFields},
		&kind[string]{key: "tags", heading: "tags: names the object has",
			list:   func(c *graph.Clauses) *[]string { return (*[]string)(&c.Tags) },
			nameOf: func(s string) string { return s },
			fresh:  func(n string) string { return n },
			copyOf: func(_ string, n string) string { return n },
			fields: func(*Form, clauseHost, int, func(*graph.Pack) (string, bool), func(string) string) {}},
		&kind[*graph.Variable]{key: "variables", heading: "variables: typed values the object holds",
			list:   func(c *graph.Clauses) *[]*graph.Variable { return (*[]*graph.Variable)(&c.Variables) },
			nameOf: func(v *graph.Variable) string { return v.Name },
			fresh:  func(n string) *graph.Variable { return &graph.Variable{Name: n, Type: "int"} },
			copyOf: func(v *graph.Variable, n string) *graph.Variable {
				c := *v
				c.Name = n
				if v.Value != nil {
					val := *v.Value
					c.Value = &val
				}
				return &c
			},
			fields: variableFields},
	}
}
