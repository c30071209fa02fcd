package editor

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
)

func ctrl(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

func ctrlShift(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// key is a shortcut without modifier: shown in a menu, handled by the
// canvas when it has the focus (Fyne's menus take only shortcuts with a
// modifier).
func key(k fyne.KeyName) *desktop.CustomShortcut { return &desktop.CustomShortcut{KeyName: k} }

// The window's keyboard shortcuts, each shown beside its menu item (README:
// "Keyboard shortcuts").
var (
	newShortcut        = ctrl(fyne.KeyN)
	openShortcut       = ctrl(fyne.KeyO)
	importShortcut     = ctrl(fyne.KeyI)
	saveShortcut       = ctrl(fyne.KeyS)
	saveAsShortcut     = ctrlShift(fyne.KeyS)
	exportShortcut     = ctrl(fyne.KeyE)
	exportPNGShortcut  = ctrlShift(fyne.KeyE)
	quitShortcut       = ctrl(fyne.KeyQ)
	newStateShortcut   = ctrlShift(fyne.KeyN)
	duplicateShortcut  = ctrl(fyne.KeyD)
	findShortcut       = ctrl(fyne.KeyF)
	renameShortcut     = key(fyne.KeyF2)
	deleteShortcut     = key(fyne.KeyDelete)
	layoutShortcut     = ctrl(fyne.KeyL)
	layoutSelShortcut  = ctrlShift(fyne.KeyL)
	zoomInShortcut     = ctrl(fyne.KeyEqual)
	zoomOutShortcut    = ctrl(fyne.KeyMinus)
	fitShortcut        = ctrl(fyne.Key0)
	readableShortcut   = ctrlShift(fyne.Key0)
	actualSizeShortcut = ctrl(fyne.Key1)
	yamlShortcut       = ctrl(fyne.KeyU)
	playtestShortcut   = ctrlShift(fyne.KeyP)
	newMatchShortcut   = ctrl(fyne.KeyM)
	testsShortcut      = ctrlShift(fyne.KeyT)
	breakpointShortcut = ctrl(fyne.KeyB)
	// The match's step keys, as the usual debuggers have them. Fyne's menus
	// take no shortcut without a modifier: the window hears them whatever
	// has the focus (winkeys.go), and these show them beside their items.
	continueShortcut = key(fyne.KeyF5)
	stepShortcut     = key(fyne.KeyF10)
	backShortcut     = key(fyne.KeyF9)
	forwardShortcut  = key(fyne.KeyF11)
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
		newWinToolbarAction(theme.DocumentCreateIcon(), e.guard(e.New)),
		newWinToolbarAction(theme.FolderOpenIcon(), e.guard(e.openDialog)),
		newWinToolbarAction(theme.DocumentSaveIcon(), e.guard(e.saveOrAsk)),
		widget.NewToolbarSeparator(),
		newWinToolbarAction(theme.ContentUndoIcon(), e.guard(e.Undo)),
		newWinToolbarAction(theme.ContentRedoIcon(), e.guard(e.Redo)),
		widget.NewToolbarSeparator(),
		newWinToolbarAction(theme.ContentAddIcon(), e.guard(e.NewState)),
		newWinToolbarAction(theme.DeleteIcon(), e.guard(e.DeleteSelection)),
		newWinToolbarAction(theme.SearchIcon(), e.guard(e.Find)),
		widget.NewToolbarSeparator(),
		newWinToolbarAction(theme.ZoomInIcon(), e.View.ZoomIn),
		newWinToolbarAction(theme.ZoomOutIcon(), e.View.ZoomOut),
		newWinToolbarAction(theme.ZoomFitIcon(), e.View.ZoomToFit),
		newWinToolbarAction(theme.ViewRefreshIcon(), e.guard(e.Relayout)),
	)
}

// addShortcuts adds the window's shortcuts that no menu item shows: ctrl+plus,
// typed as ctrl+shift+= or on the keypad, zooms in too; ctrl+shift+Z redoes.
func (e *Editor) addShortcuts() {
	for _, sc := range zoomInShortcuts {
		e.win.Canvas().AddShortcut(sc, func(fyne.Shortcut) { e.View.ZoomIn() })
	}
	e.win.Canvas().AddShortcut(redoShortcut, func(fyne.Shortcut) { e.guard(e.Redo)() })
}

// zoomInShortcuts and redoShortcut are the window's shortcuts that no menu
// item shows (an item shows one): the text fields pass them on
// (shortcutToWindow).
var (
	zoomInShortcuts = []*desktop.CustomShortcut{
		{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		{KeyName: fyne.KeyPlus, Modifier: fyne.KeyModifierShortcutDefault},
	}
	redoShortcut = ctrlShift(fyne.KeyZ)
)
