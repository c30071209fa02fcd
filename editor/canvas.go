package editor

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/layout"
)

// Zoom limits of the graph canvas.
const (
	MinZoom = 0.1
	MaxZoom = 4.0
)

// fitMargin is the free space kept around the graph by ZoomToFit, in pixels.
const fitMargin = 24

// node is the canvas's copy of what it draws of a state.
type node struct {
	id      string // the state id as written (StateID.String()), the key of positions
	name    string
	typ     graph.StateType
	size    vec // width, height in world units
	pos     vec // centre in world units
	diag    bool
	diagSev graph.Severity // worst diagnostic about the state, when diag
}

// edge is one arrow: a transition (or an initialprivate link) between nodes.
type edge struct {
	from, to int // node indexes
	label    string
	dashed   bool // an initialprivate link, or a transition inferred from code
	inferred bool // a transition inferred from a State class's code: also its own colour
}

// GraphView is the state graph canvas: a box per state coloured by its BGA
// type, an arrow per transition labelled with its name. Drag the background
// (or scroll) to pan, ctrl+scroll to zoom, tap a box to select it, drag a box to
// move it.
//
// The view keeps its own copy of what it draws and refers to states by id
// (graph.StateID.String()); it never holds pointers into a pack. Its methods
// must be called on the Fyne goroutine (use fyne.Do from others).
type GraphView struct {
	widget.BaseWidget

	// OnSelected is called when the user selects a state (id) or clears the
	// selection (""), by tapping.
	OnSelected func(id string)
	// OnMoved is called when the user has dragged a state from one centre to
	// another.
	OnMoved func(id string, from, to graph.Point)

	nodes    []node
	index    map[string]int
	edges    []edge
	gen      int // counts SetGraph calls, so the renderer knows to rebuild
	geomGen  int // counts changes of positions, so the renderer routes arrows again
	selected string

	zoom    float32
	offset  fyne.Position // where world (0, 0) is drawn, in widget coordinates
	autoFit fitMode       // how to fit again on resize, until the user pans or zooms

	press    *fyne.Position // where the mouse went down, while it is down
	dragNode int            // node being dragged, or -1
	dragFrom vec            // where it was when the drag began
	panning  bool

	keyMods func() fyne.KeyModifier // tests: the modifiers held
}

// NewGraphView returns an empty graph canvas.
func NewGraphView() *GraphView {
	g := &GraphView{zoom: 1, dragNode: -1, index: map[string]int{}}
	g.ExtendBaseWidget(g)
	return g
}

