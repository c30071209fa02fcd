package code

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/alecthomas/chroma/v2"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// cellColour is the text colour of the cell at row, col of the text (after
// the gutter).
func cellColour(c *Editor, row, col int) color.Color {
	return c.Grid().Rows[row].Cells[c.gutter()+col].Style.TextColor()
}

// TestCodeEditorHighlightsWithChroma: keywords, strings and names get the
// colours of chroma's style for their tokens, different from each other;
// the gutter numbers the lines.
func TestCodeEditorHighlightsWithChroma(t *testing.T) {
	test.NewTempApp(t)
	c := NewEditor("starlark", false, 1)
	c.SetText("def f(x):\n    return 'a' + x")
	pal := currentPalette()
	kw, str, name := cellColour(c, 0, 0), cellColour(c, 1, 11), cellColour(c, 0, 4)
	if kw == pal.text || kw == str || kw == name || str == pal.text {
		t.Errorf("def %v, 'a' %v, f %v: keywords and strings must have colours of their own", kw, str, name)
	}
	if want := pal.tokens.Get(chroma.Keyword).Colour; kw != (color.NRGBA{R: want.Red(), G: want.Green(), B: want.Blue(), A: 0xff}) {
		t.Errorf("def is %v, chroma's keyword colour is %v", kw, want)
	}
	for row, want := range []string{"1 ", "2 "} {
		cells := c.Grid().Rows[row].Cells
		if got := string([]rune{cells[1].Rune, cells[2].Rune}); got != want {
			t.Errorf("gutter of line %d is %q", row+1, got)
		}
	}
	c.SetFirstLine(120)
	if got := c.Grid().RowText(0)[:5]; got != " 120 " {
		t.Errorf("gutter from line 120: %q", got)
	}
}

var backspace = &fyne.KeyEvent{Name: fyne.KeyBackspace}

// TestCodeEditorEditing: typing, Enter with auto-indentation after ':',
// backspace joining lines, a selection replaced by typing, cut and paste.
func TestCodeEditorEditing(t *testing.T) {
	a := test.NewTempApp(t)
	c := NewEditor("starlark", false, 1)
	var changes []string
	c.OnChanged = func(s string) { changes = append(changes, s) }
	w := test.NewTempWindow(t, c)
	w.Canvas().Focus(c)
	test.Type(c, "if x:")
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	test.Type(c, "y()")
	if got := c.Text(); got != "if x:\n    y()" {
		t.Fatalf("text %q", got)
	}
	if line, col := c.CursorPos(); line != 2 || col != 8 {
		t.Errorf("cursor %d:%d", line, col)
	}
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome}) // to the first letter
	// Two backspaces: the indentation level, then the line break.
	for range 2 {
		c.TypedKey(backspace)
	}
	if got := c.Text(); got != "if x:y()" {
		t.Errorf("after backspace over the indentation and the line break: %q", got)
	}
	// Select "x" with shift and the arrow, type over it.
	c.SetCursor(1, 4)
	c.KeyDown(&fyne.KeyEvent{Name: "LeftShift"})
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	c.KeyUp(&fyne.KeyEvent{Name: "LeftShift"})
	if c.SelectedText() != "x" {
		t.Fatalf("selected %q", c.SelectedText())
	}
	test.Type(c, "ok")
	if got := c.Text(); got != "if ok:y()" {
		t.Errorf("typing over the selection: %q", got)
	}
	c.TypedShortcut(&fyne.ShortcutSelectAll{})
	c.TypedShortcut(&fyne.ShortcutCut{Clipboard: a.Clipboard()})
	if c.Text() != "" || a.Clipboard().Content() != "if ok:y()" {
		t.Errorf("after cutting everything: text %q, clipboard %q", c.Text(), a.Clipboard().Content())
	}
	c.TypedShortcut(&fyne.ShortcutPaste{Clipboard: a.Clipboard()})
	c.TypedShortcut(&fyne.ShortcutPaste{Clipboard: a.Clipboard()})
	if got := c.Text(); got != "if ok:y()if ok:y()" {
		t.Errorf("after pasting twice: %q", got)
	}
	if changes[len(changes)-1] != c.Text() {
		t.Error("OnChanged did not report the last change")
	}
	undo := 0
	c.OnUndo = func() { undo++ }
	c.TypedShortcut(&fyne.ShortcutUndo{})
	if undo != 1 || c.Text() != "if ok:y()if ok:y()" {
		t.Errorf("ctrl+Z: %d calls of OnUndo, text %q (the editor keeps no undo of its own)", undo, c.Text())
	}
}

