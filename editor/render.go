package editor

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/rulestudio/studio/graph"
)

// Text sizes in world units (they scale with the zoom).
const (
	nameSize  = 12.5
	idSize    = 11
	badgeSize = 8.5
	labelSize = 10.5
	minText   = 4.5 // below this many pixels a text is hidden
)

// nodeObjects are the canvas objects of one state box.
type nodeObjects struct {
	box, badgeBack *canvas.Rectangle
	id, name       *canvas.Text
	badge          *canvas.Text
	mark           *canvas.Circle
	markText       *canvas.Text
}

// edgeObjects are the canvas objects of one arrow.
type edgeObjects struct {
	segs      []*canvas.Line
	head      *canvas.Polygon
	labelBack *canvas.Rectangle
	label     *canvas.Text
	labelSize vec // measured at zoom 1
}

// graphRenderer draws a GraphView. It owns the canvas objects and re-reads the
// view's state in Refresh.
type graphRenderer struct {
	g       *GraphView
	gen     int
	back    *canvas.Rectangle
	nodes   []nodeObjects
	edges   []edgeObjects
	objects []fyne.CanvasObject

	// World geometry, computed again only when positions change.
	geomGen int
	boxes   []rect
	routes  []route
	labels  []vec
}

func newGraphRenderer(g *GraphView) *graphRenderer {
	r := &graphRenderer{g: g, gen: -1, geomGen: -1, back: canvas.NewRectangle(paperColor)}
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

// rebuild makes the objects for the view's current nodes and edges.
func (r *graphRenderer) rebuild() {
	g := r.g
	r.gen = g.gen
	r.nodes = r.nodes[:0]
	for _, n := range g.nodes {
		o := nodeObjects{
			box:       canvas.NewRectangle(TypeFill(n.typ)),
			badgeBack: canvas.NewRectangle(TypeInk(n.typ)),
			id:        newText(idSize, true, TypeInk(n.typ)),
			name:      newText(nameSize, true, inkColor),
			badge:     newText(badgeSize, true, color.White),
			mark:      canvas.NewCircle(errorColor),
			markText:  newText(10, true, color.White),
		}
		o.id.Text = n.id
		if n.typ == Missing {
			o.id.Text = "no such state"
		}
		o.name.Text = n.name
		o.badge.Text = TypeBadge(n.typ)
		o.markText.Text = "!"
		o.markText.Alignment = fyne.TextAlignCenter
		o.badge.Alignment = fyne.TextAlignCenter
		if n.diag && n.diagSev != graph.Error {
			o.mark.FillColor = warningColor
		}
		if !n.diag {
			setVisible(o.mark, false)
			setVisible(o.markText, false)
		}
		r.nodes = append(r.nodes, o)
	}
	r.edges = r.edges[:0]
	for _, e := range g.edges {
		o := edgeObjects{
			head:      canvas.NewPolygon(3, edgeColor),
			labelBack: canvas.NewRectangle(labelBackColor),
			label:     newText(labelSize, false, labelColor),
		}
		o.label.Text = e.label
		o.label.Alignment = fyne.TextAlignCenter
		o.label.TextStyle.Italic = e.inferred
		o.labelBack.CornerRadius = 3
		if e.label != "" {
			s := fyne.MeasureText(e.label, labelSize, o.label.TextStyle)
			o.labelSize = vec{float64(s.Width) + 6, float64(s.Height)}
		}
		r.edges = append(r.edges, o)
	}
	r.collect()
}

// collect lists the objects in drawing order: paper, arrows, boxes, labels.
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
	r.objects = objs
}

