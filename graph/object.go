package graph

import "go.yaml.in/yaml/v3"

// ObjectType is a constructor for game objects (a card, a creature, a player
// board). Its fields are the seed's object clauses.
type ObjectType struct {
	Name    string `yaml:"-"`
	Clauses `yaml:",inline"`
	Pos     Pos `yaml:"-"`
}

// Clauses are the seed's object fields. An object type has them; a state may have
// them too, active while the state is on the stack.
type Clauses struct {
	Variables  Variables  `yaml:"variables,omitempty"`  // typed, assignable values
	Tags       Names      `yaml:"tags,omitempty"`       // names an object has or lacks
	Properties Properties `yaml:"properties,omitempty"` // pure, no arguments; wrappers apply
	Methods    Methods    `yaml:"methods,omitempty"`    // procedures bound to the object
	While      []*While   `yaml:"while,omitempty"`      // condition + wrapper around a property or method
	Whenever   []*Trigger `yaml:"whenever,omitempty"`   // condition + body pushed on the execution stack
	When       []*Trigger `yaml:"when,omitempty"`       // a whenever that fires once
}

// ObjectTypes is an ordered list of object types, a mapping from name to type in
// YAML.
type ObjectTypes []*ObjectType

// MarshalYAML writes the types as an ordered mapping.
func (ts ObjectTypes) MarshalYAML() (any, error) {
	return encodeNamed(ts, func(t *ObjectType) string { return t.Name })
}

// UnmarshalYAML reads an ordered mapping of name to object type.
func (ts *ObjectTypes) UnmarshalYAML(n *yaml.Node) error {
	out, err := decodeNamed(n, "object_types", func(t *ObjectType, name string, p Pos) { t.Name, t.Pos = name, p })
	*ts = out
	return err
}

// Lookup returns the object type named name, or nil.
func (ts ObjectTypes) Lookup(name string) *ObjectType {
	for _, t := range ts {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Variable is a typed, assignable value of an object (seed: "variable"). Types:
// int, float, bool, string, player, object, list.
type Variable struct {
	Name  string `yaml:"-"`
	Type  string `yaml:"type"`
	Value *Value `yaml:"value,omitempty"` // initial value; the type's zero when nil
	Pos   Pos    `yaml:"-"`

	TypePos, ValuePos Pos `yaml:"-"` // where the type and the initial value are written
}

// UnmarshalYAML decodes a variable and records where its type and value are.
func (v *Variable) UnmarshalYAML(n *yaml.Node) error {
	type plain Variable
	if err := decodeStrict(n, (*plain)(v)); err != nil {
		return err
	}
	v.TypePos, v.ValuePos = valuePos(n, "type"), valuePos(n, "value")
	return nil
}

// Variables is an ordered list, a mapping from name to variable in YAML.
type Variables []*Variable

// MarshalYAML writes the variables as an ordered mapping.
func (vs Variables) MarshalYAML() (any, error) {
	return encodeNamed(vs, func(v *Variable) string { return v.Name })
}

// UnmarshalYAML reads an ordered mapping of name to variable.
func (vs *Variables) UnmarshalYAML(n *yaml.Node) error {
	out, err := decodeNamed(n, "variables", func(v *Variable, name string, p Pos) { v.Name, v.Pos = name, p })
	*vs = out
	return err
}

// Property is a pure function of its object with no arguments (seed: "property").
type Property struct {
	Name string
	Body Code
	Pos  Pos
}

// Properties is an ordered list, a mapping from name to body in YAML.
type Properties []*Property

// MarshalYAML writes the properties as an ordered mapping of name to body.
func (ps Properties) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, p := range ps {
		n.Content = append(n.Content, strNode(p.Name), strNode(p.Body.Src))
	}
	return n, nil
}

// UnmarshalYAML reads an ordered mapping of name to body.
func (ps *Properties) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "properties", func(k, v *yaml.Node) error {
		p := &Property{Name: k.Value, Pos: nodePos(k)}
		if err := v.Decode(&p.Body); err != nil {
			return err
		}
		*ps = append(*ps, p)
		return nil
	})
}

