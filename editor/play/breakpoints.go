package play

import (
	"errors"
	"fmt"

	"github.com/rulestudio/studio/graph"
)

// playBreaks are the breakpoints the panels hand to each session they start.
type playBreaks struct {
	all  []graph.Breakpoint
	errs []error // per breakpoint of all, why the session refuses it (nil: it stops at it)
}

// SetBreakpoints makes the match shown, and each match started later, stop
// at bps (disabled ones are kept but do not stop it). A breakpoint the
// session refuses (an object type or property the pack lacks, a condition
// that does not compile) is left out; BreakpointErrors says why.
func (p *Panels) SetBreakpoints(bps []graph.Breakpoint) {
	p.breaks.all = append([]graph.Breakpoint(nil), bps...)
	p.arm()
}

// BreakpointErrors returns, per breakpoint given to SetBreakpoints, why the
// session refuses it (nil when it takes it, or no match runs).
func (p *Panels) BreakpointErrors() []error { return p.breaks.errs }

// arm hands the breakpoints the session takes to it.
func (p *Panels) arm() {
	p.breaks.errs = make([]error, len(p.breaks.all))
	if p.sess == nil {
		return
	}
	var ok []graph.Breakpoint
	for i, b := range p.breaks.all {
		if err := p.sess.SetBreakpoints([]graph.Breakpoint{b}); err != nil {
			if inner := errors.Unwrap(err); inner != nil {
				err = inner // not "breakpoint 1 (…)": its place is in the list
			}
			p.breaks.errs[i] = err
			continue
		}
		ok = append(ok, b)
	}
	if err := p.sess.SetBreakpoints(ok); err != nil {
		p.message.SetText(fmt.Sprintf("Breakpoints: %v", err))
	}
}

// End closes the match: the panels are emptied and OnState is called with
// "" (the canvas drops the match's marks).
func (p *Panels) End() {
	if p.sess == nil {
		return
	}
	p.sess = nil
	p.status.SetText("No match. Play > New match… starts one.")
	p.actions.RemoveAll()
	for _, l := range []interface{ SetText(string) }{p.refused, p.message, p.stack, p.exec, p.objects, p.output} {
		l.SetText("")
	}
	p.events.set(nil)
	p.table.clear()
	p.showLive(false) // a live report is about the match ended
	// The next match lists its actions afresh.
	k := p.picking
	k.acts, k.picks, k.next = nil, nil, nil
	k.lines.Hide()
	k.linesBox.Hide()
	k.wait.Hide()
	p.breaks.errs = make([]error, len(p.breaks.all))
	if p.OnState != nil {
		p.OnState("")
	}
}
