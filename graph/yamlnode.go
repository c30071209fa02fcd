package graph

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// nodePos is the position of a YAML node.
func nodePos(n *yaml.Node) Pos { return Pos{Line: n.Line, Column: n.Column} }

// strNode is a string scalar node; multi-line text uses the literal block style so
// code stays readable and diffs stay line-based.
func strNode(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if !strings.Contains(s, "\n") {
		return n
	}
	// A literal block keeps code readable, but cannot hold every text: tabs,
	// carriage returns and trailing spaces; and a first line empty or
	// starting with a space needs an indentation indicator, which the YAML
	// library writes wrong when the block is nested in a list ("|4-" where
	// the text is 8 deep). The library would write those as blocks it cannot
	// read back, so they are written quoted.
	n.Style = yaml.DoubleQuotedStyle
	if !strings.ContainsAny(s, "\t\r") && !hasTrailingSpace(s) && !strings.HasPrefix(s, "\n") && !strings.HasPrefix(s, " ") {
		n.Style = yaml.LiteralStyle
	}
	return n
}

// hasTrailingSpace reports whether a line of s ends in a space, which a literal
// block scalar cannot keep.
func hasTrailingSpace(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		if strings.HasSuffix(line, " ") {
			return true
		}
	}
	return false
}

// eachPair calls f for every key/value pair of a mapping node, refusing non-mapping
// nodes and repeated keys with the key's position. what names the mapping in errors.
// YAML merge keys ("<<: *base") are resolved as [mergedPairs] says, so that they
// work in every mapping of a pack (variables, params, actions), not only where
// the YAML library decodes into a struct.
func eachPair(n *yaml.Node, what string, f func(k, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return &PosError{Pos: nodePos(n), Msg: what + " must be a mapping"}
	}
	pairs, err := mergedPairs(n, what, 0)
	if err != nil {
		return err
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		if err := f(pairs[i], pairs[i+1]); err != nil {
			return err
		}
	}
	return nil
}

// mergedPairs returns the key and value nodes of mapping n, alternating, with
// its merge keys resolved as YAML's merge key type says: the mapping's own
// keys win over merged ones, and an earlier merged mapping over a later one.
// Merged pairs come first, in the merged mapping's order, then the mapping's
// own. A repeated own key is an error; depth bounds merges of merges.
func mergedPairs(n *yaml.Node, what string, depth int) ([]*yaml.Node, error) {
	if depth > 16 {
		return nil, &PosError{Pos: nodePos(n), Msg: what + ": merge keys nested too deeply"}
	}
	var own, merged []*yaml.Node
	seen := make(map[string]bool, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, &PosError{Pos: nodePos(k), Msg: what + ": keys must be scalars"}
		}
		if isMergeKey(k) {
			srcs := []*yaml.Node{v}
			if v.Kind == yaml.SequenceNode {
				srcs = v.Content
			}
			for _, src := range srcs {
				for src.Kind == yaml.AliasNode {
					src = src.Alias
				}
				if src.Kind != yaml.MappingNode {
					return nil, &PosError{Pos: nodePos(k), Msg: what + ": << merges a mapping (<<: *name) or a list of them"}
				}
				ps, err := mergedPairs(src, what, depth+1)
				if err != nil {
					return nil, err
				}
				merged = append(merged, ps...)
			}
			continue
		}
		if seen[k.Value] {
			return nil, &PosError{Pos: nodePos(k), Msg: fmt.Sprintf("%s: %q is defined twice", what, k.Value)}
		}
		seen[k.Value] = true
		own = append(own, k, v)
	}
	if merged == nil {
		return own, nil
	}
	out := make([]*yaml.Node, 0, len(merged)+len(own))
	for i := 0; i+1 < len(merged); i += 2 {
		if k := merged[i].Value; !seen[k] {
			seen[k] = true
			out = append(out, merged[i], merged[i+1])
		}
	}
	return append(out, own...), nil
}

// isMergeKey reports whether k is YAML's merge key "<<" (plain, not quoted).
func isMergeKey(k *yaml.Node) bool {
	return k.Tag == "!!merge" || k.Value == "<<" && k.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0
}

// valuePos returns the position of the value of key in mapping n (merge keys
// included), or the zero Pos.
func valuePos(n *yaml.Node, key string) Pos {
	if n.Kind != yaml.MappingNode {
		return Pos{}
	}
	pairs, err := mergedPairs(n, "", 0)
	if err != nil {
		return Pos{}
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i].Value == key {
			return nodePos(pairs[i+1])
		}
	}
	return Pos{}
}

