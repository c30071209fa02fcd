package diagram

import (
	"math"

	"fyne.io/fyne/v2"
)

// fitMode says how the view fits the graph when it is resized.
type fitMode int

const (
	noFit       fitMode = iota
	fitAll              // ZoomToFit
	fitReadable         // ZoomToFitReadable
)

// ReadableZoom is the smallest zoom at which every state's name can be read
// whole: [View.ZoomToFitReadable] does not go below it. Names are never drawn
// smaller than 8.5 pixels (namePx): from a zoom of about 0.7 down, a box
// shows its name alone, in the middle (the fill colour still says the type),
// and below ReadableZoom a long name may be cut short.
const ReadableZoom = 0.6

// ZoomToFit scales and pans so that the whole graph fits the view, never
// zooming in beyond 1. However small that makes the boxes, their names stay
// readable: the canvas then draws less detail (see ReadableZoom). It fits
// again whenever the view is resized, until the designer clicks, drags,
// types, pans or zooms in it.
func (g *View) ZoomToFit() {
	g.autoFit = fitAll
	g.fit()
}

func (g *View) fit() {
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

// ZoomToFitReadable fits the graph like ZoomToFit when that leaves every
// name whole and the arrows' names readable; a bigger graph is shown at
// ReadableZoom, the designer scrolling (or panning) to the rest, around the
// selected state when there is one, else from the top of the graph (where
// state 1 usually is) centred on the first state. The studio opens packs so.
// It fits again whenever the view is resized, until the designer clicks,
// drags, types, pans or zooms in it.
func (g *View) ZoomToFitReadable() {
	g.autoFit = fitReadable
	g.fit()
	if g.Size().Width < 2*fitMargin+10 || g.zoom >= ReadableZoom || len(g.nodes) == 0 {
		return
	}
	lo, hi, _ := g.bounds()
	z := float32(ReadableZoom)
	s := g.Size()
	focus := g.nodes[0].pos
	if i, ok := g.index[g.selected]; ok {
		focus = g.nodes[i].pos
	}
	// Do not scroll past the graph's sides; centre it the way it fits (a
	// tall, narrow graph in the middle, not against the right edge).
	clamp := func(c, lo, hi, half float32) float32 {
		if hi-lo <= 2*(half-fitMargin/z) {
			return (lo + hi) / 2
		}
		c = max(c, lo+half-fitMargin/z)
		return min(c, hi-half+fitMargin/z)
	}
	x := clamp(float32(focus.X), float32(lo.X), float32(hi.X), s.Width/2/z)
	g.zoom = z
	if _, ok := g.index[g.selected]; ok {
		y := clamp(float32(focus.Y), float32(lo.Y), float32(hi.Y), s.Height/2/z)
		g.offset = fyne.NewPos(s.Width/2-x*z, s.Height/2-y*z)
	} else {
		// A little more room above: arcs of back edges bulge over the top boxes.
		g.offset = fyne.NewPos(s.Width/2-x*z, 2*fitMargin-float32(lo.Y)*z)
	}
	g.Refresh()
}

// Refit fits the graph again the way ZoomToFit or ZoomToFitReadable last
// did, unless the designer has worked in the view since.
func (g *View) Refit() {
	switch g.autoFit {
	case fitAll:
		g.ZoomToFit()
	case fitReadable:
		g.ZoomToFitReadable()
	}
}

// CentreOn pans (keeping the zoom) so that the state id is in the middle of
// the view. A view with no size yet (its tab behind another, laid out at
// none by a dock rebuilding) has no middle: it centres when it gets one.
func (g *View) CentreOn(id string) {
	i, ok := g.index[id]
	if !ok {
		return
	}
	g.autoFit = noFit
	if !hasArea(g.Size()) {
		g.centring = id
		return
	}
	g.centring = ""
	c := g.centre()
	p := g.nodes[i].pos
	g.offset = fyne.NewPos(c.X-float32(p.X)*g.zoom, c.Y-float32(p.Y)*g.zoom)
	g.Refresh()
}

// Reveal pans, only when needed, so that the state id is wholly in the view;
// when it is too far off it is centred.
func (g *View) Reveal(id string) {
	if _, ok := g.index[id]; ok && !g.InView(id) {
		g.CentreOn(id)
	}
}

// InView reports whether the box of state id lies wholly in the view.
func (g *View) InView(id string) bool {
	i, ok := g.index[id]
	if !ok {
		return false
	}
	n := g.nodes[i]
	s := g.Size()
	lo := g.ToWidget(pointOf(n.pos.sub(n.size.mul(0.5))))
	hi := g.ToWidget(pointOf(n.pos.add(n.size.mul(0.5))))
	return lo.X >= 0 && lo.Y >= 0 && hi.X <= s.Width && hi.Y <= s.Height
}

// Pan moves the drawing by d widget units.
func (g *View) Pan(d fyne.Delta) {
	g.autoFit = noFit
	g.offset = g.offset.Add(d)
	g.Refresh()
}
