package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// settlePack is a pack whose matches settle's shortcuts must not change.
type settlePack struct {
	name string
	p    *Program
}

// settlePacks returns every bundled pack, the preview's test packs and
// readsPack.
func settlePacks(t *testing.T) []settlePack {
	t.Helper()
	var packs []settlePack
	for _, name := range assets.Packs() {
		packs = append(packs, settlePack{name, bundled(t, name)})
	}
	files, _ := filepath.Glob(filepath.Join("..", "preview", "testdata", "*", "*.yaml"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(data, filepath.Base(f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		packs = append(packs, settlePack{f, p})
	}
	rp, err := Parse([]byte(readsPack), "reads.yaml")
	if err != nil {
		t.Fatalf("reads: %v", err)
	}
	return append(packs, settlePack{"reads", rp})
}

// withoutSettleSkips runs f with every settle pass run in full.
func withoutSettleSkips(f func()) {
	settleSkips = false
	defer func() { settleSkips = true }()
	f()
}

// TestSettleSkipsIdlePasses: a random match of the seed effects runs in full
// fewer than half of its settle passes (about three of four change nothing:
// no part any clause read was written since the last pass, which fired
// nothing), and counts the answers of a skipped pass as reused.
func TestSettleSkipsIdlePasses(t *testing.T) {
	p := bundled(t, "seeds")
	var full, all, reusedAll int
	withoutSettleSkips(func() {
		m := newMatch(t, p, 2, Options{Seed: 3, NoHistory: true})
		if _, err := m.Play(NewRandomBot(3), 0); err != nil {
			t.Fatal(err)
		}
		all, reusedAll = m.settlePasses, m.reused
	})
	m := newMatch(t, p, 2, Options{Seed: 3, NoHistory: true})
	if _, err := m.Play(NewRandomBot(3), 0); err != nil {
		t.Fatal(err)
	}
	full = m.settlePasses
	if all < 100 || 2*full > all {
		t.Errorf("%d settle passes in full of %d: want fewer than half", full, all)
	}
	if m.reused != reusedAll {
		t.Errorf("%d answers reused with passes skipped, %d without: want the same", m.reused, reusedAll)
	}
}

// TestSettleSkipsAsFull: random matches of every bundled pack and of the
// preview's test packs give the same decisions, views and event logs with
// idle settle passes skipped as with every pass run in full, and with
// every reused answer checked.
func TestSettleSkipsAsFull(t *testing.T) {
	packs := settlePacks(t)
	seeds := uint64(6)
	if testing.Short() {
		seeds = 2
	}
	for _, c := range packs {
		if c.name == "hearts" && testing.Short() {
			continue
		}
		seats := 2
		if pl := c.p.Pack.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			for _, history := range []bool{false, true} {
				var full, checked string
				withoutSettleSkips(func() { full = playoutRecord(t, c.p, c.name, seats, seed, history) })
				withCheckedReads(func() { checked = playoutRecord(t, c.p, c.name, seats, seed, history) })
				got := playoutRecord(t, c.p, c.name, seats, seed, history)
				if got != full || got != checked {
					t.Errorf("skipping idle settle passes changed the match:\n got %s\nfull %s\nchecked %s", got, full, checked)
				}
			}
		}
	}
}
