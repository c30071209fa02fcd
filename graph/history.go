package graph

// Step identifies one undo step of a [History]: steps are numbered 1, 2, ...
// in the order they are recorded and a number is never reused. Step 0 is the
// starting point, the pack as the history got it.
type Step int

// History owns a pack and every change made to it: it applies edits, keeps
// them as undo steps, and knows whether the pack is as last saved.
//
// Merging: [History.Do] records a new step. [History.Merge] folds an edit
// into the latest step when that step was recorded by Merge with the same key
// and nothing has sealed it since, so that the keystrokes typed in one field
// (key "state 21/description") or the frames of one drag are one step. Undo,
// Redo, Do, [History.Seal] and [History.MarkSaved] seal the latest step.
// [History.Amend] folds an edit into a given step when that step is still the
// latest: a background layout refining the automatic layout the designer
// asked for joins that step (and is dropped once anything else was done).
//
// The saved point: [History.MarkSaved] records that the pack as it is was
// saved; [History.Saved] reports whether the pack is back there (undoing to
// it clears the unsaved mark).
//
// A History is not safe for use by several goroutines; the editor uses it on
// the UI goroutine and hands other goroutines clones ([Pack.Clone]).
type History struct {
	pack   *Pack
	done   []step // oldest first
	undone []step // the next to redo last
	last   Step   // the number of the latest step recorded
	saved  Step   // the latest step done when the pack was saved; -1: none
}

type step struct {
	id   Step
	edit Edit
	key  string // the Merge key, "" for Do
	open bool   // Merge may still fold edits into it
}

// notSaved is History.saved when no state of the pack was saved.
const notSaved Step = -1

// NewHistory returns a history of p with no steps, saved at the start: p as
// read from its project. For a pack never saved (an import), call
// [History.ForgetSaved].
func NewHistory(p *Pack) *History { return &History{pack: p} }

// Pack returns the pack the history changes. Change it only through the
// history, and do not keep it across a step that replaces it whole.
func (h *History) Pack() *Pack { return h.pack }

// Do applies e and records it as a new step, forgetting the steps undone
// before. It returns the step's number. When e fails the pack and the history
// are unchanged.
func (h *History) Do(e Edit) (Step, error) {
	return h.record(e, "")
}

// Merge applies e and folds it into the latest step when that step was
// recorded by Merge with key and is not sealed; else it records e as a new
// step with key (as Do does). It returns the step e joined. An empty key
// never merges.
func (h *History) Merge(key string, e Edit) (Step, error) {
	if n := len(h.done); key != "" && len(h.undone) == 0 && n > 0 && h.done[n-1].open && h.done[n-1].key == key {
		if err := e.Apply(h.pack); err != nil {
			return 0, err
		}
		h.done[n-1].edit = Merge(h.done[n-1].edit, e)
		return h.done[n-1].id, nil
	}
	return h.record(e, key)
}

func (h *History) record(e Edit, key string) (Step, error) {
	if err := e.Apply(h.pack); err != nil {
		return 0, err
	}
	h.Seal()
	h.last++
	h.done = append(h.done, step{id: h.last, edit: e, key: key, open: key != ""})
	h.undone = nil
	return h.last, nil
}

// Amend applies e as part of step s when s is the latest step done and
// nothing was undone since; it reports whether it did (false: nothing
// changed). Amending step 0 works while no step was ever recorded: e then
// becomes part of the starting point (not undoable, the saved point stays),
// as the layout the studio computes while opening a pack does. Amending the
// saved step leaves the pack unsaved.
func (h *History) Amend(s Step, e Edit) (bool, error) {
	n := len(h.done)
	switch {
	case s == 0 && h.last == 0:
		return true, e.Apply(h.pack)
	case s == 0 || n == 0 || h.done[n-1].id != s || len(h.undone) > 0:
		return false, nil
	}
	if err := e.Apply(h.pack); err != nil {
		return false, err
	}
	h.done[n-1].edit = Merge(h.done[n-1].edit, e)
	if h.saved == s {
		h.saved = notSaved
	}
	return true, nil
}

// Seal closes the latest step: the next Merge starts a new one (the designer
// left the field, the drag ended).
func (h *History) Seal() {
	if n := len(h.done); n > 0 {
		h.done[n-1].open = false
	}
}

// Undo reverts the latest step and returns its edit (whose Touched says what
// changed), or nil when there is nothing to undo.
func (h *History) Undo() (Edit, error) {
	n := len(h.done)
	if n == 0 {
		return nil, nil
	}
	st := h.done[n-1]
	if err := st.edit.Revert(h.pack); err != nil {
		return nil, err
	}
	st.open = false
	h.done = h.done[:n-1]
	h.undone = append(h.undone, st)
	return st.edit, nil
}

// Redo applies again the step Undo last reverted and returns its edit, or nil
// when there is nothing to redo.
func (h *History) Redo() (Edit, error) {
	n := len(h.undone)
	if n == 0 {
		return nil, nil
	}
	st := h.undone[n-1]
	if err := st.edit.Apply(h.pack); err != nil {
		return nil, err
	}
	h.Seal()
	h.undone = h.undone[:n-1]
	h.done = append(h.done, st)
	return st.edit, nil
}

// CanUndo reports whether there is a step to undo, and its edit's label.
func (h *History) CanUndo() (string, bool) {
	if n := len(h.done); n > 0 {
		return h.done[n-1].edit.Label(), true
	}
	return "", false
}

// CanRedo reports whether there is a step to redo, and its edit's label.
func (h *History) CanRedo() (string, bool) {
	if n := len(h.undone); n > 0 {
		return h.undone[n-1].edit.Label(), true
	}
	return "", false
}

// Top returns the latest step done (0: none, the starting point).
func (h *History) Top() Step {
	if n := len(h.done); n > 0 {
		return h.done[n-1].id
	}
	return 0
}

// MarkSaved records that the pack as it is now was saved, and seals the
// latest step (typing on after a save starts a new step, so that undo can
// come back to exactly the saved pack).
func (h *History) MarkSaved() {
	h.Seal()
	h.saved = h.Top()
}

// ForgetSaved records that no state of the pack is saved anywhere (an
// imported pack): Saved is false until MarkSaved.
func (h *History) ForgetSaved() { h.saved = notSaved }

// Saved reports whether the pack is as it was when last saved.
func (h *History) Saved() bool { return h.saved != notSaved && h.saved == h.Top() }
