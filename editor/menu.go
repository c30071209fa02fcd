package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// menu builds the main menu; its shortcuts work anywhere in the window.
func (e *Editor) menu() *fyne.MainMenu {
	ctrl := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
	}
	ctrlShift := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	}
	item := func(label string, sc fyne.Shortcut, f func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, f)
		it.Shortcut = sc
		return it
	}
	export := fyne.NewMenuItem("Export", nil)
	export.ChildMenu = fyne.NewMenu("",
		item("YAML rule pack…", ctrl(fyne.KeyE), func() { e.exportDialog(FormatYAML) }),
		fyne.NewMenuItem("BGA states.inc.php…", func() { e.exportDialog(FormatBGA) }),
		fyne.NewMenuItem("BGA State classes…", e.exportClassesDialog),
		fyne.NewMenuItem("Graphviz DOT…", func() { e.exportDialog(FormatDOT) }),
	)
	file := fyne.NewMenu("File",
		item("Open…", ctrl(fyne.KeyO), e.openDialog),
		item("Import BGA states.inc.php…", ctrl(fyne.KeyI), e.importDialog),
		fyne.NewMenuItem("Import BGA game folder…", e.importFolderDialog),
		fyne.NewMenuItemSeparator(),
		item("Save", ctrl(fyne.KeyS), e.saveOrAsk),
		item("Save As…", ctrlShift(fyne.KeyS), e.saveAsDialog),
		export,
	)
	edit := fyne.NewMenu("Edit",
		item("Undo", &fyne.ShortcutUndo{}, e.Undo),
		item("Redo", &fyne.ShortcutRedo{}, e.Redo),
	)
	view := fyne.NewMenu("View",
		item("Zoom In", ctrl(fyne.KeyEqual), e.View.ZoomIn),
		item("Zoom Out", ctrl(fyne.KeyMinus), e.View.ZoomOut),
		item("Zoom to Fit", ctrl(fyne.Key0), e.View.ZoomToFit),
		item("Actual Size", ctrl(fyne.Key1), e.View.ResetZoom),
		fyne.NewMenuItemSeparator(),
		item("Automatic Layout", ctrl(fyne.KeyL), e.Relayout),
	)
	return fyne.NewMainMenu(file, edit, view)
}

// toolbar is the row of buttons above the canvas.
func (e *Editor) toolbar() *widget.Toolbar {
	return widget.NewToolbar(
		widget.NewToolbarAction(theme.FolderOpenIcon(), e.openDialog),
		widget.NewToolbarAction(theme.DocumentSaveIcon(), e.saveOrAsk),
		widget.NewToolbarSeparator(),
		widget.NewToolbarAction(theme.ZoomInIcon(), e.View.ZoomIn),
		widget.NewToolbarAction(theme.ZoomOutIcon(), e.View.ZoomOut),
		widget.NewToolbarAction(theme.ZoomFitIcon(), e.View.ZoomToFit),
		widget.NewToolbarAction(theme.ViewRefreshIcon(), e.Relayout),
	)
}

// addShortcuts adds the window's shortcuts that no menu item shows: ctrl+plus,
// typed as ctrl+shift+= or on the keypad, zooms in too.
func (e *Editor) addShortcuts() {
	for _, sc := range []*desktop.CustomShortcut{
		{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		{KeyName: fyne.KeyPlus, Modifier: fyne.KeyModifierShortcutDefault},
	} {
		e.win.Canvas().AddShortcut(sc, func(fyne.Shortcut) { e.View.ZoomIn() })
	}
}
