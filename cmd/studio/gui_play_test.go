package main

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/rulestudio/studio/graph"
)

// TestWindowPlaysHearts runs the real binary under Xvfb and plays the
// example project, Hearts, as a designer does, with the keyboard only: Play >
// New match (ctrl+M, Enter: the designer in the first seat, random bots in
// the three others); the three bots pass and the designer's hand is offered,
// the first card in focus; Space three times chooses three cards (they and
// Take show in the primary colour); Enter takes the move, the bots play on
// and the canvas's ring moves to the designer's next decision, playerTurn;
// F9 steps back until the ring is on giveCards again, and F11 forward as
// many times brings it back. The ring is found by its own colour.
func TestWindowPlaysHearts(t *testing.T) {
	x := newExampleStudio(t)
	s := x.start(t)
	s.waitForBoxes(len(x.pack.States))
	s.key("ctrl+m")
	time.Sleep(700 * time.Millisecond)
	s.shot("new-match")
	s.key("Return")
	give := s.waitForRing("the match at the designer's giveCards", func(r image.Rectangle, img image.Image) bool {
		return primaryIn(img) < minButtonPixels // no value chosen (the Table tab's underline is primary too)
	})
	s.shot("give-cards")

	for i := 0; i < 3; i++ {
		s.key("space")
	}
	s.waitForRing("three cards chosen and Take enabled", func(r image.Rectangle, img image.Image) bool {
		return r == give && primaryIn(img) >= 4*minButtonPixels
	})
	s.shot("three-chosen")
	s.key("Return")
	play := s.waitForRing("the ring on the designer's next decision, below giveCards", func(r image.Rectangle, img image.Image) bool {
		return centreY(r) > centreY(give)+30
	})
	s.shot("play-card")

	back := 0
	for ; back < 40; back++ {
		if s.ringNow() == give {
			break
		}
		s.key("F9")
		time.Sleep(200 * time.Millisecond)
	}
	if s.ringNow() != give {
		s.shot("stepped-back")
		t.Fatalf("after %d steps back (F9) the ring is at %v, not on giveCards at %v", back, s.ringNow(), give)
	}
	s.shot("stepped-back")
	for i := 0; i < back; i++ {
		s.key("F11")
	}
	s.waitForRing("the ring back on playerTurn after as many steps forward (F11)", func(r image.Rectangle, _ image.Image) bool {
		return r == play
	})
	s.shot("forward-again")
	t.Logf("stepped back %d steps from playerTurn to giveCards and forward again", back)
	s.key("ctrl+q")
	s.waitForExit()
}

// matchRingColour is the ring round the state a match is in (the editor's
// matchCurrent).
var matchRingColour = color.NRGBA{R: 0x00, G: 0x96, B: 0x88, A: 0xff}

// primaryColour fills chosen values and the Take button in the light theme.
var primaryColour = color.NRGBA{R: 0x29, G: 0x6f, B: 0xf6, A: 0xff}

// minButtonPixels is fewer pixels than a value button of the Play panel
// fills with its colour.
const minButtonPixels = 600

// primaryIn counts the primary-coloured pixels in the Play panel's place:
// the lower left of the screen, under the canvas.
func primaryIn(img image.Image) int {
	b := img.Bounds()
	area := image.Rect(b.Min.X, b.Min.Y+b.Dy()*55/100, b.Min.X+b.Dx()*68/100, b.Max.Y)
	n := 0
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			if nearColor(color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA), primaryColour, 6) {
				n++
			}
		}
	}
	return n
}

func centreY(r image.Rectangle) int { return (r.Min.Y + r.Max.Y) / 2 }

// ringNow returns where the match's ring is on screen (empty: none).
func (s *studioSession) ringNow() image.Rectangle {
	s.t.Helper()
	r, n := colourBox(s.capture(), matchRingColour)
	if n < 100 {
		return image.Rectangle{}
	}
	return r
}

// waitForRing waits until the ring shows and ok holds for it and the
// screen, twice the same, and returns it.
func (s *studioSession) waitForRing(what string, ok func(image.Rectangle, image.Image) bool) image.Rectangle {
	s.t.Helper()
	var prev image.Rectangle
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(300 * time.Millisecond) {
		s.check()
		img := s.capture()
		r, n := colourBox(img, matchRingColour)
		if n >= 100 && r == prev && ok(r, img) {
			return r
		}
		prev = r
	}
	s.shot("not-found")
	s.t.Fatalf("not on screen after 15 s: %s (ring at %v; see %s):\n%s", what, prev, s.screen, s.logs.String())
	return image.Rectangle{}
}

