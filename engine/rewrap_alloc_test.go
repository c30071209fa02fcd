package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// seedsWrapSetUp returns a seed effects match just set up (every object
// made) and the Elf Lord's while clause, for wrappers made by hand.
func seedsWrapSetUp(t *testing.T) (*Match, *cwhile) {
	t.Helper()
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 1, NoHistory: true})
	for _, ob := range m.st.objs {
		if ob.typ.name == "elf_lord" {
			return m, ob.typ.c.while[0]
		}
	}
	t.Fatal("no Elf Lord")
	return nil, nil
}

// TestRewrapAllocatesTheWrappersOnly: a settle that changes the wrappers
// allocates their new list and nothing more (it made two maps to compare
// the lists).
func TestRewrapAllocatesTheWrappersOnly(t *testing.T) {
	m, cw := seedsWrapSetUp(t)
	want := []wrapInst{
		{src: 2, target: 3, name: "power", cw: cw},
		{src: 2, target: 3, name: "toughness", cw: cw},
		{src: 2, target: 4, name: "power", cw: cw},
	}
	sb := m.sb()
	had := []wrapInst{want[1], {src: 5, target: 6, name: "power", cw: cw}}
	allocs := testing.AllocsPerRun(20, func() {
		m.st.wraps, sb.lastWraps, sb.lastWant = had, nil, nil
		m.rewrap(want)
	})
	if allocs != 1 {
		t.Errorf("a change of wrappers took %v allocations, want 1", allocs)
	}
	if got := len(m.st.wraps); got != 3 {
		t.Errorf("%d wrappers after, want 3", got)
	}
}

// rewrapByMaps is what rewrap made of the wrappers have for want (their
// timestamps from ts), as it did with maps of their keys.
func rewrapByMaps(want, have []wrapInst, ts int) []wrapInst {
	wanted := map[wrapKey]bool{}
	for _, w := range want {
		wanted[w.key()] = true
	}
	in := map[wrapKey]bool{}
	var keep []wrapInst
	for _, w := range have {
		if wanted[w.key()] {
			keep = append(keep, w)
			in[w.key()] = true
		}
	}
	for _, w := range want {
		if !in[w.key()] {
			ts++
			w.ts = ts
			in[w.key()] = true
			keep = append(keep, w)
		}
	}
	return keep
}

// TestRewrapAsByMaps: rewrap keeps and adds the wrappers, in the order and
// with the timestamps it gave them when it compared keys through maps, over
// random lists short and long (repeated wants among them), and changes
// none when none is new or gone.
func TestRewrapAsByMaps(t *testing.T) {
	m, cw := seedsWrapSetUp(t)
	r := rand.New(rand.NewPCG(3, 4))
	names := []string{"power", "toughness", "flying"}
	random := func() wrapInst {
		return wrapInst{src: 1 + r.IntN(3), clause: r.IntN(2), target: 1 + r.IntN(12), name: names[r.IntN(3)], cw: cw}
	}
	long, same := 0, 0
	for range 3000 {
		var have []wrapInst
		for _, w := range make([]wrapInst, r.IntN(40)) {
			w = random()
			if !slices.ContainsFunc(have, func(h wrapInst) bool { return h.key() == w.key() }) {
				have = append(have, w)
			}
		}
		want := make([]wrapInst, r.IntN(45))
		for i := range want {
			if len(have) > 0 && r.IntN(2) == 0 {
				want[i] = have[r.IntN(len(have))]
				want[i].ts = 0
			} else {
				want[i] = random()
			}
		}
		if r.IntN(5) == 0 { // the same wrappers, in another order, one perhaps twice
			want = slices.Clone(have)
			r.Shuffle(len(want), func(i, j int) { want[i], want[j] = want[j], want[i] })
			if len(have) > 0 && r.IntN(2) == 0 {
				want = append(want, have[r.IntN(len(have))])
			}
		}
		if len(want) > 32 {
			long++
		}
		ts := m.st.nextTS
		expect := rewrapByMaps(want, have, ts)
		before := slices.Clone(have)
		sb := m.sb()
		m.st.wraps, sb.lastWraps, sb.lastWant = have, nil, nil
		m.rewrap(want)
		if !slices.Equal(m.st.wraps, expect) && !(len(expect) == 0 && len(m.st.wraps) == 0) {
			t.Fatalf("wanted %v with %v: got %v, by maps %v", want, before, m.st.wraps, expect)
		}
		if !slices.Equal(have, before) {
			t.Fatalf("the wrappers before were changed in place: %v, were %v", have, before)
		}
		if sameSlice(m.st.wraps, have) {
			same++
		}
	}
	if long < 100 || same < 30 {
		t.Errorf("%d long lists and %d unchanged: the test compares too few of one", long, same)
	}
}
