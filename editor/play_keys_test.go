package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/play"
)

// TestPlayWithTheKeyboard: in Hearts the designer's first decision has the
// focus on its first card; Space three times chooses three cards and moves
// the focus to Take, Enter takes the move (the match leaves giveCards), and
// F9 pressed while a play button has the focus steps back.
func TestPlayWithTheKeyboard(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	c := e.Window().Canvas()
	focused := func() *play.Choice {
		b, _ := c.Focused().(*play.Choice)
		if b == nil {
			t.Fatalf("no play button has the focus (%T) at step %d", c.Focused(), e.Play.Session().Cursor())
		}
		return b
	}
	for i := 0; i < 3; i++ {
		b := focused()
		if strings.HasPrefix(b.Text, "✓") || strings.HasPrefix(b.Text, "Take") || b.Disabled() {
			t.Fatalf("choice %d: the focus is on %q, want a card still open", i+1, b.Text)
		}
		b.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	}
	if b := focused(); b.Text != "Take giveCards" || b.Disabled() {
		t.Fatalf("after three cards the focus is on %q (disabled %v), want Take giveCards", b.Text, b.Disabled())
	}
	at := e.Play.Session().Cursor()
	focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if m := e.Play.Session().Match(); m.StateName() == "giveCards" || e.Play.Session().Cursor() <= at {
		t.Fatalf("Enter on Take: step %d in %s, want the match past giveCards", e.Play.Session().Cursor(), m.StateName())
	}
	head := e.Play.Session().Cursor()
	focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyF9})
	if got := e.Play.Session().Cursor(); got != head-1 {
		t.Errorf("F9 on a focused play button: cursor %d, want %d", got, head-1)
	}
}

// TestStepAtAPersonsDecisionSaysWho: F10 or F5 while a person must act
// moves nothing and says who must choose (under Xvfb F10 at Hearts'
// playerTurn left the panel as it was, silent).
func TestStepAtAPersonsDecisionSaysWho(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	p := e.Play
	c := e.Window().Canvas()
	for _, k := range []fyne.KeyName{fyne.KeyF10, fyne.KeyF5} {
		at := p.Session().Cursor()
		p.Say("")
		c.Unfocus()
		pressKey(c, k)
		if p.Session().Cursor() != at || !strings.Contains(p.Message(), "Player 1") {
			t.Errorf("%s at a person's decision: cursor %d -> %d, message %q", k, at, p.Session().Cursor(), p.Message())
		}
	}
}
