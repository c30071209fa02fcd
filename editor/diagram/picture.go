package diagram

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
	svg "github.com/ajstarks/svgo/float"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// Pictures of the state graph, as the canvas draws it (light colours, at
// zoom 1, with a margin): a PNG drawn by Fyne's software painter, and an SVG
// written from the same geometry (boxes, routed arrows, placed labels).

// imageMargin is the free space around a picture, in pixels.
const imageMargin = 30

// maxImageSide is the largest side of a PNG picture, in pixels: a bigger
// graph is drawn smaller.
const maxImageSide = 8000

// pictureView returns a graph view of the pack on screen for a picture: the
// light palette, nothing selected, no diagnostic marks, at zoom z with the graph's top left
// corner at the margin; and the picture's size in pixels.
func pictureView(p *graph.Pack, z float64) (*View, fyne.Size) {
	v := NewView()
	v.palette = &style.Light
	var pos map[string]graph.Point
	if p.Editor != nil {
		pos = p.Editor.Positions
	}
	v.SetGraph(p, pos, nil) // a picture for documents: no diagnostic marks
	lo, hi, ok := v.bounds()
	if !ok {
		lo, hi = vec{}, vec{200, 100}
	}
	lo, hi = v.labelBounds(lo, hi)
	v.zoom = float32(z)
	v.offset = fyne.NewPos(float32(imageMargin-lo.X*z), float32(imageMargin-lo.Y*z))
	size := fyne.NewSize(float32((hi.X-lo.X)*z+2*imageMargin), float32((hi.Y-lo.Y)*z+2*imageMargin))
	return v, size
}

// labelBounds grows the box lo-hi to hold every arrow and label.
func (g *View) labelBounds(lo, hi vec) (vec, vec) {
	geo := g.geometry()
	grow := func(p vec) {
		lo = vec{math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)}
		hi = vec{math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)}
	}
	for i, e := range g.edges {
		for _, p := range geo.routes[i].pts {
			grow(p)
		}
		if e.labelSize.X > 0 {
			grow(geo.labels[i].sub(e.labelSize.mul(0.5)))
			grow(geo.labels[i].add(e.labelSize.mul(0.5)))
		}
	}
	return lo, hi
}

// Image draws p's state graph as the canvas does, in the light colours, at
// zoom 1 (smaller when a side would pass maxImageSide pixels), with a
// margin of imageMargin pixels.
func Image(p *graph.Pack) image.Image {
	v, size := pictureView(p, 1)
	if side := math.Max(float64(size.Width), float64(size.Height)); side > maxImageSide {
		v, size = pictureView(p, maxImageSide/side)
	}
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetContent(v)
	c.Resize(size)
	return c.Capture()
}

// WriteSVG writes p's state graph to w as an SVG drawing titled title, at
// zoom 1, from the geometry the canvas draws (boxes, routed arrows, placed
// labels). It returns w's error.
func WriteSVG(w io.Writer, p *graph.Pack, title string) error {
	v, size := pictureView(p, 1)
	geo := v.geometry()
	pal := style.Light
	var b bytes.Buffer
	s := svg.New(&b)
	s.Decimals = 1
	s.Start(float64(size.Width), float64(size.Height))
	s.Title(title)
	s.Rect(0, 0, float64(size.Width), float64(size.Height), "fill:"+hex(pal.Paper))
	at := func(p vec) (float64, float64) {
		q := v.ToWidget(pointOf(p))
		return float64(q.X), float64(q.Y)
	}
	s.Gstyle("font-family:sans-serif")
	for i, ed := range v.edges {
		svgEdge(s, ed, geo.routes[i].pts, pal, at)
	}
	for _, n := range v.nodes {
		svgNode(s, n, at)
	}
	for i, ed := range v.edges {
		if ed.labelSize.X == 0 {
			continue
		}
		x, y := at(geo.labels[i].sub(ed.labelSize.mul(0.5)))
		s.Roundrect(x, y, ed.labelSize.X, ed.labelSize.Y, 3, 3, "fill:"+hex(pal.LabelBack)+";fill-opacity:0.9")
		style := fmt.Sprintf("font-size:%vpx;text-anchor:middle;fill:%s", labelSize, hex(pal.Label))
		switch {
		case ed.inferred:
			style += ";font-style:italic;fill:" + hex(pal.Inferred)
		case ed.kind == callEdge || ed.kind == returnEdge:
			style += ";font-style:italic;fill:" + hex(pal.Call)
		}
		s.Text(x+ed.labelSize.X/2, y+ed.labelSize.Y*0.75, ed.label, style)
	}
	s.Gend()
	s.End()
	_, err := w.Write(b.Bytes())
	return err
}

