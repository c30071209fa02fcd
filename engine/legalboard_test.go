package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// reversiListed is Reversi with its domain written so that no native path
// recognizes it: the legal moves as the general path lists them.
func reversiListed(t *testing.T) *Program {
	t.Helper()
	data, _ := assets.Pack("reversi")
	src := strings.Replace(string(data), "domain: board.moves(player)", `domain: "list(board.moves(player))"`, 1)
	if src == string(data) {
		t.Fatal("reversi's domain is no longer board.moves(player)")
	}
	p, err := Parse([]byte(src), "reversi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBoardMovesDomainListsAsTheCall: a domain "board.moves(player)" lists
// the cells board.moves gives, in its order, at every decision of random
// Reversi matches, and listing them makes no list: at most one allocation
// (the moves' arena growing) in 50 listings.
func TestBoardMovesDomainListsAsTheCall(t *testing.T) {
	fast, slow := bundled(t, "reversi"), reversiListed(t)
	for seed := uint64(1); seed <= 20; seed++ {
		a := newMatch(t, fast, 2, Options{Seed: seed, NoHistory: true})
		b := newMatch(t, slow, 2, Options{Seed: seed, NoHistory: true})
		r := rand.New(rand.NewPCG(seed, 7))
		for !a.Over() {
			ma, err := a.LegalAll()
			if err != nil {
				t.Fatal(err)
			}
			mb, err := b.LegalAll()
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(ma) != fmt.Sprint(mb) {
				t.Fatalf("seed %d step %d: %v, listed by the call %v", seed, a.Step(), ma, mb)
			}
			i := r.IntN(len(ma))
			if err := a.Apply(ma[i]); err != nil {
				t.Fatal(err)
			}
			if err := b.Apply(mb[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	m := newMatch(t, fast, 2, Options{NoHistory: true})
	buf := make([]Move, 0, 64)
	if got := testing.AllocsPerRun(50, func() {
		if _, err := m.legal(m.Active(), buf[:0]); err != nil {
			t.Fatal(err)
		}
	}); got >= 1 {
		t.Errorf("%v allocations a listing, want none", got)
	}
}
