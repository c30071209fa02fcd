package editor

// Work the editor does off the Fyne goroutine (background layouts, live
// checks, playtests, scenario runs) hands its result to the window through
// e.do, fyne.Do in the studio. Fyne's test driver runs fyne.Do's function
// at once on the calling goroutine, so in tests a result would reach the
// widgets while the test's goroutine works on them too (a label refreshed
// from two goroutines panics). Tests therefore queue those results and run
// them on their own goroutine: the editor's tests through useQueue, other
// packages' through SetDo and Wait.

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
}
