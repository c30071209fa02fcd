package editor

import (
	"io/fs"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/graph"
)

// The ids of the panels of the forms (package forms), in the Centre of the [Dock].
const (
	PanelObjectTypes = "object_types" // the object types and their clause cards
	PanelActions     = "actions"      // the pack's player actions
	PanelScripts     = "scripts"      // the pack's shared Starlark scripts
	PanelDisplay     = "display"      // the pack's display hints and their preview
)

// formPanels are the editor's forms and text views beside the canvas: the
// object types, actions and scripts panels, the YAML view, and the live
// diagnostics that mark them.
type formPanels struct {
	objects, actions, scripts *forms.ListPanel
	display                   *forms.DisplayPanel
	yaml                      *code.YAMLView

	live       liveCheck
	findings   []Finding    // what the latest check found, with places
	checked    []byte       // the canonical YAML that check read
	sel        place.Target // the latest element selected anywhere: what the YAML view shows
	refreshing bool         // the forms load after an edit (not a new selection)
}

// attachForms makes the form panels, docks them and wires the inspector and
// the diagnostics list to them. New calls it once.
func (e *Editor) attachForms() {
	e.forms = &formPanels{live: liveCheck{delay: CheckDelay, run: diagnose}}
	h := formHost{e}
	e.forms.objects = forms.NewObjectTypes(h)
	e.forms.actions = forms.NewActions(h)
	e.forms.scripts = forms.NewScripts(h)
	e.forms.display = forms.NewDisplay(h)
	e.forms.yaml = code.NewYAMLView(yamlWindow{e})
	e.Inspector.Attach(h)
	e.Diagnostics.OnSelected = nil
	e.Diagnostics.OnPicked = e.OpenFinding
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelObjectTypes, Title: "Object types", Content: e.forms.objects})
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelActions, Title: "Actions", Content: e.forms.actions})
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelScripts, Title: "Scripts", Content: e.forms.scripts})
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelDisplay, Title: "Display", Content: e.forms.display})
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelYAML, Title: "YAML", Content: e.forms.yaml})
	e.Dock.Show(PanelGraph)
}

// ObjectTypes returns the object types panel.
func (e *Editor) ObjectTypes() *forms.ListPanel { return e.forms.objects }

// Actions returns the actions panel.
func (e *Editor) Actions() *forms.ListPanel { return e.forms.actions }

// Scripts returns the scripts panel.
func (e *Editor) Scripts() *forms.ListPanel { return e.forms.scripts }

// Display returns the Display panel.
func (e *Editor) Display() *forms.DisplayPanel { return e.forms.display }

// YAML returns the YAML view.
func (e *Editor) YAML() *code.YAMLView { return e.forms.yaml }

// formHost is the window as the forms see it (forms.Host).
type formHost struct{ e *Editor }

func (h formHost) Pack() *graph.Pack               { return h.e.pack }
func (h formHost) Do(ed graph.Edit)                { h.e.Do(ed) }
func (h formHost) Merge(key string, ed graph.Edit) { h.e.Merge(key, ed) }
func (h formHost) Seal()                           { h.e.Seal() }
func (h formHost) Say(msg string)                  { h.e.setStatus(msg) }
func (h formHost) Focus(o fyne.Focusable)          { h.e.win.Canvas().Focus(o) }
func (h formHost) FormBuilt()                      { h.e.showFindings() }
func (h formHost) ShowDisplay()                    { h.e.ShowPanel(PanelDisplay) }
func (h formHost) Later(fn func())                 { h.e.do(fn) }
func (h formHost) Images() fs.FS                   { return h.e.images() }
func (h formHost) AddImage(then func(name string)) { h.e.addImage(then) }

// NewCode is a CodeEditor whose ctrl+Z and ctrl+Y are the window's undo
// and redo, and whose notes go to the status line.
func (h formHost) NewCode(rows int, fill bool, hooks forms.CodeHooks) forms.CodeField {
	c := code.NewEditor("starlark", fill, rows)
	c.OnChanged = hooks.Changed
	c.OnLeave = hooks.Leave
	c.OnUndo, c.OnRedo = h.e.Undo, h.e.Redo
	c.OnNote = h.e.setStatus
	return c
}

// StateShown makes the state the Inspector shows the YAML view's, but when
// the Inspector loads again after an edit (the selection is the same).
func (h formHost) StateShown(id string) {
	if !h.e.forms.refreshing {
		h.e.selectionShown(id)
	}
}

// Selected makes the element a panel shows the YAML view's.
func (h formHost) Selected(kind graph.RefKind, name string) {
	h.e.forms.sel = place.Target{Kind: kind, Name: name}
	h.e.refreshYAML()
}

// Renamed follows the element shown to its new name (the YAML view loads
// again after the edit anyway).
func (h formHost) Renamed(kind graph.RefKind, name string) {
	h.e.forms.sel = place.Target{Kind: kind, Name: name}
}

// refreshEdited shows what an edit touched: the canvas when it draws
// something that changed, the forms in place, and a check soon.
func (e *Editor) refreshEdited(refs []graph.Ref) {
	if id, ok := e.Inspector.Follow(e.pack); ok { // the state shown has a new id
		e.refreshCanvas()
		e.View.Select(id)
		e.forms.sel = place.Target{Kind: graph.StateRef, Name: id}
	} else if drawn(refs) {
		e.refreshCanvas()
	}
	e.checkSoon()
	id := e.inspected()
	if id == "" {
		// Nothing selected on the canvas now, though the Inspector showed a
		// state: the arrow selected was renamed or deleted. The form stays
		// (a state deleted gives way to the pack's).
		id = e.Inspector.Shown()
	}
	e.forms.refreshing = true
	e.Inspector.ShowState(e.pack, id, e.diags)
	e.forms.refreshing = false
	e.refreshForms()
}

