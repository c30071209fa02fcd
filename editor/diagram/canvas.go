package diagram

import (
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/engine"
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
	clause  string         // a ClauseCaller's clause, "whenever discard", shown in place of an id
}

// edgeKind says what an arrow stands for; each is drawn its own way.
type edgeKind int

const (
	transitionEdge edgeKind = iota // a BGA transition: a solid arrow with its name
	privateEdge                    // initialprivate: dashed, to the private state
	callEdge                       // call('state'): pushes the state; dash-dotted, "call"
	returnEdge                     // the called state's frame returning (pop): dotted, "return"
)

// edge is one arrow between nodes.
type edge struct {
	from, to  int // node indexes
	kind      edgeKind
	name      string // the transition's name (transitionEdge only)
	inferred  bool   // a transition inferred from a State class's code: dashed, its own colour
	label     string // the text drawn on the arrow
	labelSize vec    // the label's size at zoom 1 (zero: no label)
}

// TransitionRef names one transition: its state's id as written and its name.
type TransitionRef struct {
	From string
	Name string
}

// View is the state graph canvas: a box per state coloured by its BGA
// type, an arrow per transition labelled with its name, and the calls between
// states (call('name') pushes a state; its frame returns) drawn apart from
// transitions. See the package documentation for what the mouse and keys do.
//
// The view keeps its own copy of what it draws and refers to states by id
// (graph.StateID.String()); it never holds pointers into a pack. It changes
// nothing itself: it reports what the designer did through its On*
// callbacks, and the editor makes the edits. Its methods must be called on
// the Fyne goroutine (use fyne.Do from others).
type View struct {
	widget.BaseWidget

	// OnSelected is called when the user makes state id the primary selection
	// (the one the inspector shows) or clears the selection (""), by tapping,
	// shift-tapping, the rubber band or the keyboard.
	OnSelected func(id string)
	// OnTransitionSelected is called when the user taps a transition's arrow.
	OnTransitionSelected func(t TransitionRef)
	// OnMoved is called when the user has dragged states: their new centres.
	OnMoved func(to map[string]graph.Point)
	// OnConnect is called when the user drags from the edge of state from to
	// state to (the same state for a loop): a new transition is wanted. at is
	// where the mouse was let go, in widget coordinates.
	OnConnect func(from, to string, at fyne.Position)
	// OnCreate is called when the user double-clicks the background: a new
	// state is wanted with its centre at the world point at.
	OnCreate func(at graph.Point)
	// OnActivate is called when the user double-clicks a state (rename it)
	// or a transition's arrow (rename it): exactly one of the two is set.
	OnActivate func(state string, t *TransitionRef)
	// OnDelete is called when the user presses Delete or Backspace with the
	// canvas focused.
	OnDelete func()
	// OnMenu is called on a secondary tap (right click) with what is under
	// the pointer (nothing, a state or a transition; the selection is then
	// that) and where, for a context menu.
	OnMenu func(at *fyne.PointEvent)

	nodes []node
	index map[string]int
	edges []edge
	gen   int // counts SetGraph calls, so the renderer knows to rebuild
	geo   geometry

	sel      map[string]bool // the selected states
	selected string          // the primary selection ("" when none)
	selEdge  int             // the selected transition's edge index, or -1

	zoom     float32
	offset   fyne.Position // where world (0, 0) is drawn, in widget coordinates
	autoFit  fitMode       // how to fit again on resize, until the user pans or zooms
	sight    string        // the match's state when it was in the view at the last real size (Resize)
	centring string        // the state to centre on once the view has a size (CentreOn)

	gesture  gesture // what the mouse is doing, while a button is down
	lastTap  time.Time
	lastTapP fyne.Position
	focused  bool
	hover    fyne.Position // where the pointer is (for the cursor)

	palette *style.Palette // the colours when fixed (pictures), else the theme's
	heat    *Heat          // a playtest's counts drawn over the graph (playtest_overlay.go), or nil
	changes *Changes       // a comparison of two revisions drawn over the graph (changes_overlay.go), or nil

	match  *MatchMarks     // a preview match drawn over the graph (canvas_match.go), or nil
	breaks map[string]bool // states with a breakpoint: true when one is enabled (canvas_match.go)

	keyMods func() fyne.KeyModifier // the modifiers held (SetModifiers), or the driver's
	now     func() time.Time        // the clock of double clicks (SetClock)

	r *graphRenderer // what draws it, once made (Drawing)
}

