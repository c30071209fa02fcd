package play

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// TestPlayActionsThenPickers: on the seeds pack the designer is offered
// playCard, draw and pass, one button each; playCard opens its picker of the
// hand's cards, Cancel goes back to the three actions, and draw, which has no
// parameters, is taken at once.
func TestPlayActionsThenPickers(t *testing.T) {
	p := New()
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
	p := New()
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
	p := New()
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
