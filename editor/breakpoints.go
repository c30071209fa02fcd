package editor

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rulestudio/studio/graph"
)

// SavedBreakpoint is a debugger breakpoint as the editor keeps it: the
// breakpoint and its id in the project file (0 while it is kept only in
// memory: the pack has no project yet, or it is open read-only).
type SavedBreakpoint struct {
	ID int64
	graph.Breakpoint
}

// BreakpointKeeper is implemented by projects that keep the debugger's
// breakpoints. Breakpoints are not part of the pack (no revision, no undo,
// like the recorded matches the project keeps beside the revisions), so the
// editor writes each change at once rather than at the next Save.
type BreakpointKeeper interface {
	// Breakpoints returns the project's breakpoints in the order they were added.
	Breakpoints() ([]SavedBreakpoint, error)
	// AddBreakpoint stores b and returns its id; a breakpoint its kind does
	// not allow (graph.Breakpoint.Check) is refused.
	AddBreakpoint(b graph.Breakpoint) (int64, error)
	// UpdateBreakpoint replaces breakpoint b.ID with b.
	UpdateBreakpoint(b SavedBreakpoint) error
	// DeleteBreakpoint removes breakpoint id.
	DeleteBreakpoint(id int64) error
}

// keeper is the project's breakpoint store when it may be written, else nil.
func (e *Editor) keeper() BreakpointKeeper {
	k, ok := e.proj.(BreakpointKeeper)
	if !ok || e.proj.ReadOnly() {
		return nil
	}
	return k
}

// unkeptWhy says why a breakpoint is kept only in memory.
func (e *Editor) unkeptWhy() string {
	if e.proj != nil && e.proj.ReadOnly() {
		return "Breakpoint kept until the studio closes: the project is open read-only."
	}
	if _, ok := e.proj.(BreakpointKeeper); e.proj != nil && !ok {
		return "Breakpoint kept until the studio closes: this project cannot store breakpoints."
	}
	return "Breakpoint kept until the studio closes, or File > Save As writes it into a new project."
}

// Breakpoints returns the debugger's breakpoints, in the order they were
// added.
func (e *Editor) Breakpoints() []SavedBreakpoint { return slices.Clone(e.bps) }

// AddBreakpoint adds b: checked for its kind and that the pack has what it
// names (graph.Breakpoint.CheckIn: its clause, its variable or property)
// and, for a breakpoint on a state, the state. It is written to the project
// at once, and a running match stops at it from now on.
func (e *Editor) AddBreakpoint(b graph.Breakpoint) error {
	check := b.Check
	if e.pack != nil {
		check = func() error { return b.CheckIn(e.pack) }
	}
	if err := check(); err != nil {
		return err
	}
	if onState(b.Kind) && b.State != "" && e.stateKey(b.State) == "" {
		return fmt.Errorf("the pack has no state %q (give its id or its name)", b.State)
	}
	sb := SavedBreakpoint{Breakpoint: b}
	if k := e.keeper(); k != nil {
		id, err := k.AddBreakpoint(b)
		if err != nil {
			return fmt.Errorf("save the breakpoint: %w", err)
		}
		sb.ID = id
	} else {
		e.setStatus(e.unkeptWhy())
	}
	e.bps = append(e.bps, sb)
	e.breakpointsChanged()
	return nil
}

// SetBreakpointEnabled enables or disables breakpoint i (of Breakpoints).
func (e *Editor) SetBreakpointEnabled(i int, on bool) error {
	if i < 0 || i >= len(e.bps) {
		return fmt.Errorf("no breakpoint %d", i+1)
	}
	b := e.bps[i]
	b.Enabled = on
	if k := e.keeper(); k != nil && b.ID != 0 {
		if err := k.UpdateBreakpoint(b); err != nil {
			return fmt.Errorf("save the breakpoint: %w", err)
		}
	}
	e.bps[i] = b
	e.breakpointsChanged()
	return nil
}

