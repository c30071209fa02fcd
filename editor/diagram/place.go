package diagram

import (
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
)

// PlaceStrays returns positions for p's states that have none (an edit in
// the YAML view, a restored pack): each beside a state it is linked to, in
// a free spot; the positions p has stay. It returns nil when there are none
// to place, or no positions to place them beside.
func PlaceStrays(p *graph.Pack) map[string]graph.Point {
	if p == nil || p.Editor == nil || len(p.Editor.Positions) == 0 {
		return nil
	}
	var strays []*graph.State
	for _, s := range p.States {
		if _, ok := p.Editor.Positions[s.ID.String()]; !ok {
			strays = append(strays, s)
		}
	}
	if len(strays) == 0 {
		return nil
	}
	var boxes []node
	for _, s := range p.States {
		if pt, ok := p.Editor.Positions[s.ID.String()]; ok {
			w, h := layout.BoxSize(s)
			boxes = append(boxes, node{pos: vec{pt.X, pt.Y}, size: vec{w, h}})
		}
	}
	to := map[string]graph.Point{}
	for _, s := range strays {
		w, h := layout.BoxSize(s)
		near := neighbourBox(p, s, boxes, to)
		c := freeSpotAmong(boxes, near.pos, near.size, vec{w, h})
		to[s.ID.String()] = pointOf(c)
		boxes = append(boxes, node{pos: c, size: vec{w, h}})
	}
	return to
}

// neighbourBox is the box of a placed state s is linked with (a transition
// either way), else the lowest box.
func neighbourBox(p *graph.Pack, s *graph.State, boxes []node, placed map[string]graph.Point) node {
	at := func(id graph.StateID) (node, bool) {
		t := p.State(id)
		if t == nil {
			return node{}, false
		}
		pt, ok := p.Editor.Positions[t.ID.String()]
		if !ok {
			pt, ok = placed[t.ID.String()]
		}
		w, h := layout.BoxSize(t)
		return node{pos: vec{pt.X, pt.Y}, size: vec{w, h}}, ok
	}
	for _, o := range p.States {
		for _, t := range o.Transitions {
			if p.Key(t.To) == p.Key(s.ID) {
				if n, ok := at(o.ID); ok {
					return n
				}
			}
		}
	}
	for _, t := range s.Transitions {
		if n, ok := at(t.To); ok {
			return n
		}
	}
	low := boxes[0]
	for _, b := range boxes {
		if b.pos.Y > low.pos.Y {
			low = b
		}
	}
	return low
}
