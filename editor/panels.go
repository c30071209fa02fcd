package editor

import "fyne.io/fyne/v2"

// panelsMenu is View > Panels: every panel of the window, brought to the
// front (docked again first when a match's end or a Close took it away), so
// that none is ever out of reach.
func (e *Editor) panelsMenu() *fyne.Menu {
	return fyne.NewMenu("",
		e.item("States", nil, func() { e.ShowPanel(PanelGraph) }),
		e.item("Inspector", nil, func() { e.ShowPanel(PanelInspector) }),
		e.item("Diagnostics", nil, func() { e.ShowPanel(PanelDiagnostics) }),
		fyne.NewMenuItemSeparator(),
		e.item("Object types", nil, func() { e.ShowPanel(PanelObjectTypes) }),
		e.item("Actions", nil, func() { e.ShowPanel(PanelActions) }),
		e.item("Scripts", nil, func() { e.ShowPanel(PanelScripts) }),
		e.item("Display Hints", nil, func() { e.ShowPanel(PanelDisplay) }),
		e.item("YAML", nil, func() { e.ShowPanel(PanelYAML) }),
		fyne.NewMenuItemSeparator(),
		e.item("Play", nil, func() { e.ShowPanel(PanelPlay) }),
		e.item("Debugger", nil, func() { e.ShowPanel(PanelDebug) }),
		e.item("Tests", nil, func() { e.ShowPanel(PanelTests) }),
		e.item("Playtest Results", nil, func() { e.ShowPanel(PanelPlaytest) }),
	)
}

// ShowPanel brings the panel id (PanelInspector, PanelDebug…) to the front
// of its place. The Play and Debugger panels dock again when no match is
// shown (they say so), the Tests panel when it was closed; a playtest's
// results show only while there are some. It reports whether the panel is
// in the window now.
func (e *Editor) ShowPanel(id string) bool {
	switch id {
	case PanelPlay, PanelDebug:
		e.dockPlay()
	case PanelTests:
		if !e.Dock.Has(PanelTests) {
			e.ShowTests()
		}
	}
	if !e.Dock.Show(id) {
		e.setStatus("No playtest results: Tools > Playtest… plays some.")
		return false
	}
	return true
}
