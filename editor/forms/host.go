package forms

import (
	"fyne.io/fyne/v2"
	"io/fs"

	"github.com/rulestudio/studio/graph"
)

// Host is what the forms need of the window they are in: the pack and its
// history, the status line, the keyboard focus, code fields, and word of
// what they show. Package editor's window passes one; the forms never see
// the window itself.
type Host interface {
	// Pack returns the pack the forms edit, nil when none is open.
	Pack() *graph.Pack
	// Do makes ed one step of the history. Merge makes it part of the step
	// named key, while the designer types in one field (graph.History's
	// Merge); Seal ends that step, when the designer leaves the field.
	Do(ed graph.Edit)
	Merge(key string, ed graph.Edit)
	Seal()
	// Say shows msg on the status line: why an edit was refused, or where
	// Tab stopped.
	Say(msg string)
	// Focus gives o the keyboard focus through the window's canvas.
	Focus(o fyne.Focusable)
	// NewCode returns a Starlark field at least rows lines tall (fill: one
	// that fills its panel and scrolls instead of growing with its text),
	// calling hooks as the designer types and leaves it.
	NewCode(rows int, fill bool, hooks CodeHooks) CodeField
	// StateShown says the Inspector shows state id ("": the pack's form).
	StateShown(id string)
	// Selected says a panel shows the element of kind named name, picked by
	// the designer; Renamed that the element it shows is now called name.
	Selected(kind graph.RefKind, name string)
	Renamed(kind graph.RefKind, name string)
	// Later runs fn on the window's goroutine, after the work a form did
	// away from it (fyne.Do; the tests' queue).
	Later(fn func())
	// ShowDisplay brings the Display panel (the pack's display hints) to
	// the front.
	ShowDisplay()
	// Images returns where the display hints' images of the pack are read
	// (picture.Options.Images): a project file's kept images; nil reads
	// them from the pack's folder.
	Images() fs.FS
	// AddImage asks the designer for an image file, keeps a copy in the
	// project and calls then with the pack-relative name it is kept under;
	// where it cannot (no project, not a PNG or SVG, too big) the window
	// says why and then is not called.
	AddImage(then func(name string))
	// FormBuilt says a form was built anew: its code fields want the marks
	// of what the latest checks found.
	FormBuilt()
}

// CodeField is what a form needs of a code editor (package editor's
// CodeEditor): a widget that takes the focus, whose text the form loads
// and whose cursor Reveal moves (line and column from 1).
type CodeField interface {
	fyne.Focusable
	fyne.CanvasObject
	Text() string
	SetText(text string)
	SetCursor(line, col int)
}

// CodeHooks are what a code field calls back: Changed with the whole text
// after each change the designer makes (not after SetText), Leave when it
// loses the focus.
type CodeHooks struct {
	Changed func(text string)
	Leave   func()
}