// SetGraph replaces what the view draws with the states and transitions of p,
// at the given centres (keyed by state id as written); a state without a
// position is placed below the others. diags marks states with problems. The
// selection is kept when its state still exists. The view copies what it needs
// and keeps no reference to p.
func (g *GraphView) SetGraph(p *graph.Pack, positions map[string]graph.Point, diags []graph.Diagnostic) {
	g.nodes = g.nodes[:0]
	g.edges = g.edges[:0]
	g.index = map[string]int{}
	if p == nil {
		g.selected = ""
		g.gen++
		g.geomGen++
		g.Refresh()
		return
	}
	worst := map[string]graph.Severity{}
	for _, d := range diags {
		if d.State.IsZero() {
			continue
		}
		k := p.Key(d.State)
		if s, ok := worst[k]; !ok || d.Severity < s {
			worst[k] = d.Severity
		}
	}
	var maxY, minX float64
	first := true
	for _, pt := range positions {
		if first || pt.Y > maxY {
			maxY = pt.Y
		}
		if first || pt.X < minX {
			minX = pt.X
		}
		first = false
	}
	unplaced := 0
	for _, s := range p.States {
		id := s.ID.String()
		if _, dup := g.index[id]; dup {
			continue // a duplicate id: the validator reports it; draw the first
		}
		w, h := layout.BoxSize(s)
		n := node{id: id, name: s.Name, typ: s.Type, size: vec{w, h}}
		if pt, ok := positions[id]; ok {
			n.pos = vec{pt.X, pt.Y}
		} else {
			n.pos = vec{minX + float64(unplaced)*160, maxY + 120}
			unplaced++
		}
		if sev, ok := worst[p.Key(s.ID)]; ok {
			n.diag, n.diagSev = true, sev
		}
		g.index[id] = len(g.nodes)
		g.nodes = append(g.nodes, n)
	}
	target := func(from int, to graph.StateID, label string) int {
		if t := p.State(to); t != nil {
			if i, ok := g.index[t.ID.String()]; ok {
				return i
			}
		}
		id := to.String()
		if i, ok := g.index[id]; ok {
			return i
		}
		n := node{id: id, name: id, typ: Missing}
		w, h := layout.BoxSize(&graph.State{ID: graph.ConstID("no such state"), Name: id})
		if v, ok := p.Resolve(to); ok && v == 99 || !ok && to.Const == "ST_END_GAME" {
			n.name, n.typ = "gameEnd", FrameworkEnd
			w, h = layout.BoxSize(&graph.State{ID: to, Name: n.name, Type: graph.Manager})
		}
		n.size = vec{w, h}
		if pt, ok := positions[id]; ok {
			n.pos = vec{pt.X, pt.Y}
		} else {
			n.pos = g.freeSpot(g.nodes[from], n.size, label)
		}
		g.index[id] = len(g.nodes)
		g.nodes = append(g.nodes, n)
		return len(g.nodes) - 1
	}
	for _, s := range p.States {
		from, ok := g.index[s.ID.String()]
		if !ok || g.nodes[from].id != s.ID.String() {
			continue
		}
		for _, t := range s.Transitions {
			g.edges = append(g.edges, edge{from: from, to: target(from, t.To, t.Name), label: t.Name, dashed: t.Inferred, inferred: t.Inferred})
		}
		if s.InitialPrivate != nil {
			g.edges = append(g.edges, edge{from: from, to: target(from, *s.InitialPrivate, "initialprivate"), label: "initialprivate", dashed: true})
		}
	}
	if _, ok := g.index[g.selected]; !ok {
		g.selected = ""
	}
	g.gen++
	g.geomGen++
	g.Refresh()
}

// freeSpot finds a centre near box src for a new box of size sz that overlaps
// no box drawn so far, far enough beside src for the arrow's label between
// them (below or above first, where a label takes no width).
func (g *GraphView) freeSpot(src node, sz vec, label string) vec {
	free := func(c vec) bool {
		r := rect{c, sz.X/2 + 15, sz.Y/2 + 15}
		for _, n := range g.nodes {
			if r.overlaps(rect{n.pos, n.size.X / 2, n.size.Y / 2}) {
				return false
			}
		}
		return true
	}
	labelW := 7 * float64(len(label)) // labelSize text, roughly
	dx, dy := src.size.X/2+sz.X/2+40+labelW, src.size.Y/2+sz.Y/2+40
	for ring := 1.0; ring <= 6; ring++ {
		for _, d := range []vec{{0, 1}, {0, -1}, {1, 0.5}, {1, 0}, {1, -0.5}, {-1, 0.5}, {-1, 0}, {-1, -0.5}, {1, 1}, {-1, 1}} {
			c := src.pos.add(vec{d.X * dx * ring, d.Y * dy * ring})
			if free(c) {
				return c
			}
		}
	}
	return src.pos.add(vec{dx, dy})
}

// Positions returns the centre of every state box, keyed by state id as
// written (placeholder boxes, for missing targets and BGA's own gameEnd,
// excluded).
func (g *GraphView) Positions() map[string]graph.Point {
	out := make(map[string]graph.Point, len(g.nodes))
	for _, n := range g.nodes {
		if !placeholder(n.typ) {
			out[n.id] = graph.Point{X: n.pos.X, Y: n.pos.Y}
		}
	}
	return out
}

