package editor

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph/packfile"
)

// modal is a dialog the editor shows and closes from the keyboard: Enter
// does what its main button does, Escape what its cancel button does.
type modal struct {
	d      dialog.Dialog
	enter  func()
	escape func()
}

// showModal shows d, modal, and lets Enter and Escape close it.
func (e *Editor) showModal(d dialog.Dialog, enter, escape func()) {
	m := &modal{d: d, enter: enter, escape: escape}
	e.modals = append(e.modals, m)
	d.SetOnClosed(func() {
		for i, o := range e.modals {
			if o == m {
				e.modals = append(e.modals[:i], e.modals[i+1:]...)
				break
			}
		}
	})
	d.Show()
}

// topModal returns the dialog shown last and still open, or nil.
func (e *Editor) topModal() *modal {
	if n := len(e.modals); n > 0 {
		return e.modals[n-1]
	}
	return nil
}

// showError shows err in the status line and in a modal dialog that Enter
// or Escape closes.
func (e *Editor) showError(err error) {
	e.setStatus(err.Error())
	d := dialog.NewError(err, e.win)
	e.showModal(d, d.Hide, d.Hide)
}

// confirm asks a yes/no question in a modal dialog: Enter says yes, Escape
// no.
func (e *Editor) confirm(title, message string, done func(bool)) {
	d := dialog.NewConfirm(title, message, done, e.win)
	e.showModal(d, d.Confirm, d.Dismiss)
}

// windowKey hears the keys no widget takes: those of the dialog shown.
func (e *Editor) windowKey(ev *fyne.KeyEvent) {
	m := e.topModal()
	if m == nil {
		return
	}
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		m.enter()
	case fyne.KeyEscape:
		m.escape()
	}
}

// busy reports whether a dialog, a prompt or a pop-up menu is showing: menu
// shortcuts then do nothing, so that no second dialog opens behind the first.
func (e *Editor) busy() bool {
	return e.win.Canvas().Overlays().Top() != nil
}

// guard returns f made to do nothing while the editor is busy.
func (e *Editor) guard(f func()) func() {
	return func() {
		if !e.busy() {
			f()
		}
	}
}

// confirmDiscard runs then at once when the pack has no unsaved changes,
// else after the designer agreed to lose them.
func (e *Editor) confirmDiscard(then func()) {
	if !e.Dirty() || e.pack == nil {
		then()
		return
	}
	e.confirm("Unsaved changes", "The pack has unsaved changes. Discard them?", func(ok bool) {
		if ok {
			e.discardAutosave()
			then()
		}
	})
}

// discardAutosave forgets the autosaved copy of the open project.
func (e *Editor) discardAutosave() {
	if as, ok := e.proj.(Autosaver); ok && !e.proj.ReadOnly() {
		as.DiscardAutosave()
	}
}

// openPath opens path (any form the studio reads), after asking about
// unsaved changes, and shows errors.
func (e *Editor) openPath(path string) {
	e.confirmDiscard(func() {
		if err := e.OpenOrOfferReadOnly(path); err != nil {
			e.showError(err)
		}
	})
}

// openDialog is File > Open: any form the studio reads.
func (e *Editor) openDialog() {
	d := e.askPath("Open a project or a rule pack", false, packfile.OpenExtensions, "", e.openPath)
	d.isPack = isPackFolder
}

// isPackFolder reports whether File > Open opens the folder dir rather than
// showing what is in it: a pack written as a folder (`studio export --dir`:
// it has a pack.yaml), or a BGA game's folder or States/ folder.
func isPackFolder(dir string) bool {
	if fi, err := os.Stat(filepath.Join(dir, "pack.yaml")); err == nil && !fi.IsDir() {
		return true
	}
	return packfile.Detect(dir) == packfile.BGA
}

// importDialog is File > Import BGA states.inc.php.
func (e *Editor) importDialog() {
	e.askPath("Import a BGA states.inc.php", false, []string{".php"}, "", func(path string) {
		e.confirmDiscard(func() {
			if err := e.ImportBGA(path); err != nil {
				e.showError(err)
			}
		})
	})
}

// saveOrAsk is File > Save: into the project, or Save As when there is none.
func (e *Editor) saveOrAsk() {
	err := e.Save()
	if errors.Is(err, ErrNoProject) {
		e.saveAsDialog()
		return
	}
	if err != nil {
		e.showError(err)
	}
}

// baseName is the file name suggested for the pack: its name, or "untitled".
func (e *Editor) baseName() string {
	if e.pack != nil && e.pack.Name != "" {
		return e.pack.Name
	}
	return "untitled"
}

// saveAsDialog is File > Save As: a new project file.
func (e *Editor) saveAsDialog() { e.saveAsThen(nil) }

// saveAsThen asks for a new project file, saves the pack in it and runs
// then (may be nil) once saved.
func (e *Editor) saveAsThen(then func()) {
	if e.pack == nil {
		return
	}
	e.askPath("Save the pack as a project", true, []string{".rulestudio"}, e.baseName()+".rulestudio", func(path string) {
		var err error
		switch {
		case e.proj != nil && sameFile(path, e.proj.Path()) && !e.proj.ReadOnly():
			err = e.Save()
		default: // the dialog asked before replacing a file
			err = e.SaveAs(path)
		}
		if err != nil {
			e.showError(err)
			return
		}
		if then != nil {
			then()
		}
	})
}

// sameFile reports whether two paths name the same file.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	if errA != nil || errB != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return os.SameFile(fa, fb)
}

// exportDialog is File > Export: the pack in format, to a file.
func (e *Editor) exportDialog(format packfile.Form) {
	if e.pack == nil {
		return
	}
	name := map[packfile.Form]string{FormatYAML: e.baseName() + ".yaml", FormatBGA: "states.inc.php", FormatDOT: e.baseName() + ".dot"}[format]
	ext := map[packfile.Form]string{FormatYAML: ".yaml", FormatBGA: ".php", FormatDOT: ".dot"}[format]
	e.askPath("Export the pack", true, []string{ext}, name, func(path string) {
		if err := e.Export(format, path); err != nil {
			e.showError(err)
			return
		}
		e.setStatus("exported " + path)
	})
}

// exportImageDialog is File > Export > Picture: the graph as PNG or SVG.
func (e *Editor) exportImageDialog(ext string) {
	if e.pack == nil {
		return
	}
	e.askPath("Export the state graph as "+strings.ToUpper(strings.TrimPrefix(ext, ".")), true, []string{ext}, e.baseName()+ext, func(path string) {
		if err := e.ExportImage(path); err != nil {
			e.showError(err)
			return
		}
		e.setStatus("exported " + path)
	})
}

// closeRequested closes the window, asking first when there are unsaved
// changes: save them, close without them, or stay.
func (e *Editor) closeRequested() {
	if !e.Dirty() || e.pack == nil {
		e.quit()
		return
	}
	var d *dialog.CustomDialog
	save := widget.NewButton("Save", func() {
		d.Hide()
		err := e.Save()
		switch {
		case errors.Is(err, ErrNoProject):
			e.saveAsThen(e.quit)
		case err != nil:
			e.showError(err)
		default:
			e.quit()
		}
	})
	save.Importance = widget.HighImportance
	discard := widget.NewButton("Close without saving", func() {
		d.Hide()
		e.discardAutosave()
		e.quit()
	})
	cancel := widget.NewButton("Cancel", func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons("Unsaved changes", widget.NewLabel("The pack has unsaved changes. Save them before closing?"), e.win)
	d.SetButtons([]fyne.CanvasObject{cancel, discard, save})
	e.showModal(d, save.OnTapped, d.Hide)
}