// NewView returns an empty graph canvas.
func NewView() *View {
	g := &View{zoom: 1, index: map[string]int{}, sel: map[string]bool{}, selEdge: -1, now: time.Now}
	g.gesture.node = -1
	g.ExtendBaseWidget(g)
	return g
}

// SetGraph replaces what the view draws with the states, transitions and
// calls of p, at the given centres (keyed by state id as written); a state
// without a position is placed below the others. diags marks states with
// problems. The selection is kept where its states still exist. The view
// copies what it needs and keeps no reference to p.
func (g *View) SetGraph(p *graph.Pack, positions map[string]graph.Point, diags []graph.Diagnostic) {
	var keepEdge *TransitionRef
	if t, ok := g.SelectedTransition(); ok {
		keepEdge = &t
	}
	g.nodes = g.nodes[:0]
	g.edges = g.edges[:0]
	g.index = map[string]int{}
	g.selEdge = -1
	if p != nil {
		g.addNodes(p, positions, diags)
		g.addEdges(p, positions)
	}
	for id := range g.sel {
		if i, ok := g.index[id]; !ok || style.Placeholder(g.nodes[i].typ) {
			delete(g.sel, id)
		}
	}
	if !g.sel[g.selected] {
		g.selected = g.firstSelected()
	}
	if keepEdge != nil {
		g.selEdge = g.transitionEdge(*keepEdge)
	}
	g.gen++
	g.geo.valid = false
	g.Refresh()
}

// addNodes copies the states of p.
func (g *View) addNodes(p *graph.Pack, positions map[string]graph.Point, diags []graph.Diagnostic) {
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
}

// addEdges copies the transitions, initialprivate links and calls of p; a
// transition to no state gets a box of its own (type Missing).
func (g *View) addEdges(p *graph.Pack, positions map[string]graph.Point) {
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
		n := node{id: id, name: id, typ: style.Missing}
		w, h := layout.BoxSize(&graph.State{ID: graph.ConstID("no such state"), Name: id})
		if v, ok := p.Resolve(to); ok && v == graph.EndID || !ok && to.Const == "ST_END_GAME" {
			n.name, n.typ = "gameEnd", style.FrameworkEnd
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
			g.addEdge(edge{from: from, to: target(from, t.To, t.Name), kind: transitionEdge, name: t.Name, label: t.Name, inferred: t.Inferred})
		}
		if s.InitialPrivate != nil {
			g.addEdge(edge{from: from, to: target(from, *s.InitialPrivate, "initialprivate"), kind: privateEdge, label: "initialprivate"})
		}
	}
	for _, c := range graph.Calls(p) {
		from, okF := g.index[c.From.String()]
		to, okT := g.index[c.To.String()]
		if okF && okT {
			g.addEdge(edge{from: from, to: to, kind: callEdge, label: "call"})
			g.addEdge(edge{from: to, to: from, kind: returnEdge, label: "return"})
		}
	}
	for _, c := range graph.ClauseCalls(p) {
		if to, ok := g.index[c.To.String()]; ok {
			g.addEdge(edge{from: g.clauseNode(c, to), to: to, kind: callEdge, label: "call"})
		}
	}
}

