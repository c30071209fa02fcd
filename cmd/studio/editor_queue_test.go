package main

import (
	"sync"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor"
	"github.com/rulestudio/studio/editor/ui"
)

// Fyne's test driver runs fyne.Do's function at once on the goroutine that
// calls it, so the results of an editor's background work (layouts,
// checks) would reach its widgets while the test works on them (a status
// label refreshed from two goroutines panicked). They wait in a queue until
// settle runs them on the test's goroutine.

var queues sync.Map // *editor.Editor -> *ui.Queue

// newEditor returns an editor of app on the project store whose background
// results wait for settle.
func newEditor(app fyne.App) *editor.Editor {
	ed := editor.New(app, projectStore{})
	q := &ui.Queue{}
	queues.Store(ed, q)
	ed.SetDo(q.Do)
	return ed
}

// settle waits for ed's background work and applies its results.
func settle(ed *editor.Editor) {
	q, _ := queues.Load(ed)
	ed.Settle(q.(*ui.Queue))
}
