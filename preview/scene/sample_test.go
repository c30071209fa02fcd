package scene

import (
	"testing"

	"github.com/rulestudio/studio/graph"
)

// TestSampleReadsHints: the Display form's preview reads each deck's
// cards, each board's cell values and each object type as the hints say,
// and changes when a hint does.
func TestSampleReadsHints(t *testing.T) {
	hearts := bundled(t, "hearts")
	sc := Sample(hearts)
	if !sc.Sample || len(sc.Areas) != 1 || sc.Areas[0].Side != "centre" {
		t.Fatalf("sample: %+v", sc)
	}
	cards := map[string]string{}
	for _, l := range sc.Areas[0].Locations {
		for _, c := range l.Cards {
			cards[c.Text] = c.Color
		}
	}
	for text, color := range map[string]string{"A♠": "black", "K♥": "red", "Q♣": "black", "J♦": "red"} {
		if got, ok := cards[text]; !ok || got != color {
			t.Errorf("hearts sample: card %s in %q (have %v)", text, got, cards)
		}
	}
	hearts.Display.Cards[0].Types[1].Color = "blue"
	for _, c := range Sample(hearts).Areas[0].Locations[0].Cards {
		if c.Type == "2" && c.Color != "blue" {
			t.Errorf("the hearts card of type 2 is %q after its hint became blue", c.Color)
		}
	}

	four := bundled(t, "connectfour")
	b := Sample(four).Areas[0].Boards
	if len(b) != 1 || b[0].Color != "#1e5aa8" || len(b[0].Cells) != 2 ||
		b[0].Cells[0].Color != "red" || b[0].Cells[1].Color != "yellow" || b[0].Width != 2 {
		t.Errorf("connect four sample board: %+v", b)
	}

	seeds := bundled(t, "seeds")
	zs := Sample(seeds).Areas[0].Zones
	if len(zs) != 1 || len(zs[0].Objects) != min(len(seeds.ObjectTypes), sampleObjects) {
		t.Fatalf("seeds sample zones: %+v", zs)
	}
	o := zs[0].Objects[0]
	if o.Type != seeds.ObjectTypes[0].Name || len(o.Stats) == 0 {
		t.Errorf("seeds sample object: %+v", o)
	}
}

// TestSampleWithoutHints: a pack with no display hints still gets a card
// per deck and a cell per player's value, read as the table reads them.
func TestSampleWithoutHints(t *testing.T) {
	p := bundled(t, "hearts")
	p.Display = nil
	l := Sample(p).Areas[0].Locations
	if len(l) != 1 || len(l[0].Cards) == 0 || l[0].Cards[0].Text != "1/1" {
		t.Errorf("hearts without hints: %+v", l)
	}
	p = bundled(t, "tictactoe")
	p.Display = &graph.Display{}
	b := Sample(p).Areas[0].Boards
	if len(b) != 1 || len(b[0].Cells) != 2 || b[0].Cells[0].Text != "1" {
		t.Errorf("tic-tac-toe without hints: %+v", b)
	}
}