// encodeNamed writes items as an ordered mapping from each item's name to the item.
func encodeNamed[T any](items []T, name func(T) string) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.MappingNode}
	for _, it := range items {
		var v yaml.Node
		if err := v.Encode(it); err != nil {
			return nil, err
		}
		n.Content = append(n.Content, strNode(name(it)), &v)
	}
	return n, nil
}

// decodeNamed reads an ordered mapping of name to item, calling setName on each
// decoded item with its key and the key's position.
func decodeNamed[T any](n *yaml.Node, what string, setName func(*T, string, Pos)) ([]*T, error) {
	var out []*T
	err := eachPair(n, what, func(k, v *yaml.Node) error {
		item := new(T)
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			setName(item, k.Value, nodePos(k))
			out = append(out, item)
			return nil
		}
		if err := decodeStrict(v, item); err != nil {
			return err
		}
		setName(item, k.Value, nodePos(k))
		out = append(out, item)
		return nil
	})
	return out, err
}

// Names is a list of identifiers (possibleactions, tags, targets), written as a
// one-line flow sequence: [playCard, pass].
type Names []string

// MarshalYAML writes the names as a flow sequence.
func (ns Names) MarshalYAML() (any, error) {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, s := range ns {
		n.Content = append(n.Content, strNode(s))
	}
	return n, nil
}

// decodeStrict decodes mapping node n into out (a pointer to a struct) after
// checking that every key of n is a key of the struct: the YAML library's
// KnownFields setting does not reach decoders called from inside an
// UnmarshalYAML, so without this a misspelt key ("possibleaction") deep in a
// pack would be dropped silently.
func decodeStrict(n *yaml.Node, out any) error {
	if err := checkKeys(n, reflect.TypeOf(out).Elem()); err != nil {
		return err
	}
	return n.Decode(out)
}

// checkKeys reports the first key of mapping n that struct type t has no
// field for, with the closest known key as a suggestion.
func checkKeys(n *yaml.Node, t reflect.Type) error {
	if n.Kind != yaml.MappingNode || t.Kind() != reflect.Struct {
		return nil
	}
	known := yamlKeys(t)
	pairs, err := mergedPairs(n, "mapping", 0)
	if err != nil {
		return err
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		k := pairs[i].Value
		if slices.Contains(known, k) {
			continue
		}
		msg := fmt.Sprintf("unknown key %q", k)
		best, bestD := "", max(2, len(k)/3)+1
		for _, c := range known {
			if d := editDistance(strings.ToLower(k), strings.ToLower(c)); d < bestD {
				best, bestD = c, d
			}
		}
		if cut, ok := commaCut(n, pairs, i); ok {
			msg += fmt.Sprintf(": a comma ends a value in a {...} mapping, so YAML read it as a key: quote the value ('%s')", cut)
		} else if best != "" {
			msg += fmt.Sprintf("; did you mean %q?", best)
		}
		return &PosError{Pos: nodePos(pairs[i]), Msg: msg}
	}
	return nil
}

// commaCut says whether the unknown key pairs[i] of flow mapping n is the
// rest of the value before it, cut at a comma (domain: range(0, n + 1)
// unquoted in {...}): that value opens a bracket it does not close. It
// gives the value as written, joined again.
func commaCut(n *yaml.Node, pairs []*yaml.Node, i int) (string, bool) {
	if n.Style&yaml.FlowStyle == 0 || i < 2 {
		return "", false
	}
	prev := pairs[i-1]
	if prev.Kind != yaml.ScalarNode || prev.Style != 0 {
		return "", false
	}
	open := strings.Count(prev.Value, "(") + strings.Count(prev.Value, "[")
	if open <= strings.Count(prev.Value, ")")+strings.Count(prev.Value, "]") {
		return "", false
	}
	return strings.ReplaceAll(prev.Value+", "+pairs[i].Value, "'", "''"), true
}

// yamlKeys lists the YAML keys of struct type t, inline fields included.
func yamlKeys(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		switch {
		case name == "-":
		case strings.Contains(opts, "inline"):
			out = append(out, yamlKeys(f.Type)...)
		case name != "":
			out = append(out, name)
		case f.IsExported():
			out = append(out, strings.ToLower(f.Name))
		}
	}
	return out
}
