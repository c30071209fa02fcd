package play

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
)

// Choice is a button of the Play panel's choices (an action, a value of a
// parameter, Take, Cancel): Space or Enter press
// it, and the step keys (F5, F9, F10, F11) still step the match while it
// has the focus (a focused widget gets every key before the window does).
type Choice struct {
	widget.Button
	play  *Panels
	width float32 // the least width it takes (reserve), whatever its text
}

// reserve makes b at least as wide as it would be labelled text: a value
// is as wide unmarked as with its ✓, so choosing it moves nothing after it
// in its row and the next click lands on the value aimed at.
func (b *Choice) reserve(text string) {
	b.width = widget.NewButton(text, nil).MinSize().Width
}

// MinSize is the button's own, widened to what reserve asked for.
func (b *Choice) MinSize() fyne.Size {
	s := b.Button.MinSize()
	s.Width = max(s.Width, b.width)
	return s
}

// button returns a play button labelled label that calls tapped.
func (p *Panels) button(label string, tapped func()) *Choice {
	b := &Choice{play: p}
	b.Text, b.OnTapped = label, tapped
	b.ExtendBaseWidget(b)
	return b
}

// TypedKey presses the button on Space and Enter and passes the step keys
// to the match.
func (b *Choice) TypedKey(ev *fyne.KeyEvent) {
	switch {
	case b.play.Key(ev):
	case ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter:
		b.Tapped(nil)
	default:
		b.Button.TypedKey(ev)
	}
}

// Key runs the step command of a step Key (F5 continue, F10 step, F9 back,
// F11 forward, as the usual debuggers) and reports whether ev was one.
func (p *Panels) Key(ev *fyne.KeyEvent) bool {
	f, ok := map[fyne.KeyName]func(){
		ui.ContinueKey.KeyName: p.Continue,
		ui.StepKey.KeyName:     p.Step,
		ui.BackKey.KeyName:     p.Back,
		ui.ForwardKey.KeyName:  p.Forward,
	}[ev.Name]
	if ok {
		f()
	}
	return ok
}

// focusChoice gives the keyboard focus to the choice a person makes next
// (set by drawActions: Take once the picks are complete, else the first
// value still open, else the first action), so that a match can be played
// with the keyboard: Space or Enter chooses, Tab moves on. The focus is
// only taken from nothing or from another play button, never from a field
// the designer types in; with no choice to make, a play button gives it up.
func (p *Panels) focusChoice(next *Choice) {
	var c fyne.Canvas
	if p.Canvas != nil {
		c = p.Canvas()
	} else {
		c = fyne.CurrentApp().Driver().CanvasForObject(p.actions) // known once drawn
	}
	if c == nil {
		return // the Play panel is not shown
	}
	if cur := c.Focused(); cur != nil {
		if _, ours := cur.(*Choice); !ours {
			return
		}
	}
	if next == nil {
		c.Unfocus() // the focused button is gone with the choices it offered
		return
	}
	c.Focus(next)
}
