package editor

// WatchKeeper is implemented by projects that keep the debugger's watched
// expressions (its Watch tab). Like breakpoints they are not part of the
// pack (no revision, no undo), so the editor writes the list at each add
// and remove rather than at the next Save.
type WatchKeeper interface {
	// Watches returns the project's watched expressions, in order.
	Watches() ([]string, error)
	// SaveWatches replaces the project's watched expressions with exprs.
	SaveWatches(exprs []string) error
}

// watchKeeper is the project's watch store when it may be written, else nil.
func (e *Editor) watchKeeper() WatchKeeper {
	k, ok := e.proj.(WatchKeeper)
	if !ok || e.proj.ReadOnly() {
		return nil
	}
	return k
}

// saveWatches writes exprs, the Watch tab's list after a change, to the
// project; where it cannot, the status line says the list is kept only in
// memory.
func (e *Editor) saveWatches(exprs []string) {
	k := e.watchKeeper()
	switch {
	case k != nil:
		if err := k.SaveWatches(exprs); err != nil {
			e.setStatus("save the watches: " + err.Error())
		}
	case e.proj != nil && e.proj.ReadOnly():
		e.setStatus("Watches kept until the studio closes: the project is open read-only.")
	case e.proj != nil:
		e.setStatus("Watches kept until the studio closes: this project cannot store them.")
	default:
		e.setStatus("Watches kept until the studio closes, or File > Save As writes them into a new project.")
	}
}

// loadWatches shows the watched expressions of the editor's project (none
// without one); an error is shown on the status line.
func (e *Editor) loadWatches() {
	var exprs []string
	if k, ok := e.proj.(WatchKeeper); ok {
		var err error
		if exprs, err = k.Watches(); err != nil {
			e.setStatus("watches: " + err.Error())
		}
	}
	e.Play.SetWatches(exprs)
}

// carryWatches writes the watched expressions kept before Save As into
// the editor's new project.
func (e *Editor) carryWatches() error {
	k := e.watchKeeper()
	if k == nil {
		return nil
	}
	exprs, _ := e.Play.Watches()
	if len(exprs) == 0 {
		return nil
	}
	return k.SaveWatches(exprs)
}
