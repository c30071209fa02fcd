package diagram

import (
	"math"
	"sort"
)

// This file holds the pure geometry of the graph canvas: where arrows run and
// where their labels go, in world units (canvas units at zoom 1). It knows
// nothing of Fyne, so it is cheap to test.

// vec is a point or a direction in world units.
type vec struct{ X, Y float64 }

func (a vec) add(b vec) vec        { return vec{a.X + b.X, a.Y + b.Y} }
func (a vec) sub(b vec) vec        { return vec{a.X - b.X, a.Y - b.Y} }
func (a vec) mul(k float64) vec    { return vec{a.X * k, a.Y * k} }
func (a vec) len() float64         { return math.Hypot(a.X, a.Y) }
func (a vec) perp() vec            { return vec{-a.Y, a.X} }
func lerp(a, b vec, t float64) vec { return a.add(b.sub(a).mul(t)) }
func (a vec) unit() vec {
	l := a.len()
	if l == 0 {
		return vec{1, 0}
	}
	return a.mul(1 / l)
}

// rect is an axis-aligned box given by its centre and half sizes.
type rect struct {
	C      vec
	HW, HH float64
}

func (r rect) contains(p vec) bool {
	return math.Abs(p.X-r.C.X) <= r.HW && math.Abs(p.Y-r.C.Y) <= r.HH
}

func (r rect) overlaps(o rect) bool {
	return math.Abs(r.C.X-o.C.X) < r.HW+o.HW && math.Abs(r.C.Y-o.C.Y) < r.HH+o.HH
}

func (r rect) grow(d float64) rect { return rect{r.C, r.HW + d, r.HH + d} }

// border returns where the ray from r's centre towards p leaves r (r's centre
// when p is the centre).
func (r rect) border(p vec) vec {
	d := p.sub(r.C)
	if d.X == 0 && d.Y == 0 {
		return r.C
	}
	t := math.Inf(1)
	if d.X != 0 {
		t = math.Min(t, r.HW/math.Abs(d.X))
	}
	if d.Y != 0 {
		t = math.Min(t, r.HH/math.Abs(d.Y))
	}
	if t > 1 {
		t = 1
	}
	return r.C.add(d.mul(t))
}

// route is the path of one arrow: a polyline from the source box's border to
// the tip of the arrowhead on the target box's border.
type route struct {
	pts []vec
}

// at returns the point at fraction t (0..1) of the route's length and the
// direction there.
func (r route) at(t float64) (vec, vec) {
	total := 0.0
	for i := 1; i < len(r.pts); i++ {
		total += r.pts[i].sub(r.pts[i-1]).len()
	}
	want := total * t
	for i := 1; i < len(r.pts); i++ {
		seg := r.pts[i].sub(r.pts[i-1])
		l := seg.len()
		if want <= l || i == len(r.pts)-1 {
			if l == 0 {
				return r.pts[i], vec{1, 0}
			}
			return lerp(r.pts[i-1], r.pts[i], math.Min(want/l, 1)), seg.unit()
		}
		want -= l
	}
	if len(r.pts) == 0 {
		return vec{}, vec{1, 0}
	}
	return r.pts[0], vec{1, 0}
}

// crosses reports whether the route passes through box b.
func (r route) crosses(b rect) bool {
	for i := 1; i < len(r.pts); i++ {
		a, c := r.pts[i-1], r.pts[i]
		steps := int(c.sub(a).len()/6) + 1
		for k := 0; k <= steps; k++ {
			if b.contains(lerp(a, c, float64(k)/float64(steps))) {
				return true
			}
		}
	}
	return false
}

const curveSteps = 16

// quad flattens the quadratic Bézier curve a-ctl-b, in fewer pieces when it
// is short (every piece is a canvas object to draw).
func quad(a, ctl, b vec) []vec {
	steps := int((a.sub(ctl).len() + ctl.sub(b).len()) / 30)
	steps = max(4, min(curveSteps, steps))
	pts := make([]vec, 0, steps+1)
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(steps)
		pts = append(pts, lerp(lerp(a, ctl, t), lerp(ctl, b, t), t))
	}
	return pts
}

// cubic flattens the cubic Bézier curve a-c1-c2-b.
func cubic(a, c1, c2, b vec) []vec {
	pts := make([]vec, 0, curveSteps+1)
	for i := 0; i <= curveSteps; i++ {
		t := float64(i) / curveSteps
		p := lerp(lerp(lerp(a, c1, t), lerp(c1, c2, t), t), lerp(lerp(c1, c2, t), lerp(c2, b, t), t), t)
		pts = append(pts, p)
	}
	return pts
}

// arc returns the route from box a to box b bending sideways by bend world
// units at its middle (0: a straight line).
func arc(a, b rect, bend float64) route {
	if bend == 0 {
		return route{pts: []vec{a.border(b.C), b.border(a.C)}}
	}
	mid := lerp(a.C, b.C, 0.5)
	ctl := mid.add(b.C.sub(a.C).unit().perp().mul(2 * bend))
	return route{pts: quad(a.border(ctl), ctl, b.border(ctl))}
}

