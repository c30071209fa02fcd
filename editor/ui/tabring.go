package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// This file keeps Tab inside a form: Tab from a form's last field went on
// to the window's next widget, the toolbar's first button, and the digit
// typed next was lost on it.

// Ringed returns content with a tabEnd after it: Tab from content's last
// field comes back to its first. The tabEnd takes no room (tailLayout), so
// nothing on screen moves.
// say shows a refusal on the status line.
func Ringed(say func(string), content fyne.CanvasObject) fyne.CanvasObject {
	end := &tabEnd{say: say, of: content}
	end.ExtendBaseWidget(end)
	return container.New(tailLayout{}, content, end)
}

// tabEnd is a focusable of no size after a form's fields. Fyne's focus
// order visits it after the last field; it hands the focus on to the
// form's first field at once.
type tabEnd struct {
	widget.BaseWidget
	say func(string)
	of  fyne.CanvasObject
}

// FocusGained gives the focus to the first field of the form.
func (t *tabEnd) FocusGained() {
	c := fyne.CurrentApp().Driver().CanvasForObject(t)
	if c == nil {
		return
	}
	if f := firstFocusable(t.of); f != nil {
		c.Focus(f)
	}
}

// FocusLost implements fyne.Focusable.
func (t *tabEnd) FocusLost() {}

// TypedRune refuses what reaches it (the form had no field to give the
// focus to) with a message, instead of dropping it.
func (t *tabEnd) TypedRune(rune) { t.refuse() }

// TypedKey is TypedRune's refusal for keys.
func (t *tabEnd) TypedKey(*fyne.KeyEvent) { t.refuse() }

func (t *tabEnd) refuse() {
	if t.say != nil {
		t.say("Nothing typed here: click a field to type in it.")
	}
}

// CreateRenderer implements fyne.Widget: it draws nothing.
func (t *tabEnd) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewWithoutLayout())
}

// MinSize is nothing: the end takes no room.
func (t *tabEnd) MinSize() fyne.Size { return fyne.Size{} }

// firstFocusable is the first visible, enabled field in o, walking
// containers in order (the order Fyne's Tab follows); a field's own parts
// are not walked: the field is what takes the focus.
func firstFocusable(o fyne.CanvasObject) fyne.Focusable {
	if o == nil || !o.Visible() {
		return nil
	}
	if d, ok := o.(fyne.Disableable); ok && d.Disabled() {
		return nil
	}
	if f, ok := o.(fyne.Focusable); ok {
		return f
	}
	if c, ok := o.(*fyne.Container); ok {
		for _, k := range c.Objects {
			if f := firstFocusable(k); f != nil {
				return f
			}
		}
	}
	return nil
}

// tailLayout gives its first object the whole size and puts the others at
// its bottom with no size: they are in the focus order, not on screen.
type tailLayout struct{}

// Layout implements fyne.Layout.
func (tailLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for i, o := range objs {
		if i == 0 {
			o.Move(fyne.Position{})
			o.Resize(size)
			continue
		}
		o.Move(fyne.NewPos(0, size.Height))
		o.Resize(fyne.Size{})
	}
}

// MinSize is the first object's.
func (tailLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) == 0 {
		return fyne.Size{}
	}
	return objs[0].MinSize()
}