// Method is a procedure bound to its object (seed: "method"); a wrapper on it
// applies to that object only.
type Method struct {
	Name   string `yaml:"-"`
	Params Params `yaml:"params,omitempty"`
	Body   Code   `yaml:"body"`
	Pos    Pos    `yaml:"-"`
}

// Methods is an ordered list, a mapping from name to method in YAML.
type Methods []*Method

// MarshalYAML writes the methods as an ordered mapping.
func (ms Methods) MarshalYAML() (any, error) {
	return encodeNamed(ms, func(m *Method) string { return m.Name })
}

// UnmarshalYAML reads an ordered mapping of name to method.
func (ms *Methods) UnmarshalYAML(n *yaml.Node) error {
	out, err := decodeNamed(n, "methods", func(m *Method, name string, p Pos) { m.Name, m.Pos = name, p })
	*ms = out
	return err
}

// While is a seed "while" clause: while Condition holds, Wrapper wraps each Target
// (property or method names) of this object, or of every object Selector picks.
// A property wrapper sees the inner result as `value`; a method wrapper sees the
// inner method as `inner`.
type While struct {
	Name      string `yaml:"name"`
	Condition Code   `yaml:"condition"`
	Selector  Code   `yaml:"selector,omitempty"` // pure: the objects whose targets are wrapped; default: self
	Target    Names  `yaml:"target"`
	Wrapper   Code   `yaml:"wrapper"`
	Pos       Pos    `yaml:"-"`

	TargetPos []Pos `yaml:"-"` // where each target is written
}

// UnmarshalYAML decodes a while clause and records its position and its
// targets'.
func (w *While) UnmarshalYAML(n *yaml.Node) error {
	type plain While
	if err := decodeStrict(n, (*plain)(w)); err != nil {
		return err
	}
	w.Pos = nodePos(n)
	if n.Kind == yaml.MappingNode {
		pairs, _ := mergedPairs(n, "while", 0)
		for i := 0; i+1 < len(pairs); i += 2 {
			if pairs[i].Value == "target" && pairs[i+1].Kind == yaml.SequenceNode {
				for _, it := range pairs[i+1].Content {
					w.TargetPos = append(w.TargetPos, nodePos(it))
				}
			}
		}
	}
	return nil
}

// Trigger is a seed "whenever" or "when" clause: when Condition holds in a step,
// Body is pushed on the execution stack.
type Trigger struct {
	Name      string `yaml:"name"`
	Condition Code   `yaml:"condition"`
	Body      Code   `yaml:"body"`
	Pos       Pos    `yaml:"-"`
}

// UnmarshalYAML decodes a trigger and records its position.
func (t *Trigger) UnmarshalYAML(n *yaml.Node) error {
	type plain Trigger
	if err := decodeStrict(n, (*plain)(t)); err != nil {
		return err
	}
	t.Pos = nodePos(n)
	return nil
}

// Script is a shared Starlark module of a pack; its top-level functions can be
// named by BGA fields ("action: stNextPlayer") and called from any code.
type Script struct {
	Name string
	Code Code
}

// Scripts is an ordered list of scripts, a mapping from name to source in YAML.
type Scripts []*Script

// MarshalYAML writes the scripts as an ordered mapping.
func (ss Scripts) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, s := range ss {
		n.Content = append(n.Content, strNode(s.Name), strNode(s.Code.Src))
	}
	return n, nil
}

// UnmarshalYAML reads an ordered mapping of name to source.
func (ss *Scripts) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "scripts", func(k, v *yaml.Node) error {
		s := &Script{Name: k.Value}
		if err := v.Decode(&s.Code); err != nil {
			return err
		}
		*ss = append(*ss, s)
		return nil
	})
}
