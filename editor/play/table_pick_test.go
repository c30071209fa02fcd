package play

import (
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene"
)

// twins reads testdata/twins.yaml: Player 1 holds two red cards and a blue
// one, all three "A/1", and may play one or name another player.
func twins(t *testing.T) *graph.Pack {
	t.Helper()
	data, err := os.ReadFile("testdata/twins.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := graph.Parse(data, "testdata/twins.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sceneCard returns the card id of the designer's table.
func sceneCard(t *testing.T, p *Panels, id string) scene.Card {
	t.Helper()
	for _, a := range p.table.scenes[0].Areas {
		for _, l := range a.Locations {
			for _, c := range l.Cards {
				if c.ID == id {
					return c
				}
			}
		}
	}
	t.Fatalf("no card %s on the table", id)
	return scene.Card{}
}

// location returns where card id of deck is now ("hand", "table").
func location(t *testing.T, p *Panels, deck string, id int) string {
	t.Helper()
	v, err := p.sess.Match().Eval(deck + ".card(" + strconv.Itoa(id) + ").location")
	if err != nil {
		t.Fatal(err)
	}
	return v.String()
}

// TestTableClickTellsTwinCardsApart: Player 1's three cards read alike
// ("A/1": two of the red deck, one of the blue); a click on the second red
// one plays that card, not the first of its face, and then a click on the
// blue one plays the blue card, not the red one left.
func TestTableClickTellsTwinCardsApart(t *testing.T) {
	p, q, _ := showPackTable(t, twins(t), 1, "", "random", "random")
	first, second := sceneCard(t, p, "red:hand/1:0"), sceneCard(t, p, "red:hand/1:1")
	if first.Text != second.Text || first.Card == second.Card {
		t.Fatalf("the red cards read %q and %q, ids %d and %d: want one face, two ids", first.Text, second.Text, first.Card, second.Card)
	}
	tapBox(t, p, "red:hand/1:1")
	q.settle(p)
	if got := location(t, p, "red", second.Card); got != `"table"` {
		t.Errorf("the red card clicked (%d) is in %s, want the table; message %q", second.Card, got, p.message.Text)
	}
	if got := location(t, p, "red", first.Card); got != `"hand"` {
		t.Errorf("the red card not clicked (%d) is in %s, want the hand", first.Card, got)
	}
	blue := sceneCard(t, p, "blue:hand/1:0")
	tapBox(t, p, "blue:hand/1:0")
	q.settle(p)
	if got := location(t, p, "blue", blue.Card); got != `"table"` {
		t.Errorf("the blue card clicked is in %s, want the table; message %q", got, p.message.Text)
	}
	if got := location(t, p, "red", first.Card); got != `"hand"` {
		t.Errorf("a click on the blue card played the red one (%s)", got)
	}
}

// TestTableClickNamesAPlayer: where a legal move names a player, the
// other seats' areas are ringed (not Player 1's own) and a click in Player
// 3's area names Player 3: its score goes up by one.
func TestTableClickNamesAPlayer(t *testing.T) {
	p, q, _ := showPackTable(t, twins(t), 1, "", "random", "random")
	ids := markIDs(t, p)
	if !slices.Contains(ids, "seat-2") || !slices.Contains(ids, "seat-3") || slices.Contains(ids, "seat-1") {
		t.Errorf("the table rings %q, want the areas of seats 2 and 3 and not seat 1's", ids)
	}
	tapBox(t, p, "seat-3")
	q.settle(p)
	if got := p.sess.Match().Scores(); got[2] != 1 || got[1] != 0 {
		t.Errorf("scores %v after a click on Player 3's area, want Player 3's one up", got)
	}
}
