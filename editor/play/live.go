package play

import (
	"time"

	"github.com/rulestudio/studio/preview"
)

// RerunDelay is how long the panels wait after the latest edit of the
// rules before they re-run the match shown on them: typing re-runs once
// per pause, not per keystroke.
const RerunDelay = 300 * time.Millisecond

// RerunSoon asks for the match shown to be played again on the pack as
// edited (Pack), once the designer pauses. Nothing happens without a match
// or a pack.
func (p *Panels) RerunSoon() {
	if p.sess == nil || p.Pack() == nil {
		return
	}
	p.links.rerun.Request(RerunDelay, p.Do, p.Open, p.startRerun)
}

// startRerun re-runs the match's current line on a copy of the pack, on a
// goroutine of its own, unless a newer request came since. One runs at a
// time: a request made meanwhile starts when it ends (a long match replays
// for a while; the runs must not pile up). The result is shown unless the
// pack or the match changed meanwhile; when only the match moved on, it is
// re-run again.
func (p *Panels) startRerun(gen int) {
	l := &p.links.rerun
	sess, pack := p.sess, p.Pack()
	if !l.Waiting(gen) || sess == nil || pack == nil {
		return
	}
	if l.busy {
		l.again = true
		return
	}
	l.Started()
	l.busy = true
	base, head, frozen := sess.Baseline(), sess.Head(), pack.Clone()
	l.running.Add(1)
	go func() {
		defer l.running.Done()
		r := base.Rerun(frozen)
		p.Do(func() { p.rerunDone(gen, sess, head, r) })
	}()
}

// rerunDone shows re-run gen's result when it is still news, and starts
// the request that waited for it.
func (p *Panels) rerunDone(gen int, sess *preview.Session, head int, r *preview.Rerun) {
	l := &p.links.rerun
	l.busy = false
	if l.again {
		l.again = false
		p.startRerun(l.Gen())
	}
	switch {
	case gen != l.Gen() || sess != p.sess:
		// another edit or another match since: its own run is coming, or none is wanted
	case sess.Head() != head:
		p.RerunSoon()
	default:
		p.showRerun(sess, head, r)
	}
}

// FlushRerun starts at once a re-run waiting for its timer, and WaitRerun
// waits for the one running to hand its result to Do: a test's way to
// settle the live re-run without sleeping.
func (p *Panels) FlushRerun() { p.links.rerun.Flush(p.startRerun) }

// WaitRerun waits until no re-run runs on its goroutine (see FlushRerun).
func (p *Panels) WaitRerun() { p.links.rerun.running.Wait() }
