package diagram

import (
	"math"
	"sort"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// geometry is where the view's arrows run and their labels go, in world
// units: computed from the boxes when they change (geom.go), used by the
// renderer to draw and by the view to find what the pointer is on.
type geometry struct {
	valid  bool
	moved  map[int]bool // boxes moved since (a drag under way): only their arrows are routed again
	boxes  []rect
	routes []route
	labels []vec // label centres
	sizes  []vec // label sizes
	loops  []bool
}

// geometry returns the view's arrows and labels, routing them again when
// boxes moved or the graph changed since the last time.
func (g *View) geometry() *geometry {
	geo := &g.geo
	if geo.valid && len(geo.boxes) == len(g.nodes) && len(geo.routes) == len(g.edges) {
		if len(geo.moved) > 0 {
			g.rerouteMoved()
		}
		return geo
	}
	geo.valid, geo.moved = true, nil
	geo.boxes = make([]rect, len(g.nodes))
	for i, n := range g.nodes {
		geo.boxes[i] = rect{n.pos, n.size.X / 2, n.size.Y / 2}
	}
	specs := make([]edgeSpec, len(g.edges))
	geo.sizes = make([]vec, len(g.edges))
	geo.loops = make([]bool, len(g.edges))
	for i, e := range g.edges {
		specs[i] = edgeSpec{From: e.from, To: e.to}
		geo.sizes[i] = e.labelSize
		geo.loops[i] = e.from == e.to
	}
	geo.routes = routeEdges(geo.boxes, specs)
	geo.labels = placeLabels(geo.boxes, geo.routes, geo.sizes, geo.loops)
	return geo
}

// movedNode records that box i moved during a drag: the next geometry
// routes its arrows again, and places their labels among the others, which
// stay (a drag frame on a dense graph stays fast; DragEnd routes everything
// again).
func (g *View) movedNode(i int) {
	if g.geo.moved == nil {
		g.geo.moved = map[int]bool{}
	}
	g.geo.moved[i] = true
}

// rerouteMoved routes the arrows of the boxes moved and places their labels.
func (g *View) rerouteMoved() {
	geo := &g.geo
	for i := range geo.moved {
		n := g.nodes[i]
		geo.boxes[i] = rect{n.pos, n.size.X / 2, n.size.Y / 2}
	}
	var which []int
	var specs []edgeSpec
	for i, e := range g.edges {
		if geo.moved[e.from] || geo.moved[e.to] {
			which = append(which, i)
			specs = append(specs, edgeSpec{From: e.from, To: e.to})
		}
	}
	geo.moved = nil
	for k, r := range routeEdges(geo.boxes, specs) {
		geo.routes[which[k]] = r
	}
	geo.labels = placeLabelsOf(geo.boxes, geo.routes, geo.sizes, geo.loops, which, geo.labels)
}

// edgeAt returns the index of the arrow drawn at widget position p (on its
// line, within a few pixels, or on its label), or -1. Labels win over lines,
// and among lines the nearest.
func (g *View) edgeAt(p fyne.Position) int {
	geo := g.geometry()
	w := g.ToWorld(p)
	pt := vec{w.X, w.Y}
	for i, e := range g.edges {
		if e.labelSize.X > 0 && (rect{geo.labels[i], e.labelSize.X / 2, e.labelSize.Y / 2}).contains(pt) {
			return i
		}
	}
	best, bestD := -1, 6/float64(g.zoom)
	for i := range g.edges {
		if d := distToPolyline(pt, geo.routes[i].pts); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// distToPolyline is the distance from p to the nearest point of pts.
func distToPolyline(p vec, pts []vec) float64 {
	best := math.Inf(1)
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		ab := b.sub(a)
		t := 0.0
		if l := ab.X*ab.X + ab.Y*ab.Y; l > 0 {
			t = math.Max(0, math.Min(1, ((p.X-a.X)*ab.X+(p.Y-a.Y)*ab.Y)/l))
		}
		best = math.Min(best, p.sub(a.add(ab.mul(t))).len())
	}
	return best
}

// onBorder reports whether widget position p is on the border band of box
// i, where a drag draws a new transition instead of moving the box: within
// a few pixels of its edge, inside or just outside.
func (g *View) onBorder(i int, p fyne.Position) bool {
	n := g.nodes[i]
	w := g.ToWorld(p)
	pt := vec{w.X, w.Y}
	band := connectBand / float64(g.zoom)
	inner := math.Min(band, math.Min(n.size.X, n.size.Y)/4)
	outer := rect{n.pos, n.size.X/2 + band/2, n.size.Y/2 + band/2}
	core := rect{n.pos, n.size.X/2 - inner, n.size.Y/2 - inner}
	return outer.contains(pt) && !core.contains(pt)
}

// connectBand is the width of a box's border band in pixels.
const connectBand = 8

// borderNodeAt returns the box whose border band holds widget position p,
// or -1.
func (g *View) borderNodeAt(p fyne.Position) int {
	for i := len(g.nodes) - 1; i >= 0; i-- {
		if !style.Placeholder(g.nodes[i].typ) && g.onBorder(i, p) {
			return i
		}
	}
	return -1
}

// statesIn returns the states (not missing targets) whose boxes touch the
// world rectangle between a and b.
func (g *View) statesIn(a, b graph.Point) []string {
	r := rect{C: vec{(a.X + b.X) / 2, (a.Y + b.Y) / 2}, HW: math.Abs(a.X-b.X) / 2, HH: math.Abs(a.Y-b.Y) / 2}
	var out []string
	for _, n := range g.nodes {
		if !style.Placeholder(n.typ) && r.overlaps(rect{n.pos, n.size.X / 2, n.size.Y / 2}) {
			out = append(out, n.id)
		}
	}
	return out
}

// TransitionAt returns where transition t's label is drawn (the middle of
// its arrow when it has no label), in widget coordinates; the middle of the
// view when t is not drawn.
func (g *View) TransitionAt(t TransitionRef) fyne.Position {
	i := g.transitionEdge(t)
	if i < 0 {
		return g.centre()
	}
	geo := g.geometry()
	at := geo.labels[i]
	if g.edges[i].labelSize.X == 0 {
		at, _ = geo.routes[i].at(0.5)
	}
	return g.ToWidget(pointOf(at))
}

func pointOf(v vec) graph.Point { return graph.Point{X: v.X, Y: v.Y} }

// levels indexes the boxes by height on the canvas, for roomBeside: a
// frame at a small zoom asks for the boxes level with each of hundreds.
type levels struct {
	order []int     // node indexes by centre y
	ys    []float64 // their centres' y, ascending
	half  float64   // the tallest box's half height
}

// newLevels indexes g's boxes as they are now.
func newLevels(g *View) *levels {
	l := &levels{order: make([]int, len(g.nodes))}
	for i, n := range g.nodes {
		l.order[i] = i
		l.half = math.Max(l.half, n.size.Y/2)
	}
	sort.Slice(l.order, func(a, b int) bool { return g.nodes[l.order[a]].pos.Y < g.nodes[l.order[b]].pos.Y })
	l.ys = make([]float64, len(l.order))
	for k, i := range l.order {
		l.ys[k] = g.nodes[i].pos.Y
	}
	return l
}

// roomBeside is the free width, in world units, on each side of box i
// (the smaller of the two, less a margin): how far a name wider than the
// box may spill out of it. Boxes beside it are those level with it, found
// in lv.
func (g *View) roomBeside(lv *levels, i int) float64 {
	const margin = 12.0
	n := g.nodes[i]
	room := math.Inf(1)
	from := sort.SearchFloat64s(lv.ys, n.pos.Y-n.size.Y/2-lv.half)
	for k := from; k < len(lv.ys) && lv.ys[k] <= n.pos.Y+n.size.Y/2+lv.half; k++ {
		j := lv.order[k]
		m := g.nodes[j]
		if j == i || math.Abs(m.pos.Y-n.pos.Y) >= (m.size.Y+n.size.Y)/2 {
			continue
		}
		gap := math.Abs(m.pos.X-n.pos.X) - (m.size.X+n.size.X)/2
		room = math.Min(room, gap/2) // a neighbour's name may spill too
	}
	return math.Max(0, room-margin)
}
