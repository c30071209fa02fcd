package editor

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/compare"
	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
)

// The ids of the editor's own panels in its [Dock].
const (
	PanelGraph       = "graph"       // the state graph canvas (Centre)
	PanelInspector   = "inspector"   // the inspector of the selected state (Side)
	PanelDiagnostics = "diagnostics" // the diagnostics list (SideBottom)
)

// Editor is a Rule Studio window: the graph canvas, the inspector of the
// selected state, the diagnostics list, menus and file dialogs, working on one
// pack at a time (kept in a project file once saved).
//
// The editor owns its pack: views hold copies and refer to states by id. All
// methods must be called on the Fyne goroutine.
type Editor struct {
	// View is the graph canvas.
	View *diagram.View
	// Inspector shows the selected state.
	Inspector *forms.Inspector
	// Diagnostics lists the validator's findings.
	Diagnostics *DiagnosticsView
	// Dock lays out the panels: View, Inspector and Diagnostics, and the
	// panels added later (forms, the YAML view, debugger panels).
	Dock *dock.Dock
	// OnQuit, when set, runs once the designer quit (File > Quit, ctrl+Q,
	// the window's close button): background work stopped, the project
	// closed and the window asked to close. The studio uses it to make sure
	// the process ends (cmd/studio's exitAfterQuit).
	OnQuit func()

	app    fyne.App
	win    fyne.Window
	store  Store
	proj   Project
	origin string         // where the pack came from when it has no project
	pack   *graph.Pack    // the pack on screen: hist.Pack()
	hist   *graph.History // every change of pack goes through it (nil when no pack)
	diags  []graph.Diagnostic
	// imported are the BGA importer's warnings about the pack on screen,
	// listed above the checks' diagnostics until another pack is shown.
	imported []graph.Diagnostic
	status   *widget.Label
	// imageDialog is the last Add image file dialog (images.go), for tests.
	imageDialog *pathDialog

	layouts   sync.WaitGroup // background layouts running (tests wait on it)
	layingOut bool           // a background layout of the pack on screen is running
	refining  int            // counts background layouts started; the latest one clears layingOut
	stop      context.CancelFunc
	stopped   context.Context // done when the window closes: background layouts stop their dot

	// do runs a function on the Fyne goroutine: fyne.Do (tests queue instead).
	do func(func())

	autosaveDelay time.Duration
	autosaveTimer *time.Timer

	forms *formPanels // object types, actions, scripts, the YAML view, live diagnostics (forms.go)

	hosting *hosting // the match hosted for people's browsers (host.go); nil: none

	// Play is the preview match and its debugger (editor/play).
	Play       *play.Panels
	modals     []*modal    // dialogs shown that Enter and Escape close, the last on top
	prompt     *prompt     // the name entry over the canvas, while one shows
	finder     *finder     // the Find dialog, while it shows
	pathDialog *pathDialog // the file dialog, while it shows
	mainMenu   *fyne.MainMenu
	tests      *testsPanel // the Tests panel (tests_panel.go), nil until first shown

	leaks       leakReport    // the latest Check Hidden Information (leakcheck.go)
	leakMatches int           // the matches it plays; 0: studio leaks' default (20)
	findBudget  time.Duration // how long Find a Match Where… searches; 0: 30 s, as studio find

	comparison     *compare.Panel // File > Compare Revisions…' tab (revisions.go), nil when none is docked
	compareMatches int            // the matches its measure plays; 0: compare.DefaultMatches

	bps      []SavedBreakpoint // the debugger's breakpoints (breakpoints.go)
	breakTab *breakTab         // the debugger's Breakpoints tab
}

