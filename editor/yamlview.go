package editor

import (
	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/graph"
)

// PanelYAML is the id of the YAML view in the Centre of the [Dock].
const PanelYAML = "yaml"

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
	v.SetScope(code.ScopeSelection)
	e.Dock.Show(PanelYAML)
	v.Load()
	e.win.Canvas().Focus(v.Code()) // SetCursor focuses only an editor drawn once
	v.Code().SetCursor(1, 1)
}

// yamlWindow is the window as the YAML view sees it (code.YAMLWindow): the
// Editor's pack and history, and the forms' selection and findings.
type yamlWindow struct{ *Editor }

// Selected is the element selected last anywhere, which the view shows.
func (w yamlWindow) Selected() graph.Ref {
	return graph.Ref{Kind: w.forms.sel.Kind, Name: w.forms.sel.Name}
}

// Renamed follows an element the view's text renamed: the selection, and
// the panel of its kind in place.
func (w yamlWindow) Renamed(kind graph.RefKind, to string) {
	w.forms.sel.Name = to
	for _, ep := range []*forms.ListPanel{w.forms.objects, w.forms.actions, w.forms.scripts} {
		if ep.Kind() == kind {
			ep.Follow(to)
		}
	}
}

// Findings are the latest findings placed in the pack's canonical YAML:
// none before a check of the pack shown, and none in the PHP files it was
// imported from.
func (w yamlWindow) Findings() []graph.Diagnostic {
	if w.forms.checked == nil || w.pack == nil {
		return nil
	}
	var out []graph.Diagnostic
	for _, f := range w.forms.findings {
		if f.File == w.pack.Source {
			out = append(out, f.Diagnostic)
		}
	}
	return out
}

// Title names an element for the view's heading.
func (w yamlWindow) Title(kind graph.RefKind, name string) string {
	return place.Title(w.pack, place.Target{Kind: kind, Name: name})
}
