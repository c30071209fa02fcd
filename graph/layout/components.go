package layout

import (
	"math"
	"slices"
	"sort"

	"github.com/rulestudio/studio/graph"
)

// vec is a point or a size in canvas units.
type vec struct{ X, Y float64 }

// Components rearranges a layout whose pieces lie side by side in one
// long row (Graphviz puts the disconnected pieces of a graph next to each
// other, so a machine whose transitions live in code becomes a line of 100
// boxes) into rows that fill a screen-shaped area. Each connected piece keeps
// its own shape; the piece of the pack's first state comes first, then the
// bigger pieces, then the others in their original left-to-right order. A
// layout that is not much wider than tall, or that packing would not fit
// better on a 4:3 screen, is returned unchanged; else a new map is returned
// (pos is never changed).
func Components(p *graph.Pack, pos map[string]graph.Point, opt Options) map[string]graph.Point {
	sizeOf := opt.size()
	ids := make([]string, 0, len(p.States))
	size := map[string]vec{}
	for _, s := range p.States {
		id := s.ID.String()
		if _, ok := pos[id]; !ok {
			continue
		}
		if _, dup := size[id]; dup {
			continue
		}
		w, h := sizeOf(s)
		size[id] = vec{w, h}
		ids = append(ids, id)
	}
	if len(ids) < 2 {
		return pos
	}
	// Connected pieces, through transitions and initialprivate links.
	parent := map[string]string{}
	var find func(string) string
	find = func(a string) string {
		if parent[a] == "" || parent[a] == a {
			return a
		}
		r := find(parent[a])
		parent[a] = r
		return r
	}
	union := func(a, b string) {
		if _, ok := size[a]; !ok {
			return
		}
		if _, ok := size[b]; !ok {
			return
		}
		ra, rb := find(a), find(b)
		if ra != rb {
			parent[ra] = rb
		}
	}
	byKey := map[string]*graph.State{} // p.State looks through every state: quadratic in a big pack
	for _, s := range slices.Backward(p.States) {
		byKey[p.Key(s.ID)] = s // the first of a key wins, as in p.State
	}
	for _, s := range p.States {
		for _, t := range s.Transitions {
			if to := byKey[p.Key(t.To)]; to != nil {
				union(s.ID.String(), to.ID.String())
			}
		}
		if s.InitialPrivate != nil {
			if to := byKey[p.Key(*s.InitialPrivate)]; to != nil {
				union(s.ID.String(), to.ID.String())
			}
		}
	}
	type piece struct {
		ids    []string
		lo, hi vec
	}
	byRoot := map[string]*piece{}
	var pieces []*piece
	for _, id := range ids {
		r := find(id)
		pc := byRoot[r]
		if pc == nil {
			pc = &piece{lo: vec{math.Inf(1), math.Inf(1)}, hi: vec{math.Inf(-1), math.Inf(-1)}}
			byRoot[r] = pc
			pieces = append(pieces, pc)
		}
		pc.ids = append(pc.ids, id)
		c, s := pos[id], size[id]
		pc.lo = vec{math.Min(pc.lo.X, c.X-s.X/2), math.Min(pc.lo.Y, c.Y-s.Y/2)}
		pc.hi = vec{math.Max(pc.hi.X, c.X+s.X/2), math.Max(pc.hi.Y, c.Y+s.Y/2)}
	}
	lo, hi := pieces[0].lo, pieces[0].hi
	area := 0.0
	widest := 0.0
	for _, pc := range pieces {
		lo = vec{math.Min(lo.X, pc.lo.X), math.Min(lo.Y, pc.lo.Y)}
		hi = vec{math.Max(hi.X, pc.hi.X), math.Max(hi.Y, pc.hi.Y)}
		w, h := pc.hi.X-pc.lo.X+gapX, pc.hi.Y-pc.lo.Y+gapY
		area += w * h
		widest = math.Max(widest, w)
	}
	if len(pieces) < 2 || hi.X-lo.X < 2.5*(hi.Y-lo.Y) {
		return pos
	}
	first := find(ids[0]) // the piece of the pack's first state (usually gameSetup) leads
	sort.SliceStable(pieces, func(a, b int) bool {
		fa, fb := find(pieces[a].ids[0]) == first, find(pieces[b].ids[0]) == first
		if fa != fb {
			return fa
		}
		if len(pieces[a].ids) != len(pieces[b].ids) && (len(pieces[a].ids) > 2 || len(pieces[b].ids) > 2) {
			return len(pieces[a].ids) > len(pieces[b].ids)
		}
		return pieces[a].lo.X < pieces[b].lo.X
	})
	rowWidth := math.Max(widest*1.25, math.Sqrt(area*1.6))
	out := make(map[string]graph.Point, len(pos))
	for k, v := range pos {
		out[k] = v
	}
	x, y, rowH := 0.0, 0.0, 0.0
	for _, pc := range pieces {
		w, h := pc.hi.X-pc.lo.X, pc.hi.Y-pc.lo.Y
		if x > 0 && x+w > rowWidth {
			x, y, rowH = 0, y+rowH+gapY, 0
		}
		for _, id := range pc.ids {
			c := pos[id]
			out[id] = graph.Point{X: x + (c.X - pc.lo.X), Y: y + (c.Y - pc.lo.Y)}
		}
		x += w + gapX
		rowH = math.Max(rowH, h)
	}
	// Keep the packing only when it fits a screen-shaped (4:3) view better.
	nlo, nhi := vec{math.Inf(1), math.Inf(1)}, vec{math.Inf(-1), math.Inf(-1)}
	for _, id := range ids {
		c, s := out[id], size[id]
		nlo = vec{math.Min(nlo.X, c.X-s.X/2), math.Min(nlo.Y, c.Y-s.Y/2)}
		nhi = vec{math.Max(nhi.X, c.X+s.X/2), math.Max(nhi.Y, c.Y+s.Y/2)}
	}
	fit := func(lo, hi vec) float64 { return math.Min(4/(hi.X-lo.X), 3/(hi.Y-lo.Y)) }
	if fit(nlo, nhi) < 1.1*fit(lo, hi) {
		return pos
	}
	return out
}

// Gaps between packed pieces, in world units.
const (
	gapX = 40
	gapY = 60
)
