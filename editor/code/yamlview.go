package code

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// The scopes of the YAML view ([YAMLView.SetScope]).
const (
	ScopeSelection = "Selection"  // the selected state, object type, action or script
	ScopeWhole     = "Whole pack" // the whole pack
)

// YAMLView is the text of the selected document as the pack's canonical
// YAML: the selected state, object type, action or script (its lines of the
// whole pack's text, numbered as there), or the whole pack. The text is
// editable: each change that reads back as YAML is an edit of the history
// (typing in the view is one undo step until the designer leaves it); a
// change that does not read is marked at its line and column and left
// alone until it does. Edits made elsewhere show here at once (the window
// calls [YAMLView.Stale]), and the lines and columns of diagnostics are the
// lines and columns of this text. Its methods must be called on the Fyne
// goroutine.
type YAMLView struct {
	widget.BaseWidget

	w      YAMLWindow
	scope  *ui.Select
	what   *widget.Label
	status *widget.Label
	code   *Editor

	target graph.Ref // what is shown (Kind "" or AllRef: the whole pack)
	start  int       // the line of the whole text the view's first line is
	typing bool      // the view is making an edit: do not load it again now
	stale  bool      // the pack changed while the view was hidden
	bad    *Mark
}

// YAMLWindow is what the YAML view needs of the window it is in: the pack
// and its history, the element selected, and what the checks found. The
// view keeps no pack of its own; it reads the window's at each load.
type YAMLWindow interface {
	// Pack returns the pack shown, nil when none.
	Pack() *graph.Pack
	// Merge makes ed a step of the pack's history, merged with the
	// previous edit of the same key until Seal: the view's typing is one
	// undo step until the designer leaves it.
	Merge(key string, ed graph.Edit)
	// Seal ends the step Merge adds to.
	Seal()
	// Undo and Redo are ctrl+Z and ctrl+Y in the view: the window's history.
	Undo()
	Redo()
	// Selected returns the element selected last anywhere in the window (a
	// state, object type, action or script; Kind "" or PackRef when none):
	// the scope [ScopeSelection] shows it. Field is not read.
	Selected() graph.Ref
	// Renamed tells the window that the text renamed the element of kind
	// it shows to to: the selection, and the panel showing that element,
	// follow it.
	Renamed(kind graph.RefKind, to string)
	// Findings returns what the latest check found at lines and columns of
	// the pack's canonical YAML, the text the view numbers its lines by
	// (none while no check has run on the pack shown).
	Findings() []graph.Diagnostic
	// Title names an element in the view's heading: "state 21 · giveCards".
	Title(kind graph.RefKind, name string) string
}

