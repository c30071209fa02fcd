package editor

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// PanelYAML is the id of the YAML view in the Centre of the [Dock].
const PanelYAML = "yaml"

// The scopes of the YAML view.
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
// alone until it does. Edits made elsewhere show here at once, and the
// lines and columns of diagnostics are the lines and columns of this text.
type YAMLView struct {
	widget.BaseWidget

	e      *Editor
	scope  *ui.Select
	what   *widget.Label
	status *widget.Label
	code   *CodeEditor

	target Target // what is shown (Kind "" or AllRef: the whole pack)
	start  int    // the line of the whole text the view's first line is
	typing bool   // the view is making an edit: do not load it again now
	stale  bool   // the pack changed while the view was hidden
	bad    *CodeMark
}

func newYAMLView(e *Editor) *YAMLView {
	v := &YAMLView{e: e, what: widget.NewLabel(""), status: widget.NewLabel(""), code: NewCodeEditor("yaml", true, 10), start: 1}
	v.what.Truncation = fyne.TextTruncateEllipsis
	v.status.Wrapping = fyne.TextWrapWord
	v.scope = ui.NewSelect([]string{ScopeSelection, ScopeWhole}, func(string) { v.load() })
	v.scope.SetSelected(ScopeSelection)
	v.code.OnChanged = v.edited
	v.code.OnLeave = func() {
		e.Seal()
		v.load() // the canonical form of what was typed
	}
	v.code.OnUndo, v.code.OnRedo = e.Undo, e.Redo
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
		v.load()
	}
}

// EditAsYAML is View > Edit as YAML (ctrl+U, a browser's "view source"):
// it brings the YAML view to the front, showing the selection (the element
// selected last: a state, object type, action or script; the whole pack
// when none is), and puts the cursor at the start of its text, so that the
// text of what the designer is looking at is one key away.
func (e *Editor) EditAsYAML() {
	if e.pack == nil {
		return
	}
	v := e.forms.yaml
	v.SetScope(ScopeSelection)
	e.Dock.Show(PanelYAML)
	v.load()
	e.win.Canvas().Focus(v.code) // SetCursor focuses only an editor drawn once
	v.code.SetCursor(1, 1)
}

// Code returns the view's code editor.
func (v *YAMLView) Code() *CodeEditor { return v.code }

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

// refresh loads the pack again when the view shows, else at its next Show.
func (v *YAMLView) refresh() {
	if !v.Visible() {
		v.stale = true
		return
	}
	v.load()
}

