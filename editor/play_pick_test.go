package editor

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/rulestudio/studio/editor/internal/testpack"
)

// TestPlayHeartsPickThreeCards: the designer in seat 1 with three bots is
// offered giveCards' pickers, not its 286 moves: the 13 cards of the hand,
// Take disabled until three are chosen, then the 10 others disabled; Take
// gives them and the match goes on to the tricks.
func TestPlayHeartsPickThreeCards(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	p := e.Play
	if n := len(actionButtons(p)); n != 13+2 {
		t.Fatalf("%d buttons, want 13 cards, Take and Cancel", n)
	}
	cards := valueButtons(p)
	take := func() bool { return !actionButton(t, p, "Take giveCards").Disabled() }
	for i, idx := range []int{12, 0, 5} {
		if take() {
			t.Fatalf("Take enabled after %d cards", i)
		}
		test.Tap(valueButtons(p)[idx])
		actionButton(t, p, "✓ "+cards[idx].Text) // the chosen card is marked
	}
	disabled := 0
	for _, b := range valueButtons(p) {
		if b.Disabled() {
			disabled++
		}
	}
	if !take() || disabled != 10 {
		t.Fatalf("after three cards Take enabled %v, %d cards disabled (want 10)", take(), disabled)
	}
	step := p.Session().Cursor()
	test.Tap(actionButton(t, p, "Take giveCards"))
	if strings.HasPrefix(p.Message(), "Refused") || p.Session().Cursor() <= step {
		t.Fatalf("after Take: cursor %d (was %d), message %q", p.Session().Cursor(), step, p.Message())
	}
	if st := p.Session().Match().StateName(); st == "giveCards" {
		t.Errorf("still in giveCards at step %d", p.Session().Cursor())
	}
	if !strings.Contains(p.Events().Text(), "giveCards") {
		t.Errorf("the event log lacks the designer's giveCards:\n%s", p.Events().Text())
	}
}

// TestStartMatchClock: the New match dialog's clock is a Go duration; one
// that does not read is refused and starts nothing.
func TestStartMatchClock(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	if err := e.startMatch("1", "five", []string{person, person}); err == nil || e.Play.Session() != nil {
		t.Fatalf("clock five: %v", err)
	}
	if err := e.startMatch("1", "90s", []string{person, person}); err != nil {
		t.Fatal(err)
	}
	if got := e.Play.Session().Config().Clock; got != 90*time.Second {
		t.Errorf("clock %v", got)
	}
	if !strings.Contains(e.Play.Status(), "clock 1:30") {
		t.Errorf("status %q", e.Play.Status())
	}
}

// TestPlayLinesSelectorReadsWhole: the lines selector is wide enough for
// its options ("Line 2 · from line 1 at step 6"), which it cut to
// "Line 2 · fro…" (a Select is as wide as its placeholder).
func TestPlayLinesSelectorReadsWhole(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	p := e.Play
	start := p.Session().Cursor()
	test.Tap(valueButtons(p)[0])
	test.Tap(actionButton(t, p, "Take mark"))
	p.Scrub(start)
	test.Tap(valueButtons(p)[4])
	test.Tap(actionButton(t, p, "Take mark"))
	e.Window().Resize(fyne.NewSize(1201, 800)) // lay the window out again
	sel := linesSelect(t, e)
	if !sel.Visible() || len(sel.Options) != 2 {
		t.Fatalf("selector visible %v, options %q", sel.Visible(), sel.Options)
	}
	for _, o := range sel.Options {
		need := fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width + theme.IconInlineSize()
		if got := sel.Size().Width; got < need {
			t.Errorf("the selector is %v wide, %q needs %v and its button", got, o, need)
		}
	}
}

// TestChoosingACardMovesNoOther: choosing a card marks it without
// widening it, so the cards after it stay where they were and the next
// click lands on the card the designer aimed at (under Xvfb the ✓ pushed
// the row right and two of three clicks missed).
func TestChoosingACardMovesNoOther(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	p := e.Play
	where := func() map[string]fyne.Position {
		at := map[string]fyne.Position{}
		for _, b := range valueButtons(p) {
			at[strings.TrimPrefix(b.Text, "✓ ")] = b.Position()
		}
		return at
	}
	before := where()
	test.Tap(valueButtons(p)[0])
	after := where()
	if len(after) != len(before) || len(before) != 13 {
		t.Fatalf("%d cards before, %d after", len(before), len(after))
	}
	for card, at := range before {
		if after[card] != at {
			t.Errorf("card %s moved from %v to %v", card, at, after[card])
		}
	}
}

// TestNoChoiceBehindSaysWhy: stepping back to a step of Hearts where the
// designer's seat is to play a card but the match did not wait there (a
// move can be taken again only where one was taken) offers no cards, and
// says why and where choosing is possible, instead of nothing under "You
// must play a card".
func TestNoChoiceBehindSaysWhy(t *testing.T) {
	e := matchEditor(t, "hearts", "3", "", "random", "random", "random")
	p := e.Play
	s := p.Session()
	at := -1
	for tries := 0; tries < 12 && at < 0; tries++ {
		moves, err := s.Match().Legal(0)
		if err != nil || len(moves) == 0 {
			t.Fatalf("step %d: player 1 has no move (%v)", s.Cursor(), err)
		}
		p.Take(moves[0])
		for k := s.Head() - 1; k > 0 && at < 0; k-- {
			if err := s.JumpTo(k); err != nil {
				t.Fatal(err)
			}
			if ms, _ := s.Match().Legal(0); len(ms) > 0 && !s.CanBranch(k) && s.Match().StateName() == "playerTurn" {
				at = k
			}
		}
		if err := s.JumpTo(s.Head()); err != nil {
			t.Fatal(err)
		}
	}
	if at < 0 {
		t.Fatal("no step behind where player 1 is to play but cannot choose")
	}
	for s.Cursor() > at {
		p.Back()
	}
	if n := len(actionButtons(p)); n != 0 {
		t.Fatalf("%d choices offered at step %d, where the match did not wait", n, at)
	}
	next := at + 1
	for !s.CanBranch(next) {
		next++
	}
	got := choiceLabels(p)
	want := fmt.Sprintf("Player 1 cannot choose at step %d", at)
	if !strings.Contains(got, want) || !strings.Contains(got, fmt.Sprintf("step %d", next)) {
		t.Errorf("actions panel says %q, want %q and where to choose (step %d)", got, want, next)
	}
}
