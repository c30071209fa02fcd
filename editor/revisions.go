package editor

import (
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/compare"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/impact"
	"github.com/rulestudio/studio/preview/scenario"
)

// File > Compare Revisions… asks for two of the project's revisions and
// docks a compare.Panel beside the graph: both revisions' graph with what
// changed marked, the changes, each piece side by side, and the change's
// impact on the project's recorded matches and scenarios and on matches
// played on both, measured on demand.

// PanelCompare is the dock id of the comparison's tab.
const PanelCompare = "compare"

// RevisionKeeper is implemented by projects that keep the pack's
// revisions (every save is one: `studio log` lists them).
type RevisionKeeper interface {
	// Revisions lists every revision, oldest first.
	Revisions() ([]Revision, error)
	// PackAt returns the pack of revision id.
	PackAt(id int64) (*graph.Pack, error)
}

// Revision is one saved state of the pack: its number (from 1), when it
// was saved (UTC) and the message saved with it.
type Revision struct {
	ID      int64
	Time    time.Time
	Message string
}

// revisionLabel is how the dialog lists a revision.
func revisionLabel(r Revision) string {
	s := fmt.Sprintf("%d · %s", r.ID, r.Time.Local().Format("2006-01-02 15:04"))
	if r.Message != "" {
		s += " · " + r.Message
	}
	return s
}

// compareDialog is File > Compare Revisions…: two lists of the project's
// revisions, the one before the latest and the latest chosen.
func (e *Editor) compareDialog() {
	k, ok := e.proj.(RevisionKeeper)
	if !ok {
		e.showError(errors.New("compare revisions: the pack is not in a project, which keeps its revisions (File > Save As… makes one)"))
		return
	}
	revs, err := k.Revisions()
	if err != nil {
		e.showError(fmt.Errorf("compare revisions: %w", err))
		return
	}
	if len(revs) < 2 {
		e.showError(errors.New("compare revisions: the project has one revision so far; every File > Save makes another"))
		return
	}
	labels := make([]string, len(revs))
	for i, r := range revs {
		labels[i] = revisionLabel(r)
	}
	before, after := ui.NewSelect(labels, nil), ui.NewSelect(labels, nil)
	before.SetSelectedIndex(len(revs) - 2)
	after.SetSelectedIndex(len(revs) - 1)
	d := dialog.NewForm("Compare Revisions", "Compare", "Cancel",
		[]*widget.FormItem{widget.NewFormItem("Before", before), widget.NewFormItem("After", after)},
		func(ok bool) {
			if ok {
				if err := e.CompareRevisions(revs[before.SelectedIndex()].ID, revs[after.SelectedIndex()].ID); err != nil {
					e.showError(err)
				}
			}
		}, e.win)
	d.Resize(fyne.NewSize(520, 0))
	e.showModal(d, d.Submit, d.Dismiss)
}

// CompareRevisions docks the comparison of revisions a and b of the open
// project beside the graph (replacing an earlier one) and brings it to the
// front.
func (e *Editor) CompareRevisions(a, b int64) error {
	k, ok := e.proj.(RevisionKeeper)
	if !ok {
		return errors.New("compare revisions: the pack is not in a project")
	}
	before, err := k.PackAt(a)
	if err != nil {
		return fmt.Errorf("compare revisions: %w", err)
	}
	after, err := k.PackAt(b)
	if err != nil {
		return fmt.Errorf("compare revisions: %w", err)
	}
	p, err := compare.New(compare.Config{Before: before, After: after,
		BeforeName: fmt.Sprintf("revision %d", a), AfterName: fmt.Sprintf("revision %d", b),
		Positions: e.View.Positions(), Inputs: e.impactInputs, Matches: e.compareMatches,
		Go: e.background, Do: e.do})
	if err != nil {
		return fmt.Errorf("compare revisions: %w", err)
	}
	e.closeComparison()
	e.comparison = p
	e.Dock.Add(dock.Centre, dock.Panel{ID: PanelCompare, Title: fmt.Sprintf("Revisions %d → %d", a, b), Content: p.Object()})
	e.Dock.Show(PanelCompare)
	p.View.ZoomToFitReadable()
	e.win.Canvas().Focus(p.Focus())
	return nil
}

// Comparison returns the comparison docked, or nil.
func (e *Editor) Comparison() *compare.Panel { return e.comparison }

// closeComparison removes the comparison, stopping a measure of it (the
// pack or project it is of is going).
func (e *Editor) closeComparison() {
	if e.comparison == nil {
		return
	}
	e.comparison.Cancel()
	e.comparison = nil
	e.Dock.Remove(PanelCompare)
}

// background runs f off the window's goroutine; Wait waits for it.
func (e *Editor) background(f func()) {
	e.layouts.Add(1)
	go func() {
		defer e.layouts.Done()
		f()
	}()
}

// impactInputs reads what a measure of impact replays: the project's
// recorded matches and scenarios, as stored now.
func (e *Editor) impactInputs() ([]impact.Recorded, []impact.Scenario, error) {
	var recs []impact.Recorded
	if k, ok := e.proj.(MatchKeeper); ok {
		ms, err := k.SavedMatches()
		if err != nil {
			return nil, nil, err
		}
		for _, m := range ms {
			recs = append(recs, impact.Recorded{ID: m.ID, Name: m.Name, Record: m.Record})
		}
	}
	var scs []impact.Scenario
	if s := e.scenarios(); s != nil {
		ss, err := s.Scenarios()
		if err != nil {
			return nil, nil, err
		}
		for _, sc := range ss {
			scs = append(scs, impact.Scenario{Name: sc.Name, Path: scenario.StoredPath(e.proj.Path(), sc.Name), YAML: sc.YAML})
		}
	}
	return recs, scs, nil
}
