package play

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/preview/scene/picture"
)

// tableView shows the table's picture scaled to fit, rings what a click
// can choose now (marks), veils what it cannot while a pick is under way
// (veils), and plays what a click names (click.go).
type tableView struct {
	widget.BaseWidget
	t     *table
	image *canvas.Image
	marks []mark        // the things to ring, in the picture's pixels
	veils []picture.Box // the cards, cells and objects a click cannot choose now, drawn faded
}

// mark is a thing of the table a click can choose now; chosen: a choose-k
// parameter's value chosen, which a click unchooses.
type mark struct {
	picture.Box
	chosen bool
}

func newTableView(t *table) *tableView {
	v := &tableView{t: t, image: canvas.NewImageFromImage(nil)}
	v.image.FillMode = canvas.ImageFillContain
	v.image.ScaleMode = canvas.ImageScaleSmooth
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer draws the picture over the whole widget, the veils and
// the rings over it.
func (v *tableView) CreateRenderer() fyne.WidgetRenderer {
	r := &tableRenderer{v: v}
	r.picture = container.NewWithoutLayout(v.image)
	return r
}

// tableRenderer lays a veil over the picture per thing that cannot be
// chosen and a ring per mark, scaled as the picture is. The picture and
// its veils are one object (picture), the rings the others.
type tableRenderer struct {
	v       *tableView
	picture *fyne.Container // the image, then the veils
	veils   []*canvas.Rectangle
	rings   []*canvas.Rectangle
}

func (r *tableRenderer) Layout(size fyne.Size) {
	r.picture.Resize(size)
	r.v.image.Resize(size)
	r.v.image.Move(fyne.NewPos(0, 0))
	scale, ox, oy := r.v.fit(size)
	place := func(o fyne.CanvasObject, b picture.Box, out float32) {
		o.Move(fyne.NewPos(ox+float32(b.X)*scale-out, oy+float32(b.Y)*scale-out))
		o.Resize(fyne.NewSize(float32(b.W)*scale+2*out, float32(b.H)*scale+2*out))
	}
	for i, veil := range r.veils {
		place(veil, r.v.veils[i], 0) // Refresh keeps one veil per box
	}
	for i, ring := range r.rings {
		place(ring, r.v.marks[i].Box, 2) // Refresh keeps one ring per mark
	}
}

func (r *tableRenderer) MinSize() fyne.Size { return fyne.NewSize(100, 100) }

// Refresh makes a veil per box to fade and a ring per mark, then lays them
// out and redraws.
func (r *tableRenderer) Refresh() {
	for len(r.veils) < len(r.v.veils) {
		r.veils = append(r.veils, canvas.NewRectangle(veilColor))
	}
	r.veils = r.veils[:len(r.v.veils)]
	objs := []fyne.CanvasObject{r.v.image}
	for _, veil := range r.veils {
		objs = append(objs, veil)
	}
	r.picture.Objects = objs
	for len(r.rings) < len(r.v.marks) {
		ring := canvas.NewRectangle(color.Transparent)
		ring.StrokeColor = theme.Color(theme.ColorNamePrimary)
		ring.StrokeWidth = 2
		ring.CornerRadius = 4
		r.rings = append(r.rings, ring)
	}
	r.rings = r.rings[:len(r.v.marks)]
	for i, m := range r.v.marks {
		// a value chosen is tinted with the colour of a chosen button
		r.rings[i].FillColor = color.Transparent
		if m.chosen {
			r.rings[i].FillColor = chosenTint
		}
	}
	r.Layout(r.v.Size())
	r.picture.Refresh()
	for _, ring := range r.rings {
		ring.Refresh()
	}
}

func (r *tableRenderer) Objects() []fyne.CanvasObject {
	out := []fyne.CanvasObject{r.picture}
	for _, ring := range r.rings {
		out = append(out, ring)
	}
	return out
}

func (r *tableRenderer) Destroy() {}

// fit returns the scale and offset of the picture drawn in size: scaled
// to fit and centred (ImageFillContain); scale 0 with no picture.
func (v *tableView) fit(size fyne.Size) (scale, ox, oy float32) {
	img := v.image.Image
	if img == nil {
		return 0, 0, 0
	}
	iw, ih := float32(img.Bounds().Dx()), float32(img.Bounds().Dy())
	if iw == 0 || ih == 0 || size.Width == 0 || size.Height == 0 {
		return 0, 0, 0
	}
	scale = min(size.Width/iw, size.Height/ih)
	return scale, (size.Width - iw*scale) / 2, (size.Height - ih*scale) / 2
}

// chosenTint fills the ring of a value chosen: the primary blue, seen
// through.
var chosenTint = color.NRGBA{R: 0x29, G: 0x6f, B: 0xf6, A: 0x60}

// veilColor fades what a click cannot choose while a pick is under way: a
// grey of the table's hue, seen through, so that the things that can be
// chosen stand out bright.
var veilColor = color.NRGBA{R: 0x70, G: 0x6a, B: 0x60, A: 0x70}

// setMarks rings the things marks and veils the cards, cells and objects
// of the picture not among them; with no mark (no pick under way on the
// table) nothing is veiled.
func (v *tableView) setMarks(marks []mark) {
	if len(marks) == 0 && len(v.marks) == 0 && len(v.veils) == 0 {
		return // a bots' step: nothing to redraw
	}
	v.marks = marks
	v.veils = v.t.unchosen(marks)
	v.Refresh()
}

// unchosen returns the boxes of the cards (the strip a fanned one shows),
// cells and objects drawn that are not among marks; none when marks is
// empty.
func (t *table) unchosen(marks []mark) []picture.Box {
	if len(marks) == 0 {
		return nil
	}
	type key struct {
		scene int
		id    string
	}
	marked := make(map[key]bool, len(marks))
	for _, m := range marks {
		marked[key{m.Scene, m.ID}] = true
	}
	var out []picture.Box
	for i, b := range t.boxes {
		if marked[key{b.Scene, b.ID}] || !t.thing(b) {
			continue
		}
		out = append(out, shown(b, t.boxes[i+1:]))
	}
	return out
}

// thing reports whether box b is a card, a board's cell or an object: what
// a click may choose, and is faded when it cannot.
func (t *table) thing(b picture.Box) bool {
	if _, _, ok := t.card(b); ok {
		return true
	}
	return strings.HasPrefix(b.ID, "object:") || strings.HasPrefix(b.ID, "board:") && strings.Count(b.ID, ":") == 2
}

// Tapped plays the thing clicked when a legal move's parameter names it.
func (v *tableView) Tapped(ev *fyne.PointEvent) {
	x, y, ok := v.pixel(ev.Position)
	if ok {
		v.t.p.clickTable(x, y)
	}
}

// pixel maps a point of the widget to the picture's pixels.
func (v *tableView) pixel(pos fyne.Position) (float64, float64, bool) {
	scale, ox, oy := v.fit(v.Size())
	if scale == 0 {
		return 0, 0, false
	}
	return float64((pos.X - ox) / scale), float64((pos.Y - oy) / scale), true
}
