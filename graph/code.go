package graph

import "go.yaml.in/yaml/v3"

// Code is a piece of Starlark source held by a pack (a body, a condition, a
// wrapper, a domain), or, in BGA fields such as "action" and "args", the name of a
// function of the pack's scripts. Pos is where the text starts in the YAML file
// (for a block scalar, the line after the "|"), so that compile errors can point
// into the file the designer edits.
type Code struct {
	Src string
	Pos Pos
}

// IsZero reports whether c holds no source; it makes omitempty drop empty code.
func (c Code) IsZero() bool { return c.Src == "" }

// String returns the source text.
func (c Code) String() string { return c.Src }

// MarshalYAML writes the code as a plain string; multi-line code becomes a literal
// block scalar.
func (c Code) MarshalYAML() (any, error) {
	n := strNode(c.Src)
	return n, nil
}

// UnmarshalYAML reads a string and records where its text starts.
func (c *Code) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &PosError{Pos: nodePos(n), Msg: "code must be a string"}
	}
	c.Src = n.Value
	c.Pos = nodePos(n)
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		c.Pos = Pos{Line: n.Line + 1, Column: n.Column}
	}
	return nil
}
