package editor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/graph/packfile"
)

// ErrNoProject is returned by [Editor.Save] when the pack on screen has no
// project file it may write (it was imported or read from YAML, or its project
// is open read-only): use [Editor.SaveAs].
var ErrNoProject = errors.New("the pack has no project file yet: save it as a new project")

// Export formats for [Editor.Export].
const (
	FormatYAML = packfile.YAML // a multi-document YAML rule pack
	FormatBGA  = packfile.BGA  // a BGA states.inc.php
	FormatDOT  = packfile.DOT  // a Graphviz DOT graph
)

// Editor is a Rule Studio window: the graph canvas, the inspector of the
// selected state, the diagnostics list, menus and file dialogs, working on one
// pack at a time (kept in a project file once saved).
//
// The editor owns its pack: views hold copies and refer to states by id. All
// methods must be called on the Fyne goroutine.
type Editor struct {
	// View is the graph canvas.
	View *GraphView
	// Inspector shows the selected state.
	Inspector *Inspector
	// Diagnostics lists the validator's findings.
	Diagnostics *DiagnosticsView

	app    fyne.App
	win    fyne.Window
	store  Store
	proj   Project
	origin string         // where the pack came from when it has no project
	pack   *graph.Pack    // the pack on screen: hist.Pack()
	hist   *graph.History // every change of pack goes through it (nil when no pack)
	diags  []graph.Diagnostic
	status *widget.Label

	layouts   sync.WaitGroup // background layouts running (tests wait on it)
	layingOut bool           // a background layout of the pack on screen is running
	refining  int            // counts background layouts started; the latest one clears layingOut
	stop      context.CancelFunc
	stopped   context.Context // done when the window closes: background layouts stop their dot

	// do runs a function on the Fyne goroutine: fyne.Do (tests queue instead).
	do func(func())

	autosaveDelay time.Duration
	autosaveTimer *time.Timer
}

// AutosaveDelay is how long after the last edit the editor autosaves a pack
// whose project supports it ([Autosaver]).
const AutosaveDelay = 3 * time.Second

// New builds an editor window (not shown yet) in app; store opens and creates
// project files.
func New(app fyne.App, store Store) *Editor {
	e := &Editor{
		View:        NewGraphView(),
		Inspector:   NewInspector(),
		Diagnostics: NewDiagnosticsView(),
		app:         app,
		win:         app.NewWindow("Rule Studio"),
		store:       store,
		status:      widget.NewLabel(""),

		autosaveDelay: AutosaveDelay,
		do:            fyne.Do,
	}
	e.stopped, e.stop = context.WithCancel(context.Background())
	e.View.OnSelected = e.showState
	e.View.OnMoved = e.moved
	e.Diagnostics.OnSelected = e.diagnosticPicked

	toolbar := widget.NewToolbar(
		widget.NewToolbarAction(theme.FolderOpenIcon(), e.openDialog),
		widget.NewToolbarAction(theme.DocumentSaveIcon(), e.saveOrAsk),
		widget.NewToolbarSeparator(),
		widget.NewToolbarAction(theme.ZoomInIcon(), e.View.ZoomIn),
		widget.NewToolbarAction(theme.ZoomOutIcon(), e.View.ZoomOut),
		widget.NewToolbarAction(theme.ZoomFitIcon(), e.View.ZoomToFit),
		widget.NewToolbarAction(theme.ViewRefreshIcon(), e.Relayout),
	)
	top := container.NewBorder(nil, nil, toolbar, nil, container.NewHScroll(NewLegend()))
	side := container.NewVSplit(e.Inspector, e.Diagnostics)
	side.Offset = 0.62
	main := container.NewHSplit(e.View, side)
	main.Offset = 0.70
	e.win.SetContent(container.NewBorder(top, e.status, nil, nil, main))
	e.win.SetMainMenu(e.menu())
	// ctrl+plus, typed as ctrl+shift+= or on the keypad, zooms in too.
	for _, sc := range []*desktop.CustomShortcut{
		{KeyName: fyne.KeyEqual, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift},
		{KeyName: fyne.KeyPlus, Modifier: fyne.KeyModifierShortcutDefault},
	} {
		e.win.Canvas().AddShortcut(sc, func(fyne.Shortcut) { e.View.ZoomIn() })
	}
	e.win.Resize(fyne.NewSize(1400, 880))
	e.win.SetCloseIntercept(e.closeRequested)
	e.SetPack(nil, nil)
	return e
}

// Window returns the editor's window.
func (e *Editor) Window() fyne.Window { return e.win }

