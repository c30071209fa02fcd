package ui

import "sync"

// Queue holds the functions background work hands to the window until Run
// runs them on the caller's goroutine: what tests give SetDo (Fyne's test
// driver has no goroutine of its own for the window). Safe for concurrent
// use.
type Queue struct {
	mu sync.Mutex
	fs []func()
}

// Do queues f; it is SetDo's argument.
func (q *Queue) Do(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
}

// Run runs the functions queued so far, in order, and reports whether there
// were any.
func (q *Queue) Run() bool {
	q.mu.Lock()
	fs := q.fs
	q.fs = nil
	q.mu.Unlock()
	for _, f := range fs {
		f()
	}
	return len(fs) > 0
}
