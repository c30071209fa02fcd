package scene

import (
	"fmt"
	"os"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestSceneCardsCarryTheirIDs: in Hearts and the secrets pack (cards in
// every kind of place), every face a scene shows carries the id of a card
// of that face in its deck, no two cards of a deck share one, and a back
// carries none.
func TestSceneCardsCarryTheirIDs(t *testing.T) {
	data, err := os.ReadFile("testdata/secrets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	secrets, err := graph.Parse(data, "testdata/secrets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, pack := range []*graph.Pack{bundled(t, "hearts"), secrets} {
		s := played(t, pack, 2, 12)
		m := s.Match()
		for seat := Designer; seat <= m.Seats(); seat++ {
			sc, err := Build(pack, m, seat)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for _, a := range sc.Areas {
				for _, l := range a.Locations {
					for _, c := range l.Cards {
						if c.Hidden {
							if c.Card != 0 {
								t.Errorf("%s seat %d: the back %s carries id %d", pack.Name, seat, c.ID, c.Card)
							}
							continue
						}
						key := fmt.Sprintf("%s#%d", l.Deck, c.Card)
						if c.Card == 0 || seen[key] {
							t.Errorf("%s seat %d: %s carries id %d (twice: %v)", pack.Name, seat, c.ID, c.Card, seen[key])
						}
						seen[key] = true
						v, err := m.Eval(fmt.Sprintf(`"%%s/%%d" %% (%s.card(%d).type, %s.card(%d).type_arg)`, l.Deck, c.Card, l.Deck, c.Card))
						if err != nil {
							t.Fatal(err)
						}
						if want := fmt.Sprintf("%q", fmt.Sprintf("%s/%d", c.Type, *c.TypeArg)); v.String() != want {
							t.Errorf("%s seat %d: %s reads %s/%d, its id %d is %s", pack.Name, seat, c.ID, c.Type, *c.TypeArg, c.Card, v)
						}
					}
				}
			}
			if len(seen) == 0 {
				t.Errorf("%s seat %d: no face on the table", pack.Name, seat)
			}
		}
	}
}