// TestWindowStepKeysAndEndMatch runs the real binary under Xvfb: in a
// Hearts match, after a click on the canvas (a state box: the canvas has the
// keyboard focus), F9 steps back until the ring is on giveCards again (the
// step keys once did nothing while the canvas had the focus); then Play >
// End Match, from the keyboard (Alt opens the menu bar), and a click on a
// state shows its form in the Inspector (End Match once left no form: the
// Inspector stayed hidden as the tab behind the Debugger's, and the
// diagnostics took the whole side column).
func TestWindowStepKeysAndEndMatch(t *testing.T) {
	x := newExampleStudio(t)
	s := x.start(t)
	s.waitForBoxes(len(x.pack.States))
	s.key("ctrl+m")
	time.Sleep(700 * time.Millisecond)
	s.key("Return")
	give := s.waitForRing("the match at the designer's giveCards", func(r image.Rectangle, img image.Image) bool {
		return primaryIn(img) < minButtonPixels // no value chosen (the Table tab's underline is primary too)
	})
	for i := 0; i < 3; i++ {
		s.key("space")
	}
	s.key("Return")
	play := s.waitForRing("the ring on the designer's next decision, below giveCards", func(r image.Rectangle, img image.Image) bool {
		return centreY(r) > centreY(give)+30
	})

	s.click(image.Pt((play.Min.X+play.Max.X)/2, (play.Min.Y+play.Max.Y)/2))
	s.shot("canvas-clicked")
	back := 0
	for ; back < 40 && s.ringNow() != give; back++ {
		s.key("F9")
		time.Sleep(200 * time.Millisecond)
	}
	s.shot("canvas-f9")
	if s.ringNow() != give {
		t.Fatalf("after %d presses of F9 with the canvas focused the ring is at %v, not on giveCards at %v", back, s.ringNow(), give)
	}

	// Play > End Match: Alt opens File; Right three times is Play; its
	// seventh item (after New match…, Step, Continue, Back, Forward) is End
	// Match.
	s.key("alt")
	for i := 0; i < 3; i++ {
		s.key("Right")
	}
	for i := 0; i < 6; i++ {
		s.key("Down")
	}
	s.shot("play-menu")
	s.key("Return")
	s.waitForScreen("the match ended: no ring", func(img image.Image, _ shotStats) bool {
		_, n := colourBox(img, matchRingColour)
		return n < 100
	})
	// The canvas takes the Play panel's room: the boxes move.
	s.waitForBoxes(len(x.pack.States))
	s.shot("match-ended")
	before := s.capture()
	st, err := analyse(s.screen, x.pack)
	if err != nil {
		t.Fatal(err)
	}
	var giveBox *boxRect
	for i, b := range st.boxRects {
		if b.typ == graph.MultipleActivePlayer { // giveCards, the only one
			giveBox = &st.boxRects[i]
		}
	}
	if giveBox == nil {
		t.Fatalf("no multipleactiveplayer box on screen (see %s)", s.screen)
	}
	s.click(image.Pt((giveBox.x0+giveBox.x1)/2, (giveBox.y0+giveBox.y1)/2))
	s.waitForScreen("the Inspector's form of giveCards beside the canvas", func(img image.Image, _ shotStats) bool {
		side := sideColumn(img)
		return inkIn(img, side) >= minFormInk && changed(before, img, side) >= minFormChange
	})
	s.shot("end-match-form")
	s.key("ctrl+q")
	s.waitForExit()
}

// minFormInk is fewer dark pixels than a form draws in the side column
// (its title, labels and fields' text); an empty column has none.
const minFormInk = 500

// minFormChange is fewer pixels than change in the side column when the
// pack's form gives way to a state's.
const minFormChange = 2000

// changed counts the pixels of area that differ between a and b.
func changed(a, b image.Image, area image.Rectangle) int {
	n := 0
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			if !nearColor(color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA), color.NRGBAModel.Convert(b.At(x, y)).(color.NRGBA), 6) {
				n++
			}
		}
	}
	return n
}

// sideColumn is the upper part of the window's right column, where the
// Inspector is: right of the canvas, above the diagnostics.
func sideColumn(img image.Image) image.Rectangle {
	b := img.Bounds()
	return image.Rect(b.Min.X+b.Dx()*74/100, b.Min.Y+b.Dy()*8/100, b.Max.X, b.Min.Y+b.Dy()*55/100)
}

// inkIn counts the dark pixels (text) in area.
func inkIn(img image.Image, area image.Rectangle) int {
	n := 0
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			c := color.GrayModel.Convert(img.At(x, y)).(color.Gray)
			if c.Y < 110 {
				n++
			}
		}
	}
	return n
}

// click moves the pointer to p and clicks the left button.
func (s *studioSession) click(p image.Point) {
	s.t.Helper()
	s.xdo("mousemove", "--sync", fmt.Sprint(p.X), fmt.Sprint(p.Y))
	s.xdo("click", "1")
	time.Sleep(300 * time.Millisecond)
}
