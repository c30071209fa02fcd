package editor

import "github.com/rulestudio/studio/graph"

// Small look-ups of the pack the window's files share. Package forms has
// its own copies: a little copying rather than a room the others import
// for four functions.

// findState returns the state whose id is written id, or nil.
func findState(p *graph.Pack, id string) *graph.State {
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

// stateChoice is how a state is offered in a drop-down: "22 · takeCards".
func stateChoice(s *graph.State) string { return s.ID.String() + " · " + s.Name }

// namesOf lists the names of a list's elements.
func namesOf[T any](l []T, name func(T) string) []string {
	out := make([]string, len(l))
	for i, v := range l {
		out[i] = name(v)
	}
	return out
}

// packTitle is what a pack is called on screen: its title, else its name.
func packTitle(p *graph.Pack) string {
	if p.Title != "" {
		return p.Title
	}
	if p.Name != "" {
		return p.Name
	}
	return "Untitled pack"
}
