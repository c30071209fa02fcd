package engine

import (
	"testing"

	"go.starlark.net/starlark"
)

// TestObjectsAnswerOneList: a new answer of objects() is one allocation,
// its list of exactly the members (append's doublings made five lists to
// give one of the seed effects' 18 cards), and lists what it listed before.
func TestObjectsAnswerOneList(t *testing.T) {
	p := bundled(t, "seeds")
	m := newMatch(t, p, 2, Options{Seed: 1, NoHistory: true})
	for _, tag := range []string{"card", "creature", "elf", "artifact"} {
		kw := []starlark.Tuple{{starlark.String("tag"), starlark.String(tag)}}
		var want []int
		for _, ob := range m.st.objs {
			if m.hasTag(ob, tag, p.tags[tag]) {
				want = append(want, ob.id)
			}
		}
		if len(want) == 0 {
			t.Fatalf("tag %s: no object has it", tag)
		}
		var a *objectsAnswer
		allocs := testing.AllocsPerRun(20, func() {
			m.st.memberVer++ // another version of the members: no answer is remembered
			var err error
			if a, err = objectsAnswerOf(m, "objects", nil, kw); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 1 {
			t.Errorf("tag %s: a new answer of %d objects took %v allocations, want 1", tag, len(want), allocs)
		}
		if len(a.vals) != len(want) || cap(a.vals) != len(want) {
			t.Fatalf("tag %s: %d values (room for %d), want %d", tag, len(a.vals), cap(a.vals), len(want))
		}
		for i, v := range a.vals {
			if id := v.(*objectValue).id; id != want[i] {
				t.Errorf("tag %s: value %d is object %d, want %d", tag, i, id, want[i])
			}
		}
	}
}
