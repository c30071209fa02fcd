package code

import (
	"strings"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/rulestudio/studio/editor/ui"
)

// TypedRune inserts r (fyne.Focusable).
func (c *Editor) TypedRune(r rune) { c.insert(string(r)) }

// TypedKey edits and moves the cursor (fyne.Focusable).
func (c *Editor) TypedKey(ev *fyne.KeyEvent) {
	if ui.ToWindow(c, ev) { // the step keys (editor/ui: winkeys.go)
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
