package main

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
	"go.starlark.net/starlark"
)

// TestWindowPlaysTicTacToeOnTheTable runs the real binary under Xvfb on the
// bundled tic-tac-toe pack and plays a match to its end by clicking cells
// on the Play panel's Table tab: Play > New match (ctrl+M, Enter: the
// designer against the random bot, seed 1), then, until the match is over,
// a click on the first free cell. A mirror of the match (the same pack,
// seed and seats in this process, the same moves taken) says where each
// cell lies in the picture; after each click the window's table must show
// the mirror's: every mark where the mirror has one (X blue, O red), none
// elsewhere, and at the end no cell ringed.
func TestWindowPlaysTicTacToeOnTheTable(t *testing.T) {
	x := newExampleStudio(t)
	data, _ := assets.Pack("tictactoe")
	path := filepath.Join(x.dir, "tictactoe.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	pack, err := graph.Parse(data, "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := startStudio(t, x.bin, x.display, x.dir, path, x.shots)
	s.waitForBoxes(len(pack.States))
	s.key("ctrl+m")
	time.Sleep(700 * time.Millisecond)
	s.key("Return")
	m := newMirror(t, pack, "random")
	for clicks := 0; ; clicks++ {
		tb := s.waitForTable(m, "the tic-tac-toe board after "+fmt.Sprint(clicks)+" clicks", marksAgree)
		if clicks == 1 {
			s.shot("tictactoe-table")
		}
		if m.s.Match().Over() {
			if n := tb.ringed(s.capture()); n > 0 {
				t.Errorf("the match is over, yet %d cells are ringed", n)
			}
			break
		}
		if clicks == 9 {
			t.Fatalf("the match is not over after 9 clicks")
		}
		mv := m.first(t, "mark")
		cell := mv.Args[0].(starlark.Indexable)
		id := scene.CellID("board", intOf(t, cell.Index(0)), intOf(t, cell.Index(1)))
		s.click(tb.point(tb.box(t, id), 0.5, 0.5))
		m.take(t, mv)
	}
	s.shot("tictactoe-over")
	s.key("ctrl+q")
	s.waitForExit()
}

// TestWindowPassesAndPlaysHeartsOnTheTable runs the real binary under Xvfb
// on the example project (Hearts) and plays by clicking cards on the Table
// tab: Play > New match (the designer and three random bots, seed 1); at
// giveCards a click on each of the hand's first three cards chooses it
// (the strip it shows is tinted, the fourth is not), a click on Take gives
// them; then a click on the first card the designer may play plays it and
// the bots finish the trick. A mirror of the match in this process, the
// same moves taken, says where each card lies in the picture and which
// card a click must play; after each move the window's table must show the
// mirror's hand: the red and black corners of its cards, place by place.
func TestWindowPassesAndPlaysHeartsOnTheTable(t *testing.T) {
	x := newExampleStudio(t)
	s := x.start(t)
	s.waitForBoxes(len(x.pack.States))
	s.key("ctrl+m")
	time.Sleep(700 * time.Millisecond)
	s.key("Return")
	m := newMirror(t, x.pack, "random", "random", "random")
	tb := s.waitForTable(m, "the designer's hand at giveCards", handAgrees)

	var given []int // the card ids clicked
	tinted := func(img image.Image, i int) bool {
		c := pixel(img, tb.point(tb.box(t, fmt.Sprintf("deck:hand/1:%d", i)), stripX, 0.6))
		return int(c.B)-int(c.R) > 40 // the chosen tint over the white face
	}
	for i := 0; i < 3; i++ {
		b := tb.box(t, fmt.Sprintf("deck:hand/1:%d", i))
		given = append(given, m.card(t, b.ID).Card)
		s.click(tb.point(b, stripX, 0.6))
		s.waitFor(fmt.Sprintf("card %d of the hand chosen (tinted)", i), func(img image.Image) bool { return tinted(img, i) })
	}
	if img := s.capture(); tinted(img, 3) {
		t.Errorf("card 3 of the hand, not clicked, is tinted as chosen")
	}
	s.shot("hearts-three-chosen")
	var take image.Point
	s.waitFor("Take in the primary colour", func(img image.Image) bool {
		var ok bool
		take, ok = takeButton(img)
		return ok
	})
	s.click(take)
	m.take(t, m.give(t, given))
	tb = s.waitForTable(m, "the designer's hand after giving three cards", handAgrees)

	mv := m.first(t, "playCard")
	ref, _ := engine.CardOf(mv.Args[0])
	b := tb.box(t, m.cardID(t, ref.ID))
	s.click(tb.point(b, stripX, 0.6))
	m.take(t, mv)
	if n := m.count(t, "cardswon"); n < 4 {
		t.Fatalf("the mirror took no trick after the designer's card (%d cards won)", n)
	}
	s.waitForTable(m, "the table after the designer's card and the bots' (a trick taken)", handAgrees)
	s.shot("hearts-trick")
	s.key("ctrl+q")
	s.waitForExit()
}

// waitFor waits until ok holds for the screen.
func (s *studioSession) waitFor(what string, ok func(image.Image) bool) {
	s.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		s.check()
		if ok(s.capture()) {
			return
		}
	}
	s.shot("not-seen")
	s.t.Fatalf("not on screen after 10 s: %s (see %s)", what, s.screen)
}

