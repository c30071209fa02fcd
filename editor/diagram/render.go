package diagram

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// Text sizes in world units (they scale with the zoom).
const (
	nameSize  = 12.5
	idSize    = 11
	badgeSize = 8.5
	labelSize = 10.5
	minText   = 4.5 // below this many pixels a label is hidden

	// Level of detail: below detailPx pixels a box's badge and id are left
	// out; its name is never drawn smaller than namePx pixels (it is cut
	// short with an ellipsis when the box is too narrow for it).
	detailPx = 6.0
	namePx   = 8.5

	maxDashes = 40 // the most dashes an arrow is drawn with
)

// nodeObjects are the canvas objects of one state box, and the sizes of its
// texts at zoom 1 (measured once).
type nodeObjects struct {
	box, badgeBack *canvas.Rectangle
	id, name       *canvas.Text
	badge          *canvas.Text
	mark           *canvas.Circle
	markText       *canvas.Text

	nameW, badgeW, idW, badgeH, idH float64
	cut                             cutText // the name as last cut short
}

// cutText remembers the last name cut to a width, so that panning does not
// measure it again.
type cutText struct {
	width float32
	size  float32
	text  string
}

// edgeObjects are the canvas objects of one arrow.
type edgeObjects struct {
	segs      []*canvas.Line
	head      *canvas.Polygon
	labelBack *canvas.Rectangle
	label     *canvas.Text
}

// overlayObjects are drawn over the graph: the rubber band, the arrow being
// drawn, the scroll indicators.
type overlayObjects struct {
	band     *canvas.Rectangle
	wire     []*canvas.Line
	wireHead *canvas.Polygon
	scrollX  *canvas.Rectangle
	scrollY  *canvas.Rectangle
}

// graphRenderer draws a GraphView. It owns the canvas objects and re-reads the
// view's state in Refresh; the geometry (routes, labels) is the view's.
type graphRenderer struct {
	g       *View
	gen     int
	levels  *levels // the boxes by height, for names spilling beside their box; made once a frame when needed
	back    *canvas.Rectangle
	nodes   []nodeObjects
	edges   []edgeObjects
	over    overlayObjects
	marks   markObjects // a match's marks, breakpoints, counts (canvas_marks.go)
	objects []fyne.CanvasObject
	pal     style.Palette
	grew    bool // place added line objects: collect again
}

func newGraphRenderer(g *View) *graphRenderer {
	r := &graphRenderer{g: g, gen: -1, back: canvas.NewRectangle(style.Light.Paper)}
	r.over = overlayObjects{
		band:     canvas.NewRectangle(color.Transparent),
		wireHead: canvas.NewPolygon(3, color.Transparent),
		scrollX:  canvas.NewRectangle(color.Transparent),
		scrollY:  canvas.NewRectangle(color.Transparent),
	}
	r.Refresh()
	return r
}

// Destroy implements fyne.WidgetRenderer.
func (r *graphRenderer) Destroy() {}

// MinSize implements fyne.WidgetRenderer.
func (r *graphRenderer) MinSize() fyne.Size { return fyne.NewSize(200, 150) }

