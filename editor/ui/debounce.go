package ui

import (
	"sync"
	"time"
)

// Debounce hands a job to the UI goroutine a while after the latest
// request, once: the live diagnostics and the live re-run wait for the
// designer to pause typing this way. Requests are numbered, so that a job or
// a result for an older one can see it is stale. Its methods must be called
// on the UI goroutine.
type Debounce struct {
	timer   *time.Timer
	gen     int            // counts requests
	pending bool           // a request waits for its timer
	firing  sync.WaitGroup // timers set and not stopped, until they have handed their job over
}

// Request drops the request waiting, if any, and asks for start(gen) to be
// handed to do after delay while open() holds (the window is still open);
// it returns the new request's gen.
func (d *Debounce) Request(delay time.Duration, do func(func()), open func() bool, start func(gen int)) int {
	d.Cancel()
	gen := d.gen
	d.pending = true
	d.firing.Add(1)
	d.timer = time.AfterFunc(delay, func() {
		defer d.firing.Done()
		if open() {
			do(func() { start(gen) })
		}
	})
	return gen
}

// Cancel drops the request waiting, if any, and counts one more request,
// so that a job or result on its way is stale.
func (d *Debounce) Cancel() {
	d.gen++
	d.pending = false
	if d.timer != nil && d.timer.Stop() {
		d.firing.Done() // it will not fire
	}
}

// Waiting reports whether gen is the newest request and has not started.
func (d *Debounce) Waiting(gen int) bool { return gen == d.gen && d.pending }

// Flush starts the request waiting at once (tests). A timer that has fired
// already may not have handed its job over yet (its goroutine runs late on
// a loaded machine): Flush waits until it has.
func (d *Debounce) Flush(start func(gen int)) {
	if d.pending && d.timer != nil && d.timer.Stop() {
		d.firing.Done()
		start(d.gen)
	}
	d.firing.Wait()
}

// Gen is the number of the newest request: a job or result for another is
// stale.
func (d *Debounce) Gen() int { return d.gen }

// Started marks the newest request as started (its job is running), so
// that Waiting no longer holds for it.
func (d *Debounce) Started() { d.pending = false }
