package code

import (
	"slices"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// elementLines finds the lines (1-based, inclusive) of the element of kind
// named name in whole, the canonical YAML of p: a state is the k-th item
// under "states:", an object type, action or script the k-th key under its
// list's key.
func elementLines(whole []byte, p *graph.Pack, kind graph.RefKind, name string) (from, to int, ok bool) {
	key, k := "", -1
	switch kind {
	case graph.StateRef:
		key, k = "states", slices.IndexFunc(p.States, func(s *graph.State) bool { return s.ID.String() == name })
	case graph.ObjectTypeRef:
		key, k = "object_types", slices.IndexFunc(p.ObjectTypes, func(o *graph.ObjectType) bool { return o.Name == name })
	case graph.ActionRef:
		key, k = "actions", slices.IndexFunc(p.Actions, func(a *graph.Action) bool { return a.Name == name })
	case graph.ScriptRef:
		key, k = "scripts", slices.IndexFunc(p.Scripts, func(s *graph.Script) bool { return s.Name == name })
	}
	if k < 0 {
		return 0, 0, false
	}
	starts := outline(string(whole))[key]
	if k+1 >= len(starts) {
		return 0, 0, false
	}
	return starts[k], starts[k+1] - 1, true
}

// outline finds where the elements of each top-level list of canonical YAML
// start: for each key ("states", "object_types", ...), the first line of
// each element, then the line after the last one.
func outline(text string) map[string][]int {
	out := map[string][]int{}
	top := ""
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	closeTop := func(at int) {
		if top != "" {
			out[top] = append(out[top], at)
		}
	}
	for i, l := range lines {
		n := i + 1
		switch {
		case l == "" || l[0] == '#':
		case l[0] != ' ' && l[0] != '-':
			closeTop(n)
			top, _, _ = strings.Cut(l, ":")
			out[top] = nil
		case top == "states" && strings.HasPrefix(l, "  - "):
			out[top] = append(out[top], n)
		case top != "states" && len(l) > 2 && strings.HasPrefix(l, "  ") && l[2] != ' ' && l[2] != '-':
			out[top] = append(out[top], n)
		}
	}
	closeTop(len(lines) + 1)
	return out
}
