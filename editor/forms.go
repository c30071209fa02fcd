package editor

import (
	"strconv"
	"strings"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/graph"
)

// formPanels are the editor's forms and text views beside the canvas: the
// object types, actions and scripts panels, the YAML view, and the live
// diagnostics that mark them.
type formPanels struct {
	objects, actions, scripts *ElementPanel
	yaml                      *code.YAMLView

	live       liveCheck
	findings   []Finding // what the latest check found, with places
	checked    []byte    // the canonical YAML that check read
	sel        Target    // the latest element selected anywhere: what the YAML view shows
	refreshing bool      // the forms load after an edit (not a new selection)
}

// attachForms makes the form panels, docks them and wires the inspector and
// the diagnostics list to them. New calls it once.
func (e *Editor) attachForms() {
	e.forms = &formPanels{live: liveCheck{delay: CheckDelay, run: diagnose}}
	e.forms.objects = newObjectTypesPanel(e)
	e.forms.actions = newActionsPanel(e)
	e.forms.scripts = newScriptsPanel(e)
	e.forms.yaml = code.NewYAMLView(yamlWindow{e})
	e.Inspector.e = e
	e.Diagnostics.OnSelected = nil
	e.Diagnostics.OnPicked = e.OpenFinding
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelObjectTypes, Title: "Object types", Content: e.forms.objects})
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelActions, Title: "Actions", Content: e.forms.actions})
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelScripts, Title: "Scripts", Content: e.forms.scripts})
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelYAML, Title: "YAML", Content: e.forms.yaml})
	e.Dock.Show(PanelGraph)
}

// ObjectTypes returns the object types panel.
func (e *Editor) ObjectTypes() *ElementPanel { return e.forms.objects }

// Actions returns the actions panel.
func (e *Editor) Actions() *ElementPanel { return e.forms.actions }

// Scripts returns the scripts panel.
func (e *Editor) Scripts() *ElementPanel { return e.forms.scripts }

// YAML returns the YAML view.
func (e *Editor) YAML() *code.YAMLView { return e.forms.yaml }

// fail shows why an edit a form asked for was refused, without a dialog
// (the designer may be typing).
func (e *Editor) fail(err error) { e.setStatus(err.Error()) }