// States returns the ids of the states drawn, in pack order.
func (g *GraphView) States() []string {
	var out []string
	for _, n := range g.nodes {
		if !placeholder(n.typ) {
			out = append(out, n.id)
		}
	}
	return out
}

// Selected returns the id of the selected state, or "".
func (g *GraphView) Selected() string { return g.selected }

// Select selects the state id ("" clears the selection) without calling
// OnSelected. An unknown id clears the selection.
func (g *GraphView) Select(id string) {
	if _, ok := g.index[id]; !ok {
		id = ""
	}
	if id == g.selected {
		return
	}
	g.selected = id
	g.Refresh()
}

// Zoom returns the scale: widget units per world unit.
func (g *GraphView) Zoom() float32 { return g.zoom }

// Offset returns where world point (0, 0) is drawn, in widget coordinates.
func (g *GraphView) Offset() fyne.Position { return g.offset }

// ToWidget converts a world point to widget coordinates.
func (g *GraphView) ToWidget(p graph.Point) fyne.Position {
	return fyne.NewPos(g.offset.X+float32(p.X)*g.zoom, g.offset.Y+float32(p.Y)*g.zoom)
}

// ToWorld converts widget coordinates to a world point.
func (g *GraphView) ToWorld(p fyne.Position) graph.Point {
	return graph.Point{X: float64((p.X - g.offset.X) / g.zoom), Y: float64((p.Y - g.offset.Y) / g.zoom)}
}

// SetZoom sets the scale, keeping the world point under anchor (widget
// coordinates) where it is.
func (g *GraphView) SetZoom(z float32, anchor fyne.Position) {
	g.autoFit = noFit
	z = float32(math.Max(MinZoom, math.Min(MaxZoom, float64(z))))
	w := g.ToWorld(anchor)
	g.zoom = z
	g.offset = fyne.NewPos(anchor.X-float32(w.X)*z, anchor.Y-float32(w.Y)*z)
	g.Refresh()
}

// ZoomIn zooms in by one step around the centre of the view.
func (g *GraphView) ZoomIn() { g.SetZoom(g.zoom*1.25, g.centre()) }

// ZoomOut zooms out by one step around the centre of the view.
func (g *GraphView) ZoomOut() { g.SetZoom(g.zoom/1.25, g.centre()) }

// ResetZoom sets the zoom to 1 around the centre of the view.
func (g *GraphView) ResetZoom() { g.SetZoom(1, g.centre()) }

func (g *GraphView) centre() fyne.Position {
	s := g.Size()
	return fyne.NewPos(s.Width/2, s.Height/2)
}

// bounds returns the world box holding every state box and self-loop.
func (g *GraphView) bounds() (lo, hi vec, ok bool) {
	for i, n := range g.nodes {
		a := n.pos.sub(n.size.mul(0.5))
		b := n.pos.add(n.size.mul(0.5))
		if i == 0 {
			lo, hi = a, b
			continue
		}
		lo = vec{math.Min(lo.X, a.X), math.Min(lo.Y, a.Y)}
		hi = vec{math.Max(hi.X, b.X), math.Max(hi.Y, b.Y)}
	}
	for _, e := range g.edges {
		if e.from == e.to {
			n := g.nodes[e.from]
			hi.X = math.Max(hi.X, n.pos.X+n.size.X/2+90)
		}
	}
	return lo, hi, len(g.nodes) > 0
}

// fitMode says how the view fits the graph when it is resized.
type fitMode int

const (
	noFit       fitMode = iota
	fitAll              // ZoomToFit
	fitReadable         // ZoomToFitReadable
)

// ZoomToFit scales and pans so that the whole graph fits the view, never
// zooming in beyond 1. It fits again whenever the view is resized, until the
// user pans or zooms.
func (g *GraphView) ZoomToFit() {
	g.autoFit = fitAll
	g.fit()
}

