package graph

import (
	"bytes"
	"reflect"
	"regexp"
	"strings"

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

// OwnsCode reports whether p holds rules in Starlark of its own: scripts,
// actions, object types, boards or decks, a state's ending or clauses, or a
// code field holding more than a function's name. A pack without any (an
// imported states.inc.php, whose action and args name PHP methods out of
// sight) is left alone by the checks of code; one with a single line of its
// own Starlark (a timeout, before its first action) is checked whole.
func (p *Pack) OwnsCode() bool {
	if len(p.Scripts) > 0 || len(p.Actions) > 0 || len(p.ObjectTypes) > 0 || len(p.Boards) > 0 || len(p.Decks) > 0 {
		return true
	}
	inline := func(cs ...Code) bool {
		for _, c := range cs {
			if !c.IsZero() && !funcName.MatchString(strings.TrimSpace(c.Src)) {
				return true
			}
		}
		return false
	}
	if inline(p.Progression, p.Timeout) {
		return true
	}
	for _, s := range p.States {
		if !s.Ending.IsZero() || s.Clauses != nil && len(clauseCode(s.Clauses)) > 0 || inline(s.Action, s.Args, s.EndAction) {
			return true
		}
	}
	return false
}

// funcName is a code field that names a function (BGA: "action: stNextPlayer").
var funcName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