// refreshEdited shows what an edit touched: the canvas when it draws
// something that changed, the forms in place, and a check soon.
func (e *Editor) refreshEdited(refs []graph.Ref) {
	if id, ok := e.Inspector.follow(e.pack); ok { // the state shown has a new id
		e.refreshCanvas()
		e.View.Select(id)
		e.forms.sel = Target{Kind: graph.StateRef, Name: id}
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
	for _, ep := range []*ElementPanel{e.forms.objects, e.forms.actions, e.forms.scripts} {
		ep.refreshIfShown()
	}
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
	t := Target{Kind: graph.StateRef, Name: id}
	if id == "" {
		t = Target{Kind: graph.PackRef}
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
	marks := map[Target][]code.Mark{} // by element and field, Line and Column unset
	for _, f := range e.forms.findings {
		if f.Target.Line == 0 {
			continue
		}
		k := f.Target
		k.Line, k.Column = 0, 0
		marks[k] = append(marks[k], code.Mark{Line: f.Target.Line, Column: f.Target.Column, Severity: f.Severity, Message: f.Message})
	}
	mark := func(kind graph.RefKind, name string, fm *form) {
		if fm == nil {
			return
		}
		for path, c := range fm.codes {
			c.SetMarks(marks[Target{Kind: kind, Name: name, Field: namedPath(e.pack, kind, name, path)}])
		}
	}
	if in := e.Inspector; in.form != nil {
		if in.id != "" {
			mark(graph.StateRef, in.id, in.form)
		} else {
			mark(graph.PackRef, "", in.form)
		}
	}
	for _, ep := range []*ElementPanel{e.forms.objects, e.forms.actions, e.forms.scripts} {
		mark(ep.kind, ep.selected, ep.form)
	}
	e.forms.yaml.FindingsChanged()
}

// namedPath turns a form's place (list indexes: "params/0/domain",
// "methods/1/body") into the path the locator gives for the same field
// (YAML keys: "params/card/domain", "methods/attack/body"; the clause
// lists while, whenever and when are YAML lists and keep their indexes).
// For a pack field it prefixes nothing: the locator's path is the key.
func namedPath(p *graph.Pack, kind graph.RefKind, name, path string) string {
	if p == nil {
		return path
	}
	parts := strings.Split(path, "/")
	var clauses *graph.Clauses
	switch kind {
	case graph.StateRef:
		s := findState(p, name)
		if s == nil {
			return path
		}
		if len(parts) >= 2 && parts[0] == "params" {
			if i, err := strconv.Atoi(parts[1]); err == nil && i < len(s.Params) {
				parts[1] = s.Params[i].Name
			}
		}
		if len(parts) >= 2 && parts[0] == "transitions" {
			if i, err := strconv.Atoi(parts[1]); err == nil && i < len(s.Transitions) {
				parts[1] = s.Transitions[i].Name
			}
		}
		if len(parts) > 1 && parts[0] == "clauses" && s.Clauses != nil {
			clauses = s.Clauses
			parts = append([]string{"clauses"}, nameClausePath(clauses, parts[1:])...)
		}
	case graph.ObjectTypeRef:
		if t := p.ObjectTypes.Lookup(name); t != nil {
			parts = nameClausePath(&t.Clauses, parts)
		}
	case graph.ActionRef:
		if a := p.Actions.Lookup(name); a != nil && len(parts) >= 2 && parts[0] == "params" {
			if i, err := strconv.Atoi(parts[1]); err == nil && i < len(a.Params) {
				parts[1] = a.Params[i].Name
			}
		}
	}
	return strings.Join(parts, "/")
}

// nameClausePath names the members of a clause path: "methods/1/body" is
// "methods/attack/body", "variables/0/value" "variables/hp/value".
func nameClausePath(c *graph.Clauses, parts []string) []string {
	if len(parts) < 2 {
		return parts
	}
	i, err := strconv.Atoi(parts[1])
	if err != nil {
		return parts
	}
	out := append([]string(nil), parts...)
	switch parts[0] {
	case "properties":
		if i < len(c.Properties) {
			out[1] = c.Properties[i].Name
		}
	case "methods":
		if i < len(c.Methods) {
			out[1] = c.Methods[i].Name
			if len(out) >= 4 && out[2] == "params" {
				if j, err := strconv.Atoi(out[3]); err == nil && j < len(c.Methods[i].Params) {
					out[3] = c.Methods[i].Params[j].Name
				}
			}
		}
	case "variables":
		if i < len(c.Variables) {
			out[1] = c.Variables[i].Name
		}
	}
	return out
}

// indexedPath is the inverse of namedPath: the form's place of the field
// the locator names.
func indexedPath(p *graph.Pack, kind graph.RefKind, name, path string) string {
	if p == nil {
		return path
	}
	parts := strings.Split(path, "/")
	find := func(names []string, at int) {
		if at < len(parts) {
			if i := indexOf(names, parts[at]); i >= 0 {
				parts[at] = strconv.Itoa(i)
			}
		}
	}
	params := func(ps graph.Params, at int) {
		find(namesOf(ps, func(pr *graph.Param) string { return pr.Name }), at)
	}
	clauses := func(c *graph.Clauses, at int) {
		if at >= len(parts) {
			return
		}
		switch parts[at] {
		case "properties":
			find(namesOf(c.Properties, func(p *graph.Property) string { return p.Name }), at+1)
		case "variables":
			find(namesOf(c.Variables, func(v *graph.Variable) string { return v.Name }), at+1)
		case "methods":
			if at+1 < len(parts) {
				if m := indexOf(namesOf(c.Methods, func(m *graph.Method) string { return m.Name }), parts[at+1]); m >= 0 {
					parts[at+1] = strconv.Itoa(m)
					if at+3 < len(parts) && parts[at+2] == "params" {
						params(c.Methods[m].Params, at+3)
					}
				}
			}
		}
	}
	switch kind {
	case graph.StateRef:
		s := findState(p, name)
		if s == nil || len(parts) == 0 {
			break
		}
		switch parts[0] {
		case "params":
			params(s.Params, 1)
		case "transitions":
			find(namesOf(s.Transitions, func(t graph.Transition) string { return t.Name }), 1)
		case "clauses":
			if s.Clauses != nil {
				clauses(s.Clauses, 1)
			}
		}
	case graph.ObjectTypeRef:
		if t := p.ObjectTypes.Lookup(name); t != nil {
			clauses(&t.Clauses, 0)
		}
	case graph.ActionRef:
		if a := p.Actions.Lookup(name); a != nil && len(parts) > 0 && parts[0] == "params" {
			params(a.Params, 1)
		}
	}
	return strings.Join(parts, "/")
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
	path := indexedPath(e.pack, t.Kind, t.Name, t.Field)
	switch t.Kind {
	case graph.StateRef:
		e.Dock.Show(PanelGraph)
		e.Dock.Show(PanelInspector)
		e.SelectState(t.Name)
		e.Inspector.Reveal(path, t.Line, t.Column)
	case graph.ObjectTypeRef, graph.ActionRef, graph.ScriptRef:
		ep := map[graph.RefKind]*ElementPanel{graph.ObjectTypeRef: e.forms.objects, graph.ActionRef: e.forms.actions, graph.ScriptRef: e.forms.scripts}[t.Kind]
		e.Dock.Show(map[graph.RefKind]string{graph.ObjectTypeRef: PanelObjectTypes, graph.ActionRef: PanelActions, graph.ScriptRef: PanelScripts}[t.Kind])
		ep.Reveal(t.Name, path, t.Line, t.Column)
	case graph.PackRef:
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
