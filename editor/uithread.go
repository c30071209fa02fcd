package editor

import "github.com/rulestudio/studio/editor/ui"

// Work the editor does off the Fyne goroutine (background layouts, live
// checks, playtests, scenario runs) hands its result to the window through
// e.do, fyne.Do in the studio. Fyne's test driver runs fyne.Do's function
// at once on the calling goroutine, so in tests a result would reach the
// widgets while the test's goroutine works on them too (a label refreshed
// from two goroutines panics). Tests therefore queue those results and run
// them on their own goroutine: a Queue given to SetDo, run by Settle.

// SetDo sets how results of background work reach the window: do must run
// each function on the goroutine that drives the window (fyne.Do, the
// default). Tests of other packages give a queue they run themselves after
// Wait. Call it before the editor shows a pack.
func (e *Editor) SetDo(do func(func())) { e.do = do }

// Wait blocks until the background work started so far (layouts, checks,
// playtests, scenario runs) is done and has handed its result to do. It
// starts at once a check still waiting for its delay. Running what do was
// given is the caller's: a result may ask for more work, so tests call
// Wait and run their queue until it stays empty.
func (e *Editor) Wait() {
	e.layouts.Wait()
	e.flushChecks()
	e.forms.live.running.Wait()
	e.forms.display.Wait()
}

// Settle waits for the editor's background work (Wait) and runs what it
// queued in q, until a round queues nothing more (at most ten rounds: a
// result may start more work, a layout a check).
func (e *Editor) Settle(q *ui.Queue) {
	for range 10 {
		e.Wait()
		if !q.Run() {
			return
		}
	}
}
