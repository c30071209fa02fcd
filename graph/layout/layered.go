package layout

import (
	"sort"

	"github.com/rulestudio/studio/graph"
)

// Spacing of the built-in layered layout, in canvas units.
const (
	layerGap = 80 // vertical space between layers
	nodeGap  = 40 // horizontal space between boxes of one layer
)

// Layered is the built-in layout, used when Graphviz is not installed: a small
// Sugiyama-style layered drawing. Cycles are broken at the back edges of a
// depth-first search from state 1, states are put on layers by longest path,
// each layer is ordered by barycentre sweeps to reduce crossings, and boxes are
// packed left to right with each layer centred. The result is deterministic.
func Layered(p *graph.Pack, opt Options) map[string]graph.Point {
	g := newLayerGraph(p, opt.size())
	layers := g.assignLayers()
	order := g.orderLayers(layers)
	return g.place(order)
}

// layerGraph is the state graph as adjacency lists over state indexes.
type layerGraph struct {
	p     *graph.Pack
	size  Sizer
	succ  [][]int // forward edges after cycle breaking
	pred  [][]int
	edges [][]int // all edges, self-loops dropped
}

func newLayerGraph(p *graph.Pack, size Sizer) *layerGraph {
	index := map[string]int{}
	for i, s := range p.States {
		if _, dup := index[p.Key(s.ID)]; !dup {
			index[p.Key(s.ID)] = i
		}
	}
	g := &layerGraph{p: p, size: size, succ: make([][]int, len(p.States)), pred: make([][]int, len(p.States)), edges: make([][]int, len(p.States))}
	for i, s := range p.States {
		targets := []graph.StateID{}
		for _, t := range s.Transitions {
			targets = append(targets, t.To)
		}
		if s.InitialPrivate != nil {
			targets = append(targets, *s.InitialPrivate)
		}
		for _, to := range targets {
			if j, ok := index[p.Key(to)]; ok && j != i {
				g.edges[i] = append(g.edges[i], j)
			}
		}
	}
	g.breakCycles()
	return g
}

// breakCycles keeps the edges that are not back edges of a DFS started at state 1
// (then at each unvisited state in pack order).
func (g *layerGraph) breakCycles() {
	const (
		unseen = iota
		open
		done
	)
	state := make([]int, len(g.edges))
	var visit func(int)
	visit = func(i int) {
		state[i] = open
		for _, j := range g.edges[i] {
			if state[j] == open {
				continue // back edge: ignored for layering
			}
			g.succ[i] = append(g.succ[i], j)
			g.pred[j] = append(g.pred[j], i)
			if state[j] == unseen {
				visit(j)
			}
		}
		state[i] = done
	}
	roots := []int{}
	for i, s := range g.p.States {
		if g.p.Key(s.ID) == "1" {
			roots = append(roots, i)
		}
	}
	for i := range g.edges {
		roots = append(roots, i)
	}
	for _, r := range roots {
		if state[r] == unseen {
			visit(r)
		}
	}
}

// assignLayers puts each state one layer below its deepest predecessor.
func (g *layerGraph) assignLayers() []int {
	layer := make([]int, len(g.succ))
	indeg := make([]int, len(g.succ))
	for i := range g.succ {
		indeg[i] = len(g.pred[i])
	}
	queue := []int{}
	for i := range indeg {
		if indeg[i] == 0 {
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, j := range g.succ[i] {
			layer[j] = max(layer[j], layer[i]+1)
			if indeg[j]--; indeg[j] == 0 {
				queue = append(queue, j)
			}
		}
	}
	return layer
}

// orderLayers groups states by layer and orders each layer by the barycentre of
// its neighbours in the layer above, then below, for a few sweeps.
func (g *layerGraph) orderLayers(layer []int) [][]int {
	var order [][]int
	for i, l := range layer {
		for len(order) <= l {
			order = append(order, nil)
		}
		order[l] = append(order[l], i)
	}
	pos := make([]float64, len(layer))
	setPos := func() {
		for _, row := range order {
			for k, i := range row {
				pos[i] = float64(k)
			}
		}
	}
	setPos()
	for sweep := 0; sweep < 8; sweep++ {
		down := sweep%2 == 0
		for l := range order {
			if down && l == 0 || !down && l == len(order)-1 {
				continue
			}
			idx := l
			if !down {
				idx = len(order) - 1 - l
			}
			nbrs := g.pred
			if !down {
				nbrs = g.succ
			}
			row := order[idx]
			bary := map[int]float64{}
			for _, i := range row {
				bary[i] = pos[i]
				if n := nbrs[i]; len(n) > 0 {
					sum := 0.0
					for _, j := range n {
						sum += pos[j]
					}
					bary[i] = sum / float64(len(n))
				}
			}
			sort.SliceStable(row, func(a, b int) bool { return bary[row[a]] < bary[row[b]] })
			for k, i := range row { // only this layer moved: renumbering all of them made a sweep quadratic
				pos[i] = float64(k)
			}
		}
	}
	return order
}

// place packs each layer left to right, centred on x = 0.
func (g *layerGraph) place(order [][]int) map[string]graph.Point {
	out := make(map[string]graph.Point, len(g.p.States))
	y := 0.0
	for _, row := range order {
		width, tallest := 0.0, 0.0
		for k, i := range row {
			w, h := g.size(g.p.States[i])
			width += w
			if k > 0 {
				width += nodeGap
			}
			tallest = max(tallest, h)
		}
		x := -width / 2
		for _, i := range row {
			w, _ := g.size(g.p.States[i])
			out[g.p.States[i].ID.String()] = graph.Point{X: x + w/2, Y: y + tallest/2}
			x += w + nodeGap
		}
		y += tallest + layerGap
	}
	return out
}
