package code

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// Mark is a diagnostic shown in a [Editor]: its line and column in
// the editor's text (1-based), how bad it is and what it says.
type Mark struct {
	Line, Column int
	Severity     graph.Severity
	Message      string
}

// Editor edits source text in a monospaced grid: Starlark or YAML,
// highlighted by chroma (see highlight.go), with line numbers in a gutter,
// the marks of diagnostics at their line and column (a tinted span and a
// dot in the gutter, their messages after the end of their line in a form's
// field, listed under the text in an editor that scrolls), a block cursor,
// selection with the mouse or shift and the arrows, the clipboard, and
// auto-indentation after a line ending in ':'. Tab indents to the next
// multiple of four (in a text of one line it moves to the next field), and
// Backspace in an indentation takes back one level; ctrl+Home and ctrl+End
// go to the ends of the text.
//
// The editor does not keep an undo stack: ctrl+Z and ctrl+Y call OnUndo and
// OnRedo (the window's history), and every change is reported by OnChanged.
// Its methods must be called on the Fyne goroutine.
type Editor struct {
	widget.BaseWidget

	// OnChanged is called with the whole text after each change the designer
	// makes (not after SetText).
	OnChanged func(text string)
	// OnLeave is called when the editor loses the focus.
	OnLeave func()
	// OnUndo and OnRedo are called for ctrl+Z and ctrl+Y.
	OnUndo, OnRedo func()
	// OnNote is called with the whole messages of the marks on the line the
	// cursor comes to, while the editor has the focus: a field writes them
	// after their line, where a long one is cut at the field's edge.
	OnNote func(text string)

	lang      string // chroma lexer name: "starlark" or "yaml"
	firstLine int    // the number the gutter shows for the first line
	scroll    bool   // the editor scrolls (a panel) rather than growing with its text (a form field)
	minRows   int

	lines   [][]rune
	cur     textPos // the cursor
	anchor  textPos // the other end of the selection; == cur when none
	marks   []Mark
	focused bool
	shift   bool

	grid     *widget.TextGrid
	scroller *container.Scroll
	notes    *widget.Label // the marks' messages under the text
	cell     fyne.Size
	styles   map[styleKey]*widget.CustomTextGridStyle
}

// textPos is a place in the text: a line and a rune offset in it, from 0.
type textPos struct{ row, col int }

func (a textPos) before(b textPos) bool { return a.row < b.row || a.row == b.row && a.col < b.col }

// NewEditor returns an editor of text in lang ("starlark" or "yaml").
// scroll makes it scroll inside the room it is given (a panel); without it,
// it is as tall as its text (a field in a form, at least minRows lines).
func NewEditor(lang string, scroll bool, minRows int) *Editor {
	c := &Editor{lang: lang, scroll: scroll, minRows: max(minRows, 1), firstLine: 1,
		lines: [][]rune{{}}, styles: map[styleKey]*widget.CustomTextGridStyle{}}
	c.grid = widget.NewTextGrid()
	c.grid.Scroll = fyne.ScrollNone
	c.notes = widget.NewLabel("")
	c.notes.Wrapping = fyne.TextWrapWord
	c.notes.Hide()
	c.ExtendBaseWidget(c)
	return c
}

// SetText replaces the text (OnChanged is not called). The cursor stays
// where it was when the text still has that place.
func (c *Editor) SetText(s string) {
	c.lines = splitLines(s)
	c.cur = c.clamp(c.cur)
	c.anchor = c.cur
	c.render()
}

// Text returns the text.
func (c *Editor) Text() string {
	parts := make([]string, len(c.lines))
	for i, l := range c.lines {
		parts[i] = string(l)
	}
	return strings.Join(parts, "\n")
}

// SetFirstLine makes the gutter number the first line n (the YAML view of a
// part of the pack numbers its lines as in the whole pack).
func (c *Editor) SetFirstLine(n int) {
	c.firstLine = max(n, 1)
	c.render()
}

// SetMarks shows diagnostics at their places in the text.
func (c *Editor) SetMarks(marks []Mark) {
	c.marks = append([]Mark(nil), marks...)
	var notes []string
	for _, m := range c.marks {
		notes = append(notes, fmt.Sprintf("%d:%d %s: %s", m.Line+c.firstLine-1, m.Column, m.Severity, m.Message))
	}
	c.notes.SetText(strings.Join(notes, "\n"))
	if len(notes) > 0 && c.scroll {
		c.notes.Show()
	} else {
		c.notes.Hide()
	}
	c.render()
	c.noteCursor()
}

