package engine

import "go.starlark.net/starlark"

// varList is a set of variables (the game's, or one player's): name and
// frozen value pairs sorted by name. A state holds a few and a step writes
// a few, copying the list on its first write (state.go): a list's copy is
// one allocation and a move of memory, where a map's was a table made and
// every name hashed again. Its order is the order readers list the names in
// (dir(), hashes).
type varList []varPair

type varPair struct {
	name string
	v    starlark.Value
}

// index returns the index of name in l, -1 when l has none.
func (l varList) index(name string) int {
	// A list is short: comparing each name for equality (lengths first)
	// beats ordering them to halve it.
	for i := range l {
		if l[i].name == name {
			return i
		}
	}
	return -1
}

// get returns the value of name, nil and false when l has none.
func (l varList) get(name string) (starlark.Value, bool) {
	if i := l.index(name); i >= 0 {
		return l[i].v, true
	}
	return nil, false
}

// set gives name the value v in l, adding name in its place when l has
// none. l must be the writer's own (see Match.varsW).
func (l *varList) set(name string, v starlark.Value) {
	if i := l.index(name); i >= 0 {
		(*l)[i].v = v
		return
	}
	i := 0
	for i < len(*l) && (*l)[i].name < name {
		i++
	}
	*l = append(*l, varPair{})
	copy((*l)[i+1:], (*l)[i:])
	(*l)[i] = varPair{name, v}
}

// names returns the names of l, in order.
func (l varList) names() []string {
	out := make([]string, len(l))
	for i := range l {
		out[i] = l[i].name
	}
	return out
}

// clone is a copy of l with room for one more name.
func (l varList) clone() varList {
	out := make(varList, len(l), len(l)+1)
	copy(out, l)
	return out
}
