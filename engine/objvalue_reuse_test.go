package engine

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestReleasedMatchesReuseObjectValues: a match in a released one's memory
// takes its object values (one per object id, pointing at the match, which
// is the same): a card game's setup creates every card and made each value
// again. A determinized fork's values point at the fork, not at its
// block's match: the next new match in that block makes its own.
func TestReleasedMatchesReuseObjectValues(t *testing.T) {
	// A collection empties the pool of released matches' memory, and a
	// block put from one P may not be found from another (see
	// TestDeterminizedForkReusesReleasedBuffers).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	p := bundled(t, "seeds")
	m1 := newMatch(t, p, 2, Options{Seed: 1, NoHistory: true})
	v1 := m1.objValue(1)
	m1.Release()
	m2 := newMatch(t, p, 2, Options{Seed: 2, NoHistory: true})
	if m2 != m1 {
		t.Skip("the new match is not in the released one's memory (the race detector's pool drops some)")
	}
	if v2 := m2.objValue(1); v2 != v1 {
		t.Errorf("object 1 of a match in a released one's memory is a new value")
	}
	name, err := m2.Eval("[o.name for o in objects() if o.id == 1][0]")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := getAttr(m2, m2.objValue(1), "name"); err != nil || got != name {
		t.Errorf("the value reads name %v (%v), want %v", got, err, name)
	}

	f := m2.Determinize(0, 1) // in a block of its own: the pool is empty
	if f.objValue(1).(*objectValue).m != f {
		t.Fatal("the fork's value is not the fork's")
	}
	f.Release()
	m3 := newMatch(t, p, 2, Options{Seed: 3, NoHistory: true}) // in the fork's block
	if got := m3.objValue(1).(*objectValue).m; got != m3 {
		t.Errorf("object 1 of a new match reads another match (the fork's: %v)", got == f)
	}
	m2.Release()
	m3.Release()
}
