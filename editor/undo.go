package editor

import "github.com/rulestudio/studio/graph"

// layoutEdit is one undoable change of positions: the centres of the states
// it moved, before and after.
type layoutEdit struct {
	before, after map[string]graph.Point
	layout        bool // an automatic layout, which a background layout may refine
}

// undoStack holds the edits that Undo and Redo walk through.
type undoStack struct {
	done, undone []layoutEdit
}

// push records a new edit; it clears what could be redone.
func (u *undoStack) push(e layoutEdit) {
	u.done = append(u.done, e)
	u.undone = nil
}

// undo returns the edit to revert, if any.
func (u *undoStack) undo() (layoutEdit, bool) {
	if len(u.done) == 0 {
		return layoutEdit{}, false
	}
	e := u.done[len(u.done)-1]
	u.done = u.done[:len(u.done)-1]
	u.undone = append(u.undone, e)
	return e, true
}

// redo returns the edit to apply again, if any.
func (u *undoStack) redo() (layoutEdit, bool) {
	if len(u.undone) == 0 {
		return layoutEdit{}, false
	}
	e := u.undone[len(u.undone)-1]
	u.undone = u.undone[:len(u.undone)-1]
	u.done = append(u.done, e)
	return e, true
}

// top returns the last edit done.
func (u *undoStack) top() (layoutEdit, bool) {
	if len(u.done) == 0 {
		return layoutEdit{}, false
	}
	return u.done[len(u.done)-1], true
}

// clear forgets every edit (a new pack is shown).
func (u *undoStack) clear() { u.done, u.undone = nil, nil }
