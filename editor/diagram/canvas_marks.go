package diagram

import (
	"github.com/rulestudio/studio/editor/style"
	"image/color"
	"math"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/rulestudio/studio/graph"
)

// pill is a count or a tag drawn over the graph: text on a rounded
// background.
type pill struct {
	back *canvas.Rectangle
	text *canvas.Text
}

// markObjects are the marks drawn over the boxes and arrows, made only for
// what is marked (not per state): the ring round the match's current state
// and its seats' tag, breakpoint dots, the match's visit counts on boxes,
// and the counts on arrows (the match's, else the playtest's).
type markObjects struct {
	ring   *canvas.Rectangle
	seats  pill
	dots   []*canvas.Circle
	visits []pill
	uses   []pill
}

func newPill() pill {
	p := pill{back: canvas.NewRectangle(color.Transparent), text: newText(labelSize, true, color.White)}
	p.text.Alignment = fyne.TextAlignCenter
	return p
}

// objects lists the marks in drawing order (over the boxes and labels).
func (k *markObjects) objects() []fyne.CanvasObject {
	if k.ring == nil {
		k.ring = canvas.NewRectangle(color.Transparent)
		k.seats = newPill()
	}
	objs := []fyne.CanvasObject{k.ring}
	for _, p := range append(append([]pill(nil), k.visits...), k.uses...) {
		objs = append(objs, p.back, p.text)
	}
	for _, d := range k.dots {
		objs = append(objs, d)
	}
	return append(objs, k.seats.back, k.seats.text)
}

// placeMarks places the marks for the view; the pools grow as needed (the
// objects are then collected again).
func (r *graphRenderer) placeMarks(geo *geometry, v view) {
	k := &r.marks
	if k.ring == nil {
		k.objects()
		r.grew = true
	}
	r.placeCurrent(v)
	dots, visits := 0, 0
	g := r.g
	if g.breaks != nil || g.match != nil {
		for _, n := range g.nodes {
			if on, ok := g.breaks[n.id]; ok {
				r.placeDot(r.dot(dots), n, on, v)
				dots++
			}
			if c := g.visitCount(n.id); c != "" {
				// on the box's bottom edge, at its right
				hi := v.pt(n.pos.add(n.size.mul(0.5)))
				r.placePill(r.pillOf(&k.visits, visits), c, fyne.NewPos(hi.X-float32(16*v.z), hi.Y), style.MatchTaken, true, idSize*v.z, v)
				visits++
			}
		}
	}
	uses := 0
	if g.match != nil || g.heat != nil {
		for i := range g.edges {
			c := g.edgeCount(i)
			if c == "" || i >= len(geo.routes) || len(geo.routes[i].pts) < 2 {
				continue
			}
			r.placePill(r.pillOf(&k.uses, uses), c, r.countAt(i, geo, c, v), r.countColour(), false, labelSize*0.95*v.z, v)
			uses++
		}
	}
	for _, d := range k.dots[dots:] {
		setVisible(d, false)
	}
	for _, ps := range [][]pill{k.visits[visits:], k.uses[uses:]} {
		for _, p := range ps {
			setVisible(p.back, false)
			setVisible(p.text, false)
		}
	}
}

func (r *graphRenderer) countColour() color.NRGBA {
	if r.g.match != nil {
		return style.MatchTaken
	}
	return style.HeatHot
}

// countAt is where arrow i's count is drawn (its centre, on screen): right
// of the arrow's label, or on the arrow's middle point when it has none.
func (r *graphRenderer) countAt(i int, geo *geometry, text string, v view) fyne.Position {
	e := r.g.edges[i]
	w, _ := measure(text, labelSize*0.95, fyne.TextStyle{Bold: true})
	if e.labelSize.X > 0 && i < len(geo.labels) {
		at := geo.labels[i]
		at.X += e.labelSize.X/2 + w/2 + 6
		return v.pt(at)
	}
	pts := geo.routes[i].pts
	return v.pt(lerp(pts[len(pts)/2-1+len(pts)%2], pts[len(pts)/2], 0.5))
}

func (r *graphRenderer) dot(k int) *canvas.Circle {
	for len(r.marks.dots) <= k {
		r.marks.dots = append(r.marks.dots, canvas.NewCircle(style.Breakpoint))
		r.grew = true
	}
	return r.marks.dots[k]
}

func (r *graphRenderer) pillOf(pool *[]pill, k int) pill {
	for len(*pool) <= k {
		*pool = append(*pool, newPill())
		r.grew = true
	}
	return (*pool)[k]
}