// place positions every object for the view's current transform.
func (r *graphRenderer) place() {
	g := r.g
	size := g.Size()
	r.back.Resize(size)
	r.back.Move(fyne.NewPos(0, 0))
	z := float64(g.zoom)
	toScreen := func(p vec) fyne.Position {
		return fyne.NewPos(g.offset.X+float32(p.X*z), g.offset.Y+float32(p.Y*z))
	}
	visible := func(lo, hi fyne.Position) bool {
		return hi.X >= 0 && hi.Y >= 0 && lo.X <= size.Width && lo.Y <= size.Height
	}
	textSize := func(t *canvas.Text, base float64) {
		s := float32(base * z)
		t.TextSize = s
		if s < minText {
			setVisible(t, false)
		} else {
			setVisible(t, true)
		}
	}

	r.geometry()
	for i, n := range g.nodes {
		if i >= len(r.nodes) {
			break
		}
		o := r.nodes[i]
		lo := toScreen(n.pos.sub(n.size.mul(0.5)))
		hi := toScreen(n.pos.add(n.size.mul(0.5)))
		objs := []fyne.CanvasObject{o.box, o.badgeBack, o.badge, o.id, o.name}
		if !visible(lo, hi) {
			for _, ob := range objs {
				setVisible(ob, false)
			}
			setVisible(o.mark, false)
			setVisible(o.markText, false)
			continue
		}
		setVisible(o.box, true)
		setVisible(o.badgeBack, true)
		o.box.Move(lo)
		o.box.Resize(fyne.NewSize(hi.X-lo.X, hi.Y-lo.Y))
		o.box.CornerRadius = float32(8 * z)
		if n.id == g.selected && !placeholder(n.typ) {
			o.box.StrokeColor = selectColor
			o.box.StrokeWidth = float32(math.Max(2, 3.5*math.Min(z, 1.2)))
		} else {
			o.box.StrokeColor = TypeInk(n.typ)
			o.box.StrokeWidth = float32(math.Max(1, 1.5*math.Min(z, 1.2)))
		}

		// Line 1: the name; line 2: the type badge and the id. Each line
		// shrinks when the box is too narrow for it.
		pad := 9.0
		avail := n.size.X - 2*pad
		top := n.pos.Y - n.size.Y/2
		left := n.pos.X - n.size.X/2 + pad
		nameW := float64(fyne.MeasureText(o.name.Text, nameSize, o.name.TextStyle).Width)
		k := 1.0
		if nameW > avail {
			k = math.Max(0.5, avail/nameW)
		}
		textSize(o.name, nameSize*k)
		o.name.Move(toScreen(vec{left, top + 5 + (1-k)*5}))

		bw := float64(fyne.MeasureText(o.badge.Text, badgeSize, o.badge.TextStyle).Width) + 10
		idW := float64(fyne.MeasureText(o.id.Text, idSize, o.id.TextStyle).Width)
		k = 1.0
		if bw+5+idW > avail {
			k = math.Max(0.5, avail/(bw+5+idW))
		}
		bh := 14.0 * k
		blo := vec{left, top + n.size.Y - 8 - 14 + (14-bh)/2}
		o.badgeBack.Move(toScreen(blo))
		o.badgeBack.Resize(fyne.NewSize(float32(bw*k*z), float32(bh*z)))
		o.badgeBack.CornerRadius = float32(bh * z / 2)
		textSize(o.badge, badgeSize*k)
		// Small text renders wider than its size suggests: size the pill
		// from the text as drawn.
		if drawn := float64(fyne.MeasureText(o.badge.Text, float32(badgeSize*k*z), o.badge.TextStyle).Width)/z + 8*k; drawn > bw*k {
			o.badgeBack.Resize(fyne.NewSize(float32(drawn*z), float32(bh*z)))
			bw = drawn / k
		}
		th := float64(fyne.MeasureText(o.badge.Text, float32(badgeSize*k), o.badge.TextStyle).Height)
		o.badge.Move(toScreen(vec{blo.X, blo.Y + (bh-th)/2}))
		o.badge.Resize(fyne.NewSize(float32(bw*k*z), float32(th*z)))
		textSize(o.id, idSize*k)
		ih := float64(fyne.MeasureText(o.id.Text, float32(idSize*k), o.id.TextStyle).Height)
		o.id.Move(toScreen(vec{left + (bw+5)*k, blo.Y + (bh-ih)/2}))

		if n.diag {
			mr := 8.0
			c := vec{n.pos.X + n.size.X/2 - 2, top + 2}
			setVisible(o.mark, true)
			o.mark.Move(toScreen(c.sub(vec{mr, mr})))
			o.mark.Resize(fyne.NewSize(float32(2*mr*z), float32(2*mr*z)))
			textSize(o.markText, 11)
			o.markText.Move(toScreen(c.sub(vec{mr, mr})))
			o.markText.Resize(fyne.NewSize(float32(2*mr*z), float32(2*mr*z)))
		}
	}

	routes, labels := r.routes, r.labels
	grew := false
	for i, e := range g.edges {
		if i >= len(r.edges) {
			break
		}
		o := &r.edges[i]
		hot := g.selected != "" && (g.nodes[e.from].id == g.selected || g.nodes[e.to].id == g.selected)
		col := edgeColor
		if e.inferred {
			col = inferredColor
		}
		width := float32(math.Max(1, 1.4*math.Min(z, 1.5)))
		if hot {
			col = edgeHotColor
			width *= 1.8
		}
		pts := routes[i].pts
		if !routeVisible(pts, labels[i], o.labelSize, toScreen, size) {
			for _, sg := range o.segs {
				setVisible(sg, false)
			}
			setVisible(o.head, false)
			setVisible(o.label, false)
			setVisible(o.labelBack, false)
			continue
		}
		setVisible(o.head, true)
		// Arrowhead: a triangle with its tip on the target's border.
		hr := math.Max(3, 5.5*math.Min(z, 1.6)) / z // radius in world units
		tip := pts[len(pts)-1]
		dir := tip.sub(pts[len(pts)-2]).unit()
		if len(pts) > 2 {
			dir = tip.sub(pts[len(pts)-3]).unit()
		}
		centre := tip.sub(dir.mul(hr))
		sp := toScreen(centre)
		rs := float32(hr * z)
		o.head.Move(fyne.NewPos(sp.X-rs, sp.Y-rs))
		o.head.Resize(fyne.NewSize(2*rs, 2*rs))
		o.head.Angle = float32(math.Atan2(dir.Y, dir.X)*180/math.Pi + 90)
		o.head.FillColor = col
		// Shorten the line so it ends inside the arrowhead.
		line := append([]vec(nil), pts...)
		line[len(line)-1] = tip.sub(dir.mul(hr * 1.2))
		if e.dashed {
			// 5 pixels on, 5 off at any zoom, so that a short arrow has
			// several dashes; at most about 60 dashes on a long one.
			line = dashes(line, math.Max(5/z, pathLength(line)/120))
		}
		nseg := len(line) - 1
		if e.dashed {
			nseg = len(line) / 2
		}
		for len(o.segs) < nseg {
			o.segs = append(o.segs, canvas.NewLine(col))
			grew = true
		}
		for k, s := range o.segs {
			if k >= nseg {
				setVisible(s, false)
				continue
			}
			a, b := line[k], line[k+1]
			if e.dashed {
				a, b = line[2*k], line[2*k+1]
			}
			setVisible(s, true)
			s.Position1 = toScreen(a)
			s.Position2 = toScreen(b)
			s.StrokeColor = col
			s.StrokeWidth = width
		}
		// Label, on a pale background so it reads over lines.
		if o.label.Text == "" {
			setVisible(o.label, false)
			setVisible(o.labelBack, false)
			continue
		}
		textSize(o.label, labelSize)
		if o.label.Hidden {
			setVisible(o.labelBack, false)
			continue
		}
		o.label.Color = labelColor
		if e.inferred {
			o.label.Color = inferredColor
		}
		if hot {
			o.label.Color = edgeHotColor
		}
		lp := toScreen(labels[i].sub(o.labelSize.mul(0.5)))
		ls := fyne.NewSize(float32(o.labelSize.X*z), float32(o.labelSize.Y*z))
		setVisible(o.labelBack, true)
		o.labelBack.Move(lp)
		o.labelBack.Resize(ls)
		o.label.Move(lp)
		o.label.Resize(ls)
	}
	if grew {
		r.collect()
	}
}

