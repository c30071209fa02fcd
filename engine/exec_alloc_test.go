package engine

import (
	"slices"
	"testing"
)

// TestPopExecCopiesNothing: taking a pending body off a stack the step's
// state shares with its past allocates nothing, and the past's stack stays
// as it was through the pop and a push after it (the push copies).
func TestPopExecCopiesNothing(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 1, NoHistory: true})
	h := &hook{path: "test"}
	past := []execItem{{h: h, name: bodyName{owner: "a"}}, {h: h, name: bodyName{owner: "b"}}, {h: h, name: bodyName{owner: "c"}}}
	kept := slices.Clone(past)
	var it execItem
	allocs := testing.AllocsPerRun(20, func() {
		m.st.exec, m.st.owned = past, m.st.owned&^ownExec // shared, as after a snapshot
		it = m.popExec()
	})
	if allocs != 0 {
		t.Errorf("a pop allocated %v times, want 0", allocs)
	}
	if it.what() != "c" || len(m.st.exec) != 2 {
		t.Fatalf("popped %q leaving %d, want c leaving 2", it.what(), len(m.st.exec))
	}
	m.pushExec(execItem{h: h, name: bodyName{owner: "d"}})
	if !slices.Equal(past, kept) {
		t.Errorf("the past's stack changed: %v, was %v", past, kept)
	}
	if got := m.st.exec; len(got) != 3 || got[1].what() != "b" || got[2].what() != "d" {
		t.Errorf("the stack after the push is %v, want a, b, d", got)
	}
}
