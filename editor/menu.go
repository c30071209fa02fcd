package editor

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// The window's keyboard shortcuts, each shown beside its menu item (README:
// "Keyboard shortcuts").
var (
	newShortcut        = ui.Ctrl(fyne.KeyN)
	openShortcut       = ui.Ctrl(fyne.KeyO)
	importShortcut     = ui.Ctrl(fyne.KeyI)
	saveShortcut       = ui.Ctrl(fyne.KeyS)
	saveAsShortcut     = ui.CtrlShift(fyne.KeyS)
	exportShortcut     = ui.Ctrl(fyne.KeyE)
	exportPNGShortcut  = ui.CtrlShift(fyne.KeyE)
	quitShortcut       = ui.Ctrl(fyne.KeyQ)
	newStateShortcut   = ui.CtrlShift(fyne.KeyN)
	duplicateShortcut  = ui.Ctrl(fyne.KeyD)
	findShortcut       = ui.Ctrl(fyne.KeyF)
	renameShortcut     = ui.Key(fyne.KeyF2)
	deleteShortcut     = ui.Key(fyne.KeyDelete)
	layoutShortcut     = ui.Ctrl(fyne.KeyL)
	layoutSelShortcut  = ui.CtrlShift(fyne.KeyL)
	zoomInShortcut     = ui.Ctrl(fyne.KeyEqual)
	zoomOutShortcut    = ui.Ctrl(fyne.KeyMinus)
	fitShortcut        = ui.Ctrl(fyne.Key0)
	readableShortcut   = ui.CtrlShift(fyne.Key0)
	actualSizeShortcut = ui.Ctrl(fyne.Key1)
	yamlShortcut       = ui.Ctrl(fyne.KeyU)
	playtestShortcut   = ui.CtrlShift(fyne.KeyP)
	newMatchShortcut   = ui.Ctrl(fyne.KeyM)
	hostShortcut       = ui.CtrlShift(fyne.KeyH)
	testsShortcut      = ui.CtrlShift(fyne.KeyT)
	breakpointShortcut = ui.Ctrl(fyne.KeyB)
)

// shortcutText is how a shortcut reads in help texts: "Ctrl+Shift+N".
func shortcutText(s *desktop.CustomShortcut) string {
	var parts []string
	if s.Modifier&fyne.KeyModifierShortcutDefault != 0 {
		parts = append(parts, "Ctrl")
	}
	if s.Modifier&fyne.KeyModifierShift != 0 {
		parts = append(parts, "Shift")
	}
	return strings.Join(append(parts, string(s.KeyName)), "+")
}

// item is a menu item with a shortcut, doing nothing while a dialog shows.
func (e *Editor) item(label string, sc fyne.Shortcut, f func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, e.guard(f))
	it.Shortcut = sc
	return it
}

// textItem is a menu item for a shortcut text fields have too (copy, cut,
// paste, select all): when a text field has the focus the shortcut goes to
// it, else f runs.
func (e *Editor) textItem(label string, sc fyne.Shortcut, f func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, func() {
		if f := e.win.Canvas().Focused(); f != nil && f != fyne.Focusable(e.View) {
			if w, ok := f.(fyne.Shortcutable); ok {
				w.TypedShortcut(sc)
			}
			return
		}
		if !e.busy() {
			f()
		}
	})
	it.Shortcut = sc
	return it
}