// svgEdge draws one arrow: its line, dashed as on the canvas, and its head.
func svgEdge(s *svg.SVG, ed edge, pts []vec, pal style.Palette, at func(vec) (float64, float64)) {
	if len(pts) < 2 {
		return
	}
	col := pal.Edge
	style := "fill:none;stroke-width:1.4"
	hollow := false
	switch {
	case ed.inferred:
		col, style = pal.Inferred, style+";stroke-dasharray:5,5"
	case ed.kind == privateEdge:
		style += ";stroke-dasharray:6,5"
	case ed.kind == callEdge:
		col, style = pal.Call, "fill:none;stroke-width:2.1;stroke-dasharray:12,4"
	case ed.kind == returnEdge:
		col, style, hollow = pal.Call, "fill:none;stroke-width:1.4;stroke-dasharray:2.5,4", true
	}
	tip := pts[len(pts)-1]
	dir := tip.sub(pts[len(pts)-2]).unit()
	if len(pts) > 2 {
		dir = tip.sub(pts[len(pts)-3]).unit()
	}
	const hr = 5.5
	line := append([]vec(nil), pts...)
	line[len(line)-1] = tip.sub(dir.mul(hr * 1.2))
	xs, ys := make([]float64, len(line)), make([]float64, len(line))
	for i, p := range line {
		xs[i], ys[i] = at(p)
	}
	s.Polyline(xs, ys, style+";stroke:"+hex(col))
	base := tip.sub(dir.mul(hr * 1.6))
	side := dir.perp().mul(hr * 0.85)
	var hx, hy []float64
	for _, p := range []vec{tip, base.add(side), base.sub(side)} {
		x, y := at(p)
		hx, hy = append(hx, x), append(hy, y)
	}
	headStyle := "fill:" + hex(col)
	if hollow {
		headStyle = "fill:" + hex(pal.Paper) + ";stroke-width:1.2;stroke:" + hex(col)
	}
	s.Polygon(hx, hy, headStyle)
}

// svgNode draws one state box: name, type badge and id, as the canvas does
// at zoom 1.
func svgNode(s *svg.SVG, n node, at func(vec) (float64, float64)) {
	x, y := at(n.pos.sub(n.size.mul(0.5)))
	s.Roundrect(x, y, n.size.X, n.size.Y, 8, 8, fmt.Sprintf("fill:%s;stroke:%s;stroke-width:1.5", hex(style.TypeFill(n.typ)), hex(style.TypeInk(n.typ))))
	pad := 9.0
	s.Text(x+pad, y+5+nameSize, n.name, fmt.Sprintf("font-size:%vpx;font-weight:bold;fill:%s", nameSize, hex(style.Light.Ink)))
	badge := style.TypeBadge(n.typ)
	bw, _ := measure(badge, badgeSize, fyne.TextStyle{Bold: true})
	bw += 10
	by := y + n.size.Y - 8 - 14
	s.Roundrect(x+pad, by, bw, 14, 7, 7, "fill:"+hex(style.TypeInk(n.typ)))
	s.Text(x+pad+bw/2, by+10.5, badge, fmt.Sprintf("font-size:%vpx;font-weight:bold;text-anchor:middle;fill:#ffffff", badgeSize))
	id := n.id
	if n.typ == style.Missing {
		id = "no such state"
	}
	if n.typ == style.ClauseCaller {
		id = n.clause
	}
	s.Text(x+pad+bw+5, by+11, id, fmt.Sprintf("font-size:%vpx;font-weight:bold;fill:%s", idSize, hex(style.TypeInk(n.typ))))
}

// hex is c as "#rrggbb".
func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
