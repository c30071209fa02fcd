package engine

import (
	"testing"

	"go.starlark.net/starlark"
)

// TestFireSortsWithoutAllocating: ordering the clauses a settle fires
// allocates nothing (sort.SliceStable's swapper allocated at every fire).
func TestFireSortsWithoutAllocating(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 1, NoHistory: true})
	fires := []fired{{order: [3]int{2, 1, 0}}, {order: [3]int{0, 5, 1}}, {order: [3]int{0, 5, 0}}, {order: [3]int{0, 5, 0}, ob: 9}}
	if allocs := testing.AllocsPerRun(20, func() { m.fire(fires) }); allocs != 0 {
		t.Errorf("a fire of %d clauses without bodies allocated %v times, want 0", len(fires), allocs)
	}
	want := [][3]int{{0, 5, 0}, {0, 5, 0}, {0, 5, 1}, {2, 1, 0}}
	for i, f := range fires {
		if f.order != want[i] {
			t.Fatalf("fired in order %v, want %v", fires, want)
		}
	}
	if fires[1].ob != 9 {
		t.Errorf("clauses of one order were not kept in the order they came")
	}
}

// TestMultiactiveBuiltinsAllocateNothing: set_multiactive([p]) and
// deactivate(p), a discard's every turn in the seed effects, allocate
// nothing (their arguments escaped through UnpackPositionalArgs, and a
// list's iterator was made).
func TestMultiactiveBuiltinsAllocateNothing(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 1, NoHistory: true})
	m.ctx.active = true // as in a body
	list := starlark.NewList([]starlark.Value{m.pvals[1]})
	for _, c := range []struct {
		name string
		fn   func(*Match, string, starlark.Tuple, []starlark.Tuple) (starlark.Value, error)
		args starlark.Tuple
	}{
		{"set_multiactive", biSetMulti, starlark.Tuple{list}},
		{"deactivate", biDeactivate, starlark.Tuple{m.pvals[0]}},
	} {
		allocs := testing.AllocsPerRun(20, func() {
			m.st.multi = 3
			if _, err := c.fn(m, c.name, c.args, nil); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s allocated %v times, want 0", c.name, allocs)
		}
	}
	if m.st.multi != 2 {
		t.Errorf("multiactive %b after deactivating seat 1, want 10", m.st.multi)
	}
}