// selfLoop returns the route of the k-th (0-based) transition from a box to
// itself: a loop on the box's right side, larger for each further loop.
func selfLoop(a rect, k int) route {
	x := a.C.X + a.HW
	reach := 34 + 22*float64(k)
	rise := a.HH*0.5 + 8*float64(k)
	start := vec{x, a.C.Y - a.HH*0.45}
	end := vec{x, a.C.Y + a.HH*0.45}
	return route{pts: cubic(start, vec{x + reach, a.C.Y - rise - 10}, vec{x + reach, a.C.Y + rise + 10}, end)}
}

// edgeSpec is one arrow to route: the indexes of its boxes.
type edgeSpec struct {
	From, To int
}

// routeEdges computes a route for every edge between boxes. Arrows between the
// same two boxes (in either direction) fan out so that each stays visible; a
// lone straight arrow that would run through another box bends around it when a
// modest bend clears it.
func routeEdges(boxes []rect, edges []edgeSpec) []route {
	out := make([]route, len(edges))
	var bg grid
	for _, b := range boxes {
		bg.add(b.grow(4))
	}
	type pair struct{ a, b int }
	groups := map[pair][]int{}
	var order []pair
	for i, e := range edges {
		k := pair{min(e.From, e.To), max(e.From, e.To)}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	for _, k := range order {
		idx := groups[k]
		if k.a == k.b {
			for n, i := range idx {
				out[i] = selfLoop(boxes[k.a], n)
			}
			continue
		}
		if len(idx) == 1 {
			out[idx[0]] = clearRoute(boxes, &bg, edges[idx[0]])
			continue
		}
		// Fan out: bends measured in the direction low->high index, so that
		// arrows a->b and b->a with the same slot do not coincide.
		n := len(idx)
		for slot, i := range idx {
			bend := (float64(slot) - float64(n-1)/2) * 26
			if edges[i].From != k.a {
				bend = -bend
			}
			if bend == 0 {
				out[i] = clearRoute(boxes, &bg, edges[i])
			} else {
				out[i] = arc(boxes[edges[i].From], boxes[edges[i].To], bend)
			}
		}
	}
	return out
}

// clearRoute routes a lone arrow: straight when that crosses no other box, else
// the smallest bend (either side) that does. bg holds the boxes, grown a little.
func clearRoute(boxes []rect, bg *grid, e edgeSpec) route {
	straight := arc(boxes[e.From], boxes[e.To], 0)
	if !crossesAny(straight, bg, e) {
		return straight
	}
	for _, b := range []float64{40, -40, 80, -80, 130, -130, 190, -190} {
		r := arc(boxes[e.From], boxes[e.To], b)
		if !crossesAny(r, bg, e) {
			return r
		}
	}
	return straight
}

// crossesAny reports whether route r runs through a box other than its ends.
func crossesAny(r route, bg *grid, e edgeSpec) bool {
	hit := false
	for i := 1; i < len(r.pts) && !hit; i++ {
		a, c := r.pts[i-1], r.pts[i]
		steps := int(c.sub(a).len()/6) + 1
		for k := 0; k <= steps && !hit; k++ {
			bg.at(lerp(a, c, float64(k)/float64(steps)), func(j int) {
				if j != e.From && j != e.To {
					hit = true
				}
			})
		}
	}
	return hit
}

// placeLabels chooses a centre for each label (size w x h, zero width for no
// label) on its route, avoiding boxes and the labels placed before it. Labels
// of self-loops go to the right of the loop.
func placeLabels(boxes []rect, routes []route, sizes []vec, loops []bool) []vec {
	all := make([]int, len(routes))
	for i := range all {
		all[i] = i
	}
	return placeLabelsOf(boxes, routes, sizes, loops, all, make([]vec, len(routes)))
}

// placeLabelsOf places the labels of the routes which (as placeLabels does)
// around the other labels, which stay at their centres in at; it returns at
// with the new centres.
func placeLabelsOf(boxes []rect, routes []route, sizes []vec, loops []bool, which []int, at []vec) []vec {
	// Place longer routes last: short arrows have fewer good spots.
	order := append([]int(nil), which...)
	lengths := make(map[int]float64, len(order))
	for _, i := range order {
		lengths[i] = routeLen(routes[i])
	}
	sort.SliceStable(order, func(a, b int) bool { return lengths[order[a]] < lengths[order[b]] })
	// cost is how badly a label at r hides things: boxes count most (a label
	// on a box hides its name), then labels placed before. A grid of the
	// boxes and labels keeps this fast on graphs with hundreds of arrows.
	var boxGrid, labelGrid grid
	for _, b := range boxes {
		boxGrid.add(b.grow(2))
	}
	moving := make(map[int]bool, len(which))
	for _, i := range which {
		moving[i] = true
	}
	for i, sz := range sizes {
		if !moving[i] && sz.X > 0 && len(routes[i].pts) > 0 {
			labelGrid.add(rect{at[i], sz.X / 2, sz.Y / 2}.grow(1))
		}
	}
	cost := func(r rect) float64 {
		c := 0.0
		boxGrid.each(r, func(b rect) { c += 4 * overlapArea(r, b) })
		labelGrid.each(r, func(p rect) { c += overlapArea(r, p) })
		return c
	}
	for _, i := range order {
		sz := sizes[i]
		if sz.X == 0 || len(routes[i].pts) == 0 {
			continue
		}
		hw, hh := sz.X/2, sz.Y/2
		var spots []vec
		if loops[i] {
			p, _ := routes[i].at(0.5)
			for _, dy := range []float64{0, -hh * 2, hh * 2, -hh * 4, hh * 4} {
				spots = append(spots, vec{p.X + hw + 3, p.Y + dy})
			}
		} else {
			spots = labelSpots(routes[i], hw, hh)
		}
		best, bestCost := rect{spots[0], hw, hh}, math.Inf(1)
		for _, c := range spots {
			r := rect{c, hw, hh}
			if k := cost(r); k < bestCost {
				best, bestCost = r, k
				if k == 0 {
					break
				}
			}
		}
		labelGrid.add(best.grow(1))
		at[i] = best.C
	}
	return at
}

func routeLen(r route) float64 {
	l := 0.0
	for i := 1; i < len(r.pts); i++ {
		l += r.pts[i].sub(r.pts[i-1]).len()
	}
	return l
}

// labelSpots lists where a label of half size hw x hh may go on a route, best
// first: on the line near its middle, then beside the line.
func labelSpots(r route, hw, hh float64) []vec {
	var out []vec
	for _, t := range []float64{0.5, 0.4, 0.6, 0.3, 0.7} {
		p, _ := r.at(t)
		out = append(out, p)
	}
	for _, t := range []float64{0.5, 0.35, 0.65, 0.2, 0.8} {
		p, d := r.at(t)
		n := d.perp()
		// Distance from the centre to the rectangle's edge along n, plus a gap.
		off := math.Abs(n.X)*hw + math.Abs(n.Y)*hh + 3
		out = append(out, p.add(n.mul(off)), p.sub(n.mul(off)))
	}
	for _, t := range []float64{0.22, 0.78, 0.15, 0.85} {
		p, _ := r.at(t)
		out = append(out, p)
	}
	return out
}

// overlapArea is the area two boxes share.
func overlapArea(a, b rect) float64 {
	w := math.Min(a.C.X+a.HW, b.C.X+b.HW) - math.Max(a.C.X-a.HW, b.C.X-b.HW)
	h := math.Min(a.C.Y+a.HH, b.C.Y+b.HH) - math.Max(a.C.Y-a.HH, b.C.Y-b.HH)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// gridCell is the side of a grid cell in world units.
const gridCell = 120

// grid is a uniform spatial hash of boxes, for overlap queries.
type grid struct {
	items []rect
	cells map[[2]int][]int
	stamp []int // per item: the query that last saw it
	query int
}

func cellRange(r rect) (x0, y0, x1, y1 int) {
	return int(math.Floor((r.C.X - r.HW) / gridCell)), int(math.Floor((r.C.Y - r.HH) / gridCell)),
		int(math.Floor((r.C.X + r.HW) / gridCell)), int(math.Floor((r.C.Y + r.HH) / gridCell))
}

// add puts r in the grid.
func (g *grid) add(r rect) {
	if g.cells == nil {
		g.cells = make(map[[2]int][]int, 256)
	}
	idx := len(g.items)
	g.items = append(g.items, r)
	g.stamp = append(g.stamp, 0)
	x0, y0, x1, y1 := cellRange(r)
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			k := [2]int{x, y}
			g.cells[k] = append(g.cells[k], idx)
		}
	}
}

// each calls f once for every box of the grid that overlaps r.
func (g *grid) each(r rect, f func(rect)) {
	if len(g.items) == 0 {
		return
	}
	x0, y0, x1, y1 := cellRange(r)
	g.query++
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			for _, i := range g.cells[[2]int{x, y}] {
				if g.stamp[i] == g.query {
					continue
				}
				g.stamp[i] = g.query
				if g.items[i].overlaps(r) {
					f(g.items[i])
				}
			}
		}
	}
}

// at calls f with the index of every box of the grid that contains p.
func (g *grid) at(p vec, f func(int)) {
	k := [2]int{int(math.Floor(p.X / gridCell)), int(math.Floor(p.Y / gridCell))}
	for _, i := range g.cells[k] {
		if g.items[i].contains(p) {
			f(i)
		}
	}
}
