package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// keyEntry is an entry that also hears Escape (a plain widget.Entry ignores
// it), so that a prompt or a dialog built around it can be cancelled from
// the keyboard.
type keyEntry struct {
	widget.Entry
	onEscape func()
}

func newKeyEntry() *keyEntry {
	e := &keyEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable: Escape calls onEscape.
func (e *keyEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.onEscape != nil {
		e.onEscape()
		return
	}
	e.Entry.TypedKey(ev)
}

// prompt is a small entry shown over the canvas to name something: a new
// state, a new transition, a renamed one. Enter accepts (when accept returns
// an error the prompt stays and shows it); Escape cancels, and so does a tap
// elsewhere (the prompt just goes).
type prompt struct {
	entry  *keyEntry
	errors *widget.Label
	pop    *widget.PopUp
	accept func(text string) error
	cancel func()
	done   bool
}

// askName shows a prompt titled title holding text (selected, so that
// typing replaces it) at widget position at of the canvas. accept gets the
// text on Enter; cancel (may be nil) runs when the prompt goes without it.
func (e *Editor) askName(title, text string, at fyne.Position, accept func(string) error, cancel func()) *prompt {
	e.closePrompt()
	p := &prompt{entry: newKeyEntry(), errors: widget.NewLabel(""), accept: accept, cancel: cancel}
	p.entry.SetText(text)
	p.errors.Importance = widget.DangerImportance
	p.errors.Wrapping = fyne.TextWrapWord
	p.errors.Hide()
	head := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	box := container.NewVBox(head, p.entry, p.errors)
	c := e.win.Canvas()
	p.pop = widget.NewPopUp(container.NewGridWrap(fyne.NewSize(260, box.MinSize().Height), box), c)
	p.entry.OnSubmitted = func(string) { p.submit() }
	p.entry.onEscape = func() { p.close() }
	pos := e.app.Driver().AbsolutePositionForObject(e.View).Add(at)
	pos = pos.Add(fyne.NewDelta(0, 8))
	if max := c.Size().Width - 270; pos.X > max {
		pos.X = max
	}
	p.pop.ShowAtPosition(pos)
	c.Focus(p.entry)
	p.entry.TypedShortcut(&fyne.ShortcutSelectAll{})
	e.prompt = p
	return p
}

// submit is Enter: accept the text, or show why not.
func (p *prompt) submit() {
	if p.done {
		return
	}
	if err := p.accept(p.entry.Text); err != nil {
		p.errors.SetText(err.Error())
		p.errors.Show()
		p.pop.Resize(p.pop.Content.MinSize().AddWidthHeight(0, p.errors.MinSize().Height))
		return
	}
	p.done = true
	p.pop.Hide()
}

// close is Escape or a tap elsewhere: the prompt goes, its text unused.
func (p *prompt) close() {
	if p.done {
		return
	}
	p.done = true
	p.pop.Hide()
	if p.cancel != nil {
		p.cancel()
	}
}

// closePrompt cancels the prompt shown, if any.
func (e *Editor) closePrompt() {
	if e.prompt != nil {
		e.prompt.close()
		e.prompt = nil
	}
}
