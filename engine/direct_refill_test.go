package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"go.starlark.net/starlark"
)

// TestRefillAsClearAndAppend: refill leaves a list holding what Clear then
// Append would, in the same list, over random lengths; a frozen or
// iterated list is refused and left as it was.
func TestRefillAsClearAndAppend(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	random := func(n int) []starlark.Value {
		vs := make([]starlark.Value, n)
		for i := range vs {
			vs[i] = starlark.MakeInt(r.IntN(100))
		}
		return vs
	}
	for range 500 {
		old, vals := random(r.IntN(6)), random(r.IntN(6))
		list := starlark.NewList(slices.Clone(old))
		if !refill(list, vals) {
			t.Fatalf("refill(%v, %v) refused", old, vals)
		}
		got := make([]starlark.Value, list.Len())
		for i := range got {
			got[i] = list.Index(i)
		}
		if !slices.Equal(got, vals) {
			t.Fatalf("refill(%v, %v) gave %v", old, vals, got)
		}
	}
	for _, n := range []int{0, 2} {
		frozen := starlark.NewList(random(n))
		frozen.Freeze()
		iterated := starlark.NewList(random(n))
		it := iterated.Iterate()
		for _, l := range []*starlark.List{frozen, iterated} {
			before := l.String()
			for _, vals := range [][]starlark.Value{nil, random(1), random(3)} {
				if refill(l, vals) {
					t.Errorf("refill of %s (%d long) with %d values was not refused", before, n, len(vals))
				}
				if l.String() != before {
					t.Errorf("a refused refill changed %s to %s", before, l)
				}
			}
		}
		it.Done()
	}
}

// TestLentScratchKeptUntilRelease: a lent comprehension's scratch array is
// not cleared after each call (a bulk write of nils the collector's barrier
// doubles while it marks; the next call writes over it), and is at the
// match's Release, so no value of a released match is kept.
func TestLentScratchKeptUntilRelease(t *testing.T) {
	p := parseDirect(t, lendSource("follow(1, 1)", ""), "lend.yaml")
	m := newMatch(t, p, 2, Options{NoHistory: true})
	for range 2 { // the first listing makes the list, the second fills it again
		if _, err := m.Legal(m.Active()); err != nil {
			t.Fatal(err)
		}
	}
	kept := -1
	for i := range m.lent {
		if s := m.lent[i].scratch; cap(s) > 0 && s[:1][0] != nil {
			kept = i
		}
	}
	if kept < 0 {
		t.Fatal("no lent scratch holds its last elements after the listing")
	}
	lent := m.lent
	m.Release()
	if s := lent[kept].scratch; s[:1][0] != nil {
		t.Errorf("the released match's scratch still holds %v", s[:1][0])
	}
}
