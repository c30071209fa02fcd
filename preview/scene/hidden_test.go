package scene

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.starlark.net/starlark"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// seenFaces is the oracle of what seat (from 1) may see of deck in m: the
// faces of the cards engine.Match.SeesCard says it sees, counted, read
// from the deck itself (not from the view the scene is built from).
func seenFaces(t *testing.T, m *engine.Match, deck string, seat int) (seen map[string]int, all int) {
	t.Helper()
	v, err := m.Eval(strings.ReplaceAll(`[(c.id, "%s/%d" % (c.type, c.type_arg)) for c in [D.card(i) for i in range(1, D.count() + 1)]]`, "D", deck))
	if err != nil {
		t.Fatal(err)
	}
	seen = map[string]int{}
	list := v.(*starlark.List)
	for i := 0; i < list.Len(); i++ {
		tup := list.Index(i).(starlark.Tuple)
		id, _ := starlark.AsInt32(tup[0])
		face := string(tup[1].(starlark.String))
		if seat == Designer || m.SeesCard(seat-1, deck, id) {
			seen[face]++
		}
	}
	return seen, list.Len()
}

// checkFaces fails when sc shows a face of deck that seat may not see, or
// more of a face than it may.
func checkFaces(t *testing.T, where string, sc *Scene, m *engine.Match, deck string) {
	t.Helper()
	seen, all := seenFaces(t, m, deck, sc.Seat)
	shown := map[string]int{}
	counted := 0
	for _, a := range sc.Areas {
		for _, l := range a.Locations {
			if l.Deck != deck {
				continue
			}
			counted += l.Count
			for _, c := range l.Cards {
				if c.Hidden {
					if c.Type != "" || c.TypeArg != nil || c.Text != "" || c.Image != "" {
						t.Fatalf("%s: seat %d: the back %s tells its face: %+v", where, sc.Seat, c.ID, c)
					}
					continue
				}
				face := c.Type + "/" + argString(c.TypeArg)
				shown[face]++
				if shown[face] > seen[face] {
					t.Fatalf("%s: seat %d sees %s (%s) in %s, which its view hides", where, sc.Seat, face, c.Text, l.ID)
				}
			}
		}
	}
	if counted > all {
		t.Fatalf("%s: seat %d's scene counts %d cards of %s, the deck has %d", where, sc.Seat, counted, deck, all)
	}
}

// TestSceneNeverShowsAHiddenFace: over random positions of every bundled
// pack and a pack with a card in every kind of place (nobody, count,
// everyone, owner), no seat's scene shows a card face that
// engine.Match.SeesCard says it does not see, and a back carries nothing
// of its face; the designer's scene counts every card with its face. The
// scene shows no object the view does not list, and an object whose face
// the seat does not see (engine.Match.SeesObject) only from its back.
func TestSceneNeverShowsAHiddenFace(t *testing.T) {
	secrets, err := os.ReadFile("testdata/secrets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	packs := map[string]*graph.Pack{}
	for name := range goldenSteps {
		packs[name] = bundled(t, name)
	}
	if packs["secrets"], err = graph.Parse(secrets, "testdata/secrets.yaml"); err != nil {
		t.Fatal(err)
	}
	// The leak check's packs (preview's testdata), each written to leak in
	// its rules: the scene draws from the seat's view, never past it.
	leaky, err := filepath.Glob("../testdata/leaks/*.yaml")
	if err != nil || len(leaky) == 0 {
		t.Fatalf("the leak check's packs: %v %v", leaky, err)
	}
	for _, path := range leaky {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if packs[filepath.Base(path)], err = graph.Parse(data, path); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(23, 23))
	for _, name := range slices.Sorted(maps.Keys(packs)) { // in one order, for the same positions every run
		pack := packs[name]
		for i := 0; i < 12; i++ {
			seed, step := rng.Uint64N(1000), rng.IntN(120)
			s := played(t, pack, seed, step)
			m := s.Match()
			where := fmt.Sprintf("%s seed %d step %d", name, seed, s.Cursor())
			for seat := Designer; seat <= m.Seats(); seat++ {
				sc, err := Build(s.Pack(), m, seat)
				if err != nil {
					t.Fatal(err)
				}
				for _, deck := range pack.Decks {
					checkFaces(t, where, sc, m, deck)
				}
				if seat == Designer {
					checkDesignerSeesAll(t, where, sc, m, pack)
					continue
				}
				checkObjects(t, where, sc, m, seat)
			}
		}
	}
}

// checkDesignerSeesAll: every card of every deck is in the designer's
// scene, face up wherever it lies.
func checkDesignerSeesAll(t *testing.T, where string, sc *Scene, m *engine.Match, pack *graph.Pack) {
	t.Helper()
	for _, deck := range pack.Decks {
		_, all := seenFaces(t, m, deck, Designer)
		n := 0
		for _, a := range sc.Areas {
			for _, l := range a.Locations {
				if l.Deck == deck {
					n += l.Count
					for _, c := range l.Cards {
						if c.Hidden {
							t.Fatalf("%s: the designer sees a back in %s", where, l.ID)
						}
					}
				}
			}
		}
		if n != all {
			t.Fatalf("%s: the designer's scene counts %d cards of %s, the deck has %d", where, n, deck, all)
		}
	}
}

// checkObjects: every object of a seat's scene is one its view lists.
func checkObjects(t *testing.T, where string, sc *Scene, m *engine.Match, seat int) {
	t.Helper()
	v, err := m.View(seat - 1)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[int]bool{}
	for _, o := range v.Objects {
		listed[o.ID] = true
	}
	for _, a := range sc.Areas {
		for _, z := range a.Zones {
			for _, o := range z.Objects {
				if !listed[o.Object] {
					t.Fatalf("%s: seat %d's scene shows object %d, which its view does not list", where, seat, o.Object)
				}
				if !m.SeesObject(seat-1, o.Object) && (!o.Hidden || o.Type != "" || o.Title != "" || len(o.Stats)+len(o.Tags) > 0) {
					t.Fatalf("%s: seat %d does not see object %d's face and its scene shows %+v", where, seat, o.Object, o)
				}
			}
		}
	}
}
