package engine

import (
	"bytes"
	"testing"

	"github.com/rulestudio/studio/assets"
)

// TestConnectFourPositions counts the distinct positions of the bundled Connect
// Four pack after each number of plies, through the engine, and compares them
// with OEIS A212693 ("Number of legal 7 X 6 Connect-Four positions after n
// plies", John Tromp). A position reached by a win has no successors, so the
// counts from ply 8 on also check that four in a row ends the game.
func TestConnectFourPositions(t *testing.T) {
	want := []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275}
	if testing.Short() {
		want = want[:7]
	}
	m := newMatch(t, bundled(t, "connectfour"), 2, Options{NoHistory: true})
	frontier := map[string]*mstate{cellsKey(m): m.save()}
	for ply, n := range want {
		if len(frontier) != n {
			t.Fatalf("ply %d: %d positions, want %d", ply, len(frontier), n)
		}
		if ply == len(want)-1 {
			break
		}
		next := map[string]*mstate{}
		for _, s := range frontier {
			m.restore(s)
			moves, err := m.LegalAll()
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range moves {
				m.restore(s)
				if err := m.apply(mv); err != nil {
					t.Fatal(err)
				}
				key := cellsKey(m)
				if _, seen := next[key]; !seen {
					next[key] = m.save()
				}
			}
		}
		frontier = next
	}
}

// TestConnectFourSmallBoardGames plays every game of Connect Four on a 4×3
// board (the bundled pack with its board resized, nothing else changed) and
// compares the count with OEIS A342329 ("Number of different games of Connect
// Four on an (n+1) X n board": 90 for 3×2, 356232 for 4×3). It checks gravity,
// four in a row in every direction, and that a full board ends the game.
func TestConnectFourSmallBoardGames(t *testing.T) {
	src, _ := assets.Pack("connectfour")
	for _, c := range []struct {
		board string
		games int
	}{{"{width: 3, height: 2}", 90}, {"{width: 4, height: 3}", 356232}} {
		if testing.Short() && c.games > 1000 {
			// 6 s of the package's 10 under -short; scripts/mutation runs
			// the tests once per mutant.
			continue
		}
		data := bytes.Replace(src, []byte("{width: 7, height: 6}"), []byte(c.board), 1)
		p, err := Parse(data, "connectfour-small.yaml")
		if err != nil {
			t.Fatal(err)
		}
		m := newMatch(t, p, 2, Options{NoHistory: true})
		games := 0
		var walk func()
		walk = func() {
			if m.Over() {
				games++
				return
			}
			moves, err := m.LegalAll()
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range moves {
				s := m.save()
				if err := m.apply(mv); err != nil {
					t.Fatal(err)
				}
				walk()
				m.restore(s)
			}
		}
		walk()
		if games != c.games {
			t.Errorf("board %s: %d games, want %d", c.board, games, c.games)
		}
	}
}

// cellsKey is the position of the match's first board as a map key.
func cellsKey(m *Match) string {
	cells := m.st.boards[0].cells
	b := make([]byte, len(cells))
	for i, c := range cells {
		b[i] = byte(c)
	}
	return string(b)
}