// Marks returns the marks shown.
func (c *Editor) Marks() []Mark { return c.marks }

// SetCursor puts the cursor at line and column (1-based, as diagnostics
// count them), scrolls it into view and takes the focus.
func (c *Editor) SetCursor(line, col int) {
	c.cur = c.clamp(textPos{line - 1, col - 1})
	c.anchor = c.cur
	if cv := fyne.CurrentApp().Driver().CanvasForObject(c); cv != nil {
		cv.Focus(c)
	}
	c.render()
	c.reveal()
}

// CursorPos returns the cursor's line and column (1-based).
func (c *Editor) CursorPos() (line, col int) { return c.cur.row + 1, c.cur.col + 1 }

// Scrolls reports whether the editor scrolls inside the room it is given
// (a panel) rather than growing with its text (a field in a form).
func (c *Editor) Scrolls() bool { return c.scroll }

// Focused reports whether the editor has the keyboard focus.
func (c *Editor) Focused() bool { return c.focused }

// Grid returns the grid the text is drawn in (tests read its cells).
func (c *Editor) Grid() *widget.TextGrid { return c.grid }

func splitLines(s string) [][]rune {
	parts := strings.Split(s, "\n")
	out := make([][]rune, len(parts))
	for i, p := range parts {
		out[i] = []rune(p)
	}
	return out
}

func (c *Editor) clamp(p textPos) textPos {
	p.row = min(max(p.row, 0), len(c.lines)-1)
	p.col = min(max(p.col, 0), len(c.lines[p.row]))
	return p
}

// gutter is the width of the line numbers, in cells (digits, a mark, a
// space).
func (c *Editor) gutter() int {
	return len(strconv.Itoa(c.firstLine+len(c.lines)-1)) + 2
}

// selection returns the selected span, start first; ok is false when there
// is none.
func (c *Editor) selection() (from, to textPos, ok bool) {
	if c.cur == c.anchor {
		return c.cur, c.cur, false
	}
	if c.cur.before(c.anchor) {
		return c.cur, c.anchor, true
	}
	return c.anchor, c.cur, true
}

// SelectedText returns the selected text ("" when none).
func (c *Editor) SelectedText() string {
	from, to, ok := c.selection()
	if !ok {
		return ""
	}
	if from.row == to.row {
		return string(c.lines[from.row][from.col:to.col])
	}
	var b strings.Builder
	b.WriteString(string(c.lines[from.row][from.col:]))
	for r := from.row + 1; r < to.row; r++ {
		b.WriteString("\n" + string(c.lines[r]))
	}
	b.WriteString("\n" + string(c.lines[to.row][:to.col]))
	return b.String()
}

// insert replaces the selection by s and reports the change.
func (c *Editor) insert(s string) {
	c.deleteSelection()
	ins := splitLines(s)
	line := c.lines[c.cur.row]
	tail := append([]rune(nil), line[c.cur.col:]...)
	head := append([]rune(nil), line[:c.cur.col]...)
	if len(ins) == 1 {
		c.lines[c.cur.row] = append(append(head, ins[0]...), tail...)
		c.cur.col += len(ins[0])
	} else {
		rows := make([][]rune, 0, len(ins))
		rows = append(rows, append(head, ins[0]...))
		rows = append(rows, ins[1:len(ins)-1]...)
		last := ins[len(ins)-1]
		rows = append(rows, append(append([]rune(nil), last...), tail...))
		c.lines = append(c.lines[:c.cur.row], append(rows, c.lines[c.cur.row+1:]...)...)
		c.cur = textPos{c.cur.row + len(ins) - 1, len(last)}
	}
	c.anchor = c.cur
	c.changed()
}

// deleteSelection deletes the selected text, if any; it reports whether
// there was some (the change is reported by the caller).
func (c *Editor) deleteSelection() bool {
	from, to, ok := c.selection()
	if !ok {
		return false
	}
	head := append([]rune(nil), c.lines[from.row][:from.col]...)
	joined := append(head, c.lines[to.row][to.col:]...)
	c.lines = append(c.lines[:from.row], append([][]rune{joined}, c.lines[to.row+1:]...)...)
	c.cur, c.anchor = from, from
	return true
}

func (c *Editor) changed() {
	c.render()
	c.reveal()
	if c.OnChanged != nil {
		c.OnChanged(c.Text())
	}
}

// move puts the cursor at p, extending the selection while shift is held.
func (c *Editor) move(p textPos) {
	c.cur = c.clamp(p)
	if !c.shift {
		c.anchor = c.cur
	}
	c.render()
	c.reveal()
	c.noteCursor()
}

