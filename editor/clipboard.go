package editor

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// Copy and paste go through the system clipboard as YAML text: a rule pack
// holding the copied states, their positions and the constants their ids
// use. So states paste into another project, in this studio or another one,
// and a designer can paste them into a text editor (or from one: any rule
// pack's states paste).

// pasteStep is how far each paste of the same states moves them, so that
// they do not cover the states they were copied from.
var pasteStep = graph.Point{X: 40, Y: 40}

// fragment returns a pack holding copies of the states ids of p, their
// positions and the constants their ids name.
func fragment(p *graph.Pack, ids []string) *graph.Pack {
	f := &graph.Pack{Format: graph.FormatVersion, Name: "clipboard", Editor: &graph.Editor{Positions: map[string]graph.Point{}}}
	consts := map[string]bool{}
	for _, id := range ids {
		s := stateOf(p, id)
		if s == nil {
			continue
		}
		f.States = append(f.States, cloneState(s))
		if pt, ok := positionOf(p, id); ok {
			f.Editor.Positions[id] = pt
		}
		for _, sid := range stateIDs(s) {
			if sid.Const != "" && !consts[sid.Const] {
				if c, ok := p.Constants.Lookup(sid.Const); ok {
					consts[sid.Const] = true
					f.Constants = append(f.Constants, c)
				}
			}
		}
	}
	return f
}

// cloneState returns a deep copy of s.
func cloneState(s *graph.State) *graph.State {
	p := (&graph.Pack{States: []*graph.State{s}}).Clone()
	return p.States[0]
}

// stateIDs lists the ids s names: its own, its transitions' targets, its
// initialprivate.
func stateIDs(s *graph.State) []graph.StateID {
	out := []graph.StateID{s.ID}
	for _, t := range s.Transitions {
		out = append(out, t.To)
	}
	if s.InitialPrivate != nil {
		out = append(out, *s.InitialPrivate)
	}
	return out
}

// positionOf returns where state id of p is drawn.
func positionOf(p *graph.Pack, id string) (graph.Point, bool) {
	if p.Editor == nil {
		return graph.Point{}, false
	}
	pt, ok := p.Editor.Positions[id]
	return pt, ok
}

// CopyText returns the YAML text Copy puts on the clipboard for the states
// ids.
func (e *Editor) CopyText(ids []string) (string, error) {
	if e.pack == nil {
		return "", errNoPack
	}
	if len(ids) == 0 {
		return "", errors.New("no state is selected")
	}
	data, err := graph.Marshal(fragment(e.pack, ids))
	if err != nil {
		return "", err
	}
	return string(data), nil
}

// Copy puts the selected states on the system clipboard, as YAML.
func (e *Editor) Copy() {
	text, err := e.CopyText(e.View.Selection())
	if err != nil {
		e.setStatus("copy: " + err.Error())
		return
	}
	e.app.Clipboard().SetContent(text)
	e.setStatus(fmt.Sprintf("copied %d states", len(e.View.Selection())))
}

// Cut copies the selected states, then deletes them.
func (e *Editor) Cut() {
	ids := e.View.Selection()
	if len(ids) == 0 {
		return
	}
	e.Copy()
	if err := e.DeleteStates(ids); err != nil {
		e.showError(err)
	}
}

// Paste adds the states on the system clipboard (a rule pack in YAML, as
// Copy writes it) to the pack and selects them.
func (e *Editor) Paste() {
	ids, err := e.PasteText(e.app.Clipboard().Content())
	if err != nil {
		e.showError(fmt.Errorf("paste: %w", err))
		return
	}
	e.setStatus(fmt.Sprintf("pasted %d states", len(ids)))
}

// Duplicate pastes a copy of the selected states beside them, without
// touching the clipboard.
func (e *Editor) Duplicate() {
	text, err := e.CopyText(e.View.Selection())
	if err == nil {
		_, err = e.PasteText(text)
	}
	if err != nil {
		e.showError(fmt.Errorf("duplicate: %w", err))
	}
}

