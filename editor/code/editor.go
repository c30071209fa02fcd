package code

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

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