// placePill draws text in white on col (outlined: in col on the paper,
// inside a line of col), centred at c, at px pixels; it is hidden when too
// small to read or out of sight.
func (r *graphRenderer) placePill(p pill, text string, c fyne.Position, col color.NRGBA, outlined bool, px float64, v view) {
	p.text.Text = text
	setTextSize(p.text, px)
	w, h := measure(text, float32(px), p.text.TextStyle)
	size := fyne.NewSize(float32(w+px*0.8), float32(h))
	lo := fyne.NewPos(c.X-size.Width/2, c.Y-size.Height/2)
	if p.text.Hidden || !v.visible(lo, lo.Add(fyne.NewPos(size.Width, size.Height))) {
		setVisible(p.text, false)
		setVisible(p.back, false)
		return
	}
	setVisible(p.text, true)
	setVisible(p.back, true)
	p.back.FillColor, p.back.StrokeWidth, p.text.Color = col, 0, color.White
	if outlined {
		p.back.FillColor, p.back.StrokeColor, p.back.StrokeWidth, p.text.Color = r.pal.Paper, col, float32(math.Max(1, 1.2*math.Min(v.z, 1.2))), col
	}
	p.back.CornerRadius = size.Height / 2
	p.back.Move(lo)
	p.back.Resize(size)
	p.text.Move(lo)
	p.text.Resize(size)
}

// placeDot draws a breakpoint's dot at the top left corner of n's box:
// filled red when enabled, a red ring when disabled.
func (r *graphRenderer) placeDot(d *canvas.Circle, n node, enabled bool, v view) {
	rad := math.Max(7, 5/v.z) // never smaller than 5 pixels
	c := vec{n.pos.X - n.size.X/2 + 2, n.pos.Y - n.size.Y/2 + 2}
	lo := v.pt(c.sub(vec{rad, rad}))
	size := fyne.NewSize(float32(2*rad*v.z), float32(2*rad*v.z))
	if !v.visible(lo, lo.Add(fyne.NewPos(size.Width, size.Height))) {
		setVisible(d, false)
		return
	}
	setVisible(d, true)
	d.FillColor, d.StrokeColor, d.StrokeWidth = style.Breakpoint, r.pal.Paper, float32(math.Max(1, 1.5*math.Min(v.z, 1.2)))
	if !enabled {
		d.FillColor, d.StrokeColor, d.StrokeWidth = r.pal.Paper, style.Breakpoint, float32(math.Max(1.5, 2.5*math.Min(v.z, 1.2)))
	}
	d.Move(lo)
	d.Resize(size)
}

// placeCurrent rings the match's current state in teal, outside its box
// (the selection is the box's own outline), with the seats that may act
// there on a tag over the ring's top right corner, like a tab of it (beside
// the box it would cover arrows' labels).
func (r *graphRenderer) placeCurrent(v view) {
	k := &r.marks
	g := r.g
	i, ok := -1, false
	if g.match != nil && g.match.Current != "" {
		i, ok = g.index[g.match.Current]
	}
	if !ok || i >= len(g.nodes) {
		setVisible(k.ring, false)
		setVisible(k.seats.back, false)
		setVisible(k.seats.text, false)
		return
	}
	n := g.nodes[i]
	z := v.z
	pad := float32(math.Max(3, 6*math.Min(z, 1.2)))
	lo, hi := v.pt(n.pos.sub(n.size.mul(0.5))), v.pt(n.pos.add(n.size.mul(0.5)))
	setVisible(k.ring, true)
	k.ring.FillColor = color.Transparent
	k.ring.StrokeColor = style.MatchCurrent
	k.ring.StrokeWidth = float32(math.Max(2.5, 4*math.Min(z, 1.2)))
	k.ring.CornerRadius = float32(8*z) + pad
	k.ring.Move(fyne.NewPos(lo.X-pad, lo.Y-pad))
	k.ring.Resize(fyne.NewSize(hi.X-lo.X+2*pad, hi.Y-lo.Y+2*pad))
	text := "no one acts"
	if len(g.match.Active) > 0 {
		text = "▶ " + strings.Join(g.match.Active, ", ")
	}
	px := labelSize * z
	w, _ := measure(text, float32(px), k.seats.text.TextStyle)
	at := fyne.NewPos(hi.X+pad-float32(w*0.5+px*0.4), lo.Y-pad)
	r.placePill(k.seats, text, at, style.MatchCurrent, false, px, v)
}

// MarkDiagnostics marks the boxes of the states diags are about (the worst
// severity of each), keeping everything else as drawn.
func (g *View) MarkDiagnostics(p *graph.Pack, diags []graph.Diagnostic) {
	if p == nil {
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
	changed := false
	for i := range g.nodes {
		n := &g.nodes[i]
		// An id as written, read as a constant, has the key of the state it
		// names: a defined constant's number, or the number itself.
		sev, ok := worst[p.Key(graph.ConstID(n.id))]
		if n.diag != ok || ok && n.diagSev != sev {
			n.diag, n.diagSev, changed = ok, sev, true
		}
	}
	if changed {
		g.gen++ // the renderer makes the marks again
		g.Refresh()
	}
}