// stripX is how far into a fanned card's box (in picture pixels) a click
// lands: the middle of the strip the next card leaves seen.
const stripX = 11

// mirror plays, in the test's process, the match the window plays: the
// same pack, seed (the New match dialog's 1) and seats (the designer
// first, then bots).
type mirror struct {
	s *preview.Session
}

func newMirror(t *testing.T, pack *graph.Pack, bots ...string) *mirror {
	t.Helper()
	seats := []graph.Seat{{}}
	for _, b := range bots {
		seats = append(seats, graph.Seat{Bot: b})
	}
	s, err := preview.New(pack, preview.Config{Seed: 1, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Continue(); err != nil {
		t.Fatal(err)
	}
	return &mirror{s: s}
}

// scene returns the designer's scene now, where its things lie in the
// picture and the picture's size.
func (m *mirror) scene(t *testing.T) (*scene.Scene, []picture.Box, float64, float64) {
	t.Helper()
	sc, err := scene.Build(m.s.Pack(), m.s.Match(), scene.Designer)
	if err != nil {
		t.Fatal(err)
	}
	w, h, boxes, err := picture.Boxes(sc)
	if err != nil {
		t.Fatal(err)
	}
	return sc, boxes, w, h
}

// first returns the designer's first legal move of action.
func (m *mirror) first(t *testing.T, action string) engine.Move {
	t.Helper()
	moves, err := m.s.Match().Legal(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		if mv.Action == action {
			return mv
		}
	}
	t.Fatalf("the designer has no %s move: %v", action, moves)
	return engine.Move{}
}

// give returns the designer's giveCards move of the cards ids.
func (m *mirror) give(t *testing.T, ids []int) engine.Move {
	t.Helper()
	moves, err := m.s.Match().Legal(0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]bool{}
	for _, id := range ids {
		want[id] = true
	}
	for _, mv := range moves {
		if mv.Action != "giveCards" {
			continue
		}
		cards, ok := mv.Args[0].(starlark.Indexable)
		if !ok || cards.Len() != len(ids) {
			continue
		}
		all := true
		for i := 0; i < cards.Len(); i++ {
			ref, ok := engine.CardOf(cards.Index(i))
			all = all && ok && want[ref.ID]
		}
		if all {
			return mv
		}
	}
	t.Fatalf("no giveCards move gives cards %v", ids)
	return engine.Move{}
}

// take takes mv and lets the bots move on, as the Play panel does.
func (m *mirror) take(t *testing.T, mv engine.Move) {
	t.Helper()
	if _, err := m.s.Take(mv); err != nil {
		t.Fatal(err)
	}
	if !m.s.Match().Over() {
		if _, err := m.s.Continue(); err != nil {
			t.Fatal(err)
		}
	}
}

// card returns the card of the designer's scene with scene id id.
func (m *mirror) card(t *testing.T, id string) scene.Card {
	t.Helper()
	sc, _, _, _ := m.scene(t)
	for _, a := range sc.Areas {
		for _, l := range a.Locations {
			for _, c := range l.Cards {
				if c.ID == id {
					return c
				}
			}
		}
	}
	t.Fatalf("no card %s in the mirror's scene", id)
	return scene.Card{}
}

// cardID returns the scene id of the designer's card of deck id n.
func (m *mirror) cardID(t *testing.T, n int) string {
	t.Helper()
	sc, _, _, _ := m.scene(t)
	for _, a := range sc.Areas {
		for _, l := range a.Locations {
			for _, c := range l.Cards {
				if c.Card == n {
					return c.ID
				}
			}
		}
	}
	t.Fatalf("no card %d in the mirror's scene", n)
	return ""
}

// count returns how many cards of the deck lie in location loc.
func (m *mirror) count(t *testing.T, loc string) int {
	t.Helper()
	v, err := m.s.Match().Eval(`deck.count("` + loc + `")`)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	fmt.Sscan(v.String(), &n)
	return n
}

// shownTable is where the window shows the mirror's picture: its top left
// on the screen and its scale.
type shownTable struct {
	x0, y0, scale float64
	sc            *scene.Scene
	boxes         []picture.Box
}

// tableColour is the picture's table (preview/scene/picture's tableColor).
var tableColour = color.NRGBA{R: 0xec, G: 0xe7, B: 0xdc, A: 0xff}

// waitForTable waits until the Play panel's table shows the mirror's
// picture: the table's colour spans a box of the picture's proportions,
// and agree holds for the screen, twice in a row.
func (s *studioSession) waitForTable(m *mirror, what string, agree func(shownTable, image.Image) bool) shownTable {
	s.t.Helper()
	sc, boxes, w, h := m.scene(s.t)
	hits := 0
	var last image.Rectangle
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		s.check()
		img := s.capture()
		b := img.Bounds()
		r, n := colourBox(img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(b.Min.X, b.Min.Y+b.Dy()*60/100, b.Min.X+b.Dx()*70/100, b.Max.Y)), tableColour)
		last = r
		if n < 1000 {
			hits = 0
			continue
		}
		scale := float64(r.Dx()+1) / w
		tb := shownTable{x0: float64(r.Min.X), y0: float64(r.Max.Y+1) - h*scale, scale: scale, sc: sc, boxes: boxes}
		if !agree(tb, img) {
			hits = 0
			continue
		}
		if hits++; hits == 2 {
			return tb
		}
	}
	s.shot("table-not-found")
	s.t.Fatalf("not on screen after 15 s: %s (the table's colour spans %v; see %s):\n%s", what, last, s.screen, s.logs.String())
	return shownTable{}
}

