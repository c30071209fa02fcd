package graph

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ChangeKind says what happened to a piece of a pack between two packs.
type ChangeKind string

// The kinds of [Change].
const (
	Added   ChangeKind = "added"
	Removed ChangeKind = "removed"
	Changed ChangeKind = "changed"
)

// Change is one piece of a pack that differs between two packs, as [Diff]
// reports it.
type Change struct {
	// Path names the piece by the keys of the canonical YAML, slash-separated,
	// with a state by its id and anything else in a list by its name:
	// "states/21/transitions/pass", "object_types/healer/when/heal/body".
	Path string     `json:"path"`
	Kind ChangeKind `json:"kind"`
	// What the piece is, in the designer's words: "state", "transition",
	// "clause" for a whole piece; "state description", "clause body",
	// "variable value" for a field of one; "visibility" or "display" for
	// anything in those sections.
	What string `json:"what"`
	// Before and After are the piece's text in each pack: a field's value as
	// written (code exactly as the designer wrote it), a whole piece as YAML;
	// "" on the side that lacks it. A change of order lists the names one a line.
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
	// Code is true when Before and After are Starlark code (or a BGA function
	// name in its place), for a caller to show a line diff under them.
	Code bool `json:"code,omitempty"`
}

// nouns names the element of each collection of a pack (a mapping or a list
// keyed by id or name), by the collection's key.
var nouns = map[string]string{
	"states": "state", "transitions": "transition", "actions": "action",
	"object_types": "object type", "while": "clause", "whenever": "clause", "when": "clause",
	"variables": "variable", "properties": "property", "methods": "method",
	"scripts": "script", "params": "parameter", "constants": "constant", "boards": "board",
}

// sections are top-level keys whose whole content is reported as one kind
// of piece, however it nests.
var sections = map[string]bool{"visibility": true, "display": true}

// codeFields are the fields holding code (Starlark, or a BGA function name),
// from the struct fields of type Code.
var codeFields = map[string]bool{
	"progression": true, "timeout": true, "action": true, "args": true, "ending": true,
	"endaction": true, "who": true, "precondition": true, "body": true, "domain": true,
	"condition": true, "selector": true, "wrapper": true,
}

// Diff compares pack a with pack b by meaning and returns what differs, in
// the order of b's canonical YAML (a piece only a has where it stood in a):
// each state, transition, action, object type, clause, variable, script and
// entry of the visibility and display sections added, removed or changed,
// down to the field. A whole piece added or removed is one change; the ids and
// names pieces are known by are their identity, so a renamed transition is
// one removed and one added. The editor's layout is not compared (moving a box
// changes no rule). Equal packs give none. The error is the YAML encoder's.
func Diff(a, b *Pack) ([]Change, error) {
	na, err := packNode(a)
	if err != nil {
		return nil, fmt.Errorf("diff: %w", err)
	}
	nb, err := packNode(b)
	if err != nil {
		return nil, fmt.Errorf("diff: %w", err)
	}
	var d differ
	d.fields(nil, "pack", false, na, nb)
	return d.out, nil
}

// packNode is p's canonical YAML as a node, without the editor's layout.
func packNode(p *Pack) (*yaml.Node, error) {
	q := *p
	q.Editor = nil
	var n yaml.Node
	if err := n.Encode(&q); err != nil {
		return nil, err
	}
	return &n, nil
}

// differ collects the changes of one comparison.
type differ struct{ out []Change }

// add records a change at path.
func (d *differ) add(path []string, kind ChangeKind, what string, a, b *yaml.Node, code bool) {
	d.out = append(d.out, Change{Path: strings.Join(path, "/"), Kind: kind, What: what,
		Before: nodeText(a), After: nodeText(b), Code: code})
}

// fields compares two mappings of fields, either possibly nil. noun says
// whose fields they are ("state", "pack players"); inSection is true within a
// section that reports as a whole.
func (d *differ) fields(path []string, noun string, inSection bool, a, b *yaml.Node) {
	ka, ma := entries(a)
	kb, mb := entries(b)
	for _, k := range mergeKeys(ka, kb) {
		va, vb := ma[k], mb[k]
		p := append(path[:len(path):len(path)], k)
		switch {
		case inSection:
			d.value(p, noun, true, false, va, vb)
		case len(path) == 0 && sections[k]:
			d.value(p, k, true, false, va, vb)
		case nouns[k] != "" && !isScalar(va) && !isScalar(vb):
			d.collection(p, nouns[k], va, vb)
		case len(path) == 0 && k == "pack":
			d.value(p, "pack name", false, false, va, vb)
		default:
			d.value(p, noun+" "+k, false, codeFields[k], va, vb)
		}
	}
}