// TestCodeEditorMarksAndTaps: a mark tints its word and puts a dot in the
// gutter and its message after its line; a tap puts the cursor under the
// pointer.
func TestCodeEditorMarksAndTaps(t *testing.T) {
	test.NewTempApp(t)
	c := NewEditor("starlark", false, 1)
	w := test.NewTempWindow(t, c)
	w.Resize(fyne.NewSize(400, 200))
	c.SetText("x = 1\ny = nosuch + 2")
	var note string
	c.OnNote = func(s string) { note = s }
	c.SetMarks([]Mark{{Line: 2, Column: 5, Severity: graph.Error, Message: "undefined: nosuch"}})
	row := c.Grid().Rows[1].Cells
	if row[0].Rune != '●' {
		t.Errorf("gutter of the marked line starts with %q", row[0].Rune)
	}
	g := c.gutter()
	for i, ch := range []rune("y = nosuch + 2") {
		bg := row[g+i].Style.BackgroundColor()
		marked := bg != nil && bg != (color.NRGBA{})
		if want := i >= 4 && i < 10; marked != want {
			t.Errorf("cell %d (%q) marked %v, want %v", i, ch, marked, want)
		}
	}
	// A field's messages follow their lines: a list under the text would
	// move the fields below it as the checks come and go.
	if got := c.Grid().RowText(1); !strings.HasSuffix(got, "y = nosuch + 2   error: undefined: nosuch") || !c.notes.Hidden {
		t.Errorf("marked line %q, notes under the text shown: %v", got, !c.notes.Hidden)
	}
	c.measure()
	pad := theme.InnerPadding() / 2
	at := fyne.NewPos(pad+(float32(g+4)+0.25)*c.cell.Width, pad+c.cell.Height*1.5) // on the "n" of nosuch
	test.TapAt(c, at)
	if line, col := c.CursorPos(); line != 2 || col != 5 {
		t.Errorf("tap at %v: cursor %d:%d, want 2:5", at, line, col)
	}
	if note != "2:5 error: undefined: nosuch" {
		t.Errorf("the cursor on the marked line gave the note %q", note)
	}
}

// TestCodeEditorRendering compares a Starlark field with a compile error
// with testdata/code_editor.png.
func TestCodeEditorRendering(t *testing.T) {
	test.NewTempApp(t)
	c := NewEditor("starlark", false, 1)
	c.SetText("def stNextPlayer():\n    # the next seat plays\n    p = next_player(active_player())\n    activate(p)\n    next_state(\"nextTurn\")")
	c.SetMarks([]Mark{{Line: 3, Column: 9, Severity: graph.Error, Message: "undefined: next_player"}})
	w := test.NewTempWindow(t, widget.NewCard("", "", c))
	w.Resize(fyne.NewSize(460, 200))
	test.AssertRendersToImage(t, "code_editor.png", w.Canvas())
}

// TestCodeEditorDrawsEveryCharacter: every character of a Starlark text
// that chroma's Python lexer reads as an error token (a `$` outside a
// string, as in a `${you}` copied from a description) is drawn in a colour
// that stands out from the field's background, in the light and the dark
// theme: chroma's style draws such a token light on a red background the
// field does not paint, and `${you}` showed as `{you}`.
func TestCodeEditorDrawsEveryCharacter(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		a := test.NewTempApp(t)
		a.Settings().SetTheme(&style.VariantTheme{Theme: theme.DefaultTheme(), Variant: v})
		c := NewEditor("starlark", false, 1)
		src := "say(${you} + '${you}') # ${you}\nx = a ? b ! c"
		c.SetText(src)
		pal := currentPalette()
		for row, line := range splitLines(src) {
			for col, r := range line {
				if r == ' ' {
					continue
				}
				fg := nrgba(cellColour(c, row, col))
				if got := contrast(fg, pal.back); got < 3 {
					t.Errorf("variant %v: %q at %d:%d drawn %v on %v, contrast %.2f (want at least 3)", v, r, row+1, col+1, fg, pal.back, got)
				}
			}
		}
	}
}

// contrast is WCAG's contrast ratio of two colours, from 1 (the same) to 21.
func contrast(a, b color.NRGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// luminance is WCAG's relative luminance of c.
func luminance(c color.NRGBA) float64 {
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}
