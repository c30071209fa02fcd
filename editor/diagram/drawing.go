package diagram

import (
	"image"
	"image/color"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/software"
)

// Drawing is what a View put on screen at its latest refresh, in the view's
// coordinates and colours: what the rooms that drive the view (the window's
// menus and edits, the play panel, playtests) check their work against
// without reaching into how it is drawn.
type Drawing struct {
	Paper  color.Color      // the background
	Boxes  map[string]Shape // each state's box (not its marks), by state id
	Marks  map[string]Shape // the diagnostic mark on a state's box, by state id, for those shown
	Arrows []DrawnArrow     // every arrow, in the view's order
	Ring   *Shape           // the ring round the match's current state; nil when none is shown
	Seats  string           // the tag of the seats acting there; "" when none is shown
	Visits []string         // the count pills shown on boxes ("×3"), sorted
	Uses   []string         // the count pills shown beside arrows, sorted
	Dots   []Shape          // breakpoint dots, in the order of the states
}

// Shape is one drawn rectangle, circle or line: its top left corner, size
// and colours (nil where it has none). A line's Size is from its first
// point to its second.
type Shape struct {
	Pos         fyne.Position
	Size        fyne.Size
	Fill        color.Color
	Stroke      color.Color
	StrokeWidth float32
}

// DrawnArrow is one arrow: the transition it stands for (calls and returns
// have an empty Name), whether it was inferred from a State class's code,
// whether it is a call or a return, and its line's segments (a dashed
// arrow has several).
type DrawnArrow struct {
	TransitionRef
	To       string // the id of the state it points to
	Count    string // the count shown beside it ("×3"): a match's or a playtest's; "" for none
	Inferred bool
	Call     bool        // a call or a return between states, not a transition
	Label    color.Color // the colour of its label's text; nil when no label is shown
	Segments []Shape
}

// Drawing returns what the view drew at its latest refresh; empty before
// it is first shown.
func (g *View) Drawing() Drawing {
	d := Drawing{Boxes: map[string]Shape{}, Marks: map[string]Shape{}}
	r := g.r
	if r == nil {
		return d
	}
	d.Paper = r.back.FillColor
	for i, o := range r.nodes {
		if i >= len(g.nodes) {
			break
		}
		id := g.nodes[i].id
		d.Boxes[id] = rectShape(o.box)
		if m := o.mark; m != nil && m.Visible() {
			d.Marks[id] = Shape{Pos: m.Position(), Size: m.Size(), Fill: m.FillColor, Stroke: m.StrokeColor, StrokeWidth: m.StrokeWidth}
		}
	}
	for i, o := range r.edges {
		if i >= len(g.edges) {
			break
		}
		e := g.edges[i]
		a := DrawnArrow{TransitionRef: TransitionRef{From: g.nodes[e.from].id, Name: e.name}, To: g.nodes[e.to].id,
			Count: g.edgeCount(i), Inferred: e.inferred, Call: e.kind == callEdge || e.kind == returnEdge}
		if o.label != nil && o.label.Visible() {
			a.Label = o.label.Color
		}
		for _, s := range o.segs {
			if s.Visible() {
				a.Segments = append(a.Segments, Shape{Pos: s.Position1, Size: fyne.NewSize(s.Position2.X-s.Position1.X, s.Position2.Y-s.Position1.Y), Stroke: s.StrokeColor, StrokeWidth: s.StrokeWidth})
			}
		}
		d.Arrows = append(d.Arrows, a)
	}
	k := r.marks
	if k.ring != nil && k.ring.Visible() {
		s := rectShape(k.ring)
		d.Ring = &s
	}
	if k.seats.text != nil && k.seats.text.Visible() {
		d.Seats = k.seats.text.Text
	}
	d.Visits, d.Uses = shownPills(k.visits), shownPills(k.uses)
	for _, c := range k.dots {
		if c.Visible() {
			d.Dots = append(d.Dots, Shape{Pos: c.Position(), Size: c.Size(), Fill: c.FillColor, Stroke: c.StrokeColor, StrokeWidth: c.StrokeWidth})
		}
	}
	return d
}

func rectShape(b *canvas.Rectangle) Shape {
	return Shape{Pos: b.Position(), Size: b.Size(), Fill: b.FillColor, Stroke: b.StrokeColor, StrokeWidth: b.StrokeWidth}
}

// shownPills returns the texts of the visible pills of pool, sorted.
func shownPills(pool []pill) []string {
	var out []string
	for _, p := range pool {
		if p.text.Visible() && p.back.Visible() {
			out = append(out, p.text.Text)
		}
	}
	slices.Sort(out)
	return out
}

// Picture draws what the view shows (its boxes, arrows and selection, at
// its zoom and pan) alone in a software canvas of size, without the marks
// of a match, a playtest or breakpoints: the picture of a state graph as
// the designer arranged it on screen.
func (g *View) Picture(size fyne.Size) image.Image {
	v := NewView()
	v.nodes = append([]node(nil), g.nodes...)
	v.edges = append([]edge(nil), g.edges...)
	v.index = g.index
	v.sel, v.selected, v.selEdge = g.sel, g.selected, g.selEdge
	v.zoom, v.offset = g.zoom, g.offset
	v.gen = 1
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetContent(v)
	c.Resize(size)
	return c.Capture()
}

// SetOffset pans the view so that the world's origin is at p, in the
// view's coordinates.
func (g *View) SetOffset(p fyne.Position) {
	g.offset = p
	g.Refresh()
}

// SetClock sets the clock the view tells a double click by (time.Now by
// default): tests and the window exerciser tap faster than a person.
func (g *View) SetClock(now func() time.Time) { g.now = now }

// SetModifiers sets where the view reads the modifier keys held during a
// tap (the desktop driver's by default): tests have no keyboard.
func (g *View) SetModifiers(held func() fyne.KeyModifier) { g.keyMods = held }
