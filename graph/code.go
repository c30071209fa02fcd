package graph

import (
	"bytes"
	"reflect"

	"go.yaml.in/yaml/v3"
)

// Code is a piece of Starlark source held by a pack (a body, a condition, a
// wrapper, a domain), or, in BGA fields such as "action" and "args", the name of a
// function of the pack's scripts. Pos is where the text starts in the YAML file
// (for a block scalar, the line after the "|"), so that compile errors can point
// into the file the designer edits.
type Code struct {
	Src string
	Pos Pos

	block bool // a literal or folded block scalar: Pos.Column is fixed by Parse
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
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		c.Pos.Column++ // the text starts after the quote
	}
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		// The node's place is the "|"; the text starts on the next line, at an
		// indentation only the source text tells (see fixBlockColumns).
		c.Pos = Pos{Line: n.Line + 1, Column: 1}
		c.block = true
	}
	return nil
}

// fixBlockColumns sets the column of every block-scalar Code reachable from v
// to the indentation of its first line in data.
func fixBlockColumns(v reflect.Value, lines [][]byte) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			fixBlockColumns(v.Elem(), lines)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			fixBlockColumns(v.Index(i), lines)
		}
	case reflect.Struct:
		if c, ok := v.Addr().Interface().(*Code); ok {
			if c.block && c.Pos.Line <= len(lines) {
				line := lines[c.Pos.Line-1]
				c.Pos.Column = len(line) - len(bytes.TrimLeft(line, " ")) + 1
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fixBlockColumns(v.Field(i), lines)
			}
		}
	}
}
