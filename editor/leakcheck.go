package editor

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/preview"
)

// Tools > Check Hidden Information runs the leak check of `studio leaks`
// (preview.CheckLeaks) on a copy of the pack, off the window's goroutine,
// with a progress bar and Cancel. Its report says what was checked and the
// first leak as the command prints it; Open the Match replays the match up
// to the leak in the Play panel and the debugger, at the step the seat
// received what it should not.

// leakReport is the window's part of the latest check.
type leakReport struct {
	last *preview.LeakReport // what it found; nil before a check ends
	text *widget.Label       // the report shown
	open *ui.Button          // Open the Match
}

// CheckHiddenInformation checks that no seat receives what it cannot see
// (Tools > Check Hidden Information…; docs/model.md, "Hidden
// information"): random bots play e.leakMatches matches and at every
// decision each seat's view, legal moves, notifications and event log are
// compared with copies dealing again what it cannot see.
func (e *Editor) CheckHiddenInformation() {
	if e.pack == nil {
		return
	}
	pack, hist := e.pack.Clone(), e.hist
	opts := preview.LeakOptions{Matches: e.leakMatches, Source: e.baseName()}
	if opts.Matches <= 0 {
		opts.Matches = 20
	}
	bar := widget.NewProgressBar()
	bar.Max = float64(opts.Matches)
	ctx, cancel := context.WithCancel(context.Background())
	wait := dialog.NewCustomWithoutButtons(fmt.Sprintf("Checking hidden information in %d matches…", opts.Matches), bar, e.win)
	stop := ui.NewButton("Cancel", func() { cancel() })
	wait.SetButtons([]fyne.CanvasObject{stop})
	wait.Resize(fyne.NewSize(400, 0))
	e.showModal(wait, func() {}, cancel)
	opts.Progress = func(done, _ int) { e.do(func() { bar.SetValue(float64(done)) }) }
	e.layouts.Add(1)
	go func() {
		defer e.layouts.Done()
		defer cancel()
		r, err := preview.CheckLeaks(ctx, pack, opts)
		e.do(func() {
			wait.Hide()
			switch {
			case e.hist != hist:
				e.setStatus("Hidden information check dropped: another pack was opened meanwhile.")
			case errors.Is(err, context.Canceled):
				e.setStatus("Hidden information check cancelled.")
			case err != nil:
				e.showError(err)
			default:
				e.showLeakReport(r)
			}
		})
	}()
}

// showLeakReport shows what a check found in a dialog.
func (e *Editor) showLeakReport(r *preview.LeakReport) {
	e.leaks.last = r
	var b strings.Builder
	if r.Leak != nil {
		fmt.Fprintf(&b, "%s\n\n", r.Leak)
	} else {
		b.WriteString("No leak: no seat received anything that changed when what it cannot see was dealt again.\n\n")
	}
	fmt.Fprintf(&b, "Matches played: %d. Decisions checked: %d. Copies dealt again: %d, of which %d told apart by an outcome the rules announce.",
		r.Matches, r.Decisions, r.Copies, r.Announced)
	text := widget.NewLabel(b.String())
	text.Wrapping = fyne.TextWrapWord
	e.leaks.text = text
	title := "Hidden information: no leak"
	if r.Leak != nil {
		title = "Hidden information: a leak"
		e.setStatus(r.Leak.String())
	}
	var d *dialog.CustomDialog
	open := ui.NewButton("Open the Match", func() {
		d.Hide()
		e.openLeak(r.Leak)
	})
	if r.Leak == nil {
		open.Disable()
	}
	e.leaks.open = open
	closeB := ui.NewButton("Close", func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(title, container.NewVScroll(text), e.win)
	d.SetButtons([]fyne.CanvasObject{closeB, open})
	d.Resize(fyne.NewSize(640, 320))
	e.showModal(d, func() {
		if r.Leak != nil {
			open.OnTapped()
		} else {
			d.Hide()
		}
	}, d.Hide)
}

// openLeak replays the match of leak l up to its step in the Play panel.
func (e *Editor) openLeak(l *preview.Leak) {
	if l == nil || e.pack == nil {
		return
	}
	s, err := preview.Replay(e.pack, l.Record, e.ProjectPath())
	if s == nil {
		e.showError(err)
		return
	}
	e.Play.Show(s, fmt.Sprintf("The leak to seat %d: %s %s.", l.Seat+1, l.Field, l.Why), err)
	e.showMatch()
}