// clauseNode returns the index of the box of c's clause (a ClauseCaller),
// adding it beside the state it calls, at index to, when it is new. It has
// no return arrow: the call returns to whatever state the clause fired in.
func (g *View) clauseNode(c graph.ClauseCall, to int) int {
	id := "clause " + c.Type + "/" + c.Kind + "/" + c.Clause
	if i, ok := g.index[id]; ok {
		return i
	}
	n := node{id: id, name: c.Type, typ: style.ClauseCaller, clause: engine.ClauseName(c.Kind, c.Clause)}
	w, h := layout.BoxSize(&graph.State{ID: graph.ConstID(n.clause), Name: n.name, Type: style.ClauseCaller})
	n.size = vec{w, h}
	n.pos = g.freeSpot(g.nodes[to], n.size, "call")
	g.index[id] = len(g.nodes)
	g.nodes = append(g.nodes, n)
	return len(g.nodes) - 1
}

// addEdge appends e, measuring its label.
func (g *View) addEdge(e edge) {
	if e.label != "" {
		s := fyne.MeasureText(e.label, labelSize, labelStyle(e))
		e.labelSize = vec{float64(s.Width) + 6, float64(s.Height)}
	}
	g.edges = append(g.edges, e)
}

// labelStyle is the text style of an arrow's label: calls, returns and
// inferred transitions in italics.
func labelStyle(e edge) fyne.TextStyle {
	return fyne.TextStyle{Italic: e.kind == callEdge || e.kind == returnEdge || e.inferred}
}

// freeSpot finds a centre near box src for a new box of size sz that overlaps
// no box drawn so far, far enough beside src for the arrow's label between
// them (below or above first, where a label takes no width).
func (g *View) freeSpot(src node, sz vec, label string) vec {
	return freeSpotAmong(g.nodes, src.pos, src.size.add(vec{2 * 7 * float64(len(label)), 0}), sz) // the label, about 7 units a letter, between them
}

// freeSpotAmong finds a centre near the box at c of size csz for a new box of
// size sz that overlaps none of nodes (looking in rings around c: below and
// above first).
func freeSpotAmong(nodes []node, c, csz, sz vec) vec {
	free := func(p vec) bool {
		r := rect{p, sz.X/2 + 30, sz.Y/2 + 30}
		for _, n := range nodes {
			if r.overlaps(rect{n.pos, n.size.X / 2, n.size.Y / 2}) {
				return false
			}
		}
		return true
	}
	dx, dy := csz.X/2+sz.X/2+40, csz.Y/2+sz.Y/2+40
	for ring := 1.0; ring <= 6; ring++ {
		for _, d := range []vec{{0, 1}, {0, -1}, {1, 0.5}, {1, 0}, {1, -0.5}, {-1, 0.5}, {-1, 0}, {-1, -0.5}, {1, 1}, {-1, 1}} {
			p := c.add(vec{d.X * dx * ring, d.Y * dy * ring})
			if free(p) {
				return p
			}
		}
	}
	return c.add(vec{dx, dy})
}

// FreeSpot returns a centre near world point near (a box's centre, or where
// the designer clicked) where a new state box overlaps no box drawn: near
// itself when it is free.
func (g *View) FreeSpot(near graph.Point) graph.Point {
	c := vec{near.X, near.Y}
	sz := vec{120, 50}
	r := rect{c, sz.X/2 + 40, sz.Y/2 + 40} // room for an arrow and its name between boxes
	clear := true
	for _, n := range g.nodes {
		if r.overlaps(rect{n.pos, n.size.X / 2, n.size.Y / 2}) {
			clear = false
			break
		}
	}
	if !clear {
		c = freeSpotAmong(g.nodes, c, vec{}, sz)
	}
	return graph.Point{X: c.X, Y: c.Y}
}

// Positions returns the centre of every state box, keyed by state id as
// written (placeholder boxes, for missing targets and BGA's own gameEnd,
// excluded).
func (g *View) Positions() map[string]graph.Point {
	out := make(map[string]graph.Point, len(g.nodes))
	for _, n := range g.nodes {
		if !style.Placeholder(n.typ) {
			out[n.id] = graph.Point{X: n.pos.X, Y: n.pos.Y}
		}
	}
	return out
}

// States returns the ids of the states drawn, in pack order.
func (g *View) States() []string {
	var out []string
	for _, n := range g.nodes {
		if !style.Placeholder(n.typ) {
			out = append(out, n.id)
		}
	}
	return out
}