// DeleteBreakpoint removes breakpoint i (of Breakpoints).
func (e *Editor) DeleteBreakpoint(i int) error {
	if i < 0 || i >= len(e.bps) {
		return fmt.Errorf("no breakpoint %d", i+1)
	}
	if k := e.keeper(); k != nil && e.bps[i].ID != 0 {
		if err := k.DeleteBreakpoint(e.bps[i].ID); err != nil {
			return fmt.Errorf("delete the breakpoint: %w", err)
		}
	}
	e.bps = slices.Delete(e.bps, i, i+1)
	e.breakpointsChanged()
	return nil
}

// ToggleBreakpoint toggles a breakpoint on entering the selected state
// (Play > Toggle Breakpoint, ctrl+B).
func (e *Editor) ToggleBreakpoint() {
	id := e.View.Selected()
	if id == "" {
		e.setStatus("Select a state to toggle a breakpoint on it.")
		return
	}
	if err := e.ToggleStateBreakpoint(id); err != nil {
		e.setStatus(err.Error())
	}
}

// ToggleStateBreakpoint removes the plain breakpoints on entering state id
// (kind enter, no condition) when it has some, else adds one.
func (e *Editor) ToggleStateBreakpoint(id string) error {
	for i := len(e.bps) - 1; i >= 0; i-- {
		b := e.bps[i]
		if b.Kind == graph.BreakEnter && b.Condition == "" && b.State != "" && e.stateKey(b.State) == id {
			if err := e.DeleteBreakpoint(i); err != nil {
				return err
			}
			return nil
		}
	}
	return e.AddBreakpoint(graph.Breakpoint{Kind: graph.BreakEnter, State: id, Enabled: true})
}

// onState reports whether breakpoints of kind k are about a state (drawn on
// its box).
func onState(k graph.BreakKind) bool {
	return k == graph.BreakEnter || k == graph.BreakLeave || k == graph.BreakCall || k == graph.BreakReturn
}

// stateKey is the id as written of the pack's state whose id or name is
// ref, or "" when it has none.
func (e *Editor) stateKey(ref string) string {
	if e.pack == nil {
		return ""
	}
	for _, s := range e.pack.States {
		if s.ID.String() == ref {
			return ref
		}
	}
	for _, s := range e.pack.States {
		if s.Name == ref {
			return s.ID.String()
		}
	}
	return ""
}

// breakpointsChanged shows the breakpoints everywhere: dots on the canvas,
// the running match, the Breakpoints tab.
func (e *Editor) breakpointsChanged() {
	plain := make([]graph.Breakpoint, len(e.bps))
	for i, b := range e.bps {
		plain[i] = b.Breakpoint
	}
	e.View.SetBreakpointStates(e.breakpointDots())
	e.Play.SetBreakpoints(plain)
	if e.breakTab != nil {
		e.breakTab.refresh()
	}
}

// breakpointDots are the states the canvas draws a breakpoint's dot on, by
// id: true when one of their breakpoints is enabled (nil when none).
func (e *Editor) breakpointDots() map[string]bool {
	var dots map[string]bool
	for _, b := range e.bps {
		if !onState(b.Kind) || b.State == "" {
			continue
		}
		if id := e.stateKey(b.State); id != "" {
			if dots == nil {
				dots = map[string]bool{}
			}
			dots[id] = dots[id] || b.Enabled
		}
	}
	return dots
}

// loadBreakpoints reads the breakpoints of the editor's project (none
// without one); an error is shown on the status line.
func (e *Editor) loadBreakpoints() {
	e.bps = nil
	if k, ok := e.proj.(BreakpointKeeper); ok {
		bps, err := k.Breakpoints()
		if err != nil {
			e.setStatus("breakpoints: " + err.Error())
		}
		e.bps = bps
	}
	e.breakpointsChanged()
}

// carryBreakpoints writes bps, the breakpoints kept before Save As, into the
// editor's new project.
func (e *Editor) carryBreakpoints(bps []SavedBreakpoint) error {
	e.bps = nil
	var errs []error
	for _, b := range bps {
		b.ID = 0
		if k := e.keeper(); k != nil {
			id, err := k.AddBreakpoint(b.Breakpoint)
			errs = append(errs, err)
			b.ID = id
		}
		e.bps = append(e.bps, b)
	}
	e.breakpointsChanged()
	return errors.Join(errs...)
}
