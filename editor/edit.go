package editor

import (
	"time"

	"github.com/rulestudio/studio/graph"
)

// moved records a drag of states on the canvas (which has drawn them at to
// already) as an edit.
func (e *Editor) moved(to map[string]graph.Point) {
	e.Do(graph.MoveStates(e.pack, to, ""))
}

// Do applies ed to the pack on screen as a new undo step and shows what it
// touched. The edit must have been made against Pack().
func (e *Editor) Do(ed graph.Edit) {
	if e.hist == nil {
		return
	}
	if _, err := e.hist.Do(ed); err != nil {
		e.showError(err)
		return
	}
	e.touched(ed)
}

// Merge applies ed like Do, but folds it into the latest step when that step
// was made by Merge with the same key and nothing sealed it since: a form
// calls it on every keystroke with a key naming its field ("state
// 21/description"), so that one field's typing is one undo step.
func (e *Editor) Merge(key string, ed graph.Edit) {
	if e.hist == nil {
		return
	}
	if _, err := e.hist.Merge(key, ed); err != nil {
		e.showError(err)
		return
	}
	e.touched(ed)
}

// Seal ends the step Merge is filling (the designer left the field): the
// next Merge starts a new one.
func (e *Editor) Seal() {
	if e.hist != nil {
		e.hist.Seal()
	}
}

// Undo reverts the latest step.
func (e *Editor) Undo() {
	if e.hist == nil {
		return
	}
	ed, err := e.hist.Undo()
	if err != nil {
		e.showError(err)
	}
	if ed != nil {
		e.touched(ed)
		e.undone()
	}
}

// Redo applies again the step Undo last reverted.
func (e *Editor) Redo() {
	if e.hist == nil {
		return
	}
	ed, err := e.hist.Redo()
	if err != nil {
		e.showError(err)
	}
	if ed != nil {
		e.touched(ed)
		e.undone()
	}
}

// touched shows what ed changed: moved boxes alone when it only moved
// states, else the whole pack again.
func (e *Editor) touched(ed graph.Edit) {
	refs := ed.Touched()
	onlyMoves := true
	for _, r := range refs {
		if r.Kind != graph.PositionRef {
			onlyMoves = false
		}
	}
	if onlyMoves && e.pack.Editor != nil {
		for _, r := range refs {
			if pt, ok := e.pack.Editor.Positions[r.Name]; ok {
				e.View.MoveState(r.Name, pt)
			}
		}
		e.refreshYAML() // it writes the positions (hidden, it only notes that)
	} else {
		e.refreshEdited(refs)
		if e.Play != nil {
			e.Play.RerunSoon() // the match shown, on the edited rules (editor/play's live.go)
		}
	}
	e.changed()
}

// changed updates the title after the pack changed and, while it has unsaved
// changes, schedules an autosave.
func (e *Editor) changed() {
	e.updateTitle()
	if e.autosaveTimer != nil {
		e.autosaveTimer.Stop()
	}
	if _, ok := e.proj.(Autosaver); ok && e.Dirty() && e.autosaveDelay > 0 {
		// The timer fires on another goroutine: back to Fyne's with fyne.Do.
		e.autosaveTimer = time.AfterFunc(e.autosaveDelay, func() { e.do(e.autosave) })
	}
}

// undone drops the autosaved copy when undo or redo came back to the saved
// pack: there is nothing left to recover.
func (e *Editor) undone() {
	if as, ok := e.proj.(Autosaver); ok && !e.Dirty() && !e.proj.ReadOnly() {
		if err := as.DiscardAutosave(); err != nil {
			e.setStatus("autosave: " + err.Error())
		}
	}
}