func (g *GraphView) fit() {
	s := g.Size()
	if s.Width < 2*fitMargin+10 || s.Height < 2*fitMargin+10 {
		return
	}
	lo, hi, ok := g.bounds()
	if !ok {
		g.zoom, g.offset = 1, fyne.NewPos(s.Width/2, s.Height/2)
		g.Refresh()
		return
	}
	w, h := hi.X-lo.X, hi.Y-lo.Y
	z := math.Min(float64(s.Width-2*fitMargin)/math.Max(w, 1), float64(s.Height-2*fitMargin)/math.Max(h, 1))
	z = math.Max(MinZoom, math.Min(1, z))
	g.zoom = float32(z)
	mid := lerp(lo, hi, 0.5)
	g.offset = fyne.NewPos(s.Width/2-float32(mid.X*z), s.Height/2-float32(mid.Y*z))
	g.Refresh()
}

// ReadableZoom is the smallest zoom at which the names in the boxes can be
// read; [GraphView.ZoomToFitReadable] does not go below it.
const ReadableZoom = 0.6

// ZoomToFitReadable fits the graph like ZoomToFit when that leaves the names
// readable; for a bigger graph it shows the top of the graph (where state 1
// usually is) at ReadableZoom, centred on the first state, so that the
// designer starts from something legible and pans from there.
func (g *GraphView) ZoomToFitReadable() {
	g.autoFit = fitReadable
	g.fit()
	if g.Size().Width < 2*fitMargin+10 || g.zoom >= ReadableZoom || len(g.nodes) == 0 {
		return
	}
	lo, hi, _ := g.bounds()
	z := float32(ReadableZoom)
	s := g.Size()
	first := g.nodes[0].pos
	x := float32(first.X)
	// Do not scroll past the graph's sides.
	half := s.Width / 2 / z
	x = max(x, float32(lo.X)+half-fitMargin/z)
	x = min(x, float32(hi.X)-half+fitMargin/z)
	g.zoom = z
	// A little more room above: arcs of back edges bulge over the top boxes.
	g.offset = fyne.NewPos(s.Width/2-x*z, 2*fitMargin-float32(lo.Y)*z)
	g.Refresh()
}

// Refit fits the graph again the way ZoomToFit or ZoomToFitReadable last did,
// unless the user has panned or zoomed since.
func (g *GraphView) Refit() {
	switch g.autoFit {
	case fitAll:
		g.ZoomToFit()
	case fitReadable:
		g.ZoomToFitReadable()
	}
}

// CentreOn pans (keeping the zoom) so that the state id is in the middle of
// the view.
func (g *GraphView) CentreOn(id string) {
	i, ok := g.index[id]
	if !ok {
		return
	}
	g.autoFit = noFit
	c := g.centre()
	p := g.nodes[i].pos
	g.offset = fyne.NewPos(c.X-float32(p.X)*g.zoom, c.Y-float32(p.Y)*g.zoom)
	g.Refresh()
}

// Pan moves the drawing by d widget units.
func (g *GraphView) Pan(d fyne.Delta) {
	g.autoFit = noFit
	g.offset = g.offset.Add(d)
	g.Refresh()
}

// MoveState moves the centre of state id to p (world units) without calling
// OnMoved.
func (g *GraphView) MoveState(id string, p graph.Point) {
	if i, ok := g.index[id]; ok {
		g.nodes[i].pos = vec{p.X, p.Y}
		g.geomGen++
		g.Refresh()
	}
}

// StateAt returns the id of the state drawn at widget position p, or "".
func (g *GraphView) StateAt(p fyne.Position) string {
	if i := g.nodeAt(p); i >= 0 {
		return g.nodes[i].id
	}
	return ""
}

