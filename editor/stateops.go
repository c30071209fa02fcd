package editor

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/graph"
)

// The state graph's edits as the designer asks for them: on the canvas (a
// double click, a drag from a box's edge, Delete, F2), in the menus and the
// context menu. Each is one graph edit through the history (Editor.Do), so
// undo takes it back whole; the methods that return an error are the ones
// tests and other panels call, the others show errors in a dialog.

// errNoPack is returned by the edits when no pack is open.
var errNoPack = errors.New("no pack is open")

// apply records ed (made against the pack on screen, unless err says it
// could not be made) as one undo step and refreshes what it touched.
func (e *Editor) apply(ed graph.Edit, err error) error {
	if err != nil {
		return err
	}
	if e.hist == nil {
		return errNoPack
	}
	if _, err := e.hist.Do(ed); err != nil {
		return err
	}
	e.touched(ed)
	return nil
}

// nextStateID returns the id for a new state: the number after the highest
// below 99 (BGA reserves 1 for gameSetup and 99 for gameEnd), else the first
// free number above 99, skipping the ids of p and taken.
func nextStateID(p *graph.Pack, taken map[string]bool) graph.StateID {
	used := map[int]bool{}
	high := 1
	for _, s := range p.States {
		if n, ok := p.Resolve(s.ID); ok {
			used[n] = true
			if n < graph.EndID {
				high = max(high, n)
			}
		}
	}
	free := func(n int) bool { return !used[n] && !taken[strconv.Itoa(n)] && n != graph.EndID }
	for n := high + 1; n < graph.EndID; n++ {
		if free(n) {
			return graph.NumID(n)
		}
	}
	n := graph.EndID + 1
	for !free(n) {
		n++
	}
	return graph.NumID(n)
}

