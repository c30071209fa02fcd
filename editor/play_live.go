package editor

import (
	"time"

	"github.com/rulestudio/studio/preview"
)

// RerunDelay is how long the editor waits after the latest edit of the
// rules before it re-runs the match shown on them: typing re-runs once per
// pause, not per keystroke.
const RerunDelay = 300 * time.Millisecond

// rerunSoon asks for the match shown to be played again on the pack as
// edited, once the designer pauses. Nothing happens without a match.
func (e *Editor) rerunSoon() {
	if e.Play == nil || e.Play.sess == nil || e.pack == nil {
		return
	}
	e.Play.links.rerun.Request(RerunDelay, e.do, e.open, e.startRerun)
}

// startRerun re-runs the match's current line on a copy of the pack, on a
// goroutine of its own, unless a newer request came since. One runs at a
// time: a request made meanwhile starts when it ends (a long match replays
// for a while; the runs must not pile up). The result is shown unless the
// pack or the match changed meanwhile; when only the match moved on, it is
// re-run again.
func (e *Editor) startRerun(gen int) {
	l := &e.Play.links.rerun
	sess := e.Play.sess
	if !l.Waiting(gen) || sess == nil || e.pack == nil {
		return
	}
	if l.busy {
		l.again = true
		return
	}
	l.Started()
	l.busy = true
	base, head, frozen := sess.Baseline(), sess.Head(), e.pack.Clone()
	l.running.Add(1)
	go func() {
		defer l.running.Done()
		r := base.Rerun(frozen)
		e.do(func() { e.rerunDone(gen, sess, head, r) })
	}()
}

// rerunDone shows re-run gen's result when it is still news, and starts
// the request that waited for it.
func (e *Editor) rerunDone(gen int, sess *preview.Session, head int, r *preview.Rerun) {
	l := &e.Play.links.rerun
	l.busy = false
	if l.again {
		l.again = false
		e.startRerun(l.Gen())
	}
	switch {
	case gen != l.Gen() || sess != e.Play.sess:
		// another edit or another match since: its own run is coming, or none is wanted
	case sess.Head() != head:
		e.rerunSoon()
	default:
		e.Play.showRerun(sess, head, r)
	}
}

// flushRerun starts at once a re-run waiting for its timer (tests).
func (e *Editor) flushRerun() { e.Play.links.rerun.Flush(e.startRerun) }