// refreshCanvas draws the pack again (SetGraph keeps the selection), states
// an edit added without a position placed first (placeStrays).
func (e *Editor) refreshCanvas() {
	e.placeStrays()
	var pos map[string]graph.Point
	if e.pack != nil && e.pack.Editor != nil {
		pos = e.pack.Editor.Positions
	}
	e.View.SetBreakpointStates(e.breakpointDots()) // the states' ids or names may have changed
	e.View.SetGraph(e.pack, pos, e.diags)
	if e.breakTab != nil {
		e.breakTab.refresh() // the states it offers and names
	}
}

// drawn reports whether the canvas draws something refs name: anything but
// the texts of a state no box shows, and object types.
func drawn(refs []graph.Ref) bool {
	for _, r := range refs {
		switch {
		case r.Kind == graph.ObjectTypeRef:
		case r.Kind == graph.StateRef && (r.Field == "description" || r.Field == "descriptionmyturn" ||
			r.Field == "updateGameProgression" || strings.HasPrefix(r.Field, "params")):
		default:
			return true
		}
	}
	return false
}

// refreshForms loads the panels again from the pack (in place).
func (e *Editor) refreshForms() {
	if e.forms == nil {
		return
	}
	for _, ep := range []*forms.ListPanel{e.forms.objects, e.forms.actions, e.forms.scripts} {
		ep.RefreshIfShown()
	}
	e.forms.display.RefreshIfShown()
	e.forms.yaml.Stale()
	e.showFindings()
}

// refreshYAML shows the selection in the YAML view.
func (e *Editor) refreshYAML() {
	if e.forms != nil && e.forms.yaml != nil {
		e.forms.yaml.Stale()
	}
}

// selectionShown records that the inspector shows state id ("": the pack),
// for the YAML view.
func (e *Editor) selectionShown(id string) {
	t := place.Target{Kind: graph.StateRef, Name: id}
	if id == "" {
		t = place.Target{Kind: graph.PackRef}
	}
	if t != e.forms.sel {
		e.forms.sel = t
		e.refreshYAML()
	}
}

// showFindings marks the latest findings in the code fields of the forms
// and in the YAML view.
func (e *Editor) showFindings() {
	if e.forms == nil {
		return
	}
	marks := map[place.Target][]code.Mark{} // by element and field, Line and Column unset
	for _, f := range e.forms.findings {
		if f.Target.Line == 0 {
			continue
		}
		k := f.Target
		k.Line, k.Column = 0, 0
		marks[k] = append(marks[k], code.Mark{Line: f.Target.Line, Column: f.Target.Column, Severity: f.Severity, Message: f.Message})
	}
	mark := func(kind graph.RefKind, name string, fm *forms.Form) {
		if fm == nil {
			return
		}
		fm.EachCode(func(path string, c forms.CodeField) {
			c.(*code.Editor).SetMarks(marks[place.Target{Kind: kind, Name: name, Field: forms.NamedPath(e.pack, kind, name, path)}])
		})
	}
	if in := e.Inspector; in.Form() != nil {
		if in.Shown() != "" {
			mark(graph.StateRef, in.Shown(), in.Form())
		} else {
			mark(graph.PackRef, "", in.Form())
		}
	}
	for _, ep := range []*forms.ListPanel{e.forms.objects, e.forms.actions, e.forms.scripts} {
		mark(ep.Kind(), ep.Selected(), ep.Form())
	}
	e.forms.yaml.FindingsChanged()
}

// OpenFinding opens the place a finding is about: the YAML view's line when
// the designer is working in the YAML view and it shows it; else the
// state (selected, centred, its field or line of code opened in the
// inspector), the object type, action or script (its panel, its card, its
// line), or the pack's form.
func (e *Editor) OpenFinding(f Finding) {
	if e.pack == nil {
		return
	}
	if e.Dock.Front(dock.Centre) == PanelYAML && f.Pos.IsValid() && e.forms.checked != nil && f.File == e.pack.Source {
		y := e.forms.yaml
		if !y.RevealLine(f.Pos.Line, f.Pos.Column) {
			y.SetScope(code.ScopeWhole)
			y.RevealLine(f.Pos.Line, f.Pos.Column)
		}
		return
	}
	t := f.Target
	path := forms.IndexedPath(e.pack, t.Kind, t.Name, t.Field)
	switch t.Kind {
	case graph.StateRef:
		e.Dock.Show(PanelGraph)
		e.Dock.Show(PanelInspector)
		e.SelectState(t.Name)
		e.Inspector.Reveal(path, t.Line, t.Column)
	case graph.ObjectTypeRef, graph.ActionRef, graph.ScriptRef:
		ep := map[graph.RefKind]*forms.ListPanel{graph.ObjectTypeRef: e.forms.objects, graph.ActionRef: e.forms.actions, graph.ScriptRef: e.forms.scripts}[t.Kind]
		e.Dock.Show(map[graph.RefKind]string{graph.ObjectTypeRef: PanelObjectTypes, graph.ActionRef: PanelActions, graph.ScriptRef: PanelScripts}[t.Kind])
		ep.Reveal(t.Name, path, t.Line, t.Column)
	case graph.PackRef:
		if dp, ok := forms.DisplayPath(e.pack, t.Field); ok { // a display hint: its field in the Display panel
			e.ShowPanel(PanelDisplay)
			e.forms.display.Reveal(dp)
			return
		}
		e.SelectState("")
		e.Inspector.Reveal(path, t.Line, t.Column)
	default:
		if !f.State.IsZero() {
			if s := e.pack.State(f.State); s != nil {
				e.SelectState(s.ID.String())
			}
		}
	}
}