func (g *GraphView) nodeAt(p fyne.Position) int {
	w := g.ToWorld(p)
	pt := vec{w.X, w.Y}
	for i := len(g.nodes) - 1; i >= 0; i-- { // topmost first
		n := g.nodes[i]
		if (rect{n.pos, n.size.X / 2, n.size.Y / 2}).contains(pt) {
			return i
		}
	}
	return -1
}

// Resize lays the view out again, fitting the graph when ZoomToFit asked
// for it and the user has not panned or zoomed since.
func (g *GraphView) Resize(s fyne.Size) {
	g.BaseWidget.Resize(s)
	g.Refit()
}

// Tapped selects the state under the pointer, or clears the selection.
func (g *GraphView) Tapped(ev *fyne.PointEvent) {
	id := g.StateAt(ev.Position)
	if i, ok := g.index[id]; ok && placeholder(g.nodes[i].typ) {
		id = ""
	}
	if id != g.selected {
		g.selected = id
		g.Refresh()
	}
	if g.OnSelected != nil {
		g.OnSelected(id)
	}
}

// MouseDown records where a drag starts.
func (g *GraphView) MouseDown(ev *desktop.MouseEvent) {
	p := ev.Position
	g.press = &p
}

// MouseUp forgets the press.
func (g *GraphView) MouseUp(*desktop.MouseEvent) { g.press = nil }

// Dragged moves the state the drag started on, or pans when it started on the
// background.
func (g *GraphView) Dragged(ev *fyne.DragEvent) {
	if g.dragNode < 0 && !g.panning {
		start := ev.Position.Subtract(ev.Dragged)
		if g.press != nil {
			start = *g.press
		}
		if i := g.nodeAt(start); i >= 0 && !placeholder(g.nodes[i].typ) {
			g.dragNode = i
			g.dragFrom = g.nodes[i].pos
			if g.selected != g.nodes[i].id {
				g.selected = g.nodes[i].id
				if g.OnSelected != nil {
					g.OnSelected(g.selected)
				}
			}
		} else {
			g.panning = true
		}
	}
	if g.panning {
		g.Pan(ev.Dragged)
		return
	}
	n := &g.nodes[g.dragNode]
	n.pos = n.pos.add(vec{float64(ev.Dragged.DX / g.zoom), float64(ev.Dragged.DY / g.zoom)})
	g.geomGen++
	g.Refresh()
}

// DragEnd finishes a move (reporting it through OnMoved) or a pan.
func (g *GraphView) DragEnd() {
	if g.dragNode >= 0 && g.dragNode < len(g.nodes) {
		n := g.nodes[g.dragNode]
		if g.OnMoved != nil && n.pos != g.dragFrom {
			g.OnMoved(n.id, graph.Point{X: g.dragFrom.X, Y: g.dragFrom.Y}, graph.Point{X: n.pos.X, Y: n.pos.Y})
		}
	}
	g.dragNode, g.panning, g.press = -1, false, nil
}

// Scrolled pans; with ctrl (or cmd) held it zooms around the pointer.
func (g *GraphView) Scrolled(ev *fyne.ScrollEvent) {
	if g.modifiers()&(fyne.KeyModifierControl|fyne.KeyModifierSuper) != 0 {
		f := float32(math.Pow(1.01, float64(ev.Scrolled.DY)))
		g.SetZoom(g.zoom*f, ev.Position)
		return
	}
	g.Pan(ev.Scrolled)
}

// modifiers returns the keyboard modifiers held (desktop drivers only).
func (g *GraphView) modifiers() fyne.KeyModifier {
	if g.keyMods != nil {
		return g.keyMods()
	}
	app := fyne.CurrentApp()
	if app == nil {
		return 0
	}
	if d, ok := app.Driver().(desktop.Driver); ok {
		return d.CurrentKeyModifiers()
	}
	return 0
}

// CreateRenderer implements fyne.Widget.
func (g *GraphView) CreateRenderer() fyne.WidgetRenderer {
	return newGraphRenderer(g)
}
