package editor

import (
	"sync"
	"time"
)

// debounce hands a job to the UI goroutine a while after the latest
// request, once: the live diagnostics and the live re-run wait for the
// designer to pause typing this way. Requests are numbered, so that a job or
// a result for an older one can see it is stale. Its methods must be called
// on the UI goroutine.
type debounce struct {
	timer   *time.Timer
	gen     int            // counts requests
	pending bool           // a request waits for its timer
	firing  sync.WaitGroup // timers set and not stopped, until they have handed their job over
}

// request drops the request waiting, if any, and asks for start(gen) to be
// handed to do after delay while open() holds (the window is still open);
// it returns the new request's gen.
func (d *debounce) request(delay time.Duration, do func(func()), open func() bool, start func(gen int)) int {
	d.cancel()
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

// cancel drops the request waiting, if any, and counts one more request,
// so that a job or result on its way is stale.
func (d *debounce) cancel() {
	d.gen++
	d.pending = false
	if d.timer != nil && d.timer.Stop() {
		d.firing.Done() // it will not fire
	}
}

// waiting reports whether gen is the newest request and has not started.
func (d *debounce) waiting(gen int) bool { return gen == d.gen && d.pending }

// flush starts the request waiting at once (tests). A timer that has fired
// already may not have handed its job over yet (its goroutine runs late on
// a loaded machine): flush waits until it has.
func (d *debounce) flush(start func(gen int)) {
	if d.pending && d.timer != nil && d.timer.Stop() {
		d.firing.Done()
		start(d.gen)
	}
	d.firing.Wait()
}
