package compare

import "github.com/rulestudio/studio/graph"

// merged is after with what it removed from before put back, so that the
// graph can draw the removed states and transitions too: each state only
// before has, after after's, and each transition only before has, after
// the transitions of its state.
func merged(before, after *graph.Pack) *graph.Pack {
	m := after.Clone()
	for _, s := range before.States {
		ms := m.State(s.ID)
		if ms == nil {
			c := *s
			c.Transitions = append(graph.Transitions(nil), s.Transitions...)
			m.States = append(m.States, &c)
			continue
		}
		for _, t := range s.Transitions {
			if !hasTransition(ms, t.Name) {
				ms.Transitions = append(ms.Transitions, t)
			}
		}
	}
	return m
}

func hasTransition(s *graph.State, name string) bool {
	for _, t := range s.Transitions {
		if t.Name == name {
			return true
		}
	}
	return false
}