// box returns the box of the mirror's picture with id.
func (tb shownTable) box(t *testing.T, id string) picture.Box {
	t.Helper()
	for _, b := range tb.boxes {
		if b.ID == id {
			return b
		}
	}
	t.Fatalf("nothing %s on the mirror's table", id)
	return picture.Box{}
}

// point returns where on the screen the point of box b lies that is fx of
// its width in (or fx pixels of the picture, when fx > 1) and fy of its
// height down.
func (tb shownTable) point(b picture.Box, fx, fy float64) image.Point {
	dx := fx
	if fx <= 1 {
		dx = b.W * fx
	}
	return image.Pt(int(tb.x0+(b.X+dx)*tb.scale), int(tb.y0+(b.Y+b.H*fy)*tb.scale))
}

// pixel returns the screen's colour at p.
func pixel(img image.Image, p image.Point) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(p.X, p.Y)).(color.NRGBA)
}

// marksAgree reports whether every cell of the board shows the mirror's
// mark: X blue and O red in the middle of the cell (even faded), no
// colour in a free one.
func marksAgree(tb shownTable, img image.Image) bool {
	marks := map[string]int{}
	for _, c := range tb.sc.Areas[0].Boards[0].Cells {
		marks[c.ID] = c.Value
	}
	for _, b := range tb.boxes {
		if len(b.ID) < 12 || b.ID[:12] != "board:board:" {
			continue
		}
		blue, red := 0, 0
		for fy := 0.25; fy <= 0.75; fy += 0.05 {
			for fx := 0.25; fx <= 0.75; fx += 0.05 {
				c := pixel(img, tb.point(b, fx, fy))
				switch {
				case int(c.B)-int(c.R) > 60:
					blue++
				case int(c.R)-int(c.B) > 60:
					red++
				}
			}
		}
		want := marks[b.ID]
		if want == 1 && blue < 3 || want == 2 && red < 3 || want == 0 && blue+red > 0 {
			return false
		}
	}
	return true
}