// New builds an editor window (not shown yet) in app; store opens and creates
// project files.
func New(app fyne.App, store Store) *Editor {
	e := &Editor{
		View:        diagram.NewView(),
		Inspector:   forms.NewInspector(),
		Diagnostics: NewDiagnosticsView(),
		Dock:        dock.New(),
		app:         app,
		win:         app.NewWindow("Rule Studio"),
		store:       store,
		status:      widget.NewLabel(""),

		autosaveDelay: AutosaveDelay,
		do:            fyne.Do,
	}
	e.stopped, e.stop = context.WithCancel(context.Background())
	e.View.OnSelected = e.showState
	e.View.OnTransitionSelected = func(t diagram.TransitionRef) { e.showState(t.From) }
	e.View.OnMoved = e.moved
	e.View.OnCreate = e.createAt
	e.View.OnConnect = e.connect
	e.View.OnActivate = e.activate
	e.View.OnDelete = e.DeleteSelection
	e.View.OnMenu = e.contextMenu
	e.Diagnostics.OnSelected = e.diagnosticPicked

	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelGraph, Title: "States", Content: e.View})
	e.Dock.Add(dock.Side, dock.Panel{ID: PanelInspector, Title: "Inspector", Content: e.Inspector})
	e.Dock.Add(dock.SideBottom, dock.Panel{ID: PanelDiagnostics, Title: "Diagnostics", Content: e.Diagnostics})
	e.attachForms()
	e.attachPlay()
	// The toolbar keeps its height at the top when the legend beside it wraps.
	top := container.NewBorder(nil, nil, container.NewVBox(e.toolbar()), nil, diagram.NewLegend())
	// One line cut at the window's edge: a long message must neither widen
	// the window (its least width is the widest line's) nor, wrapped, push
	// everything above it up.
	e.status.Truncation = fyne.TextTruncateEllipsis
	e.win.SetContent(container.New(ui.NewTopFirstLayout(top, e.status, e.Dock.Object()), top, e.status, e.Dock.Object()))
	e.win.SetMainMenu(e.menu())
	e.addShortcuts()
	e.win.Canvas().SetOnTypedKey(e.windowKey)
	e.playKeys()
	e.win.SetOnDropped(e.dropped)
	e.win.Resize(fyne.NewSize(1400, 880))
	e.win.SetCloseIntercept(e.closeRequested)
	e.followTheme()
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

// SelectState selects the state id (as written) alone, shows it in the
// inspector and centres the view on it.
func (e *Editor) SelectState(id string) {
	e.View.Select(id)
	if e.View.Selected() != "" {
		e.View.CentreOn(id)
	}
	e.showState(e.View.Selected())
}

// inspected is the state the inspector shows for the canvas's selection:
// the primary selected state, or the state a selected arrow leaves ("": the
// pack). Reloading the inspector after an edit must keep it, or the form
// being typed in would give way to the pack's.
func (e *Editor) inspected() string {
	if t, ok := e.View.SelectedTransition(); ok {
		return t.From
	}
	return e.View.Selected()
}

// showState shows state id (or the pack, for "") in the inspector.
func (e *Editor) showState(id string) {
	e.Inspector.ShowState(e.pack, id, e.diags)
}

// diagnosticPicked selects the state a diagnostic the designer clicked is
// about.
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

// updateTitle shows the pack, its file and whether it is saved in the
// window's title and the status line.
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
	switch {
	case e.proj == nil:
		state = "not saved in a project yet"
	case e.Dirty():
		state = "unsaved changes"
	}
	parts := []string{fmt.Sprintf("%s, %s, %s", count(len(e.pack.States), "state"), count(nt, "transition"), count(len(e.diags), "diagnostic"))}
	if where != "" {
		parts = append(parts, where)
	}
	if e.layingOut {
		parts = append(parts, "laying out…")
	}
	e.setStatus(strings.Join(append(parts, state), " · "))
}

// setStatus shows s in the status line.
func (e *Editor) setStatus(s string) { e.status.SetText(s) }

// quit stops background work, closes the project and the window.
func (e *Editor) quit() {
	e.StopHosting()
	e.stop()
	if e.autosaveTimer != nil {
		e.autosaveTimer.Stop()
	}
	if e.proj != nil {
		e.proj.Close()
		e.proj = nil
	}
	e.win.Close()
	if e.OnQuit != nil {
		e.OnQuit()
	}
}