// value compares one field's values, either possibly nil.
func (d *differ) value(path []string, what string, inSection, code bool, a, b *yaml.Node) {
	switch {
	case a == nil && b == nil:
	case a == nil:
		d.add(path, Added, what, nil, b, code)
	case b == nil:
		d.add(path, Removed, what, a, nil, code)
	case a.Kind == yaml.MappingNode && b.Kind == yaml.MappingNode:
		d.fields(path, what, inSection, a, b)
	case !sameNode(a, b):
		d.add(path, Changed, what, a, b, code)
	}
}

// collection compares two collections of pieces named elem (mappings by
// name, or lists keyed by id or name), either possibly nil: a piece only one
// has is one change, one both have is compared field by field, and a change
// in the order of the pieces both have is a change of the collection.
func (d *differ) collection(path []string, elem string, a, b *yaml.Node) {
	ka, ma := members(a)
	kb, mb := members(b)
	for _, k := range mergeKeys(ka, kb) {
		va, vb := ma[k], mb[k]
		p := append(path[:len(path):len(path)], k)
		switch {
		case va == nil:
			d.add(p, Added, elem, nil, vb, false)
		case vb == nil:
			d.add(p, Removed, elem, va, nil, false)
		case va.Kind == yaml.MappingNode && vb.Kind == yaml.MappingNode:
			d.fields(p, elem, false, va, vb)
		case !sameNode(va, vb):
			// A property or a script is its code.
			d.add(p, Changed, elem, va, vb, (elem == "property" || elem == "script") && isScalar(va) && isScalar(vb))
		}
	}
	if oa, ob := common(ka, mb), common(kb, ma); strings.Join(oa, "\n") != strings.Join(ob, "\n") {
		d.out = append(d.out, Change{Path: strings.Join(path, "/"), Kind: Changed, What: elem + " order",
			Before: strings.Join(oa, "\n") + "\n", After: strings.Join(ob, "\n") + "\n"})
	}
}

// entries returns a mapping's keys in order and its values by key; nil or a
// node of another kind has none.
func entries(n *yaml.Node) ([]string, map[string]*yaml.Node) {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	keys := make([]string, 0, len(n.Content)/2)
	m := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		keys = append(keys, k)
		m[k] = n.Content[i+1]
	}
	return keys, m
}

// members returns a collection's keys in order and its pieces by key: a
// mapping's entries, or a list's items keyed by their id, else their name (a
// name met again is told apart by "#2", "#3", ...).
func members(n *yaml.Node) ([]string, map[string]*yaml.Node) {
	if n == nil || n.Kind != yaml.SequenceNode {
		return entries(n)
	}
	keys := make([]string, 0, len(n.Content))
	m := make(map[string]*yaml.Node, len(n.Content))
	for i, item := range n.Content {
		k := fmt.Sprintf("#%d", i+1)
		if id := field(item, "id"); id != nil {
			k = id.Value
		} else if name := field(item, "name"); name != nil {
			k = name.Value
		}
		base := k
		for j := 2; m[k] != nil; j++ {
			k = fmt.Sprintf("%s#%d", base, j)
		}
		keys = append(keys, k)
		m[k] = item
	}
	return keys, m
}

// field returns the value of key in mapping n, or nil.
func field(n *yaml.Node, key string) *yaml.Node {
	if n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// mergeKeys is b's keys in order, each key only a has after the key it
// followed in a (at the start when it led), so a removed piece is reported
// where it stood.
func mergeKeys(a, b []string) []string {
	inB := make(map[string]bool, len(b))
	for _, k := range b {
		inB[k] = true
	}
	after := map[string][]string{} // a key of b (or "" for the start) -> a's keys removed after it
	prev := ""
	for _, k := range a {
		if inB[k] {
			prev = k
			continue
		}
		after[prev] = append(after[prev], k)
	}
	out := make([]string, 0, len(b)+len(a))
	out = append(out, after[""]...)
	for _, k := range b {
		out = append(out, k)
		out = append(out, after[k]...)
	}
	return out
}

// common is keys, in order, without those other lacks.
func common(keys []string, other map[string]*yaml.Node) []string {
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if other[k] != nil {
			out = append(out, k)
		}
	}
	return out
}

// isScalar reports whether n is a scalar (nil is not).
func isScalar(n *yaml.Node) bool { return n != nil && n.Kind == yaml.ScalarNode }

// sameNode reports whether two nodes hold the same data, whatever their style.
func sameNode(a, b *yaml.Node) bool {
	if a.Kind != b.Kind || len(a.Content) != len(b.Content) {
		return false
	}
	if a.Kind == yaml.ScalarNode {
		return a.Value == b.Value && a.ShortTag() == b.ShortTag()
	}
	for i := range a.Content {
		if !sameNode(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}

// nodeText is a scalar's value as written, or a mapping's or list's YAML;
// "" for nil.
func nodeText(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	if n.Kind == yaml.ScalarNode {
		return n.Value
	}
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return fmt.Sprint(err) // a node the encoder made itself encodes again
	}
	enc.Close()
	return b.String()
}
