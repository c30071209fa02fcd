package editor

import "github.com/rulestudio/studio/graph"

// Small look-ups of the pack the window's files share; a state by its id
// and its name in a choice are package place's (place.State,
// place.StateChoice), which the forms use too.

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