// Objects implements fyne.WidgetRenderer.
func (r *graphRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout implements fyne.WidgetRenderer.
func (r *graphRenderer) Layout(fyne.Size) { r.place() }

// Refresh implements fyne.WidgetRenderer: rebuild the objects when the graph
// changed, then place everything for the current transform.
func (r *graphRenderer) Refresh() {
	if r.gen != r.g.gen {
		r.rebuild()
	}
	r.place()
	canvas.Refresh(r.g)
}

func newText(size float32, bold bool, c color.Color) *canvas.Text {
	t := canvas.NewText("", c)
	t.TextSize = size
	t.TextStyle = fyne.TextStyle{Bold: bold}
	return t
}

// measure is the width and height of text at size in style.
func measure(text string, size float32, style fyne.TextStyle) (float64, float64) {
	s := fyne.MeasureText(text, size, style)
	return float64(s.Width), float64(s.Height)
}

// rebuild makes the objects for the view's current nodes and edges.
func (r *graphRenderer) rebuild() {
	g := r.g
	r.gen = g.gen
	r.nodes = r.nodes[:0]
	for _, n := range g.nodes {
		o := nodeObjects{
			box:       canvas.NewRectangle(style.TypeFill(n.typ)),
			badgeBack: canvas.NewRectangle(style.TypeInk(n.typ)),
			id:        newText(idSize, true, style.TypeInk(n.typ)),
			name:      newText(nameSize, true, style.Light.Ink),
			badge:     newText(badgeSize, true, color.White),
			mark:      canvas.NewCircle(style.Light.Err),
			markText:  newText(10, true, color.White),
		}
		o.id.Text = n.id
		if n.typ == style.Missing {
			o.id.Text = "no such state"
		}
		if n.typ == style.ClauseCaller {
			o.id.Text = n.clause
		}
		o.name.Text = n.name
		o.badge.Text = style.TypeBadge(n.typ)
		o.markText.Text = "!"
		o.markText.Alignment = fyne.TextAlignCenter
		o.badge.Alignment = fyne.TextAlignCenter
		o.nameW, _ = measure(o.name.Text, nameSize, o.name.TextStyle)
		o.badgeW, o.badgeH = measure(o.badge.Text, badgeSize, o.badge.TextStyle)
		o.idW, o.idH = measure(o.id.Text, idSize, o.id.TextStyle)
		if !n.diag {
			setVisible(o.mark, false)
			setVisible(o.markText, false)
		}
		r.nodes = append(r.nodes, o)
	}
	r.edges = r.edges[:0]
	for _, e := range g.edges {
		o := edgeObjects{
			head:      canvas.NewPolygon(3, style.Light.Edge),
			labelBack: canvas.NewRectangle(style.Light.LabelBack),
			label:     newText(labelSize, false, style.Light.Label),
		}
		o.label.Text = e.label
		o.label.TextStyle = labelStyle(e)
		o.label.Alignment = fyne.TextAlignCenter
		o.labelBack.CornerRadius = 3
		r.edges = append(r.edges, o)
	}
	r.collect()
}

// collect lists the objects in drawing order: paper, arrows, boxes, labels,
// the marks (a match, breakpoints, counts), then the overlays.
func (r *graphRenderer) collect() {
	objs := []fyne.CanvasObject{r.back}
	for _, e := range r.edges {
		for _, s := range e.segs {
			objs = append(objs, s)
		}
		objs = append(objs, e.head)
	}
	for _, n := range r.nodes {
		objs = append(objs, n.box, n.badgeBack, n.badge, n.id, n.name, n.mark, n.markText)
	}
	for _, e := range r.edges {
		objs = append(objs, e.labelBack, e.label)
	}
	objs = append(objs, r.marks.objects()...)
	for _, l := range r.over.wire {
		objs = append(objs, l)
	}
	objs = append(objs, r.over.wireHead, r.over.band, r.over.scrollX, r.over.scrollY)
	r.objects = objs
	r.grew = false
}

// view is the transform of one placing: world to screen, and what is in
// sight.
type view struct {
	z    float64
	off  fyne.Position
	size fyne.Size
}

func (v view) pt(p vec) fyne.Position {
	return fyne.NewPos(v.off.X+float32(p.X*v.z), v.off.Y+float32(p.Y*v.z))
}

func (v view) visible(lo, hi fyne.Position) bool {
	return hi.X >= 0 && hi.Y >= 0 && lo.X <= v.size.Width && lo.Y <= v.size.Height
}

// place positions every object for the view's current transform.
func (r *graphRenderer) place() {
	g := r.g
	r.pal = style.PaletteFor(style.CurrentVariant())
	if g.palette != nil {
		r.pal = *g.palette
	}
	v := view{z: float64(g.zoom), off: g.offset, size: g.Size()}
	r.back.FillColor = r.pal.Paper
	r.back.Resize(v.size)
	r.back.Move(fyne.NewPos(0, 0))
	geo := g.geometry()
	r.levels = nil // made again when a name needs it (placeNode)
	for i := range g.nodes {
		if i < len(r.nodes) {
			r.placeNode(i, v)
		}
	}
	for i := range g.edges {
		if i < len(r.edges) {
			r.placeEdge(i, geo, v)
		}
	}
	r.placeMarks(geo, v)
	r.placeWire(geo, v)
	r.placeBand(v)
	r.placeScrollbars(v)
	if r.grew {
		r.collect()
	}
}

// setTextSize sizes t at px pixels, hiding it when that is too small to read.
func setTextSize(t *canvas.Text, px float64) {
	t.TextSize = float32(px)
	setVisible(t, px >= minText)
}

// placeNode places the objects of box i.
func (r *graphRenderer) placeNode(i int, v view) {
	g := r.g
	n := g.nodes[i]
	o := &r.nodes[i]
	lo := v.pt(n.pos.sub(n.size.mul(0.5)))
	hi := v.pt(n.pos.add(n.size.mul(0.5)))
	if !v.visible(lo, hi) {
		for _, ob := range []fyne.CanvasObject{o.box, o.badgeBack, o.badge, o.id, o.name, o.mark, o.markText} {
			setVisible(ob, false)
		}
		return
	}
	z := v.z
	setVisible(o.box, true)
	o.box.Move(lo)
	o.box.Resize(fyne.NewSize(hi.X-lo.X, hi.Y-lo.Y))
	o.box.CornerRadius = float32(8 * z)
	o.name.Color = r.pal.Ink
	switch {
	case g.sel[n.id]:
		o.box.StrokeColor = r.pal.Selection
		o.box.StrokeWidth = float32(math.Max(2, 3.5*math.Min(z, 1.2)))
	case g.gesture.kind == connectGesture && g.nodeAt(g.gesture.at) == i:
		o.box.StrokeColor = r.pal.Band
		o.box.StrokeWidth = float32(math.Max(2, 3*math.Min(z, 1.2)))
	default:
		o.box.StrokeColor = style.TypeInk(n.typ)
		o.box.StrokeWidth = float32(math.Max(1, 1.5*math.Min(z, 1.2)))
	}
	r.heatBox(o, n, z)

	pad := 9.0
	avail := n.size.X - 2*pad
	top := n.pos.Y - n.size.Y/2
	left := n.pos.X - n.size.X/2 + pad
	detail := badgeSize*z >= detailPx
	// Line 1: the name, shrunk to the box's width; line 2: the type badge
	// and the id. Without detail the name alone, in the middle.
	k := 1.0
	if o.nameW > avail {
		k = math.Max(0.5, avail/o.nameW)
	}
	px := nameSize * k * z
	nameY := top + 5 + (1-k)*5
	width := avail * z
	if !detail {
		px = math.Max(px, namePx)
		nameY = n.pos.Y - px/z/2 - 2/z
		// A name wider than its small box may spill into the free room
		// on both sides, centred on the box: a fitted tall graph left
		// the canvas's width empty beside names cut short.
		if w := o.nameW * px / nameSize; w > width {
			if r.levels == nil {
				r.levels = newLevels(g)
			}
			width = math.Min(w, (n.size.X+2*g.roomBeside(r.levels, i))*z)
		}
	}
	o.name.Text = r.cutName(o, n.name, width, px)
	setTextSize(o.name, px)
	setVisible(o.name, o.name.Text != "")
	if w := o.nameW * px / nameSize; o.name.Text == n.name && w > avail*z {
		left = n.pos.X - w/z/2
	}
	o.name.Move(v.pt(vec{left, nameY}))
	if detail {
		r.placeBadge(o, n, left, top, avail, v)
	} else {
		setVisible(o.badgeBack, false)
		setVisible(o.badge, false)
		setVisible(o.id, false)
	}
	r.placeMark(o, n, top, v)
}

// cutName returns name as it fits width pixels at px pixels: whole, cut
// short with an ellipsis, or "" when not even two letters fit.
func (r *graphRenderer) cutName(o *nodeObjects, name string, width, px float64) string {
	if o.nameW*px/nameSize <= width+0.5 {
		return name
	}
	if o.cut.width == float32(width) && o.cut.size == float32(px) {
		return o.cut.text
	}
	runes := []rune(name)
	fits := func(n int) bool {
		w, _ := measure(string(runes[:n])+"…", float32(px), o.name.TextStyle)
		return w <= width
	}
	lo, hi := 0, len(runes) // fits(lo) or lo == 0; !fits(hi)
	for lo+1 < hi {
		m := (lo + hi) / 2
		if fits(m) {
			lo = m
		} else {
			hi = m
		}
	}
	text := ""
	if lo >= 2 {
		text = string(runes[:lo]) + "…"
	}
	o.cut = cutText{width: float32(width), size: float32(px), text: text}
	return text
}

// placeBadge places the type badge and the id on a box's second line.
func (r *graphRenderer) placeBadge(o *nodeObjects, n node, left, top, avail float64, v view) {
	z := v.z
	bw := o.badgeW + 10
	k := 1.0
	if bw+5+o.idW > avail {
		k = math.Max(0.5, avail/(bw+5+o.idW))
	}
	bh := 14.0 * k
	blo := vec{left, top + n.size.Y - 8 - 14 + (14-bh)/2}
	setVisible(o.badgeBack, true)
	o.badgeBack.Move(v.pt(blo))
	o.badgeBack.Resize(fyne.NewSize(float32(bw*k*z), float32(bh*z)))
	o.badgeBack.CornerRadius = float32(bh * z / 2)
	setTextSize(o.badge, badgeSize*k*z)
	// Small text renders wider than its size suggests: size the pill from
	// the text as drawn.
	if drawn, _ := measure(o.badge.Text, float32(badgeSize*k*z), o.badge.TextStyle); drawn/z+8*k > bw*k {
		drawn = drawn/z + 8*k
		o.badgeBack.Resize(fyne.NewSize(float32(drawn*z), float32(bh*z)))
		bw = drawn / k
	}
	th := o.badgeH * k
	o.badge.Move(v.pt(vec{blo.X, blo.Y + (bh-th)/2}))
	o.badge.Resize(fyne.NewSize(float32(bw*k*z), float32(th*z)))
	setTextSize(o.id, idSize*k*z)
	ih := o.idH * k
	o.id.Move(v.pt(vec{left + (bw+5)*k, blo.Y + (bh-ih)/2}))
}

// placeMark places the diagnostic mark at a box's top right corner.
func (r *graphRenderer) placeMark(o *nodeObjects, n node, top float64, v view) {
	if !n.diag {
		return
	}
	o.mark.FillColor = r.pal.Err
	if n.diagSev != graph.Error {
		o.mark.FillColor = r.pal.Warn
	}
	mr := math.Max(8, 6/v.z) // never smaller than 6 pixels
	c := vec{n.pos.X + n.size.X/2 - 2, top + 2}
	setVisible(o.mark, true)
	o.mark.Move(v.pt(c.sub(vec{mr, mr})))
	o.mark.Resize(fyne.NewSize(float32(2*mr*v.z), float32(2*mr*v.z)))
	setTextSize(o.markText, 11*mr/8*v.z)
	o.markText.Move(v.pt(c.sub(vec{mr, mr})))
	o.markText.Resize(fyne.NewSize(float32(2*mr*v.z), float32(2*mr*v.z)))
}

// edgeStyle is how an arrow of a kind is drawn: colour, width, dash pattern
// (on, off in pixels; zero: solid) and whether its head is hollow.
func (r *graphRenderer) edgeStyle(e edge, hot bool, z float64) (col color.NRGBA, width float32, on, off float64, hollow bool) {
	col = r.pal.Edge
	width = float32(math.Max(1, 1.4*math.Min(z, 1.5)))
	switch {
	case e.inferred:
		col, on, off = r.pal.Inferred, 5, 5 // dashed at 5 pixels at any zoom
	case e.kind == privateEdge:
		on, off = 6, 5
	case e.kind == callEdge:
		col, width, on, off = r.pal.Call, width*1.5, 12, 4
	case e.kind == returnEdge:
		col, on, off, hollow = r.pal.Call, 2.5, 4, true
	}
	if hot {
		col = r.pal.Hot
		width *= 1.8
	}
	return col, width, on, off, hollow
}

// placeEdge places the objects of arrow i.
func (r *graphRenderer) placeEdge(i int, geo *geometry, v view) {
	g := r.g
	e := g.edges[i]
	o := &r.edges[i]
	pts := geo.routes[i].pts
	if len(pts) < 2 || !routeVisible(pts, geo.labels[i], e.labelSize, v.pt, v.size) {
		for _, sg := range o.segs {
			setVisible(sg, false)
		}
		setVisible(o.head, false)
		setVisible(o.label, false)
		setVisible(o.labelBack, false)
		return
	}
	hot := i == g.selEdge || (g.selEdge < 0 && (g.sel[g.nodes[e.from].id] || g.sel[g.nodes[e.to].id]))
	col, width, on, off, hollow := r.edgeStyle(e, hot, v.z)
	col, width, on, off = r.heatEdge(e, hot, col, width, on, off)
	line := r.placeHead(o.head, pts, col, hollow, v)
	if on > 0 {
		line = dashPattern(line, on, off, v.z)
	}
	r.placeLines(&o.segs, line, on > 0, col, width, v)

	// Label, on a pale background so it reads over lines.
	if o.label.Text == "" {
		setVisible(o.label, false)
		setVisible(o.labelBack, false)
		return
	}
	setTextSize(o.label, labelSize*v.z)
	if o.label.Hidden {
		setVisible(o.labelBack, false)
		return
	}
	o.label.Color = r.pal.Label
	switch {
	case hot:
		o.label.Color = r.pal.Hot
	case e.inferred:
		o.label.Color = r.pal.Inferred
	case e.kind == callEdge || e.kind == returnEdge:
		o.label.Color = r.pal.Call
	}
	o.labelBack.FillColor = r.pal.LabelBack
	lp := v.pt(geo.labels[i].sub(e.labelSize.mul(0.5)))
	ls := fyne.NewSize(float32(e.labelSize.X*v.z), float32(e.labelSize.Y*v.z))
	setVisible(o.labelBack, true)
	o.labelBack.Move(lp)
	o.labelBack.Resize(ls)
	o.label.Move(lp)
	o.label.Resize(ls)
}

// placeHead places an arrowhead with its tip at the end of pts and returns
// the line to draw, shortened so that it ends inside the head.
func (r *graphRenderer) placeHead(head *canvas.Polygon, pts []vec, col color.NRGBA, hollow bool, v view) []vec {
	z := v.z
	setVisible(head, true)
	hr := math.Max(3, 5.5*math.Min(z, 1.6)) / z // radius in world units
	tip := pts[len(pts)-1]
	dir := tip.sub(pts[len(pts)-2]).unit()
	if len(pts) > 2 {
		dir = tip.sub(pts[len(pts)-3]).unit()
	}
	sp := v.pt(tip.sub(dir.mul(hr)))
	rs := float32(hr * z)
	head.Move(fyne.NewPos(sp.X-rs, sp.Y-rs))
	head.Resize(fyne.NewSize(2*rs, 2*rs))
	head.Angle = float32(math.Atan2(dir.Y, dir.X)*180/math.Pi + 90)
	head.FillColor, head.StrokeColor, head.StrokeWidth = col, col, 0
	if hollow {
		head.FillColor, head.StrokeWidth = r.pal.Paper, float32(math.Max(1, 1.2*math.Min(z, 1.5)))
	}
	line := append([]vec(nil), pts...)
	line[len(line)-1] = tip.sub(dir.mul(hr * 1.2))
	return line
}

// placeLines draws line (a polyline, or pairs of points when dashed) with
// the lines of segs, making more when needed.
func (r *graphRenderer) placeLines(segs *[]*canvas.Line, line []vec, dashed bool, col color.NRGBA, width float32, v view) {
	nseg := len(line) - 1
	if dashed {
		nseg = len(line) / 2
	}
	for len(*segs) < nseg {
		*segs = append(*segs, canvas.NewLine(col))
		r.grew = true
	}
	for k, s := range *segs {
		if k >= nseg {
			setVisible(s, false)
			continue
		}
		a, b := line[k], line[k+1]
		if dashed {
			a, b = line[2*k], line[2*k+1]
		}
		setVisible(s, true)
		s.Position1 = v.pt(a)
		s.Position2 = v.pt(b)
		s.StrokeColor = col
		s.StrokeWidth = width
	}
}

// placeWire draws the arrow the designer is dragging out of a box: to the
// pointer, or to the box under it.
func (r *graphRenderer) placeWire(geo *geometry, v view) {
	g := r.g
	o := &r.over
	if g.gesture.kind != connectGesture || g.gesture.node < 0 || g.gesture.node >= len(geo.boxes) {
		for _, l := range o.wire {
			setVisible(l, false)
		}
		setVisible(o.wireHead, false)
		return
	}
	src := geo.boxes[g.gesture.node]
	w := g.ToWorld(g.gesture.at)
	at := vec{w.X, w.Y}
	var rt route
	switch t := g.nodeAt(g.gesture.at); {
	case t == g.gesture.node:
		loops := 0
		for _, e := range g.edges {
			if e.from == t && e.to == t {
				loops++
			}
		}
		rt = selfLoop(src, loops)
	case t >= 0:
		rt = arc(src, geo.boxes[t], 0)
	default:
		rt = route{pts: []vec{src.border(at), at}}
	}
	if len(rt.pts) < 2 || rt.pts[0] == rt.pts[len(rt.pts)-1] {
		return
	}
	line := r.placeHead(o.wireHead, rt.pts, r.pal.Band, false, v)
	r.placeLines(&o.wire, line, false, r.pal.Band, 2, v)
}

// placeBand draws the rubber band while the designer drags one.
func (r *graphRenderer) placeBand(v view) {
	g := r.g
	b := r.over.band
	if g.gesture.kind != bandGesture || g.gesture.press == nil {
		setVisible(b, false)
		return
	}
	a, c := *g.gesture.press, g.gesture.at
	setVisible(b, true)
	b.FillColor, b.StrokeColor, b.StrokeWidth = r.pal.BandFill, r.pal.Band, 1
	b.Move(fyne.NewPos(min(a.X, c.X), min(a.Y, c.Y)))
	b.Resize(fyne.NewSize(float32(math.Abs(float64(a.X-c.X))), float32(math.Abs(float64(a.Y-c.Y)))))
}

// placeScrollbars draws, when the graph is larger than the view, thin bars
// at the right and bottom edges showing which part of it is in sight.
func (r *graphRenderer) placeScrollbars(v view) {
	g := r.g
	lo, hi, ok := g.bounds()
	a, b := v.pt(lo), v.pt(hi)
	bar := func(rc *canvas.Rectangle, glo, ghi, size, across float32, horizontal bool) {
		if !ok || (glo >= -1 && ghi <= size+1) {
			setVisible(rc, false)
			return
		}
		total := max(ghi, size) - min(glo, 0)
		start := (0 - min(glo, 0)) / total * size
		length := max(size/total*size, 24)
		setVisible(rc, true)
		rc.FillColor = r.pal.Scroll
		rc.CornerRadius = 2
		if horizontal {
			rc.Move(fyne.NewPos(start, across-6))
			rc.Resize(fyne.NewSize(length, 4))
		} else {
			rc.Move(fyne.NewPos(across-6, start))
			rc.Resize(fyne.NewSize(4, length))
		}
	}
	bar(r.over.scrollX, a.X, b.X, v.size.Width, v.size.Height, true)
	bar(r.over.scrollY, a.Y, b.Y, v.size.Height, v.size.Width, false)
}

// routeVisible reports whether any of an arrow or its label is in the view.
func routeVisible(pts []vec, label, labelSize vec, toScreen func(vec) fyne.Position, size fyne.Size) bool {
	lo, hi := pts[0], pts[0]
	for _, p := range pts {
		lo = vec{math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)}
		hi = vec{math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)}
	}
	if labelSize.X > 0 {
		lo = vec{math.Min(lo.X, label.X-labelSize.X/2), math.Min(lo.Y, label.Y-labelSize.Y/2)}
		hi = vec{math.Max(hi.X, label.X+labelSize.X/2), math.Max(hi.Y, label.Y+labelSize.Y/2)}
	}
	a, b := toScreen(lo), toScreen(hi)
	return b.X >= -10 && b.Y >= -10 && a.X <= size.Width+10 && a.Y <= size.Height+10
}

