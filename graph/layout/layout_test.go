package layout

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/graph"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// cleanPack is a small valid pack: setup, a player turn, a game state, the end.
const cleanPack = `format: 1
pack: check-base
states:
  - id: 1
    name: gameSetup
    type: manager
    description: ""
    action: stGameSetup
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} must play
    descriptionmyturn: ${you} must play
    possibleactions: [play]
    transitions: {play: 3}
  - id: 3
    name: nextPlayer
    type: game
    action: stNextPlayer
    updateGameProgression: true
    transitions: {next: 2, end: 99}
  - id: 99
    name: gameEnd
    type: manager
    description: End of game
`

func mustParse(t *testing.T, src string) *graph.Pack {
	t.Helper()
	p, err := graph.Parse([]byte(src), "pack.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkLayout asserts that every state has a place, that no two boxes overlap,
// and that setup is drawn above the states it leads to.
func checkLayout(t *testing.T, p *graph.Pack, pos map[string]graph.Point) {
	t.Helper()
	if len(pos) != len(p.States) {
		t.Fatalf("%d positions for %d states", len(pos), len(p.States))
	}
	for i, a := range p.States {
		pa, ok := pos[a.ID.String()]
		if !ok {
			t.Fatalf("state %s has no position", a.ID)
		}
		wa, ha := BoxSize(a)
		for _, b := range p.States[i+1:] {
			pb := pos[b.ID.String()]
			wb, hb := BoxSize(b)
			if abs(pa.X-pb.X) < (wa+wb)/2 && abs(pa.Y-pb.Y) < (ha+hb)/2 {
				t.Errorf("boxes of states %s and %s overlap: %v %v", a.ID, b.ID, pa, pb)
			}
		}
	}
	if _, ok := pos["2"]; ok && pos["1"].Y >= pos["2"].Y {
		t.Errorf("state 1 (y=%v) is not above state 2 (y=%v)", pos["1"].Y, pos["2"].Y)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestLayeredLayout(t *testing.T) {
	p := mustParse(t, cleanPack)
	pos := Layered(p, Options{})
	checkLayout(t, p, pos)
	// A chain 1 -> 2 -> 3 -> 99 with the back edge 3 -> 2 is four layers.
	for i, id := range []string{"1", "2", "3", "99"} {
		if want := float64(i)*(50+layerGap) + 25; pos[id].Y != want {
			t.Errorf("state %s at y=%v, want layer %d (y=%v)", id, pos[id].Y, i, want)
		}
	}
}

func TestDotLayout(t *testing.T) {
	if _, err := exec.LookPath("dot"); err != nil {
		t.Skip("Graphviz dot is not on PATH")
	}
	p := mustParse(t, cleanPack)
	pos, err := Dot(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkLayout(t, p, pos)
}

func TestDOTGolden(t *testing.T) {
	checkGolden(t, filepath.Join("testdata", "clean.dot"), DOT(mustParse(t, cleanPack)))
}

// TestDOTInferred: transitions inferred from a State class's code are dashed,
// declared ones are not (graph/testdata/inferred.yaml has both).
func TestDOTInferred(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "inferred.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, filepath.Join("testdata", "inferred.dot"), DOT(mustParse(t, string(data))))
}

// checkGolden compares got with the golden file, rewriting it first with
// -update, and returns the golden bytes.
func checkGolden(t *testing.T, golden string, got []byte) []byte {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("output differs from %s:\n%s", golden, got)
	}
	return want
}

func TestPlainFields(t *testing.T) {
	got := plainFields(`node "ST_X" 1.5 2 "a \"b\" c" x`)
	want := []string{"node", "ST_X", "1.5", "2", `a "b" c`, "x"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("got %q, want %q", got, want)
		}
	}
}

// TestAutoLayoutDenseGraph: a graph whose states nearly all reach each other is
// not handed to dot (it would take tens of seconds); the built-in layout places it.
func TestAutoLayoutDenseGraph(t *testing.T) {
	p := &graph.Pack{Name: "dense"}
	for i := 1; i <= 22; i++ {
		p.States = append(p.States, &graph.State{ID: graph.NumID(i), Name: fmt.Sprintf("s%d", i), Type: graph.Game})
	}
	for _, s := range p.States {
		for _, o := range p.States {
			if o != s {
				s.Transitions = append(s.Transitions, graph.Transition{Name: "to" + o.Name, To: o.ID})
			}
		}
	}
	if n := edgePairs(p); n <= maxDotEdges {
		t.Fatalf("test graph has only %d edges", n)
	}
	got, err := pieces(context.Background(), p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := Layered(p, Options{})
	for id, pt := range want {
		if got[id] != pt {
			t.Fatalf("state %s at %v, want the built-in layout's %v", id, got[id], pt)
		}
	}
}
