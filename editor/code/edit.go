package code

import (
	"strings"
)

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

func inSpan(from, to, p textPos) bool { return !p.before(from) && p.before(to) }
