package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSameKeysAsKey: sameKeys, which settle asks at every step whether it
// wants the wrappers it wanted last, answers as comparing the wrappers' keys
// does: their timestamps and clauses aside, over random lists that differ by
// one field, one length or nothing.
func TestSameKeysAsKey(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"power", "toughness", "flying"}
	random := func() wrapInst {
		return wrapInst{src: r.IntN(3) - 1, clause: r.IntN(2), target: r.IntN(3), name: names[r.IntN(3)], ts: r.IntN(5)}
	}
	same, differ := 0, 0
	for range 2000 {
		a := make([]wrapInst, r.IntN(4))
		for i := range a {
			a[i] = random()
		}
		b := slices.Clone(a)
		switch r.IntN(4) {
		case 0:
			if len(b) > 0 {
				b[r.IntN(len(b))] = random()
			}
		case 1:
			b = append(b, random())
		case 2:
			for i := range b {
				b[i].ts, b[i].cw = r.IntN(9), &cwhile{}
			}
		}
		want := slices.EqualFunc(a, b, func(x, y wrapInst) bool { return x.key() == y.key() })
		if got := sameKeys(a, b); got != want {
			t.Fatalf("sameKeys(%+v, %+v) = %v, keys say %v", a, b, got, want)
		}
		if want {
			same++
		} else {
			differ++
		}
	}
	if same < 100 || differ < 100 {
		t.Errorf("%d same and %d different pairs: the test compares too few of one", same, differ)
	}
}