// load shows the selected document's text, unless the designer is typing it.
func (v *YAMLView) load() {
	if v.typing {
		return
	}
	v.stale = false
	p := v.e.Pack()
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
	text, target, start, what := string(whole), Target{Kind: graph.AllRef}, 1, "the whole pack"
	if v.scope.Selected == ScopeSelection {
		if sel := v.e.forms.sel; sel.Kind != "" && sel.Kind != graph.PackRef {
			if from, to, ok := elementLines(whole, p, sel); ok {
				lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
				text = strings.Join(lines[from-1:to], "\n")
				target, start = sel, from
				what = fmt.Sprintf("%s: lines %d–%d of the pack", targetTitle(p, sel), from, to)
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

// targetTitle names a target for headings: "state 21 · giveCards".
func targetTitle(p *graph.Pack, t Target) string {
	switch t.Kind {
	case graph.StateRef:
		if s := findState(p, t.Name); s != nil {
			return "state " + stateChoice(s)
		}
	case graph.ObjectTypeRef:
		return "object type " + t.Name
	case graph.ActionRef:
		return "action " + t.Name
	case graph.ScriptRef:
		return "script " + t.Name
	}
	return t.Name
}

// showMarks marks the findings that fall in the text shown, and the error
// of a text that does not read.
func (v *YAMLView) showMarks() {
	n := strings.Count(v.code.Text(), "\n") + 1
	var marks []CodeMark
	switch {
	case v.bad != nil:
		marks = append(marks, *v.bad)
	case v.e.forms.checked != nil && v.e.pack != nil: // positions in the pack's YAML, not in PHP files
		for _, f := range v.e.forms.findings {
			if l := f.Pos.Line - v.start + 1; f.Pos.IsValid() && l >= 1 && l <= n && f.File == v.e.pack.Source {
				marks = append(marks, CodeMark{Line: l, Column: f.Pos.Column, Severity: f.Severity, Message: f.Message})
			}
		}
	}
	v.code.SetMarks(marks)
}

// edited reads the text the designer changed and, when it reads, makes it
// an edit.
func (v *YAMLView) edited(text string) {
	p := v.e.Pack()
	if p == nil {
		return
	}
	ed, err := v.editOf(p, text)
	if err != nil {
		mark := CodeMark{Line: 1, Column: 1, Severity: graph.Error, Message: err.Error()}
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
	v.e.Merge("yaml "+string(v.target.Kind)+" "+v.target.Name, ed)
	v.typing = false
	v.showMarks()
}

// editOf makes the edit that gives the document shown the text: nil when
// the text says what the pack holds already.
func (v *YAMLView) editOf(p *graph.Pack, text string) (graph.Edit, error) {
	t := v.target
	text += "\n"
	if t.Kind == graph.AllRef || t.Kind == "" {
		q, err := graph.Parse([]byte(text), "")
		if err != nil {
			return nil, err
		}
		return graph.ReplacePack(p, q, "edit the pack's YAML"), nil
	}
	key := map[graph.RefKind]string{graph.StateRef: "states", graph.ObjectTypeRef: "object_types",
		graph.ActionRef: "actions", graph.ScriptRef: "scripts"}[t.Kind]
	const head = "format: 1\npack: yaml\n"
	q, err := graph.Parse([]byte(head+key+":\n"+text), "")
	if err != nil {
		var pe *graph.PosError
		if errors.As(err, &pe) {
			out := *pe
			out.Pos.Line -= 3 // the lines added above the text
			return nil, &out
		}
		return nil, err
	}
	switch t.Kind {
	case graph.StateRef:
		if len(q.States) != 1 {
			return nil, fmt.Errorf("the text must hold one state, it holds %d", len(q.States))
		}
		ns := q.States[0]
		if ns.ID.String() != t.Name {
			to := ns.ID.String()
			ed, err := graph.Sequence(p, "edit state "+t.Name+" as YAML",
				func(p *graph.Pack) (graph.Edit, error) { return graph.ChangeStateID(p, t.Name, ns.ID) },
				func(p *graph.Pack) (graph.Edit, error) {
					return graph.EditState(p, to, "", func(s *graph.State) { *s = *ns })
				})
			if err == nil {
				v.target.Name = to
				v.e.forms.sel.Name = to
			}
			return ed, err
		}
		return graph.EditState(p, t.Name, "", func(s *graph.State) { *s = *ns })
	case graph.ObjectTypeRef:
		if len(q.ObjectTypes) != 1 {
			return nil, fmt.Errorf("the text must hold one object type, it holds %d", len(q.ObjectTypes))
		}
		nt := q.ObjectTypes[0]
		ed, err := graph.EditObjectType(p, t.Name, "", func(o *graph.ObjectType) { *o = *nt })
		if err == nil {
			v.followRename(nt.Name)
		}
		return ed, err
	case graph.ActionRef:
		if len(q.Actions) != 1 {
			return nil, fmt.Errorf("the text must hold one action, it holds %d", len(q.Actions))
		}
		na := q.Actions[0]
		ed, err := graph.EditAction(p, t.Name, "", func(a *graph.Action) { *a = *na })
		if err == nil {
			v.followRename(na.Name)
		}
		return ed, err
	default:
		if len(q.Scripts) != 1 {
			return nil, fmt.Errorf("the text must hold one script, it holds %d", len(q.Scripts))
		}
		ns := q.Scripts[0]
		ed, err := graph.EditScript(p, t.Name, "", func(s *graph.Script) { *s = *ns })
		if err == nil {
			v.followRename(ns.Name)
		}
		return ed, err
	}
}

// followRename keeps showing an element the text renamed.
func (v *YAMLView) followRename(to string) {
	if to == v.target.Name {
		return
	}
	v.target.Name = to
	v.e.forms.sel.Name = to
	for _, ep := range []*forms.ListPanel{v.e.forms.objects, v.e.forms.actions, v.e.forms.scripts} {
		if ep.Kind() == v.target.Kind {
			ep.Follow(to)
		}
	}
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

// elementLines finds the lines (1-based, inclusive) of element t in whole,
// the canonical YAML of p: a state is the k-th item under "states:", an
// object type, action or script the k-th key under its list's key.
func elementLines(whole []byte, p *graph.Pack, t Target) (from, to int, ok bool) {
	key, k := "", -1
	switch t.Kind {
	case graph.StateRef:
		key = "states"
		for i, s := range p.States {
			if s.ID.String() == t.Name {
				k = i
				break
			}
		}
	case graph.ObjectTypeRef:
		key, k = "object_types", indexOf(namesOf(p.ObjectTypes, func(o *graph.ObjectType) string { return o.Name }), t.Name)
	case graph.ActionRef:
		key, k = "actions", indexOf(namesOf(p.Actions, func(a *graph.Action) string { return a.Name }), t.Name)
	case graph.ScriptRef:
		key, k = "scripts", indexOf(namesOf(p.Scripts, func(s *graph.Script) string { return s.Name }), t.Name)
	}
	if k < 0 {
		return 0, 0, false
	}
	starts := outline(string(whole))[key]
	if k+1 >= len(starts) {
		return 0, 0, false
	}
	return starts[k], starts[k+1] - 1, true
}

func indexOf(names []string, n string) int {
	for i, x := range names {
		if x == n {
			return i
		}
	}
	return -1
}

// outline finds where the elements of each top-level list of canonical YAML
// start: for each key ("states", "object_types", ...), the first line of
// each element, then the line after the last one.
func outline(text string) map[string][]int {
	out := map[string][]int{}
	top := ""
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	closeTop := func(at int) {
		if top != "" {
			out[top] = append(out[top], at)
		}
	}
	for i, l := range lines {
		n := i + 1
		switch {
		case l == "" || l[0] == '#':
		case l[0] != ' ' && l[0] != '-':
			closeTop(n)
			top, _, _ = strings.Cut(l, ":")
			out[top] = nil
		case top == "states" && strings.HasPrefix(l, "  - "):
			out[top] = append(out[top], n)
		case top != "states" && len(l) > 2 && strings.HasPrefix(l, "  ") && l[2] != ' ' && l[2] != '-':
			out[top] = append(out[top], n)
		}
	}
	closeTop(len(lines) + 1)
	return out
}
