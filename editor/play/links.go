package play

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
)

// playLinks ties the Play panels to the rest of the window: the event log's
// rows and a run error open the place of the pack they are about, the
// watch list follows the cursor, and the live re-run reports what an edit
// of the rules changes in the match shown.
type playLinks struct {
	watch watchList

	live     *fyne.Container // holds liveBox while there is a report, else nothing
	liveBox  *fyne.Container // the live report and its restart button
	liveText *widget.Label
	restart  *ui.Button
	rerun    liveRerun
}

// liveRerun is the state of the live re-run (live.go): like the live
// diagnostics, one run a short while after the latest edit, off the UI
// goroutine; a result for an older edit or another match is dropped.
type liveRerun struct {
	ui.Debounce
	busy    bool // a re-run is running
	again   bool // a request came while it ran: it starts when that one ends
	running sync.WaitGroup

	sess *preview.Session // the session the report shown is about
	head int              // its newest step then: a step taken since makes the report stale
	got  *preview.Rerun   // what the restart button restarts on
}

// attachLinks makes the Watch tab and the live report, and links the event
// log's rows to their sources.
func (p *Panels) attachLinks() {
	p.events.OnPicked = p.openEvent
	p.links.liveText = widget.NewLabel("")
	p.links.liveText.Wrapping = fyne.TextWrapWord
	p.links.restart = ui.NewButton("Restart on the edited rules", p.RestartOnEdited)
	p.links.liveBox = container.NewVBox(p.links.liveText, container.NewHBox(p.links.restart))
	p.links.live = container.NewStack()
	p.debugger.Append(container.NewTabItem("Watch", p.newWatchTab()))
}

// openEvent opens the source of e: the clause or action it comes from at
// the field that explains it, or the state it is about.
func (p *Panels) openEvent(e engine.Event) {
	if p.sess == nil || p.OpenPlace == nil {
		return
	}
	if t, ok := eventTarget(p.sess.Pack(), e); ok {
		p.OpenPlace(t)
	}
}

// openFailure opens the code a run error stopped the match in, at the
// failing line, when st is such a stop.
func (p *Panels) openFailure(st preview.Stop) {
	if st.Reason != preview.Failed || p.sess == nil || p.OpenPlace == nil {
		return
	}
	if t, ok := errorTarget(p.sess.Pack(), st.Err); ok {
		p.OpenPlace(t)
	}
}

// showLinks updates what follows the cursor: the watches, and the live
// report, hidden once the match it was about moved on.
func (p *Panels) showLinks() {
	p.showWatches()
	l := &p.links.rerun
	if l.sess != nil && (l.sess != p.sess || l.head != p.sess.Head()) {
		l.sess, l.got = nil, nil
		p.showLive(false)
	}
}

// showRerun shows what re-running the match's moves on the edited rules
// gave: the same steps, the first step that differs and which events
// changed, or why the rules no longer load; the restart button takes the
// re-run's match. It is the report for sess at its newest step head.
func (p *Panels) showRerun(sess *preview.Session, head int, r *preview.Rerun) {
	l := &p.links.rerun
	l.sess, l.head, l.got = sess, head, r
	p.links.liveText.SetText(rerunReport(r))
	if r.Session != nil {
		p.links.restart.Enable()
	} else {
		p.links.restart.Disable()
	}
	p.showLive(true)
}

// showLive shows or hides the live report. It swaps the content of a
// container that is always shown: showing a hidden one does not lay its
// parent out again until something else repaints (a hover).
func (p *Panels) showLive(show bool) {
	p.links.live.Objects = nil
	if show {
		p.links.live.Objects = []fyne.CanvasObject{p.links.liveBox}
	}
	p.links.live.Refresh()
}

// LiveReport returns the live re-run's report ("" when none shows).
func (p *Panels) LiveReport() string {
	if len(p.links.live.Objects) == 0 {
		return ""
	}
	return p.links.liveText.Text
}

// RestartOnEdited makes the match shown the one the live re-run played on
// the edited rules, with the same moves, breakpoints and cursor.
func (p *Panels) RestartOnEdited() {
	l := &p.links.rerun
	if l.got == nil || l.got.Session == nil || l.sess != p.sess {
		return
	}
	old, ns := p.sess, l.got.Session
	_ = ns.SetBreakpoints(old.Breakpoints()) // one the new rules lack is dropped
	atHead := old.Cursor() == old.Head()
	l.sess, l.got = nil, nil
	p.setSession(ns)
	p.showLive(false)
	said := fmt.Sprintf("Restarted on the edited rules with the match's %d moves.", len(ns.Record().Moves))
	if n := len(ns.Lines()) - 1; n > 0 {
		said += " " + othersKept(n)
	}
	if !atHead {
		p.show()
		p.message.SetText(said)
		return
	}
	// At the newest step the match goes on as it did on the old rules: the
	// bots move until a person must act (the replay stops at the last move,
	// or at the step an error stopped the old match in).
	if err := ns.JumpTo(ns.Head()); err != nil {
		p.message.SetText(said + " " + err.Error())
		p.show()
		return
	}
	p.stopped(ns.Continue())
	p.message.SetText(strings.TrimSpace(said + " " + p.message.Text))
}

// othersKept says that the n lines of play besides the one shown were
// played again too.
func othersKept(n int) string {
	if n == 1 {
		return "The other line of play is kept, played again on them."
	}
	return fmt.Sprintf("The other %d lines of play are kept, played again on them.", n)
}

// rerunReport says what a live re-run found, for the Play panel.
func rerunReport(r *preview.Rerun) string {
	if r.LoadErr != nil {
		return "Live: the edited rules no longer load: " + r.LoadErr.Error()
	}
	var b strings.Builder
	switch {
	case r.Same:
		fmt.Fprintf(&b, "Live: the edited rules play this match the same through step %d.", r.Session.Head())
	case r.Step >= 0:
		fmt.Fprintf(&b, "Live: the edited rules differ first at step %d", r.Step)
		if len(r.Old) == 0 {
			b.WriteString(" (the match shown stopped before it)")
		}
		b.WriteString(":")
		for _, d := range changeWords(r.Old, r.New, 8) {
			b.WriteString("\n  " + d)
		}
	default:
		fmt.Fprintf(&b, "Live: the same events through step %d on the edited rules.", r.Session.Head())
	}
	if r.Refused != nil {
		b.WriteString("\nA recorded move is refused: " + r.Refused.Error())
	}
	for _, id := range slices.Sorted(maps.Keys(r.LinesRefused)) {
		fmt.Fprintf(&b, "\nLine %d stops short: %v", id, r.LinesRefused[id])
	}
	return b.String()
}
