package engine

import (
	"slices"
	"testing"

	"go.starlark.net/starlark"
)

// TestVarListAsAMap: variables set in any order, some again, read, list
// and hash as the map of game and player variables did (a position's hash
// must not change with the way its variables are held).
func TestVarListAsAMap(t *testing.T) {
	orders := [][]string{
		{"life", "drawn", "turns", "a", "zz", "drawn", "m"},
		{"zz", "m", "life", "a", "turns", "drawn", "life"},
		{"a", "drawn", "life", "m", "turns", "zz", "a"},
	}
	var hashes []hasher
	for _, order := range orders {
		var l varList
		vars := map[string]starlark.Value{}
		for i, name := range order {
			v := starlark.MakeInt(len(name)*10 + i)
			l.set(name, v)
			vars[name] = v
		}
		if got, want := l.names(), sortedKeys(vars); !slices.Equal(got, want) {
			t.Errorf("set in the order %v: names %v, want %v", order, got, want)
		}
		for name, want := range vars {
			if got, ok := l.get(name); !ok || got != want {
				t.Errorf("set in the order %v: %s is %v (%v), want %v", order, name, got, ok, want)
			}
		}
		if _, ok := l.get("nope"); ok || l.index("nope") >= 0 {
			t.Errorf("set in the order %v: a name never set is found", order)
		}
		var hl, hm hasher
		hl.varList(l)
		hm.vars(vars)
		if hl != hm {
			t.Errorf("set in the order %v: the list hashes %x, the map %x", order, hl, hm)
		}
		hashes = append(hashes, hl)
	}
	if hashes[0] == hashes[1] {
		t.Errorf("other values hash the same")
	}
}

// TestVarListCloneIsItsOwn: a clone's writes, a new name too, leave the
// list it was made from as it was (the state before shares that one).
func TestVarListCloneIsItsOwn(t *testing.T) {
	var l varList
	l.set("b", starlark.MakeInt(1))
	l.set("d", starlark.MakeInt(2))
	c := l.clone()
	c.set("b", starlark.MakeInt(3))
	c.set("c", starlark.MakeInt(4))
	c.set("a", starlark.MakeInt(5))
	if got := l.names(); !slices.Equal(got, []string{"b", "d"}) {
		t.Errorf("the list cloned has names %v, want [b d]", got)
	}
	if v, _ := l.get("b"); v != starlark.MakeInt(1) {
		t.Errorf("the list cloned has b = %v, want 1", v)
	}
	if got := c.names(); !slices.Equal(got, []string{"a", "b", "c", "d"}) {
		t.Errorf("the clone has names %v, want [a b c d]", got)
	}
}
