package engine

import "testing"

// TestHashCountsConnectFourPositions counts the distinct positions of
// Connect Four after each ply by Match.Hash alone and compares them with
// OEIS A212693 (as TestConnectFourPositions does by the cells): the same
// position reached by moves in another order hashes the same (else the
// counts would be larger), and two positions never share a hash (else
// smaller).
func TestHashCountsConnectFourPositions(t *testing.T) {
	want := []int{1, 7, 49, 238, 1120, 4263}
	if testing.Short() {
		want = want[:5]
	}
	m := newMatch(t, bundled(t, "connectfour"), 2, Options{})
	frontier := map[uint64]*Match{m.Hash(): m}
	for ply, n := range want {
		if len(frontier) != n {
			t.Fatalf("ply %d: %d hashes, want %d positions", ply, len(frontier), n)
		}
		next := map[uint64]*Match{}
		for _, pos := range frontier {
			moves, err := pos.LegalAll()
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range moves {
				c := pos.Fork()
				if err := c.Apply(mv); err != nil {
					t.Fatal(err)
				}
				next[c.Hash()] = c
			}
		}
		frontier = next
	}
}

// TestHashSeesWhatTheBoardDoesNot: two seeds-pack matches whose boards (it
// has none) and states are the same differ by the order the setup shuffled
// the cards into (the objects' variables), by life (players' variables),
// and by the random source; the step alone does not count.
func TestHashSeesWhatTheBoardDoesNot(t *testing.T) {
	p := bundled(t, "seeds")
	a, b := newMatch(t, p, 2, Options{Seed: 1}), newMatch(t, p, 2, Options{Seed: 2})
	if a.Hash() == b.Hash() {
		t.Fatal("two deals hash the same")
	}
	c := newMatch(t, p, 2, Options{Seed: 1})
	if a.Hash() != c.Hash() {
		t.Fatal("the same seed's setup hashes differently in two matches")
	}
	if err := c.Exec("players[0].life = 19"); err != nil {
		t.Fatal(err)
	}
	if a.Hash() == c.Hash() {
		t.Fatal("a player's life is not in the hash")
	}
	if err := c.Exec("players[0].life = 20"); err != nil {
		t.Fatal(err)
	}
	if a.Hash() != c.Hash() {
		t.Fatal("setting a variable back to its value changed the hash")
	}
	if err := c.Exec("rand(6)"); err != nil {
		t.Fatal(err)
	}
	if a.Hash() == c.Hash() {
		t.Fatal("the random source is not in the hash")
	}
}
