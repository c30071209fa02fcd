package preview

import "sync"

// inOrder hands the results the workers finish, in whatever order, to each
// in the order of their indices, one call at a time. It holds at most
// window results: a worker whose result is window or more ahead of the next
// one due waits for room, so a simulation's memory does not grow with its
// matches. Every index from 0 up must be put once, or the results after a
// missing one are never handed on (and their workers wait for ever once
// window of them are held).
type inOrder struct {
	each     func(i int, r Result)
	mu       sync.Mutex
	room     sync.Cond // signalled when next moves on
	buf      []Result  // the result of index i at i % window
	held     []bool    // whether buf's slot holds a result
	next     int       // the index of the next result due to each
	draining bool      // a worker is handing results to each
	maxHeld  int       // the most results held at once (for tests)
	nHeld    int       // the results held now
}

// newInOrder returns an inOrder of window >= 1 results handing them to each.
func newInOrder(window int, each func(i int, r Result)) *inOrder {
	o := &inOrder{each: each, buf: make([]Result, window), held: make([]bool, window)}
	o.room.L = &o.mu
	return o
}

// put gives the result of index i. The worker that puts the next result due
// hands it and those after it that are there to each, releasing the lock
// around each call so that the others keep putting theirs.
func (o *inOrder) put(i int, r Result) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for i >= o.next+len(o.buf) {
		o.room.Wait()
	}
	slot := i % len(o.buf)
	o.buf[slot], o.held[slot] = r, true
	o.nHeld++
	o.maxHeld = max(o.maxHeld, o.nHeld)
	if o.draining {
		return // the worker draining hands it on
	}
	o.draining = true
	for slot := o.next % len(o.buf); o.held[slot]; slot = o.next % len(o.buf) {
		r, i := o.buf[slot], o.next
		o.buf[slot], o.held[slot] = Result{}, false
		o.nHeld--
		o.next++
		o.room.Broadcast()
		o.mu.Unlock()
		o.each(i, r)
		o.mu.Lock()
	}
	o.draining = false
}
