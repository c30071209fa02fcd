package engine

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// checkRedeal re-deals m for seat with seed and reports, through t, a copy
// that is not consistent (computing its wrappers and granted tags again
// from nothing changes it: its wrappers, or any seat's view, which reads
// properties and tags) or that changed what seat sees (its view). at names
// the position in messages.
func checkRedeal(t *testing.T, m *Match, seat int, seed uint64, at string) {
	t.Helper()
	f := m.Determinize(seat, seed)
	if f.Err() != nil {
		t.Fatalf("%s: seat %d's re-deal %d stopped: %v", at, seat+1, seed, f.Err())
	}
	g := f.Fork()
	g.st.wraps = nil // from scratch
	g.rederive()
	if g.Err() != nil {
		t.Fatalf("%s: computing seat %d's re-deal %d again failed: %v", at, seat+1, seed, g.Err())
	}
	if a, b := wrapKeys(f), wrapKeys(g); a != b {
		t.Errorf("%s: seat %d's re-deal %d has wrappers\n%s\nfrom scratch\n%s", at, seat+1, seed, a, b)
	}
	for s := 0; s < m.Seats(); s++ {
		vf, err1 := f.View(s)
		vg, err2 := g.View(s)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: views of seat %d's re-deal %d: %v, %v", at, seat+1, seed, err1, err2)
		}
		if !reflect.DeepEqual(vf, vg) {
			t.Errorf("%s: seat %d's re-deal %d, seen by seat %d, differs once derived values are computed from scratch:\n%+v\n%+v", at, seat+1, seed, s+1, vf, vg)
		}
	}
	v0, err1 := m.View(seat)
	v1, err2 := f.View(seat)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: views: %v, %v", at, err1, err2)
	}
	if !reflect.DeepEqual(v0, v1) {
		t.Errorf("%s: seat %d's re-deal %d changed its view:\n%+v\n%+v", at, seat+1, seed, v0, v1)
	}
}

// wrapKeys lists m's wrappers, sorted, without when each came.
func wrapKeys(m *Match) string {
	keys := make([]wrapKey, len(m.st.wraps))
	for i, w := range m.st.wraps {
		keys[i] = w.key()
	}
	slices.SortFunc(keys, func(a, b wrapKey) int {
		return cmp.Or(cmp.Compare(a.src, b.src), cmp.Compare(a.clause, b.clause), cmp.Compare(a.target, b.target), cmp.Compare(a.name, b.name))
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintln(&b, k)
	}
	return b.String()
}

// TestRedealConsistentBundled: in random positions of every bundled pack
// (matches played by random bots, checked every few moves, at the fewest
// and the most seats up to four), every seat's re-dealt copies are
// consistent and leave its view as it was.
func TestRedealConsistentBundled(t *testing.T) {
	matches, every := 3, 5
	if testing.Short() {
		matches = 1
	}
	for _, name := range assets.Packs() {
		p := bundled(t, name)
		seats := []int{p.Pack.Players.Min}
		if mx := min(p.Pack.Players.Max, 4); mx > p.Pack.Players.Min {
			seats = append(seats, mx)
		}
		for _, n := range seats {
			for i := 0; i < matches; i++ {
				m := newMatch(t, p, n, Options{Seed: uint64(10 + i), NoHistory: true})
				bot := NewRandomBot(uint64(20 + i))
				for ply := 0; !m.Over() && ply < 400; ply++ {
					if ply%every == 0 {
						for seat := 0; seat < n; seat++ {
							for seed := uint64(0); seed < 2; seed++ {
								checkRedeal(t, m, seat, seed, fmt.Sprintf("%s, %d seats, match %d, ply %d", name, n, i, ply))
							}
						}
						if t.Failed() {
							return
						}
					}
					ms, err := m.LegalAll()
					if err != nil || len(ms) == 0 {
						t.Fatalf("%s: no move: %v", name, err)
					}
					if err := m.Apply(bot.Choose(m, ms)); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}

// TestSeedsViewHidesHandAndLibrary: in the bundled seed pack, each seat's
// view shows its own hand whole, and of the other player's hand and of both
// libraries (objects) only where each card is; a re-deal for the seat keeps
// its hand and deals the rest again.
func TestSeedsViewHidesHandAndLibrary(t *testing.T) {
	m := newMatch(t, bundled(t, "seeds"), 2, Options{Seed: 4})
	for seat := 0; seat < 2; seat++ {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, ob := range v.Objects {
			mine := fmt.Sprint(ob.Variables["controller"]) == fmt.Sprintf("map[player:%d]", seat+1)
			key := fmt.Sprintf("%s mine=%v face=%v", ob.Variables["zone"], mine, ob.Type != "")
			seen[key]++
			if ob.Type == "" && len(ob.Variables) != 2 {
				t.Errorf("seat %d sees a hidden card's variables %v", seat+1, ob.Variables)
			}
		}
		want := map[string]int{"hand mine=true face=true": 3, "hand mine=false face=false": 3, "library mine=true face=false": 6, "library mine=false face=false": 6}
		if !reflect.DeepEqual(seen, want) {
			t.Errorf("seat %d sees %v, want %v", seat+1, seen, want)
		}
	}
	hand := func(m *Match, p int) string {
		return eval(t, m, fmt.Sprintf(`sorted([c.name for c in hand(player_no(%d))])`, p))
	}
	others := map[string]bool{}
	for seed := uint64(0); seed < 10; seed++ {
		f := m.Determinize(0, seed)
		if hand(f, 1) != hand(m, 1) {
			t.Fatalf("re-deal %d changed seat 1's own hand", seed)
		}
		others[hand(f, 2)] = true
	}
	if len(others) < 3 {
		t.Errorf("10 re-deals gave player 2 only %v", others)
	}
}

// BenchmarkDeterminizeSeeds: one re-deal of a seed-pack position (a few
// turns in): the other hand and both libraries are objects, their faces
// dealt again, then the while clauses' wrappers computed again.
func BenchmarkDeterminizeSeeds(b *testing.B) {
	m := newMatch(b, bundled(b, "seeds"), 2, Options{Seed: 3, NoHistory: true})
	bot := NewRandomBot(3)
	for i := 0; i < 12 && !m.Over(); i++ {
		ms, err := m.LegalAll()
		if err != nil {
			b.Fatal(err)
		}
		if err := m.Apply(bot.Choose(m, ms)); err != nil {
			b.Fatal(err)
		}
	}
	seed := uint64(0)
	for b.Loop() {
		seed++
		m.Determinize(m.Active(), seed)
	}
}
