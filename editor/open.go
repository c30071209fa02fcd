package editor

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2/dialog"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
)

// Open opens path by what it holds (packfile.Detect): a project file is
// opened, a BGA game (states.inc.php, game folder or States/ folder) imported
// as a new unsaved pack, a YAML rule pack (one file, or a folder of
// documents) read as a new pack.
func (e *Editor) Open(path string) error {
	switch form := packfile.Detect(path); form {
	case packfile.Project:
		return e.OpenProject(path)
	case packfile.BGA:
		return e.ImportBGA(path)
	default:
		return e.openFile(path, form)
	}
}

// OpenProject opens the project file at path and shows its pack. When another
// studio holds the project the error wraps ErrLocked (see OpenOrOfferReadOnly).
func (e *Editor) OpenProject(path string) error {
	return e.openProject(path, e.store.Open)
}

// OpenProjectReadOnly opens the project file at path for reading only: the pack
// shows, and File > Save asks for a new file.
func (e *Editor) OpenProjectReadOnly(path string) error {
	return e.openProject(path, e.store.OpenReadOnly)
}

// OpenOrOfferReadOnly opens path like Open; when the project is held by another
// studio it says by whom and offers to open it read-only. Other errors are
// returned.
func (e *Editor) OpenOrOfferReadOnly(path string) error {
	err := e.Open(path)
	if !errors.Is(err, ErrLocked) {
		return err
	}
	dialog.ShowConfirm("Project in use", err.Error()+"\n\nOpen it read-only?", func(ok bool) {
		if !ok {
			return
		}
		if err := e.OpenProjectReadOnly(path); err != nil {
			e.showError(err)
		}
	}, e.win)
	return nil
}

func (e *Editor) openProject(path string, open func(string) (Project, error)) error {
	proj, err := open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	p, err := proj.Pack()
	if err != nil {
		proj.Close()
		return fmt.Errorf("open %s: %w", path, err)
	}
	if p == nil {
		p = &graph.Pack{Format: graph.FormatVersion, Name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))}
	}
	e.show(p, proj, "")
	e.remember(path)
	if !proj.ReadOnly() {
		e.offerRecovery(proj)
	}
	return nil
}

// offerRecovery asks whether to restore the autosaved pack of proj, when it
// has one newer than its last save.
func (e *Editor) offerRecovery(proj Project) {
	as, ok := proj.(Autosaver)
	if !ok {
		return
	}
	p, found, err := as.Recover()
	if err != nil {
		e.setStatus("autosave unreadable: " + err.Error())
		return
	}
	if !found {
		return
	}
	dialog.ShowConfirm("Unsaved changes found",
		"The studio stopped before these changes to "+filepath.Base(proj.Path())+" were saved. Restore them?",
		func(restore bool) {
			if e.proj != proj {
				return
			}
			if !restore {
				if err := as.DiscardAutosave(); err != nil {
					e.showError(err)
				}
				return
			}
			e.RestoreAutosave(p)
		}, e.win)
}

// RestoreAutosave shows p, recovered from the project's autosave, as unsaved
// changes to the open project: one edit, which undo takes back to the pack
// as saved.
func (e *Editor) RestoreAutosave(p *graph.Pack) {
	if e.pack == nil {
		e.show(p, e.proj, "")
		e.hist.ForgetSaved()
		e.changed()
		return
	}
	st, err := e.hist.Do(graph.ReplacePack(e.pack, p, "restore the autosave"))
	if err != nil {
		e.showError(err)
		return
	}
	placed := e.ensurePositions(st, false)
	e.refreshAll()
	e.View.ZoomToFitReadable()
	e.changed()
	if len(placed) > 0 {
		e.refineLayout(st, placed)
	}
}

// ImportBGA reads a BGA game (a states.inc.php, a game's folder or a States/
// folder; see bga.ImportPath) and shows its state graph as a new, unsaved
// pack, with the importer's warnings at the top of the diagnostics list.
func (e *Editor) ImportBGA(path string) error {
	p, warnings, err := packfile.Files{}.ReadFormWarnings(path, packfile.BGA)
	if err != nil {
		return err
	}
	e.show(p, nil, path)
	e.hist.ForgetSaved()
	e.changed()
	e.showImportWarnings(warnings)
	e.remember(path)
	return nil
}

// OpenYAML reads a rule pack from a YAML file (one document or several) as a
// new pack, not in a project.
func (e *Editor) OpenYAML(path string) error { return e.openFile(path, packfile.YAML) }

// openFile reads the pack at path in form as a new pack, not in a project.
func (e *Editor) openFile(path string, form packfile.Form) error {
	p, err := packfile.Files{}.ReadForm(path, form)
	if err != nil {
		return err
	}
	e.show(p, nil, path)
	e.remember(path)
	return nil
}

// replaceProject closes the open project (if another) and remembers proj.
func (e *Editor) replaceProject(proj Project) {
	if e.proj != nil && e.proj != proj {
		e.proj.Close()
	}
	e.proj = proj
	e.projectChanged() // tests_panel.go
}

// SetPack shows p (nil: nothing) as the pack of project proj (nil: not saved
// yet), closing the previous project. States without a saved position are laid
// out automatically; the view then zooms to fit.
func (e *Editor) SetPack(p *graph.Pack, proj Project) { e.show(p, proj, "") }

// show is SetPack for a pack read from origin (a file that is not a project).
func (e *Editor) show(p *graph.Pack, proj Project, origin string) {
	e.replaceProject(proj)
	e.origin = origin
	e.pack, e.hist = p, nil
	e.imported = nil
	e.EndMatch()
	e.ClearPlaytest()   // its counts are the old pack's
	e.closeComparison() // so are the revisions it compares
	e.Play.ClearText()  // so are the debugger's filters and console
	e.loadBreakpoints()
	e.loadWatches()
	var placed []string
	if p != nil {
		e.hist = graph.NewHistory(p)
		placed = e.ensurePositions(0, false)
	}
	e.refreshAll()
	e.View.ZoomToFitReadable()
	e.updateTitle()
	if len(placed) > 0 {
		e.refineLayout(0, placed)
	}
}

// refreshAll shows the pack again everywhere: canvas, diagnostics (the BGA
// importer's warnings first, then the checks'), inspector.
func (e *Editor) refreshAll() {
	if e.pack != nil {
		e.Diagnostics.SetSource(e.pack.Source)
	}
	e.checkSoon() // the diagnostics come back from another goroutine (livecheck.go)
	e.refreshCanvas()
	e.Inspector.ShowState(e.pack, e.inspected(), e.diags)
	e.refreshForms()
}
