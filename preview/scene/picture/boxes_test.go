package picture

import (
	"strings"
	"testing"
)

// TestBoxesFindWhatIsClicked: the boxes say where the picture drew each
// card and cell: a point in the strip a fanned card shows finds that card,
// not the one over or under it; a point in an empty cell finds the cell.
func TestBoxesFindWhatIsClicked(t *testing.T) {
	scs := scenes(t, bundled(t, "hearts"), 30)
	w, h, boxes, err := Boxes(scs[1])
	if err != nil {
		t.Fatal(err)
	}
	if w < 500 || h < 400 {
		t.Fatalf("picture %gx%g", w, h)
	}
	var hand []Box
	for _, b := range boxes {
		if strings.HasPrefix(b.ID, "deck:hand/1:") {
			hand = append(hand, b)
		}
	}
	if len(hand) != 12 {
		t.Fatalf("%d cards of the viewer's hand have boxes, want 12", len(hand))
	}
	for _, i := range []int{0, 5, 11} {
		b := hand[i]
		got, ok := At(boxes, b.X+3, b.Y+cardH/2, "deck:")
		if !ok || got.ID != b.ID {
			t.Errorf("a click at the left edge of card %d found %v, want %s", i, got.ID, b.ID)
		}
	}
	_, _, boxes, err = Boxes(scenes(t, bundled(t, "tictactoe"), 4)[0])
	if err != nil {
		t.Fatal(err)
	}
	var cell Box
	for _, b := range boxes {
		if b.ID == "board:board:2,2" {
			cell = b
		}
	}
	if got, ok := At(boxes, cell.X+cell.W/2, cell.Y+cell.H/2, "board:board:"); !ok || got.ID != "board:board:2,2" {
		t.Errorf("a click in the empty corner cell found %v %v", got, ok)
	}
}
