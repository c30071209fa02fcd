package code

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
)

// CreateRenderer implements fyne.Widget.
func (c *Editor) CreateRenderer() fyne.WidgetRenderer {
	c.paint()
	back := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	back.CornerRadius = theme.InputRadiusSize()
	var body fyne.CanvasObject
	if c.scroll {
		c.scroller = container.NewScroll(c.grid)
		body = c.scroller
	} else {
		body = container.NewClip(c.grid)
	}
	pad := theme.InnerPadding() / 2
	inner := container.New(&paddedLayout{pad: pad, minRows: c.minRows, ed: c}, back, body)
	return &renderer{c: c, back: back, inner: inner, all: container.NewBorder(nil, c.notes, nil, nil, inner)}
}

type renderer struct {
	c     *Editor
	back  *canvas.Rectangle
	inner *fyne.Container
	all   *fyne.Container
}

func (r *renderer) Layout(s fyne.Size)           { r.all.Resize(s) }
func (r *renderer) MinSize() fyne.Size           { return r.all.MinSize() }
func (r *renderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.all} }
func (r *renderer) Destroy()                     {}
func (r *renderer) Refresh() {
	r.back.FillColor = theme.Color(theme.ColorNameInputBackground)
	if r.c.focused {
		r.back.StrokeColor, r.back.StrokeWidth = theme.Color(theme.ColorNamePrimary), 1
	} else {
		r.back.StrokeWidth = 0
	}
	r.back.Refresh()
	r.all.Refresh()
}

// paddedLayout lays the background over the whole editor and the text
// inside it with a padding; a field editor is as tall as its text.
type paddedLayout struct {
	pad     float32
	minRows int
	ed      *Editor
}

func (l *paddedLayout) Layout(objs []fyne.CanvasObject, s fyne.Size) {
	objs[0].Resize(s)
	objs[0].Move(fyne.Position{})
	objs[1].Move(fyne.NewPos(l.pad, l.pad))
	objs[1].Resize(fyne.NewSize(s.Width-2*l.pad, s.Height-2*l.pad))
	if !l.ed.scroll {
		min := l.ed.grid.MinSize()
		l.ed.grid.Resize(fyne.NewSize(max(min.Width, s.Width-2*l.pad), max(min.Height, s.Height-2*l.pad)))
	}
}

func (l *paddedLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	l.ed.measure()
	rows := l.minRows
	if !l.ed.scroll {
		rows = max(rows, len(l.ed.lines))
	}
	return fyne.NewSize(l.ed.cell.Width*12+2*l.pad, l.ed.cell.Height*float32(rows)+2*l.pad)
}

// styleKey names a cell style by its colours. (No bold: a monospaced bold
// face is not in every theme.)
type styleKey struct {
	fg, bg color.NRGBA
}

func (c *Editor) style(fg, bg color.NRGBA) *widget.CustomTextGridStyle {
	k := styleKey{fg, bg}
	if s, ok := c.styles[k]; ok {
		return s
	}
	s := &widget.CustomTextGridStyle{FGColor: fg, TextStyle: fyne.TextStyle{Monospace: true}}
	if bg.A > 0 {
		s.BGColor = bg
	}
	c.styles[k] = s
	return s
}

// render draws the text again and refreshes the editor.
func (c *Editor) render() {
	c.paint()
	c.grid.Refresh()
	c.Refresh()
}

// paint draws the text into the grid: gutter, highlighted text, marks,
// selection and cursor.
func (c *Editor) paint() {
	pal := currentPalette()
	colours := highlight(c.lang, c.lines, pal)
	g := c.gutter()
	markAt := map[int]graph.Severity{} // row -> worst
	for _, m := range c.marks {
		r := m.Line - 1
		if s, ok := markAt[r]; !ok || m.Severity < s {
			markAt[r] = m.Severity
		}
	}
	spans := c.markSpans()
	lineNotes := c.lineNotes()
	from, to, sel := c.selection()
	rows := make([]widget.TextGridRow, len(c.lines))
	for r, line := range c.lines {
		cells := make([]widget.TextGridCell, 0, g+len(line)+1)
		gut := c.style(pal.gutter, color.NRGBA{})
		for _, ch := range fmt.Sprintf("%*d ", g-1, c.firstLine+r) {
			cells = append(cells, widget.TextGridCell{Rune: ch, Style: gut})
		}
		if sev, ok := markAt[r]; ok {
			cells[0] = widget.TextGridCell{Rune: '●', Style: c.style(severityColour(sev), color.NRGBA{})}
		}
		for i := 0; i <= len(line); i++ {
			ch := ' '
			fg := pal.text
			if i < len(line) {
				ch = line[i]
				fg = colours[r][i]
			} else if !(c.focused && c.cur == textPos{r, i}) && !(sel && inSpan(from, to, textPos{r, i})) {
				break // no cell after the text but for the cursor or a selected line end
			}
			bg := color.NRGBA{}
			if sev, ok := spans[textPos{r, i}]; ok {
				bg = tint(severityColour(sev))
			}
			if sel && inSpan(from, to, textPos{r, i}) {
				bg = pal.selection
			}
			if c.focused && c.cur == (textPos{r, i}) {
				fg, bg = pal.back, pal.cursor
			}
			cells = append(cells, widget.TextGridCell{Rune: ch, Style: c.style(fg, bg)})
		}
		if note, ok := lineNotes[r]; ok {
			st := c.style(severityColour(markAt[r]), color.NRGBA{})
			for _, ch := range "   " + note {
				cells = append(cells, widget.TextGridCell{Rune: ch, Style: st})
			}
		}
		rows[r] = widget.TextGridRow{Cells: cells}
	}
	c.grid.Rows = rows
}