// Pack returns the pack on screen (nil when none). The caller must not keep
// it across edits.
func (e *Editor) Pack() *graph.Pack { return e.pack }

// Dirty reports whether the pack has changes not saved in its project (undo
// back to the saved pack clears it).
func (e *Editor) Dirty() bool { return e.hist != nil && !e.hist.Saved() }

// ProjectPath returns the project file's path, or "" when the pack has none.
func (e *Editor) ProjectPath() string {
	if e.proj == nil {
		return ""
	}
	return e.proj.Path()
}

// Open opens path by what it holds (packfile.Detect): a project file is
// opened, a BGA states.inc.php imported as a new unsaved pack, a YAML rule
// pack (one file, or a folder of documents) read as a new pack.
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

// ImportBGA reads a BGA states.inc.php and shows its state graph as a new,
// unsaved pack.
func (e *Editor) ImportBGA(path string) error {
	p, err := packfile.Files{}.ReadForm(path, packfile.BGA)
	if err != nil {
		return err
	}
	e.show(p, nil, path)
	e.hist.ForgetSaved()
	e.changed()
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
	return nil
}

// replaceProject closes the open project (if another) and remembers proj.
func (e *Editor) replaceProject(proj Project) {
	if e.proj != nil && e.proj != proj {
		e.proj.Close()
	}
	e.proj = proj
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

// refreshAll shows the pack again everywhere: canvas, diagnostics, inspector.
func (e *Editor) refreshAll() {
	var pos map[string]graph.Point
	if e.pack != nil {
		e.diags = append(graph.Check(e.pack), engine.Check(e.pack)...)
		if e.pack.Editor != nil {
			pos = e.pack.Editor.Positions
		}
	} else {
		e.diags = nil
	}
	e.View.SetGraph(e.pack, pos, e.diags)
	e.Diagnostics.SetDiagnostics(e.diags)
	e.Inspector.ShowState(e.pack, e.View.Selected(), e.diags)
}

// ensurePositions gives every state of the pack without a position (every
// state when all is true) one from the built-in layered layout, at once, as
// part of step st (0: the opening), and returns the ids it placed: the caller
// then asks for a better layout in the background with refineLayout, once it
// has updated the views.
func (e *Editor) ensurePositions(st graph.Step, all bool) []string {
	ids, quick := e.quickLayout(all)
	if len(ids) > 0 {
		if _, err := e.hist.Amend(st, graph.MoveStates(e.pack, quick, "automatic layout")); err != nil {
			e.setStatus("layout failed: " + err.Error())
		}
	}
	return ids
}

// quickLayout returns the states without a position (every state when all is
// true) and their places in the built-in layered layout.
func (e *Editor) quickLayout(all bool) ([]string, map[string]graph.Point) {
	p := e.pack
	var ids []string
	for _, s := range p.States {
		placed := false
		if p.Editor != nil {
			_, placed = p.Editor.Positions[s.ID.String()]
		}
		if all || !placed {
			ids = append(ids, s.ID.String())
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	layered := layout.Quick(p, layout.Options{})
	quick := map[string]graph.Point{}
	for _, id := range ids {
		if pt, ok := layered[id]; ok {
			quick[id] = pt
		}
	}
	return ids, quick
}

// refineLayout runs layout.Auto (Graphviz when installed, which can take
// seconds on a big graph) on a copy of the pack on another goroutine. When it
// is done, and step st is still the latest (the designer did nothing since),
// the states ids move to their new places as part of st, on the Fyne
// goroutine (fyne.Do).
func (e *Editor) refineLayout(st graph.Step, ids []string) {
	h := e.hist
	cp := e.pack.Clone()
	cp.Editor = nil
	e.refining++
	seq := e.refining
	e.layingOut = true
	e.updateTitle()
	e.layouts.Add(1)
	go func() {
		defer e.layouts.Done()
		auto, err := layout.Auto(e.stopped, cp, layout.Options{})
		e.do(func() {
			if e.hist != h {
				return // another pack is on screen
			}
			if e.refining == seq {
				e.layingOut = false
				e.updateTitle()
			}
			if err != nil {
				e.setStatus("automatic layout failed: " + err.Error())
				return
			}
			moved := map[string]graph.Point{}
			for _, id := range ids {
				if pt, ok := auto[id]; ok {
					moved[id] = pt
				}
			}
			ok, err := h.Amend(st, graph.MoveStates(e.pack, moved, ""))
			if err != nil {
				e.setStatus("automatic layout failed: " + err.Error())
			}
			if !ok {
				return // the designer did something meanwhile
			}
			e.View.SetGraph(e.pack, e.pack.Editor.Positions, e.diags)
			e.View.Refit()
			e.changed()
		})
	}()
}

// Relayout places every state again with the automatic layout: one undo
// step, which the background layout refines.
func (e *Editor) Relayout() {
	if e.pack == nil {
		return
	}
	ids, quick := e.quickLayout(true)
	st, err := e.hist.Do(graph.MoveStates(e.pack, quick, "automatic layout"))
	if err != nil {
		e.showError(err)
		return
	}
	e.View.SetGraph(e.pack, e.pack.Editor.Positions, e.diags)
	e.View.ZoomToFit()
	e.changed()
	e.refineLayout(st, ids)
}

// SelectState selects the state id (as written), shows it in the inspector
// and centres the view on it.
func (e *Editor) SelectState(id string) {
	e.View.Select(id)
	if e.View.Selected() != "" {
		e.View.CentreOn(id)
	}
	e.showState(e.View.Selected())
}

func (e *Editor) showState(id string) {
	e.Inspector.ShowState(e.pack, id, e.diags)
}

// moved records a drag of state id on the canvas (which has drawn it at to
// already) as an edit.
func (e *Editor) moved(id string, _, to graph.Point) {
	e.Do(graph.MoveStates(e.pack, map[string]graph.Point{id: to}, ""))
}

// Do applies ed to the pack on screen as a new undo step and shows what it
// touched. The edit must have been made against Pack().
func (e *Editor) Do(ed graph.Edit) {
	if e.hist == nil {
		return
	}
	if _, err := e.hist.Do(ed); err != nil {
		e.showError(err)
		return
	}
	e.touched(ed)
}

// Undo reverts the latest step.
func (e *Editor) Undo() {
	if e.hist == nil {
		return
	}
	ed, err := e.hist.Undo()
	if err != nil {
		e.showError(err)
	}
	if ed != nil {
		e.touched(ed)
		e.undone()
	}
}

// Redo applies again the step Undo last reverted.
func (e *Editor) Redo() {
	if e.hist == nil {
		return
	}
	ed, err := e.hist.Redo()
	if err != nil {
		e.showError(err)
	}
	if ed != nil {
		e.touched(ed)
		e.undone()
	}
}

// touched shows what ed changed: moved boxes alone when it only moved
// states, else the whole pack again.
func (e *Editor) touched(ed graph.Edit) {
	refs := ed.Touched()
	onlyMoves := true
	for _, r := range refs {
		if r.Kind != graph.PositionRef {
			onlyMoves = false
		}
	}
	if onlyMoves && e.pack.Editor != nil {
		for _, r := range refs {
			if pt, ok := e.pack.Editor.Positions[r.Name]; ok {
				e.View.MoveState(r.Name, pt)
			}
		}
	} else {
		e.refreshAll()
	}
	e.changed()
}

func (e *Editor) diagnosticPicked(d graph.Diagnostic) {
	if e.pack == nil || d.State.IsZero() {
		return
	}
	if s := e.pack.State(d.State); s != nil {
		e.SelectState(s.ID.String())
		return
	}
	e.SelectState(d.State.String())
}

// changed updates the title after the pack changed and, while it has unsaved
// changes, schedules an autosave.
func (e *Editor) changed() {
	e.updateTitle()
	if e.autosaveTimer != nil {
		e.autosaveTimer.Stop()
	}
	if _, ok := e.proj.(Autosaver); ok && e.Dirty() && e.autosaveDelay > 0 {
		// The timer fires on another goroutine: back to Fyne's with fyne.Do.
		e.autosaveTimer = time.AfterFunc(e.autosaveDelay, func() { e.do(e.autosave) })
	}
}

// undone drops the autosaved copy when undo or redo came back to the saved
// pack: there is nothing left to recover.
func (e *Editor) undone() {
	if as, ok := e.proj.(Autosaver); ok && !e.Dirty() && !e.proj.ReadOnly() {
		if err := as.DiscardAutosave(); err != nil {
			e.setStatus("autosave: " + err.Error())
		}
	}
}

// autosave keeps the unsaved pack in its project's autosave slot.
func (e *Editor) autosave() {
	as, ok := e.proj.(Autosaver)
	if !ok || !e.Dirty() || e.pack == nil || e.proj.ReadOnly() {
		return
	}
	if err := as.Autosave(e.pack); err != nil {
		e.setStatus("autosave failed: " + err.Error())
		return
	}
	e.updateTitle()
	e.setStatus(e.status.Text + " · autosaved " + time.Now().Format("15:04:05"))
}

func (e *Editor) updateTitle() {
	title := "Rule Studio"
	if e.pack != nil {
		title += " — " + packTitle(e.pack)
	}
	where := e.origin
	if e.proj != nil {
		where = e.proj.Path()
	}
	if where != "" {
		title += " (" + filepath.Base(where) + ")"
	}
	if e.proj != nil && e.proj.ReadOnly() {
		title += " [read-only]"
	}
	if e.Dirty() {
		title = "*" + title
	}
	e.win.SetTitle(title)
	if e.pack == nil {
		e.setStatus("No pack open. File > Open a project, or File > Import BGA states.inc.php.")
		return
	}
	nt := 0
	for _, s := range e.pack.States {
		nt += len(s.Transitions)
	}
	state := "saved"
	if e.layingOut {
		where += " · laying out…"
	}
	switch {
	case e.proj == nil:
		state = "not saved in a project yet"
	case e.Dirty():
		state = "unsaved changes"
	}
	e.setStatus(fmt.Sprintf("%d states, %d transitions, %d diagnostics · %s · %s", len(e.pack.States), nt, len(e.diags), where, state))
}

func (e *Editor) setStatus(s string) { e.status.SetText(s) }

// Save stores the pack, positions included, as a new revision of its project.
func (e *Editor) Save() error {
	if e.pack == nil {
		return errors.New("no pack to save")
	}
	if e.proj == nil {
		return ErrNoProject
	}
	if e.proj.ReadOnly() {
		return fmt.Errorf("%s is open read-only: %w", filepath.Base(e.proj.Path()), ErrNoProject)
	}
	if err := e.proj.Save(e.pack, "save from the editor"); err != nil {
		return fmt.Errorf("save %s: %w", e.proj.Path(), err)
	}
	e.hist.MarkSaved()
	e.updateTitle()
	return nil
}

// SaveAs creates a new project file at path, stores the pack in it and makes
// it the editor's project.
func (e *Editor) SaveAs(path string) error {
	if e.pack == nil {
		return errors.New("no pack to save")
	}
	proj, err := e.store.Create(path)
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if err := proj.Save(e.pack, "first save"); err != nil {
		proj.Close()
		return fmt.Errorf("save %s: %w", path, err)
	}
	e.replaceProject(proj)
	e.origin = ""
	e.hist.MarkSaved()
	e.updateTitle()
	return nil
}

// ExportBytes renders the pack in format (FormatYAML, FormatBGA, FormatDOT).
func (e *Editor) ExportBytes(format packfile.Form) ([]byte, error) {
	if e.pack == nil {
		return nil, errors.New("no pack to export")
	}
	var b bytes.Buffer
	if err := packfile.Encode(&b, format, e.pack); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Export writes the pack in format to the file at path, atomically
// (packfile.Files.Write).
func (e *Editor) Export(format packfile.Form, path string) error {
	if e.pack == nil {
		return errors.New("no pack to export")
	}
	if err := (packfile.Files{}).Write(path, format, e.pack); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	return nil
}

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
		fyne.NewMenuItem("Graphviz DOT…", func() { e.exportDialog(FormatDOT) }),
	)
	file := fyne.NewMenu("File",
		item("Open…", ctrl(fyne.KeyO), e.openDialog),
		item("Import BGA states.inc.php…", ctrl(fyne.KeyI), e.importDialog),
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

func (e *Editor) showError(err error) {
	e.setStatus(err.Error())
	dialog.ShowError(err, e.win)
}

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

func (e *Editor) openDialog() {
	e.fileOpen(packfile.OpenExtensions, func(path string) {
		if err := e.OpenOrOfferReadOnly(path); err != nil {
			e.showError(err)
		}
	})
}

func (e *Editor) importDialog() {
	e.fileOpen([]string{".php"}, func(path string) {
		if err := e.ImportBGA(path); err != nil {
			e.showError(err)
		}
	})
}

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

func (e *Editor) baseName() string {
	if e.pack != nil && e.pack.Name != "" {
		return e.pack.Name
	}
	return "untitled"
}

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

func (e *Editor) closeRequested() {
	if !e.Dirty() || e.pack == nil {
		e.quit()
		return
	}
	dialog.ShowConfirm("Unsaved changes", "The pack has unsaved changes. Close without saving?", func(ok bool) {
		if !ok {
			return
		}
		if as, isAS := e.proj.(Autosaver); isAS {
			as.DiscardAutosave()
		}
		e.quit()
	}, e.win)
}

func (e *Editor) quit() {
	e.stop()
	if e.autosaveTimer != nil {
		e.autosaveTimer.Stop()
	}
	if e.proj != nil {
		e.proj.Close()
		e.proj = nil
	}
	e.win.Close()
}