// handAgrees reports whether the designer's hand on the screen is the
// mirror's: in the corner of each card's strip, red ink for a red card
// (hearts and diamonds, faded or not) and none for a black one.
func handAgrees(tb shownTable, img image.Image) bool {
	cards := map[string]scene.Card{}
	for _, a := range tb.sc.Areas {
		for _, l := range a.Locations {
			for _, c := range l.Cards {
				cards[c.ID] = c
			}
		}
	}
	n := 0
	for _, b := range tb.boxes {
		c, ok := cards[b.ID]
		if !ok || len(b.ID) < 12 || b.ID[:12] != "deck:hand/1:" {
			continue
		}
		n++
		red := 0
		for y := b.Y + 4; y < b.Y+27; y++ {
			for x := b.X + 3; x < b.X+15; x++ {
				if p := pixel(img, tb.point(picture.Box{X: x, Y: y}, 0, 0)); int(p.R)-int(p.B) > 50 {
					red++
				}
			}
		}
		if (red > 0) != (c.Color == "red") {
			return false
		}
	}
	return n > 0
}

// ringed counts the cells of the board ringed in the primary colour (a
// click could choose them).
func (tb shownTable) ringed(img image.Image) int {
	n := 0
	for _, b := range tb.boxes {
		if len(b.ID) < 12 || b.ID[:12] != "board:board:" {
			continue
		}
		// the ring lies on the cell's edge, 2 points out
		if nearColor(pixel(img, image.Pt(int(tb.x0+b.X*tb.scale)-1, int(tb.y0+(b.Y+b.H/2)*tb.scale))), primaryColour, 40) {
			n++
		}
	}
	return n
}

// takeButton returns a point of the Take button: the lowest block of the
// primary colour (or near it: the keyboard focus is on Take once the move
// is complete) right of the table, under the chosen values'.
func takeButton(img image.Image) (image.Point, bool) {
	b := img.Bounds()
	area := image.Rect(b.Min.X+b.Dx()*45/100, b.Min.Y+b.Dy()*60/100, b.Min.X+b.Dx()*69/100, b.Max.Y)
	var best image.Point
	found := false
	for y := area.Max.Y - 1; y >= area.Min.Y && !found; y-- {
		run := 0
		for x := area.Min.X; x < area.Max.X; x++ {
			if nearColor(pixel(img, image.Pt(x, y)), primaryColour, 40) { // focused, it is lighter
				run++
				if run == 60 { // a button's width of the colour
					best, found = image.Pt(x-30, y-3), true
					break
				}
			} else {
				run = 0
			}
		}
	}
	return best, found
}

// intOf returns v as an int.
func intOf(t *testing.T, v starlark.Value) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(v.String(), &n); err != nil {
		t.Fatalf("%v is not a whole number", v)
	}
	return n
}