// menu builds the main menu; its shortcuts work anywhere in the window.
func (e *Editor) menu() *fyne.MainMenu {
	clip := e.app.Clipboard()
	export := fyne.NewMenuItem("Export", nil)
	export.ChildMenu = fyne.NewMenu("",
		e.item("YAML rule pack…", exportShortcut, func() { e.exportDialog(FormatYAML) }),
		e.item("BGA states.inc.php…", nil, func() { e.exportDialog(FormatBGA) }),
		e.item("BGA State classes…", nil, e.exportClassesDialog),
		e.item("Graphviz DOT…", nil, func() { e.exportDialog(FormatDOT) }),
		fyne.NewMenuItemSeparator(),
		e.item("Graph as PNG picture…", exportPNGShortcut, func() { e.exportImageDialog(".png") }),
		e.item("Graph as SVG drawing…", nil, func() { e.exportImageDialog(".svg") }),
	)
	recent := fyne.NewMenuItem("Open Recent", nil)
	recent.ChildMenu = e.recentMenu()
	quit := e.item("Quit", quitShortcut, e.closeRequested)
	quit.IsQuit = true
	file := fyne.NewMenu("File",
		e.item("New", newShortcut, e.New),
		e.item("Open…", openShortcut, e.openDialog),
		recent,
		e.item("Import BGA states.inc.php…", importShortcut, e.importDialog),
		e.item("Import BGA game folder…", nil, e.importFolderDialog),
		fyne.NewMenuItemSeparator(),
		e.item("Save", saveShortcut, e.saveOrAsk),
		e.item("Save As…", saveAsShortcut, e.saveAsDialog),
		export,
		fyne.NewMenuItemSeparator(),
		e.item("Compare Revisions…", nil, e.compareDialog),
		fyne.NewMenuItemSeparator(),
		quit,
	)
	types := fyne.NewMenuItem("State Type", nil)
	types.ChildMenu = e.typeMenu()
	edit := fyne.NewMenu("Edit",
		e.item("Undo", &fyne.ShortcutUndo{}, e.Undo),
		e.item("Redo", &fyne.ShortcutRedo{}, e.Redo),
		fyne.NewMenuItemSeparator(),
		e.textItem("Cut", &fyne.ShortcutCut{Clipboard: clip}, e.Cut),
		e.textItem("Copy", &fyne.ShortcutCopy{Clipboard: clip}, e.Copy),
		e.textItem("Paste", &fyne.ShortcutPaste{Clipboard: clip}, e.Paste),
		e.item("Duplicate", duplicateShortcut, e.Duplicate),
		e.item("Delete", deleteShortcut, e.DeleteSelection),
		e.textItem("Select All", &fyne.ShortcutSelectAll{}, e.selectAll),
		fyne.NewMenuItemSeparator(),
		e.item("New State", newStateShortcut, e.NewState),
		e.item("Rename…", renameShortcut, e.renameSelection),
		types,
		fyne.NewMenuItemSeparator(),
		e.item("Find State…", findShortcut, e.Find),
	)
	themes := fyne.NewMenuItem("Theme", nil)
	themes.ChildMenu = fyne.NewMenu("",
		e.item("Follow the System", nil, func() { e.SetTheme(ThemeSystem) }),
		e.item("Light", nil, func() { e.SetTheme(ThemeLight) }),
		e.item("Dark", nil, func() { e.SetTheme(ThemeDark) }),
	)
	panels := fyne.NewMenuItem("Panels", nil)
	panels.ChildMenu = e.panelsMenu() // panels.go
	view := fyne.NewMenu("View",
		panels,
		fyne.NewMenuItemSeparator(),
		e.item("Zoom In", zoomInShortcut, e.View.ZoomIn),
		e.item("Zoom Out", zoomOutShortcut, e.View.ZoomOut),
		e.item("Zoom to Fit", fitShortcut, e.View.ZoomToFit),
		e.item("Fit at a Readable Size", readableShortcut, e.View.ZoomToFitReadable),
		e.item("Actual Size", actualSizeShortcut, e.View.ResetZoom),
		fyne.NewMenuItemSeparator(),
		e.item("Automatic Layout", layoutShortcut, e.Relayout),
		e.item("Lay Out Selection", layoutSelShortcut, e.RelayoutSelection),
		fyne.NewMenuItemSeparator(),
		e.item("Edit as YAML", yamlShortcut, e.EditAsYAML),
		fyne.NewMenuItemSeparator(),
		themes,
	)
	tools := fyne.NewMenu("Tools",
		e.item("Playtest…", playtestShortcut, e.playtestDialog),
		e.item("Clear Playtest Results", nil, e.ClearPlaytest),
		fyne.NewMenuItemSeparator(),
		e.item("Tests", testsShortcut, e.ShowTests),
		fyne.NewMenuItemSeparator(),
		e.item("Check Hidden Information…", nil, e.CheckHiddenInformation),
	)
	e.mainMenu = fyne.NewMainMenu(file, edit, view, e.playMenu(), tools)
	return e.mainMenu
}

