package code

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
)

// Tapped puts the cursor where the pointer is and takes the focus.
func (c *Editor) Tapped(ev *fyne.PointEvent) {
	c.shift = false
	c.move(c.posAt(ev.Position))
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		cv.Focus(c)
	}
}

// Dragged selects from where the drag began to the pointer.
func (c *Editor) Dragged(ev *fyne.DragEvent) {
	p := c.posAt(ev.Position)
	if !c.shift {
		c.anchor = c.posAt(ev.Position.Subtract(ev.Dragged))
		c.shift = true // until DragEnd: the anchor stays
	}
	c.cur = c.clamp(p)
	c.render()
}

// DragEnd ends a selection by the mouse.
func (c *Editor) DragEnd() { c.shift = false }

// Cursor is the text cursor over the editor (desktop.Cursorable).
func (c *Editor) Cursor() desktop.Cursor { return desktop.TextCursor }

// posAt is the place in the text under p (widget coordinates).
func (c *Editor) posAt(p fyne.Position) textPos {
	c.measure()
	pad := theme.InnerPadding() / 2
	x, y := p.X-pad, p.Y-pad
	if c.scroll && c.scroller != nil {
		x += c.scroller.Offset.X
		y += c.scroller.Offset.Y
	}
	row := int(y / c.cell.Height)
	col := int(math.Round(float64(x/c.cell.Width))) - c.gutter()
	return c.clamp(textPos{row, col})
}

func (c *Editor) measure() {
	s := fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{Monospace: true})
	c.cell = fyne.NewSize(float32(math.Round(float64(s.Width))), float32(math.Round(float64(s.Height))))
}

// reveal scrolls the cursor into view.
func (c *Editor) reveal() {
	if !c.scroll || c.scroller == nil {
		return
	}
	c.measure()
	y := float32(c.cur.row) * c.cell.Height
	x := float32(c.cur.col+c.gutter()) * c.cell.Width
	size := c.scroller.Size()
	off := c.scroller.Offset
	switch {
	case y < off.Y:
		off.Y = y
	case y+c.cell.Height*2 > off.Y+size.Height:
		off.Y = y + c.cell.Height*2 - size.Height
	}
	switch {
	case x < off.X+float32(c.gutter())*c.cell.Width:
		off.X = max(x-float32(c.gutter())*c.cell.Width, 0)
	case x+c.cell.Width*2 > off.X+size.Width:
		off.X = x + c.cell.Width*2 - size.Width
	}
	if off != c.scroller.Offset {
		c.scroller.ScrollToOffset(off)
	}
}
