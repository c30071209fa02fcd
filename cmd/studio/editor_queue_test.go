package main

import (
	"sync"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor"
)

// uiQueue stands for the Fyne goroutine in these tests: Fyne's test driver
// runs fyne.Do's function at once on the goroutine that calls it, so the
// results of an editor's background work (layouts, checks) would reach its
// widgets while the test works on them (a status label refreshed from two
// goroutines panicked). They wait here until settle runs them on the
// test's goroutine.
type uiQueue struct {
	mu sync.Mutex
	fs []func()
}

func (q *uiQueue) do(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
}

// run runs the queued functions and reports whether there were any.
func (q *uiQueue) run() bool {
	q.mu.Lock()
	fs := q.fs
	q.fs = nil
	q.mu.Unlock()
	for _, f := range fs {
		f()
	}
	return len(fs) > 0
}

var queues sync.Map // *editor.Editor -> *uiQueue

// newEditor returns an editor of app on the project store whose background
// results wait for settle.
func newEditor(app fyne.App) *editor.Editor {
	ed := editor.New(app, projectStore{})
	q := &uiQueue{}
	queues.Store(ed, q)
	ed.SetDo(q.do)
	return ed
}

// settle waits for ed's background work and applies its results, until
// applying them asks for no more.
func settle(ed *editor.Editor) {
	q, _ := queues.Load(ed)
	for range 10 {
		ed.Wait()
		if !q.(*uiQueue).run() {
			return
		}
	}
}