// geometry routes the arrows and places their labels, in world units, when
// the positions changed since the last time.
func (r *graphRenderer) geometry() {
	g := r.g
	if r.geomGen == g.geomGen && r.gen == g.gen {
		return
	}
	r.geomGen = g.geomGen
	r.boxes = make([]rect, len(g.nodes))
	for i, n := range g.nodes {
		r.boxes[i] = rect{n.pos, n.size.X / 2, n.size.Y / 2}
	}
	specs := make([]edgeSpec, len(g.edges))
	sizes := make([]vec, len(g.edges))
	loops := make([]bool, len(g.edges))
	for i, e := range g.edges {
		specs[i] = edgeSpec{From: e.from, To: e.to}
		if i < len(r.edges) {
			sizes[i] = r.edges[i].labelSize
		}
		loops[i] = e.from == e.to
	}
	r.routes = routeEdges(r.boxes, specs)
	r.labels = placeLabels(r.boxes, r.routes, sizes, loops)
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

// pathLength is the length of the polyline pts.
func pathLength(pts []vec) float64 {
	l := 0.0
	for i := 1; i < len(pts); i++ {
		l += pts[i].sub(pts[i-1]).len()
	}
	return l
}

// dashes cuts a polyline into dashes of length d (with gaps of length d) and
// returns them as pairs of points.
func dashes(pts []vec, d float64) []vec {
	var out []vec
	on := true
	left := d
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		l := b.sub(a).len()
		pos := 0.0
		for pos < l {
			step := math.Min(left, l-pos)
			p0 := lerp(a, b, pos/l)
			p1 := lerp(a, b, (pos+step)/l)
			if on {
				out = append(out, p0, p1)
			}
			pos += step
			left -= step
			if left <= 1e-9 {
				on, left = !on, d
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