// Zoom returns the scale: widget units per world unit.
func (g *View) Zoom() float32 { return g.zoom }

// Offset returns where world point (0, 0) is drawn, in widget coordinates.
func (g *View) Offset() fyne.Position { return g.offset }

// ToWidget converts a world point to widget coordinates.
func (g *View) ToWidget(p graph.Point) fyne.Position {
	return fyne.NewPos(g.offset.X+float32(p.X)*g.zoom, g.offset.Y+float32(p.Y)*g.zoom)
}

// ToWorld converts widget coordinates to a world point.
func (g *View) ToWorld(p fyne.Position) graph.Point {
	return graph.Point{X: float64((p.X - g.offset.X) / g.zoom), Y: float64((p.Y - g.offset.Y) / g.zoom)}
}

// SetZoom sets the scale, keeping the world point under anchor (widget
// coordinates) where it is.
func (g *View) SetZoom(z float32, anchor fyne.Position) {
	g.autoFit = noFit
	z = float32(math.Max(MinZoom, math.Min(MaxZoom, float64(z))))
	w := g.ToWorld(anchor)
	g.zoom = z
	g.offset = fyne.NewPos(anchor.X-float32(w.X)*z, anchor.Y-float32(w.Y)*z)
	g.Refresh()
}

// ZoomIn zooms in by one step around the centre of the view.
func (g *View) ZoomIn() { g.SetZoom(g.zoom*1.25, g.centre()) }

// ZoomOut zooms out by one step around the centre of the view.
func (g *View) ZoomOut() { g.SetZoom(g.zoom/1.25, g.centre()) }

// ResetZoom sets the zoom to 1 around the centre of the view.
func (g *View) ResetZoom() { g.SetZoom(1, g.centre()) }

func (g *View) centre() fyne.Position {
	s := g.Size()
	return fyne.NewPos(s.Width/2, s.Height/2)
}

// Centre returns the world point in the middle of the view.
func (g *View) Centre() graph.Point { return g.ToWorld(g.centre()) }

// bounds returns the world box holding every state box and self-loop.
func (g *View) bounds() (lo, hi vec, ok bool) {
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

// MoveState moves the centre of state id to p (world units) without calling
// OnMoved.
func (g *View) MoveState(id string, p graph.Point) {
	if i, ok := g.index[id]; ok {
		g.nodes[i].pos = vec{p.X, p.Y}
		g.geo.valid = false
		g.Refresh()
	}
}

// StateAt returns the id of the state drawn at widget position p, or "".
func (g *View) StateAt(p fyne.Position) string {
	if i := g.nodeAt(p); i >= 0 {
		return g.nodes[i].id
	}
	return ""
}

func (g *View) nodeAt(p fyne.Position) int {
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
// for it and the designer has not worked in the view since (hold). Showing
// the canvas's tab again resizes it to the size it had: that is no resize,
// and the graph stays where it was.
func (g *View) Resize(s fyne.Size) {
	if s == g.Size() {
		return
	}
	// The match's state stays in sight when the view shrinks (the Play
	// panel docking under it as the match starts): the ring the designer
	// follows must not slip past the edge; one out of sight stays so. A
	// dock rebuilding lays the view out at no size first: what was in sight
	// is what was at the last real size.
	if hasArea(g.Size()) {
		g.sight = ""
		if g.match != nil && g.InView(g.match.Current) {
			g.sight = g.match.Current
		}
	}
	g.BaseWidget.Resize(s)
	g.Refit()
	if hasArea(s) && g.centring != "" {
		g.CentreOn(g.centring)
	}
	if hasArea(s) && g.sight != "" && g.match != nil && g.match.Current == g.sight {
		g.Reveal(g.sight)
	}
}

// hasArea reports whether s is a real size, not a layout's placeholder.
func hasArea(s fyne.Size) bool { return s.Width > 0 && s.Height > 0 }

// CreateRenderer implements fyne.Widget.
func (g *View) CreateRenderer() fyne.WidgetRenderer {
	g.r = newGraphRenderer(g)
	return g.r
}