// typeMenu lists the BGA state types; picking one gives it to the selected
// states.
func (e *Editor) typeMenu() *fyne.Menu {
	m := fyne.NewMenu("")
	for _, t := range graph.StateTypes {
		m.Items = append(m.Items, e.item(string(t), nil, func() { e.setSelectionType(t) }))
	}
	return m
}

// selectAll is Edit > Select All on the canvas.
func (e *Editor) selectAll() {
	e.View.SelectAll()
	e.showState(e.View.Selected())
}

// contextMenu is the canvas's right-click menu, for what was clicked.
func (e *Editor) contextMenu(ev *fyne.PointEvent) {
	if e.pack == nil || e.busy() {
		return
	}
	var items []*fyne.MenuItem
	switch _, onEdge := e.View.SelectedTransition(); {
	case onEdge:
		items = append(items,
			fyne.NewMenuItem("Rename Transition…", e.renameSelection),
			fyne.NewMenuItem("Delete Transition", e.DeleteSelection))
	case len(e.View.Selection()) > 0:
		types := fyne.NewMenuItem("State Type", nil)
		types.ChildMenu = e.typeMenu()
		items = append(items,
			fyne.NewMenuItem("Rename…", e.renameSelection),
			types,
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Cut", e.Cut),
			fyne.NewMenuItem("Copy", e.Copy),
			fyne.NewMenuItem("Duplicate", e.Duplicate),
			fyne.NewMenuItem("Delete", e.DeleteSelection),
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Toggle Breakpoint", e.ToggleBreakpoint),
			fyne.NewMenuItem("Lay Out Selection", e.RelayoutSelection))
	default:
		at := e.View.ToWorld(ev.Position)
		items = append(items,
			fyne.NewMenuItem("New State Here", func() { e.createAt(at) }),
			fyne.NewMenuItem("Paste", e.Paste),
			fyne.NewMenuItem("Select All", e.selectAll),
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Automatic Layout", e.Relayout))
	}
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), e.win.Canvas(), ev.AbsolutePosition)
}

// toolbar is the row of buttons above the canvas.
func (e *Editor) toolbar() *widget.Toolbar {
	return widget.NewToolbar(
		ui.NewToolbarAction(theme.DocumentCreateIcon(), e.guard(e.New)),
		ui.NewToolbarAction(theme.FolderOpenIcon(), e.guard(e.openDialog)),
		ui.NewToolbarAction(theme.DocumentSaveIcon(), e.guard(e.saveOrAsk)),
		widget.NewToolbarSeparator(),
		ui.NewToolbarAction(theme.ContentUndoIcon(), e.guard(e.Undo)),
		ui.NewToolbarAction(theme.ContentRedoIcon(), e.guard(e.Redo)),
		widget.NewToolbarSeparator(),
		ui.NewToolbarAction(theme.ContentAddIcon(), e.guard(e.NewState)),
		ui.NewToolbarAction(theme.DeleteIcon(), e.guard(e.DeleteSelection)),
		ui.NewToolbarAction(theme.SearchIcon(), e.guard(e.Find)),
		widget.NewToolbarSeparator(),
		ui.NewToolbarAction(theme.ZoomInIcon(), e.View.ZoomIn),
		ui.NewToolbarAction(theme.ZoomOutIcon(), e.View.ZoomOut),
		ui.NewToolbarAction(theme.ZoomFitIcon(), e.View.ZoomToFit),
		ui.NewToolbarAction(theme.ViewRefreshIcon(), e.guard(e.Relayout)),
	)
}

// addShortcuts adds the window's shortcuts that no menu item shows: ctrl+plus,
// typed as ctrl+shift+= or on the keypad, zooms in too; ctrl+shift+Z redoes.
func (e *Editor) addShortcuts() {
	for _, sc := range ui.ZoomInShortcuts {
		e.win.Canvas().AddShortcut(sc, func(fyne.Shortcut) { e.View.ZoomIn() })
	}
	e.win.Canvas().AddShortcut(ui.RedoShortcut, func(fyne.Shortcut) { e.guard(e.Redo)() })
}