// noteCursor hands OnNote the messages of the marks on the cursor's line.
func (c *Editor) noteCursor() {
	if !c.focused || c.OnNote == nil {
		return
	}
	var notes []string
	for _, m := range c.marks {
		if m.Line-1 == c.cur.row {
			notes = append(notes, fmt.Sprintf("%d:%d %s: %s", m.Line+c.firstLine-1, m.Column, m.Severity, m.Message))
		}
	}
	if len(notes) > 0 {
		c.OnNote(strings.Join(notes, "; "))
	}
}

// TypedRune inserts r (fyne.Focusable).
func (c *Editor) TypedRune(r rune) { c.insert(string(r)) }

// TypedKey edits and moves the cursor (fyne.Focusable).
func (c *Editor) TypedKey(ev *fyne.KeyEvent) {
	if ui.ToWindow(c, ev) { // the step keys (winkeys.go)
		return
	}
	p := c.cur
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		line := string(c.lines[p.row][:p.col])
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		if strings.HasSuffix(strings.TrimRight(line, " "), ":") {
			indent += "    "
		}
		c.insert("\n" + indent)
	case fyne.KeyTab:
		c.insert(strings.Repeat(" ", 4-p.col%4))
	case fyne.KeyBackspace:
		if c.deleteSelection() {
			c.changed()
			return
		}
		switch {
		case p.col > 0 && strings.TrimLeft(string(c.lines[p.row][:p.col]), " ") == "":
			c.anchor = textPos{p.row, p.col - ((p.col-1)%4 + 1)} // in the indentation: back one level
		case p.col > 0:
			c.anchor = textPos{p.row, p.col - 1}
		case p.row > 0:
			c.anchor = textPos{p.row - 1, len(c.lines[p.row-1])}
		default:
			return
		}
		c.deleteSelection()
		c.changed()
	case fyne.KeyDelete:
		if c.deleteSelection() {
			c.changed()
			return
		}
		switch {
		case p.col < len(c.lines[p.row]):
			c.anchor = textPos{p.row, p.col + 1}
		case p.row < len(c.lines)-1:
			c.anchor = textPos{p.row + 1, 0}
		default:
			return
		}
		c.deleteSelection()
		c.changed()
	case fyne.KeyLeft:
		if p.col == 0 && p.row > 0 {
			c.move(textPos{p.row - 1, len(c.lines[p.row-1])})
		} else {
			c.move(textPos{p.row, p.col - 1})
		}
	case fyne.KeyRight:
		if p.col == len(c.lines[p.row]) && p.row < len(c.lines)-1 {
			c.move(textPos{p.row + 1, 0})
		} else {
			c.move(textPos{p.row, p.col + 1})
		}
	case fyne.KeyUp:
		c.move(textPos{p.row - 1, p.col})
	case fyne.KeyDown:
		c.move(textPos{p.row + 1, p.col})
	case fyne.KeyPageUp:
		c.move(textPos{p.row - 20, p.col})
	case fyne.KeyPageDown:
		c.move(textPos{p.row + 20, p.col})
	case fyne.KeyHome:
		line := c.lines[p.row]
		first := len(line) - len(strings.TrimLeftFunc(string(line), unicode.IsSpace))
		if p.col == first {
			first = 0
		}
		c.move(textPos{p.row, first})
	case fyne.KeyEnd:
		c.move(textPos{p.row, len(c.lines[p.row])})
	}
}

// TypedShortcut handles the clipboard, select all, undo and redo
// (fyne.Shortcutable).
func (c *Editor) TypedShortcut(s fyne.Shortcut) {
	if ui.ShortcutToWindow(c, s) {
		return
	}
	switch sc := s.(type) {
	case *fyne.ShortcutCopy:
		if t := c.SelectedText(); t != "" && sc.Clipboard != nil {
			sc.Clipboard.SetContent(t)
		}
	case *fyne.ShortcutCut:
		if t := c.SelectedText(); t != "" {
			if sc.Clipboard != nil {
				sc.Clipboard.SetContent(t)
			}
			c.deleteSelection()
			c.changed()
		}
	case *fyne.ShortcutPaste:
		if sc.Clipboard != nil {
			if t := sc.Clipboard.Content(); t != "" {
				c.insert(strings.ReplaceAll(t, "\r\n", "\n"))
			}
		}
	case *fyne.ShortcutSelectAll:
		c.anchor = textPos{}
		c.cur = textPos{len(c.lines) - 1, len(c.lines[len(c.lines)-1])}
		c.render()
	case *fyne.ShortcutUndo:
		if c.OnUndo != nil {
			c.OnUndo()
		}
	case *fyne.ShortcutRedo:
		if c.OnRedo != nil {
			c.OnRedo()
		}
	case *desktop.CustomShortcut:
		c.textEnds(sc)
	}
}

