package editor

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
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
	step := p.sess.Cursor()
	test.Tap(actionButton(t, p, "Take giveCards"))
	if strings.HasPrefix(p.message.Text, "Refused") || p.sess.Cursor() <= step {
		t.Fatalf("after Take: cursor %d (was %d), message %q", p.sess.Cursor(), step, p.message.Text)
	}
	if st := p.sess.Match().StateName(); st == "giveCards" {
		t.Errorf("still in giveCards at step %d", p.sess.Cursor())
	}
	if !strings.Contains(p.events.Text(), "giveCards") {
		t.Errorf("the event log lacks the designer's giveCards:\n%s", p.events.Text())
	}
}

// TestPlayActionsThenPickers: on the seeds pack the designer is offered
// playCard, draw and pass, one button each; playCard opens its picker of the
// hand's cards, Cancel goes back to the three actions, and draw, which has no
// parameters, is taken at once.
func TestPlayActionsThenPickers(t *testing.T) {
	p := NewPlay()
	if err := p.Start(testpack.Bundled(t, "seeds"), preview.Config{Seed: 5}); err != nil {
		t.Fatal(err)
	}
	texts := func() string {
		var out []string
		for _, b := range actionButtons(p) {
			out = append(out, b.Text)
		}
		return strings.Join(out, " | ")
	}
	if got := texts(); got != "playCard… | draw | pass" {
		t.Fatalf("actions %q", got)
	}
	test.Tap(actionButton(t, p, "playCard…"))
	moves, _ := p.sess.Moves(0)
	cards := 0
	for _, mv := range moves {
		if mv.Action == "playCard" {
			cards++
		}
	}
	if n := len(valueButtons(p)); n != cards || cards == 0 {
		t.Errorf("%d cards offered for playCard, %d legal", n, cards)
	}
	test.Tap(actionButton(t, p, "Cancel"))
	if got := texts(); got != "playCard… | draw | pass" {
		t.Fatalf("after Cancel %q", got)
	}
	step := p.sess.Cursor()
	test.Tap(actionButton(t, p, "draw"))
	if p.sess.Cursor() <= step || !strings.Contains(p.events.Text(), "name=draw") {
		t.Errorf("draw not taken: cursor %d (was %d), message %q", p.sess.Cursor(), step, p.message.Text)
	}
}

// TestPlayBranchKeepsLines: in tic-tac-toe, taking another cell at the
// first decision after a first move makes a second line; the lines selector shows both,
// and switching shows each line's own first move in the event log.
func TestPlayBranchKeepsLines(t *testing.T) {
	p := NewPlay()
	if err := p.Start(testpack.Bundled(t, "tictactoe"), preview.Config{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	mark := func(i int) string {
		t.Helper()
		b := valueButtons(p)[i]
		label := b.Text
		test.Tap(b)
		test.Tap(actionButton(t, p, "Take mark"))
		return label
	}
	start := p.sess.Cursor()
	first := mark(0)
	if p.picking.lines.Visible() {
		t.Errorf("the lines selector shows with one line")
	}
	p.timeline.SetValue(float64(start))
	second := mark(4)
	lines := p.sess.Lines()
	if len(lines) != 2 || !lines[1].Current || lines[1].Parent != 1 {
		t.Fatalf("lines %+v", lines)
	}
	sel := p.picking.lines
	if !sel.Visible() || len(sel.Options) != 2 || sel.Selected != fmt.Sprintf("Line 2 · from line 1 at step %d", start) {
		t.Fatalf("selector visible %v options %q selected %q", sel.Visible(), sel.Options, sel.Selected)
	}
	shows := func(line int, want, not string) {
		t.Helper()
		if !strings.Contains(p.events.Text(), "marks "+want) || strings.Contains(p.events.Text(), "marks "+not) {
			t.Errorf("line %d: want %s not %s in\n%s", line, want, not, p.events.Text())
		}
	}
	shows(2, second, first)
	sel.SetSelected(sel.Options[0])
	if currentLine(p.sess) != 1 {
		t.Fatalf("switched to line %d", currentLine(p.sess))
	}
	shows(1, first, second)
	sel.SetSelected(sel.Options[1])
	shows(2, second, first)
}

// TestPlaySeatClockAndPrivateArgs: with clocks each seat's line shows its
// time left, which Wait runs down for the seat that acts only; a state's
// private args show under the seat they belong to.
func TestPlaySeatClockAndPrivateArgs(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	for _, st := range pack.States {
		if st.Name == "playerTurn" {
			st.Args = graph.Code{Src: "{'_private': {'active': {'secret': 42}}}"}
		}
	}
	p := NewPlay()
	if err := p.Start(pack, preview.Config{Seed: 1, Clock: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(p.status.Text, "\n")
	want := []string{"Player 1: You must place a mark", "    clock 5:00 · private: secret = 42", "Player 2: Player 1 must place a mark", "    clock 5:00"}
	if strings.Join(lines[1:], "\n") != strings.Join(want, "\n") {
		t.Errorf("status\n%s\nwant\n%s", p.status.Text, strings.Join(want, "\n"))
	}
	if !p.picking.wait.Visible() {
		t.Fatalf("no Wait button in a match with clocks")
	}
	test.Tap(p.picking.wait)
	test.Tap(p.picking.wait)
	lines = strings.Split(p.status.Text, "\n")
	if len(lines) < 5 || lines[2] != "    clock 4:40 · private: secret = 42" || lines[4] != "    clock 5:00" {
		t.Errorf("after waiting 20s, status\n%s", p.status.Text)
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
	if !strings.Contains(e.Play.status.Text, "clock 1:30") {
		t.Errorf("status %q", e.Play.status.Text)
	}
}

// TestPlayLinesSelectorReadsWhole: the lines selector is wide enough for
// its options ("Line 2 · from line 1 at step 6"), which it cut to
// "Line 2 · fro…" (a Select is as wide as its placeholder).
func TestPlayLinesSelectorReadsWhole(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	p := e.Play
	start := p.sess.Cursor()
	test.Tap(valueButtons(p)[0])
	test.Tap(actionButton(t, p, "Take mark"))
	p.timeline.SetValue(float64(start))
	test.Tap(valueButtons(p)[4])
	test.Tap(actionButton(t, p, "Take mark"))
	e.Window().Resize(fyne.NewSize(1201, 800)) // lay the window out again
	sel := p.picking.lines
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
	s := p.sess
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
	got := labelsIn(p.actions)
	want := fmt.Sprintf("Player 1 cannot choose at step %d", at)
	if !strings.Contains(got, want) || !strings.Contains(got, fmt.Sprintf("step %d", next)) {
		t.Errorf("actions panel says %q, want %q and where to choose (step %d)", got, want, next)
	}
}

// labelsIn joins the texts of the labels in c, nested containers too.
func labelsIn(c *fyne.Container) string {
	var out []string
	for _, o := range c.Objects {
		switch x := o.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *fyne.Container:
			out = append(out, labelsIn(x))
		}
	}
	return strings.Join(out, "\n")
}