// uniqueName returns base, or base followed by the smallest number from 2
// that no state of p nor taken has.
func uniqueName(p *graph.Pack, base string, taken map[string]bool) string {
	name := base
	for i := 2; p.StateByName(name) != nil || taken[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	return name
}

// CreateState adds a new player state (activeplayer, named newState, newState2,
// ...) with its centre at world point at, selects it and returns its id.
func (e *Editor) CreateState(at graph.Point) (string, error) {
	if e.pack == nil {
		return "", errNoPack
	}
	s := &graph.State{ID: nextStateID(e.pack, nil), Name: uniqueName(e.pack, "newState", nil), Type: graph.ActivePlayer}
	if err := e.apply(graph.AddState(e.pack, s, at)); err != nil {
		return "", err
	}
	id := s.ID.String()
	e.View.Select(id)
	e.View.Reveal(id)
	e.showState(id)
	return id, nil
}

// createAt is a double click on the background: a state there, named at
// once.
func (e *Editor) createAt(at graph.Point) {
	id, err := e.CreateState(at)
	if err != nil {
		e.showError(err)
		return
	}
	e.renamePrompt(id)
}

// NewState is Edit > New State: a state in a free spot in the middle of the
// view, named at once.
func (e *Editor) NewState() {
	if e.pack == nil {
		return
	}
	e.createAt(e.View.FreeSpot(e.View.Centre()))
}

// RenameState names state id name. Names are what code calls states by and
// BGA writes them without spaces: an empty name or one with spaces is
// refused.
func (e *Editor) RenameState(id, name string) error {
	if e.pack == nil {
		return errNoPack
	}
	name = strings.TrimSpace(name)
	if name == "" || strings.ContainsAny(name, " \t") {
		return fmt.Errorf("a state's name is one word (BGA names have no spaces): %q", name)
	}
	if s := e.pack.StateByName(name); s != nil && s.ID.String() != id {
		return fmt.Errorf("state %s is named %s already", s.ID, name)
	}
	return e.apply(graph.RenameState(e.pack, id, name))
}

// SetStateType gives the states ids the BGA type t, in one undo step.
func (e *Editor) SetStateType(ids []string, t graph.StateType) error {
	if e.pack == nil {
		return errNoPack
	}
	var edits []graph.Edit
	for _, id := range ids {
		ed, err := graph.EditState(e.pack, id, "type", func(s *graph.State) { s.Type, s.TypeConst = t, "" })
		if err != nil {
			return err
		}
		edits = append(edits, ed)
	}
	if len(edits) == 0 {
		return nil
	}
	label := fmt.Sprintf("make %d states %s", len(ids), t)
	if len(ids) == 1 {
		label = "make state " + ids[0] + " " + string(t)
	}
	return e.apply(graph.Batch(label, edits...), nil)
}

// setSelectionType is Edit > State Type: the selected states become t.
func (e *Editor) setSelectionType(t graph.StateType) {
	if err := e.SetStateType(e.View.Selection(), t); err != nil {
		e.showError(err)
	}
}

// AddTransition gives state from a transition name to state to (both ids as
// written) and selects it.
func (e *Editor) AddTransition(from, name, to string) error {
	if e.pack == nil {
		return errNoPack
	}
	target := stateOf(e.pack, to)
	if target == nil {
		return fmt.Errorf("no state %s to lead to", to)
	}
	name = strings.TrimSpace(name)
	if err := e.apply(graph.AddTransition(e.pack, from, graph.Transition{Name: name, To: target.ID})); err != nil {
		return err
	}
	e.View.SelectTransition(diagram.TransitionRef{From: from, Name: name})
	e.showState(from)
	return nil
}

// RenameTransition renames transition t.
func (e *Editor) RenameTransition(t diagram.TransitionRef, name string) error {
	if e.pack == nil {
		return errNoPack
	}
	name = strings.TrimSpace(name)
	if err := e.apply(graph.RenameTransition(e.pack, t.From, t.Name, name)); err != nil {
		return err
	}
	e.View.SelectTransition(diagram.TransitionRef{From: t.From, Name: name})
	e.showState(t.From) // the arrow was not drawn under its new name while the edit refreshed
	return nil
}

// DeleteStates deletes the states ids, with the transitions leading to them,
// in one undo step.
func (e *Editor) DeleteStates(ids []string) error {
	if e.pack == nil {
		return errNoPack
	}
	if len(ids) == 0 {
		return nil
	}
	steps := make([]func(*graph.Pack) (graph.Edit, error), len(ids))
	for i, id := range ids {
		steps[i] = func(p *graph.Pack) (graph.Edit, error) { return graph.DeleteState(p, id) }
	}
	label := fmt.Sprintf("delete %d states", len(ids))
	if len(ids) == 1 {
		label = "delete state " + ids[0]
	}
	return e.apply(graph.Sequence(e.pack, label, steps...))
}

// DeleteSelection is Delete: the selected transition, or the selected
// states.
func (e *Editor) DeleteSelection() {
	var err error
	if t, ok := e.View.SelectedTransition(); ok {
		err = e.apply(graph.DeleteTransition(e.pack, t.From, t.Name))
	} else {
		err = e.DeleteStates(e.View.Selection())
	}
	if err != nil {
		e.showError(err)
		return
	}
	e.showState(e.View.Selected())
}

// activate is a double click, F2 or Enter on the canvas: rename what it is
// on.
func (e *Editor) activate(state string, t *diagram.TransitionRef) {
	if t != nil {
		e.renameTransitionPrompt(*t)
		return
	}
	e.renamePrompt(state)
}

// renameSelection is Edit > Rename: the selected transition or state.
func (e *Editor) renameSelection() {
	if t, ok := e.View.SelectedTransition(); ok {
		e.renameTransitionPrompt(t)
	} else if id := e.View.Selected(); id != "" {
		e.renamePrompt(id)
	}
}

// renamePrompt asks for a new name of state id, over its box.
func (e *Editor) renamePrompt(id string) {
	s := stateOf(e.pack, id)
	if s == nil {
		return
	}
	e.View.Reveal(id)
	at := e.View.ToWidget(e.View.Positions()[id])
	e.askName("Name of state "+id, s.Name, at, func(name string) error {
		if name == s.Name {
			return nil
		}
		return e.RenameState(id, name)
	}, nil)
}

// renameTransitionPrompt asks for a new name of transition t, at its label.
func (e *Editor) renameTransitionPrompt(t diagram.TransitionRef) {
	at := e.View.TransitionAt(t)
	e.askName("Name of transition "+strconv.Quote(t.Name)+" of state "+t.From, t.Name, at, func(name string) error {
		if name == t.Name {
			return nil
		}
		return e.RenameTransition(t, name)
	}, nil)
}

// connect is a drag from state from's edge to state to: ask the new
// transition's name where the mouse was let go.
func (e *Editor) connect(from, to string, at fyne.Position) {
	src, dst := stateOf(e.pack, from), stateOf(e.pack, to)
	if src == nil || dst == nil {
		return
	}
	e.askName("New transition "+from+" → "+to, suggestTransition(src, dst), at, func(name string) error {
		return e.AddTransition(from, name, to)
	}, nil)
}

// suggestTransition is the name offered for a new transition of src to dst:
// the target's name ("loop" for a loop), numbered when src has it already.
func suggestTransition(src, dst *graph.State) string {
	base := dst.Name
	if src == dst {
		base = "loop"
	}
	name := base
	for i := 2; ; i++ {
		if _, dup := src.Transitions.Lookup(name); !dup {
			return name
		}
		name = base + strconv.Itoa(i)
	}
}

// stateOf returns the first state whose id is written id, or nil.
func stateOf(p *graph.Pack, id string) *graph.State {
	if p == nil {
		return nil
	}
	for _, s := range p.States {
		if s.ID.String() == id {
			return s
		}
	}
	return nil
}
