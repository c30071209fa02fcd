package compare

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/preview/impact"
)

// MaxPlies stops a match Measure plays after this many actions (reported
// as an error), as `studio diff --impact` does by default: rules whose
// bots never end a match still give a report.
const MaxPlies = 10000

// measurement is the Impact tab: Measure Impact starts impact.Run off the
// window's goroutine with a progress bar, Cancel stops it (what was done is
// dropped, as a playtest's is), and the report is shown as the command
// line prints it.
type measurement struct {
	run, cancel *ui.Button
	bar         *widget.ProgressBar
	status      *widget.Label
	report      *widget.Label
	last        *impact.Report
	stop        context.CancelFunc // the run going on; nil when none
	gen         int                // counts runs, so that a cancelled one's late result is dropped
}

// build makes the tab's widgets.
func (m *measurement) build(p *Panel) {
	m.run = ui.NewButton("Measure Impact", p.Measure)
	m.cancel = ui.NewButton("Cancel", p.Cancel)
	m.cancel.Disable()
	m.bar = widget.NewProgressBar()
	m.bar.Hide()
	m.status = widget.NewLabel(fmt.Sprintf("Measure Impact replays the project's recorded matches and scenarios on both revisions "+
		"and plays %d matches of random bots on each, with the same seeds.", p.cfg.Matches))
	m.status.Wrapping = fyne.TextWrapWord
	m.report = widget.NewLabel("")
	m.report.TextStyle = fyne.TextStyle{Monospace: true}
}

// object is the tab's content (its buttons stand above the list of
// changes, so that they are there whichever tab is in front).
func (m *measurement) object() fyne.CanvasObject {
	top := container.NewVBox(m.bar, m.status)
	return container.NewBorder(top, nil, nil, nil, container.NewScroll(m.report))
}

// Measure measures the change's impact (package preview/impact) in the
// background; the Impact tab shows its progress, then its report.
func (p *Panel) Measure() {
	m := &p.measure
	if m.stop != nil {
		return
	}
	recorded, scenarios, err := p.cfg.Inputs()
	if err != nil {
		m.status.SetText("The project's recorded matches and scenarios cannot be read: " + err.Error())
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	m.stop = stop
	m.gen++
	gen := m.gen
	c := impact.Config{Before: p.cfg.Before, After: p.cfg.After, BeforeName: p.cfg.BeforeName, AfterName: p.cfg.AfterName,
		Recorded: recorded, Scenarios: scenarios, Matches: p.cfg.Matches, Seed: 1, MaxPlies: MaxPlies, Context: ctx}
	c.Progress = func(done, total int) {
		p.cfg.Do(func() {
			if gen == m.gen {
				m.bar.Max = float64(total)
				m.bar.SetValue(float64(done))
			}
		})
	}
	m.run.Disable()
	m.cancel.Enable()
	m.bar.SetValue(0)
	m.bar.Show()
	m.status.SetText(fmt.Sprintf("Replaying %d recorded matches and %d scenarios, playing %d matches on each revision…",
		len(recorded), len(scenarios), p.cfg.Matches))
	p.tabs.SelectIndex(1)
	p.cfg.Go(func() {
		r, err := impact.Run(c)
		p.cfg.Do(func() { p.measured(gen, r, err) })
	})
}

// measured shows what run gen found, unless another run started since.
func (p *Panel) measured(gen int, r *impact.Report, err error) {
	m := &p.measure
	if gen != m.gen {
		return
	}
	m.stop()
	m.stop = nil
	m.run.Enable()
	m.cancel.Disable()
	m.bar.Hide()
	switch {
	case errors.Is(err, context.Canceled):
		m.status.SetText("Cancelled: nothing is shown of a measure stopped half way.")
	case err != nil:
		m.status.SetText("The impact could not be measured: " + err.Error())
	default:
		m.last = r
		var b strings.Builder
		_ = r.WriteText(&b) // a strings.Builder does not fail
		m.report.SetText(b.String())
		m.status.SetText(summary(r))
	}
}

// Cancel stops the measure going on.
func (p *Panel) Cancel() {
	if m := &p.measure; m.stop != nil {
		m.stop()
	}
}

// Report returns the latest measure's report; nil before one ends.
func (p *Panel) Report() *impact.Report { return p.measure.last }

// Status returns what the Impact tab says above its report.
func (p *Panel) Status() string { return p.measure.status.Text }

// ReportText returns the report as the Impact tab shows it.
func (p *Panel) ReportText() string { return p.measure.report.Text }

// Measuring reports whether a measure is going on.
func (p *Panel) Measuring() bool { return p.measure.stop != nil }

// summary is the report in one sentence, for the line above it.
func summary(r *impact.Report) string {
	differ := 0
	for _, m := range r.Matches {
		if m.Outcome != impact.Same {
			differ++
		}
	}
	for _, s := range r.Scenarios {
		if s.Outcome != impact.Same {
			differ++
		}
	}
	s := fmt.Sprintf("%d of %d recorded matches and scenarios play differently.", differ, len(r.Matches)+len(r.Scenarios))
	if c := r.Play; c != nil {
		verdict := "not a significant change"
		if c.PValue < impact.Significance {
			verdict = "a significant change"
		}
		s += fmt.Sprintf(" The first seat wins %.1f%% of matches, %.1f%% before (p = %.3g: %s).",
			100*c.After.FirstSeat, 100*c.Before.FirstSeat, c.PValue, verdict)
	}
	return s
}
