package preview

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var updateMCTS = flag.Bool("update-mcts", false, "rewrite the search bots' record goldens in testdata/mcts/")

// mctsGoldens are matches the search bots play whose records are kept in
// testdata/mcts: Hearts (hidden hands, the 286-way passing, four seats),
// the same with more playouts than passes, the seed effects (hidden objects) and Connect Four (nothing hidden).
var mctsGoldens = []struct {
	name, pack string
	seats      int
	bots       []string
	maxPlies   int
}{
	{"hearts", "hearts", 4, []string{"mcts:40:plies=40"}, 20},
	{"hearts-deep", "hearts", 4, []string{"mcts:320:plies=30"}, 6}, // past the 286 passes: UCB1 and a second level
	{"seeds", "seeds", 2, []string{"mcts:30", "flatmc:30"}, 30},
	{"connectfour", "connectfour", 2, []string{"mcts:60", "random"}, 0},
}

// TestMCTSRecordsGolden: the search bots play the same matches as when the
// goldens were written, record for record (a change that makes MCTS faster
// must not change what it chooses: the tree, its random draws and its
// ties stay the same). -update-mcts rewrites them.
func TestMCTSRecordsGolden(t *testing.T) {
	for _, g := range mctsGoldens {
		t.Run(g.name, func(t *testing.T) {
			rs, err := Simulate(searchPack(t, g.pack), Simulation{Matches: 2, Seed: 11, Seats: g.seats,
				Bots: g.bots, MaxPlies: g.maxPlies, Jobs: 1, Record: true})
			if err != nil {
				t.Fatal(err)
			}
			var out []byte
			for _, r := range rs {
				b, err := r.Record.Marshal()
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, b...)
			}
			path := filepath.Join("testdata", "mcts", g.name+".golden")
			if *updateMCTS {
				if err := os.WriteFile(path, out, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != string(want) {
				t.Errorf("the records differ from %s:\n%s", path, out)
			}
		})
	}
}
