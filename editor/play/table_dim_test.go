package play

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// TestTableDimsWhatCannotBeChosen: while a pick is under way, what a click
// cannot choose is drawn faded and what it can is drawn as the picture
// has it, read from the window's pixels: in tic-tac-toe, after Player 1
// marks the centre, the centre cell is dimmed and a corner cell is not; at
// Hearts' giveCards, Player 2's cards (the designer sees their faces) are
// dimmed and Player 1's are not; seen by Player 2, who sees no card Player
// 1 may give, nothing is dimmed.
func TestTableDimsWhatCannotBeChosen(t *testing.T) {
	p, q, w := showTable(t, "tictactoe", 2, "", "")
	tapBox(t, p, scene.CellID("board", 1, 1))
	q.settle(p)
	shot := w.Canvas().Capture()
	at := func(id string) point { // inside the cell, off its glyph
		b := boxOf(t, p, id)
		return point{b.X + b.W*0.15, b.Y + b.H*0.15}
	}
	if d := fading(t, p, shot, at(scene.CellID("board", 1, 1))); d < minFade {
		t.Errorf("the centre cell, marked, is not dimmed: %d darker than the picture", d)
	}
	if d := fading(t, p, shot, at(scene.CellID("board", 0, 0))); d > maxFade {
		t.Errorf("a corner cell, free, is dimmed: %d darker than the picture", d)
	}

	p, q, w = showTable(t, "hearts", 3, "", "random", "random", "random")
	strip := func(id string) point {
		b := boxOf(t, p, id)
		return point{b.X + 11, b.Y + b.H*0.6} // the middle of the strip a fanned card shows
	}
	shot = w.Canvas().Capture()
	if d := fading(t, p, shot, strip("deck:hand/2:0")); d < minFade {
		t.Errorf("Player 2's first card is not dimmed at Player 1's giveCards: %d darker", d)
	}
	if d := fading(t, p, shot, strip("deck:hand/1:0")); d > maxFade {
		t.Errorf("Player 1's first card, which it may give, is dimmed: %d darker", d)
	}
	pickViewer(t, p, "Player 2")
	q.settle(p)
	shot = w.Canvas().Capture()
	if d := fading(t, p, shot, strip("deck:hand/2:0")); d > maxFade {
		t.Errorf("seen by Player 2 nothing can be chosen, yet its first card is dimmed: %d darker", d)
	}
}

// minFade and maxFade bound how much darker (the sum of the three
// channels) the window shows a point than the table's picture has it: a
// faded thing, and one drawn as it is (the picture is scaled smoothly, so
// not exactly).
const minFade, maxFade = 90, 30

// boxOf returns the box of the first scene's thing id.
func boxOf(t *testing.T, p *Panels, id string) picture.Box {
	t.Helper()
	for _, b := range p.table.boxes {
		if b.ID == id && b.Scene == 0 {
			return b
		}
	}
	t.Fatalf("nothing %s on the table", id)
	return picture.Box{}
}

// point is a point of the table's picture, in its pixels.
type point struct{ x, y float64 }

// fading returns how much darker the window's shot shows the picture's
// point (x, y) than the picture has it.
func fading(t *testing.T, p *Panels, shot image.Image, at point) int {
	t.Helper()
	x, y := at.x, at.y
	v := p.table.view
	scale, ox, oy := v.fit(v.Size())
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(v)
	cs := float32(shot.Bounds().Dx()) / fyne.CurrentApp().Driver().CanvasForObject(v).Size().Width // the shot's pixels per Fyne unit
	sx := int((pos.X + ox + float32(x)*scale) * cs)
	sy := int((pos.Y + oy + float32(y)*scale) * cs)
	sum := func(c color.Color) int {
		r, g, b, _ := c.RGBA()
		return int(r>>8 + g>>8 + b>>8)
	}
	return sum(v.image.Image.At(int(x), int(y))) - sum(shot.At(sx, sy))
}

// TestTableMarksNothingAtTheEnd: a tic-tac-toe match of two people won by
// clicks on the table leaves nothing ringed or faded: the last decision's
// choices are gone with it.
func TestTableMarksNothingAtTheEnd(t *testing.T) {
	p, q, _ := showTable(t, "tictactoe", 2, "", "")
	for _, c := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}} { // Player 1 takes the top row
		tapBox(t, p, scene.CellID("board", c[0], c[1]))
		q.settle(p)
	}
	if !p.sess.Match().Over() {
		t.Fatalf("the match is not over after the top row; message %q", p.message.Text)
	}
	if v := p.table.view; len(v.marks) != 0 || len(v.veils) != 0 {
		t.Errorf("at the end the table rings %d things and fades %d", len(v.marks), len(v.veils))
	}
}

// TestElsewhereSeatOffersNothing: a seat Elsewhere names (a hosted match's
// seat a person plays from their link) shows that sentence where its
// pickers were, and nothing on the table to click for it; the other seat
// keeps its own.
func TestElsewhereSeatOffersNothing(t *testing.T) {
	p, q, _ := showTable(t, "tictactoe", 2, "", "")
	if len(p.choosable()) == 0 {
		t.Fatal("before: nothing on the table to choose for Player 1")
	}
	p.Elsewhere = func(_ *preview.Session, seat int) string {
		if seat == 0 {
			return "Player 1 plays from their link."
		}
		return ""
	}
	p.drawActions()
	q.settle(p)
	if n := len(p.choosable()); n != 0 {
		t.Errorf("the table offers %d things to click for a seat played elsewhere", n)
	}
	if n := len(valueButtons(p)); n != 0 {
		t.Errorf("the Play panel shows %d values to pick for a seat played elsewhere", n)
	}
	var said []string
	for _, o := range p.actions.Objects {
		if l, ok := o.(*widget.Label); ok {
			said = append(said, l.Text)
		}
	}
	if got := strings.Join(said, "\n"); got != "Player 1 plays from their link." {
		t.Errorf("the Play panel says %q", got)
	}
}
