package editor

import (
	"errors"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/rulestudio/studio/graph/packfile"
)

// showError shows err in the status line and in a dialog.
func (e *Editor) showError(err error) {
	e.setStatus(err.Error())
	dialog.ShowError(err, e.win)
}

// fileOpen asks for a file to open (with one of exts, when given) and
// calls done with its path.
func (e *Editor) fileOpen(exts []string, done func(path string)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			e.showError(err)
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		done(path)
	}, e.win)
	if len(exts) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(exts))
	}
	if wd, err := os.Getwd(); err == nil {
		if l, err := storage.ListerForURI(storage.NewFileURI(wd)); err == nil {
			d.SetLocation(l)
		}
	}
	d.Resize(fyne.NewSize(900, 620))
	d.Show()
}

// fileSave asks where to save a file, suggesting name, and calls done with
// the path.
func (e *Editor) fileSave(name string, done func(path string)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			e.showError(err)
			return
		}
		if w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		done(path)
	}, e.win)
	d.SetFileName(name)
	d.Resize(fyne.NewSize(900, 620))
	d.Show()
}

// openDialog is File > Open: any form the studio reads.
func (e *Editor) openDialog() {
	e.fileOpen(packfile.OpenExtensions, func(path string) {
		if err := e.OpenOrOfferReadOnly(path); err != nil {
			e.showError(err)
		}
	})
}

// importDialog is File > Import BGA states.inc.php.
func (e *Editor) importDialog() {
	e.fileOpen([]string{".php"}, func(path string) {
		if err := e.ImportBGA(path); err != nil {
			e.showError(err)
		}
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
func (e *Editor) saveAsDialog() {
	if e.pack == nil {
		return
	}
	e.fileSave(e.baseName()+".rulestudio", func(path string) {
		// The dialog created an empty file; the project store makes its own.
		if fi, err := os.Stat(path); err == nil && fi.Size() == 0 {
			os.Remove(path)
		}
		if err := e.SaveAs(path); err != nil {
			e.showError(err)
		}
	})
}

// exportDialog is File > Export: the pack in format, to a file.
func (e *Editor) exportDialog(format packfile.Form) {
	if e.pack == nil {
		return
	}
	name := map[packfile.Form]string{FormatYAML: e.baseName() + ".yaml", FormatBGA: "states.inc.php", FormatDOT: e.baseName() + ".dot"}[format]
	e.fileSave(name, func(path string) {
		if err := e.Export(format, path); err != nil {
			e.showError(err)
			return
		}
		e.setStatus("exported " + path)
	})
}