// PasteText adds the states of the rule pack text (YAML) to the pack, in one
// undo step, and selects them; it returns their ids. A state keeps its id
// when the pack has no state with it, else it gets a new number; a name the
// pack has already gets a number (name2). Transitions among the pasted
// states follow their new ids; one to a state neither pasted nor in the pack
// is dropped (the status line says how many). The states keep their places,
// moved by pasteStep until they cover none of the states they came from;
// states without a place go in a free spot in the middle of the view.
func (e *Editor) PasteText(text string) ([]string, error) {
	if e.pack == nil {
		return nil, errNoPack
	}
	if strings.TrimSpace(text) == "" {
		return nil, errors.New("the clipboard is empty")
	}
	src, err := graph.Parse([]byte(text), "clipboard")
	if err != nil {
		return nil, fmt.Errorf("the clipboard holds no rule pack: %w", err)
	}
	if len(src.States) == 0 {
		return nil, errors.New("the clipboard holds no states")
	}
	states, dropped := e.adopt(src)
	at := e.pastePlaces(src, states)
	steps := make([]func(*graph.Pack) (graph.Edit, error), len(states))
	ids := make([]string, len(states))
	for i, s := range states {
		ids[i] = s.ID.String()
		steps[i] = func(p *graph.Pack) (graph.Edit, error) { return graph.AddState(p, s, at[i]) }
	}
	label := fmt.Sprintf("paste %d states", len(states))
	if err := e.apply(graph.Sequence(e.pack, label, steps...)); err != nil {
		return nil, err
	}
	e.View.SetSelection(ids, ids[0])
	e.View.Reveal(ids[0])
	e.showState(ids[0])
	if dropped > 0 {
		e.setStatus(fmt.Sprintf("%d transitions led to states not in this pack: left out", dropped))
	}
	return ids, nil
}

// adopt returns copies of src's states fit for the pack: free ids and names,
// transitions following the new ids; and how many transitions it dropped.
func (e *Editor) adopt(src *graph.Pack) ([]*graph.State, int) {
	p := e.pack
	takenIDs, takenNames := map[string]bool{}, map[string]bool{}
	newID := map[string]graph.StateID{} // src key -> id in p
	var out []*graph.State
	for _, s := range src.States {
		c := cloneState(s)
		id := c.ID
		if c.ID.Const != "" {
			if _, ok := p.Resolve(c.ID); !ok { // a constant p lacks: its number
				if n, ok := src.Resolve(c.ID); ok {
					id = graph.NumID(n)
				}
			}
		}
		if p.State(id) != nil || takenIDs[p.Key(id)] {
			id = nextStateID(p, takenIDs)
		}
		takenIDs[p.Key(id)] = true
		newID[src.Key(s.ID)] = id
		c.ID = id
		c.Name = uniqueName(p, c.Name, takenNames)
		takenNames[c.Name] = true
		out = append(out, c)
	}
	dropped := 0
	follow := func(to graph.StateID) (graph.StateID, bool) {
		if id, ok := newID[src.Key(to)]; ok {
			return id, true
		}
		if t := p.State(to); t != nil {
			return t.ID, true
		}
		return to, false
	}
	for _, c := range out {
		kept := c.Transitions[:0]
		for _, t := range c.Transitions {
			if to, ok := follow(t.To); ok {
				t.To = to
				kept = append(kept, t)
			} else {
				dropped++
			}
		}
		c.Transitions = kept
		if len(kept) == 0 {
			c.Transitions = nil
		}
		if c.InitialPrivate != nil {
			if to, ok := follow(*c.InitialPrivate); ok {
				*c.InitialPrivate = to
			} else {
				c.InitialPrivate = nil
				dropped++
			}
		}
	}
	return out, dropped
}

// pastePlaces returns where each adopted state goes (see PasteText).
func (e *Editor) pastePlaces(src *graph.Pack, states []*graph.State) []graph.Point {
	at := make([]graph.Point, len(states))
	placed := make([]bool, len(states))
	for i, s := range src.States {
		at[i], placed[i] = positionOf(src, s.ID.String())
	}
	occupied := map[graph.Point]bool{}
	if e.pack.Editor != nil {
		for _, pt := range e.pack.Editor.Positions {
			occupied[pt] = true
		}
	}
	covers := func(d graph.Point) bool {
		for i := range at {
			if placed[i] && occupied[graph.Point{X: at[i].X + d.X, Y: at[i].Y + d.Y}] {
				return true
			}
		}
		return false
	}
	var d graph.Point
	for covers(d) {
		d.X += pasteStep.X
		d.Y += pasteStep.Y
	}
	free := e.View.FreeSpot(e.View.Centre())
	for i := range at {
		if placed[i] {
			at[i] = graph.Point{X: at[i].X + d.X, Y: at[i].Y + d.Y}
		} else {
			at[i] = graph.Point{X: free.X + float64(i)*160, Y: free.Y}
		}
	}
	return at
}
