package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// FlowLayout lays its objects out in a row at their minimum sizes, going
// on to a new row when the width given runs out (the toolbar's legend: one
// line in a wide window, two or three in a narrow one, never cut off or
// behind a scroll bar). Its minimum width is its widest object, so it never
// widens the window; its minimum height is that of the rows the width it
// was last laid out in needs (one row before it was laid out): what holds
// it lays it out at its width first, then asks its height (TopFirstLayout).
type FlowLayout struct {
	width float32 // the width of the last Layout; 0 before
}

// rowsIn places objs in rows of width w (any width when w is 0), calling
// at with each visible object's position, and returns the rows used and
// the height of a row.
func (l *FlowLayout) rowsIn(objs []fyne.CanvasObject, w float32, at func(fyne.CanvasObject, fyne.Position)) (rows int, rowH float32) {
	pad := theme.Padding()
	for _, o := range objs {
		if o.Visible() {
			rowH = max(rowH, o.MinSize().Height)
		}
	}
	x, y := float32(0), float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		s := o.MinSize()
		if rows == 0 {
			rows = 1
		} else if w > 0 && x+s.Width > w {
			x, y = 0, y+rowH+pad
			rows++
		}
		if at != nil {
			at(o, fyne.NewPos(x, y))
		}
		x += s.Width + pad
	}
	return rows, rowH
}

// Layout implements fyne.Layout.
func (l *FlowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.rowsIn(objs, size.Width, func(o fyne.CanvasObject, p fyne.Position) {
		o.Move(p)
		o.Resize(o.MinSize())
	})
}

// MinSize implements fyne.Layout.
func (l *FlowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	rows, rowH := l.rowsIn(objs, l.width, nil)
	widest := float32(0)
	for _, o := range objs {
		if o.Visible() {
			widest = max(widest, o.MinSize().Width)
		}
	}
	return fyne.NewSize(widest, float32(rows)*rowH+float32(max(rows-1, 0))*theme.Padding())
}

// TopFirstLayout is a Border layout with a top and a bottom row around a
// centre, whose top is laid out at the full width before its height is
// asked: a FlowLayout in it knows its rows only once it has its width.
type TopFirstLayout struct {
	top, bottom, centre fyne.CanvasObject
}

// NewTopFirstLayout lays top above centre and bottom below it; the three
// are also the container's objects.
func NewTopFirstLayout(top, bottom, centre fyne.CanvasObject) *TopFirstLayout {
	return &TopFirstLayout{top, bottom, centre}
}

// Layout implements fyne.Layout.
func (l *TopFirstLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	l.top.Resize(fyne.NewSize(size.Width, l.top.MinSize().Height)) // lays the rows out at this width
	topH := l.top.MinSize().Height
	l.top.Move(fyne.NewPos(0, 0))
	l.top.Resize(fyne.NewSize(size.Width, topH))
	botH := l.bottom.MinSize().Height
	l.bottom.Move(fyne.NewPos(0, size.Height-botH))
	l.bottom.Resize(fyne.NewSize(size.Width, botH))
	l.centre.Move(fyne.NewPos(0, topH+pad))
	l.centre.Resize(fyne.NewSize(size.Width, max(size.Height-topH-botH-2*pad, 0)))
}

// MinSize implements fyne.Layout.
func (l *TopFirstLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	t, b, c := l.top.MinSize(), l.bottom.MinSize(), l.centre.MinSize()
	return fyne.NewSize(max(t.Width, b.Width, c.Width), t.Height+b.Height+c.Height+2*theme.Padding())
}