// NewYAMLView returns the view of w's pack, showing the selection.
func NewYAMLView(w YAMLWindow) *YAMLView {
	v := &YAMLView{w: w, what: widget.NewLabel(""), status: widget.NewLabel(""), code: NewEditor("yaml", true, 10), start: 1}
	v.what.Truncation = fyne.TextTruncateEllipsis
	v.status.Wrapping = fyne.TextWrapWord
	v.scope = ui.NewSelect([]string{ScopeSelection, ScopeWhole}, func(string) { v.Load() })
	v.scope.SetSelected(ScopeSelection)
	v.code.OnChanged = v.edited
	v.code.OnLeave = func() {
		w.Seal()
		v.Load() // the canonical form of what was typed
	}
	v.code.OnUndo, v.code.OnRedo = w.Undo, w.Redo
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer implements fyne.Widget.
func (v *YAMLView) CreateRenderer() fyne.WidgetRenderer {
	top := container.NewBorder(nil, nil, v.scope, nil, v.what)
	return widget.NewSimpleRenderer(container.NewBorder(top, v.status, nil, nil, v.code))
}

// Show shows the view, with the pack as it is now.
func (v *YAMLView) Show() {
	v.BaseWidget.Show()
	if v.stale {
		v.Load()
	}
}

// Code returns the view's code editor.
func (v *YAMLView) Code() *Editor { return v.code }

// SetScope shows the selection (ScopeSelection) or the whole pack
// (ScopeWhole).
func (v *YAMLView) SetScope(s string) { v.scope.SetSelected(s) }

// Text returns the text shown.
func (v *YAMLView) Text() string { return v.code.Text() }

// FirstLine returns the line of the whole pack's text the view starts at.
func (v *YAMLView) FirstLine() int { return v.start }

// Status returns the line under the text: what the view shows, or why the
// text does not read.
func (v *YAMLView) Status() string { return v.status.Text }

// Current reports whether the text shown is the pack as it is: the view
// shows, has loaded since the pack last changed, is not making an edit, and
// its text reads.
func (v *YAMLView) Current() bool { return v.Visible() && !v.stale && !v.typing && v.bad == nil }

// Stale tells the view that the pack or the selection changed: it loads
// again now when it shows, else at its next Show.
func (v *YAMLView) Stale() {
	if !v.Visible() {
		v.stale = true
		return
	}
	v.Load()
}

// Load shows the selected document's text now, unless the designer is
// typing it.
func (v *YAMLView) Load() {
	if v.typing {
		return
	}
	v.stale = false
	p := v.w.Pack()
	if p == nil {
		v.code.SetText("")
		v.what.SetText("No pack")
		return
	}
	whole, err := graph.Marshal(p)
	if err != nil {
		v.status.SetText(err.Error())
		return
	}
	text, target, start, what := string(whole), graph.Ref{Kind: graph.AllRef}, 1, "the whole pack"
	if v.scope.Selected == ScopeSelection {
		if sel := v.w.Selected(); sel.Kind != "" && sel.Kind != graph.PackRef {
			if from, to, ok := elementLines(whole, p, sel.Kind, sel.Name); ok {
				lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
				text = strings.Join(lines[from-1:to], "\n")
				target, start = graph.Ref{Kind: sel.Kind, Name: sel.Name}, from
				what = fmt.Sprintf("%s: lines %d–%d of the pack", v.w.Title(sel.Kind, sel.Name), from, to)
			}
		}
	}
	text = strings.TrimSuffix(text, "\n") // no empty last line to number
	v.target, v.start, v.bad = target, start, nil
	v.what.SetText(what)
	v.status.SetText("")
	if v.code.Text() != text {
		v.code.SetText(text)
	}
	v.code.SetFirstLine(start)
	v.showMarks()
}

// FindingsChanged marks what the window's latest check found in the text
// shown; a view hidden with a stale text marks them when it loads.
func (v *YAMLView) FindingsChanged() {
	if v.Visible() || !v.stale {
		v.showMarks()
	}
}

// showMarks marks the findings that fall in the text shown, and the error
// of a text that does not read.
func (v *YAMLView) showMarks() {
	n := strings.Count(v.code.Text(), "\n") + 1
	var marks []Mark
	if v.bad != nil {
		marks = append(marks, *v.bad)
	} else {
		for _, f := range v.w.Findings() {
			if l := f.Pos.Line - v.start + 1; f.Pos.IsValid() && l >= 1 && l <= n {
				marks = append(marks, Mark{Line: l, Column: f.Pos.Column, Severity: f.Severity, Message: f.Message})
			}
		}
	}
	v.code.SetMarks(marks)
}

// edited reads the text the designer changed and, when it reads, makes it
// an edit.
func (v *YAMLView) edited(text string) {
	p := v.w.Pack()
	if p == nil {
		return
	}
	ed, err := v.editOf(p, text)
	if err != nil {
		mark := Mark{Line: 1, Column: 1, Severity: graph.Error, Message: err.Error()}
		var pe *graph.PosError
		if errors.As(err, &pe) && pe.Pos.IsValid() {
			mark.Line, mark.Column, mark.Message = pe.Pos.Line, pe.Pos.Column, pe.Msg
		}
		v.bad = &mark
		v.status.SetText(fmt.Sprintf("line %d does not read as YAML: the text is not applied until it does", mark.Line+v.start-1))
		v.showMarks()
		return
	}
	v.bad = nil
	v.status.SetText("")
	if ed == nil {
		v.showMarks()
		return
	}
	v.typing = true
	v.w.Merge("yaml "+string(v.target.Kind)+" "+v.target.Name, ed)
	v.typing = false
	v.showMarks()
}

// RevealLine puts the cursor at line and column of the whole pack's text,
// when the view shows that line; it reports whether it does.
func (v *YAMLView) RevealLine(line, col int) bool {
	l := line - v.start + 1
	if l < 1 || l > strings.Count(v.code.Text(), "\n")+1 {
		return false
	}
	v.code.SetCursor(l, col)
	return true
}
