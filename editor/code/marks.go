package code

import (
	"fmt"
	"image/color"
	"strings"
	"unicode"

	"github.com/rulestudio/studio/graph"
)

// Mark is a diagnostic shown in an [Editor]: its line and column in
// the editor's text (1-based), how bad it is and what it says.
type Mark struct {
	Line, Column int
	Severity     graph.Severity
	Message      string
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
