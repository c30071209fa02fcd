package editor

import "github.com/rulestudio/studio/graph"

// Small look-ups of the pack the window's files share; a state by its id
// and its name in a choice are package place's (place.State,
// place.StateChoice), which the forms use too.

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