// textEnds moves the cursor to the start (ctrl+Home) or the end (ctrl+End)
// of the whole text, selecting with shift. The desktop driver hands keys
// held with ctrl to TypedShortcut, never to TypedKey.
func (c *Editor) textEnds(sc *desktop.CustomShortcut) {
	if sc.Modifier&^fyne.KeyModifierShift != fyne.KeyModifierShortcutDefault {
		return
	}
	to := textPos{}
	switch sc.KeyName {
	case fyne.KeyHome:
	case fyne.KeyEnd:
		to = textPos{len(c.lines) - 1, len(c.lines[len(c.lines)-1])}
	default:
		return
	}
	held := c.shift
	c.shift = sc.Modifier&fyne.KeyModifierShift != 0
	c.move(to)
	c.shift = held
}

// AcceptsTab keeps Tab in the editor to indent once its text has more than
// one line (fyne.Tabbable). In one line there is nothing to indent (an
// indented first line does not compile), so Tab moves on to the next field
// as in every other field, instead of leaving spaces in the pack.
func (c *Editor) AcceptsTab() bool { return len(c.lines) > 1 }

// KeyDown notes shift for selections (desktop.Keyable).
func (c *Editor) KeyDown(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		c.shift = true
	}
}

// KeyUp notes shift for selections (desktop.Keyable).
func (c *Editor) KeyUp(ev *fyne.KeyEvent) {
	if ev.Name == desktop.KeyShiftLeft || ev.Name == desktop.KeyShiftRight {
		c.shift = false
	}
}

// FocusGained shows the cursor (fyne.Focusable).
func (c *Editor) FocusGained() {
	c.focused = true
	c.render()
	c.noteCursor()
}

// FocusLost hides the cursor and calls OnLeave (fyne.Focusable).
func (c *Editor) FocusLost() {
	c.focused, c.shift = false, false
	c.render()
	if c.OnLeave != nil {
		c.OnLeave()
	}
}

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

func inSpan(from, to, p textPos) bool { return !p.before(from) && p.before(to) }

// lineNotes are the marks' messages a field editor writes after the end of
// their lines, by row. A field editor grows with its text in a form: a list
// of messages under it, coming and going as the checks run while the
// designer types, would move every field below it. (An editor that scrolls
// in a panel lists them under its text.)
func (c *Editor) lineNotes() map[int]string {
	if c.scroll || len(c.marks) == 0 {
		return nil
	}
	out := map[int]string{}
	for _, m := range c.marks {
		r := m.Line - 1
		if r < 0 || r >= len(c.lines) {
			continue
		}
		note := m.Severity.String() + ": " + m.Message
		if prev, ok := out[r]; ok {
			note = prev + "; " + note
		}
		out[r] = note
	}
	return out
}

// markSpans are the cells each mark tints: from its column to the end of the
// word there (at least one cell).
func (c *Editor) markSpans() map[textPos]graph.Severity {
	out := map[textPos]graph.Severity{}
	for _, m := range c.marks {
		r, col := m.Line-1, m.Column-1
		if r < 0 || r >= len(c.lines) {
			continue
		}
		line := c.lines[r]
		col = min(max(col, 0), len(line))
		end := col + 1
		for end < len(line) && (unicode.IsLetter(line[end]) || unicode.IsDigit(line[end]) || line[end] == '_') {
			end++
		}
		for i := col; i < end; i++ {
			p := textPos{r, i}
			if s, ok := out[p]; !ok || m.Severity < s {
				out[p] = m.Severity
			}
		}
	}
	return out
}

// severityColour is the colour of a diagnostic's severity.
func severityColour(s graph.Severity) color.NRGBA {
	switch s {
	case graph.Error:
		return color.NRGBA{R: 0xd3, G: 0x2f, B: 0x2f, A: 0xff}
	case graph.Warning:
		return color.NRGBA{R: 0xe0, G: 0x8a, B: 0x00, A: 0xff}
	}
	return color.NRGBA{R: 0x1e, G: 0x88, B: 0xe5, A: 0xff}
}

// tint is a light background of c, for the marked span.
func tint(c color.NRGBA) color.NRGBA { return color.NRGBA{R: c.R, G: c.G, B: c.B, A: 0x48} }