// setVisible shows or hides o, only when that changes something: Show and
// Hide repaint, which is slow for thousands of objects.
func setVisible(o fyne.CanvasObject, v bool) {
	if o.Visible() == v {
		return
	}
	if v {
		o.Show()
	} else {
		o.Hide()
	}
}

// dashPattern cuts the polyline pts (world units) into dashes on pixels long
// with gaps off pixels long at zoom z, so that a short arrow shows several
// dashes at any zoom; a long one gets longer dashes, at most maxDashes (each
// is a canvas object).
func dashPattern(pts []vec, on, off, z float64) []vec {
	if n := routeLen(route{pts}) * z / (on + off); n > maxDashes {
		on, off = on*n/maxDashes, off*n/maxDashes
	}
	return dashes(pts, on/z, off/z)
}

// dashes cuts a polyline into dashes of length on with gaps of length off and
// returns them as pairs of points.
func dashes(pts []vec, on, off float64) []vec {
	var out []vec
	drawing := true
	left := on
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		l := b.sub(a).len()
		pos := 0.0
		for pos < l {
			step := math.Min(left, l-pos)
			p0 := lerp(a, b, pos/l)
			p1 := lerp(a, b, (pos+step)/l)
			if drawing {
				out = append(out, p0, p1)
			}
			pos += step
			left -= step
			if left <= 1e-9 {
				drawing = !drawing
				left = off
				if drawing {
					left = on
				}
			}
		}
	}
	// merge consecutive dash pieces that continue each other
	merged := out[:0:0]
	for i := 0; i+1 < len(out); i += 2 {
		if n := len(merged); n > 0 && merged[n-1] == out[i] {
			merged[n-1] = out[i+1]
			continue
		}
		merged = append(merged, out[i], out[i+1])
	}
	return merged
}
