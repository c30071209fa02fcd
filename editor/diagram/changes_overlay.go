package diagram

import (
	"image/color"
	"math"
	"strings"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// Changes is a comparison of two packs as the canvas draws it over the
// graph (File > Compare Revisions…): each state or transition added,
// changed or removed outlined, or its arrow drawn, in the kind's colour
// (style.ChangeAdded, ChangeChanged, ChangeRemoved); a removed state's box
// grey and a removed transition's arrow dashed. The graph drawn must hold
// the removed ones too (the window draws both packs merged).
type Changes struct {
	States      map[string]graph.ChangeKind        // by state id as written
	Transitions map[TransitionRef]graph.ChangeKind // transitions added, removed, or with a field changed
}

// ChangesOf reads graph.Diff's changes: a change at "states/<id>" is the
// state's, one under "states/<id>/transitions/<name>" its transition's, any
// other under "states/<id>/" changes the state. Changes elsewhere (actions,
// object types, scripts) are not on the graph.
func ChangesOf(cs []graph.Change) *Changes {
	c := &Changes{States: map[string]graph.ChangeKind{}, Transitions: map[TransitionRef]graph.ChangeKind{}}
	for _, ch := range cs {
		rest, ok := strings.CutPrefix(ch.Path, "states/")
		if !ok {
			continue
		}
		id, field, sub := strings.Cut(rest, "/")
		if !sub {
			c.States[id] = ch.Kind
			continue
		}
		if name, ok := strings.CutPrefix(field, "transitions/"); ok {
			name, _, deeper := strings.Cut(name, "/")
			kind := ch.Kind
			if deeper {
				kind = graph.Changed
			}
			c.Transitions[TransitionRef{From: id, Name: name}] = kind
			continue
		}
		if _, whole := c.States[id]; !whole {
			c.States[id] = graph.Changed
		}
	}
	return c
}

// SetChanges draws c over the graph; nil clears it.
func (g *View) SetChanges(c *Changes) {
	g.changes = c
	g.Refresh()
}

// Changes returns the comparison drawn over the graph, or nil.
func (g *View) Changes() *Changes { return g.changes }

// changeColour is the colour of a kind of change.
func changeColour(k graph.ChangeKind) color.NRGBA {
	switch k {
	case graph.Added:
		return style.ChangeAdded
	case graph.Removed:
		return style.ChangeRemoved
	}
	return style.ChangeChanged
}

// changeBox outlines box o of state n in its change's colour (a removed
// state's box grey) and reports whether n is changed.
func (r *graphRenderer) changeBox(o *nodeObjects, n node, z float64) bool {
	c := r.g.changes
	if c == nil {
		return false
	}
	k, ok := c.States[n.id]
	if !ok {
		return false
	}
	o.box.FillColor = style.TypeFill(n.typ)
	if k == graph.Removed {
		o.box.FillColor = style.HeatNone
	}
	if !r.g.sel[n.id] {
		o.box.StrokeColor = changeColour(k)
		o.box.StrokeWidth = float32(math.Max(2.5, 4*math.Min(z, 1.2)))
	}
	return true
}

// changeEdge draws a changed transition's arrow in its change's colour,
// twice as wide, dashed when removed.
func (r *graphRenderer) changeEdge(e edge, hot bool, col color.NRGBA, width float32) (color.NRGBA, float32, float64, float64, bool) {
	c := r.g.changes
	if c == nil || e.kind != transitionEdge || e.inferred {
		return col, width, 0, 0, false
	}
	k, ok := c.Transitions[TransitionRef{From: r.g.nodes[e.from].id, Name: e.name}]
	if !ok {
		return col, width, 0, 0, false
	}
	if !hot {
		col = changeColour(k)
	}
	if k == graph.Removed {
		return col, width * 2, 6, 4, true
	}
	return col, width * 2, 0, 0, true
}
