package graph

import "go.yaml.in/yaml/v3"

// Action is a player action (seed: "an action has a player specifier, an argument
// list and a body"). A state's possibleactions names the actions it allows.
type Action struct {
	Name         string `yaml:"-"`
	Who          Code   `yaml:"who,omitempty"`          // pure predicate of `player`; default: the player is active
	Params       Params `yaml:"params,omitempty"`       // the arguments the player chooses, each with a domain
	Precondition Code   `yaml:"precondition,omitempty"` // pure: the action is legal only when true
	Body         Code   `yaml:"body,omitempty"`         // run when the action is taken
	Pos          Pos    `yaml:"-"`
}

// Actions is an ordered list of actions, a mapping from name to action in YAML.
type Actions []*Action

// MarshalYAML writes the actions as an ordered mapping.
func (as Actions) MarshalYAML() (any, error) {
	return encodeNamed(as, func(a *Action) string { return a.Name })
}

// UnmarshalYAML reads an ordered mapping of name to action.
func (as *Actions) UnmarshalYAML(n *yaml.Node) error {
	out, err := decodeNamed(n, "actions", func(a *Action, name string, p Pos) { a.Name, a.Pos = name, p })
	*as = out
	return err
}

// Lookup returns the action named name, or nil.
func (as Actions) Lookup(name string) *Action {
	for _, a := range as {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// Param is a typed name: an action argument, a method parameter or a state
// parameter. Domain (actions only) is a pure expression listing the legal values;
// Default (state parameters only) is used when a call omits the parameter.
type Param struct {
	Name    string `yaml:"-"`
	Type    string `yaml:"type"`
	Domain  Code   `yaml:"domain,omitempty"`
	Default *Value `yaml:"default,omitempty"`
	Pos     Pos    `yaml:"-"`

	TypePos, DefaultPos Pos `yaml:"-"` // where the type and the default are written
}

// Params is an ordered list of parameters, a mapping from name to parameter in
// YAML; the short form "name: type" is accepted and written when only the type is
// set.
type Params []*Param

// MarshalYAML writes the parameters as an ordered mapping.
func (ps Params) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, p := range ps {
		if p.Domain.IsZero() && p.Default == nil {
			n.Content = append(n.Content, strNode(p.Name), strNode(p.Type))
			continue
		}
		var v yaml.Node
		if err := v.Encode(p); err != nil {
			return nil, err
		}
		n.Content = append(n.Content, strNode(p.Name), &v)
	}
	return n, nil
}

// UnmarshalYAML reads an ordered mapping of name to parameter or to type name.
func (ps *Params) UnmarshalYAML(n *yaml.Node) error {
	return eachPair(n, "params", func(k, v *yaml.Node) error {
		p := &Param{Name: k.Value, Pos: nodePos(k)}
		if v.Kind == yaml.ScalarNode {
			p.Type, p.TypePos = v.Value, nodePos(v)
		} else if err := decodeStrict(v, p); err != nil {
			return err
		} else {
			p.TypePos, p.DefaultPos = valuePos(v, "type"), valuePos(v, "default")
		}
		*ps = append(*ps, p)
		return nil
	})
}
