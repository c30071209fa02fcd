package engine

import (
	"slices"
	"testing"

	"go.starlark.net/starlark"
)

// TestObjLoopSharedIDs: the ids a loop by marks reads in place of its
// list's objects (sharedIDs) are those of the list objects() shares, in
// its order, for every remembered answer as a seed effects game goes; a
// list of objects() that is not a remembered answer has none, and is
// walked by its values.
func TestObjLoopSharedIDs(t *testing.T) {
	m := seedsMatch(t)
	kws := [][]starlark.Tuple{nil, {{starlark.String("tag"), starlark.String("card")}},
		{{starlark.String("tag"), starlark.String("creature")}}, {{starlark.String("type"), starlark.String("shock")}}}
	checked := 0
	for move := 0; move < 12 && m.Waiting(); move++ {
		for _, kw := range kws {
			x, err := objectsShared(m, nil, kw)
			if err != nil {
				t.Fatal(err)
			}
			list := x.(*starlark.List)
			var want []int32
			for i := range list.Len() {
				want = append(want, int32(list.Index(i).(*objectValue).id))
			}
			if got := m.sharedIDs(list); !slices.Equal(got, want) || got == nil {
				t.Fatalf("move %d, objects(%v): ids %v, want %v", move, kw, got, want)
			}
			checked++
			own, err := biObjects(m, "objects", nil, kw)
			if err != nil {
				t.Fatal(err)
			}
			if ids := m.sharedIDs(own.(*starlark.List)); ids != nil {
				t.Fatalf("objects(%v)'s own list: ids %v, want none", kw, ids)
			}
		}
		moves, err := m.Legal(m.Active())
		if err != nil || len(moves) == 0 {
			break
		}
		if err := m.Apply(moves[len(moves)-1]); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 {
		t.Errorf("%d lists checked, want a game's worth", checked)
	}
}
