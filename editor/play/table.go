package play

import (
	"fmt"
	"image"
	"image/color"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// allSeats is the seat selector's last option: every seat's table side by
// side, for hot-seat and hidden-information checks at a glance.
const allSeats = "All seats side by side"

// table is the Play panel's Table tab: the scene of the match at the
// cursor (preview/scene) for the viewer chosen, drawn by
// preview/scene/picture. Drawing a four-seat Hearts table takes some 20 ms,
// more than a step, so the picture is drawn on a goroutine and handed back
// through Panels.Do; the scenes are built on the Fyne goroutine, which
// alone reads the match. While the tab is hidden nothing is drawn: the
// next showing draws the step then at the cursor.
type table struct {
	p      *Panels
	view   *tableView
	seat   *ui.Select
	viewer int  // the scene seat shown: scene.Designer, a seat from 1, or -1 for all seats
	shown  bool // the Table tab is in front
	dirty  bool // the match moved while the tab was hidden

	// busy: a picture is being drawn; the redraws asked for meanwhile keep
	// only their latest scenes (next), drawn when it ends, so that fast
	// stepping does not pile pictures up.
	busy    bool
	next    []*scene.Scene
	running sync.WaitGroup
	epoch   int // counts clear: a picture started before the last one is not shown

	scenes []*scene.Scene // the scenes of the picture shown
	boxes  []picture.Box  // where its things lie, in its pixels

	// built are the scenes last built: a later step's changes are read
	// against them (scene.MarkChanges). moment counts the redraws: the
	// timer that ends a moment of changes shown draws the table plain
	// again only when no redraw came since.
	built  []*scene.Scene
	moment int
}

// changeMoment is how long the table shows a value changed by a step as
// its value after and before ("26 ← 13"), unless the next step comes
// first.
var changeMoment = 2500 * time.Millisecond

func newTable(p *Panels) *table {
	t := &table{p: p}
	t.view = newTableView(t)
	t.seat = ui.NewSelect([]string{designerLog}, t.pickSeat)
	t.seat.SetSelectedIndex(0)
	return t
}

// setSeats fills the selector for the match's seats, keeping the viewer
// chosen when the new match has that seat.
func (t *table) setSeats() {
	cfg := t.p.sess.Config().Seats
	opts := []string{designerLog}
	for i, s := range cfg {
		opts = append(opts, diagram.SeatName(s.Name, s.Bot, i))
	}
	opts = append(opts, allSeats)
	if t.viewer > len(cfg) {
		t.viewer = scene.Designer
	}
	t.seat.Options = opts
	i := t.viewer
	if i < 0 {
		i = len(opts) - 1
	}
	t.p.showing = true
	t.seat.SetSelectedIndex(i)
	t.p.showing = false
}

// pickSeat makes the option chosen the viewer and redraws.
func (t *table) pickSeat(string) {
	i := t.seat.SelectedIndex()
	if t.p.showing || i < 0 {
		return
	}
	t.viewer = i
	if t.seat.Selected == allSeats {
		t.viewer = -1
	}
	t.redraw()
}

// setShown says whether the Table tab is in front; showing it draws the
// step the match moved to meanwhile.
func (t *table) setShown(on bool) {
	t.shown = on
	if on && t.dirty {
		t.redraw()
	}
}

// redraw draws the match at the cursor for the viewer, or marks it to draw
// when the tab shows.
func (t *table) redraw() {
	s := t.p.sess
	if s == nil {
		return
	}
	if !t.shown {
		t.dirty = true
		return
	}
	t.dirty = false
	scs, err := t.build()
	if err != nil {
		t.p.message.SetText("The table cannot be drawn: " + err.Error())
		return
	}
	changed := t.markChanges(scs)
	t.built = scs
	t.moment++
	if changed {
		t.endMoment(t.moment)
	}
	t.show(scs)
}

// show draws scs, after the picture being drawn if there is one.
func (t *table) show(scs []*scene.Scene) {
	t.next = scs
	if !t.busy {
		t.start()
	}
}

// markChanges marks in scs the counters and scores that changed since the
// scenes last built, when scs are the same viewers' at a later step (a
// step, Forward, a move and the bots' after it, a scrub forward), and
// reports whether any did.
func (t *table) markChanges(scs []*scene.Scene) bool {
	if len(t.built) != len(scs) {
		return false
	}
	for i, sc := range scs {
		if b := t.built[i]; b.Seat != sc.Seat || b.Step >= sc.Step {
			return false
		}
	}
	changed := false
	for i, sc := range scs {
		scene.MarkChanges(t.built[i], sc)
		for _, a := range sc.Areas {
			changed = changed || a.ScoreBefore != nil
			for _, c := range a.Counters {
				changed = changed || c.Before != ""
			}
		}
	}
	return changed
}

// endMoment draws the table plain again after changeMoment, unless another
// redraw (the next step) came since the one numbered moment.
func (t *table) endMoment(moment int) {
	do := t.p.Do
	if do == nil {
		do = fyne.Do
	}
	time.AfterFunc(changeMoment, func() {
		do(func() {
			if t.moment != moment || t.p.sess == nil {
				return
			}
			if !t.shown {
				t.dirty = true // drawn plain when the tab shows
				return
			}
			scs, err := t.build()
			if err != nil {
				return // the redraw that marked the changes said so
			}
			t.built = scs
			t.show(scs)
		})
	})
}

// build returns the scenes of the viewer (every seat's for all seats).
func (t *table) build() ([]*scene.Scene, error) {
	s := t.p.sess
	seats := []int{t.viewer}
	if t.viewer < 0 {
		seats = seats[:0]
		for i := range s.Config().Seats {
			seats = append(seats, i+1)
		}
	}
	var out []*scene.Scene
	for _, seat := range seats {
		sc, err := scene.Build(s.Pack(), s.Match(), seat)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// clear empties the table when the match ends; a picture being drawn is
// dropped when it comes back.
func (t *table) clear() {
	t.epoch++
	t.moment++
	t.next, t.scenes, t.boxes, t.dirty, t.built = nil, nil, nil, false, nil
	t.view.image.Image = nil
	t.view.setMarks(nil)
	t.view.image.Refresh() // setMarks refreshes only when there was something to ring
}

// start draws the scenes waiting on a goroutine and shows them when done.
func (t *table) start() {
	scs := t.next
	t.next = nil
	t.busy = true
	epoch := t.epoch
	do := t.p.Do
	if do == nil {
		do = fyne.Do
	}
	t.running.Add(1)
	go func() {
		defer t.running.Done()
		img, err := picture.Image(picture.Options{}, scs...)
		var boxes []picture.Box
		if err == nil {
			_, _, boxes, err = picture.Boxes(scs...)
		}
		do(func() { t.done(epoch, scs, img, boxes, err) })
	}()
}

// done shows a picture drawn (unless the match ended since), then draws
// the scenes asked for meanwhile.
func (t *table) done(epoch int, scs []*scene.Scene, img image.Image, boxes []picture.Box, err error) {
	t.busy = false
	switch {
	case epoch != t.epoch:
	case err != nil:
		t.p.message.SetText(fmt.Sprintf("The table cannot be drawn: %v", err))
	default:
		t.scenes, t.boxes = scs, boxes
		t.view.image.Image = img
		t.view.setMarks(t.p.choosable())
		// setMarks refreshes only when there is something to ring: a
		// picture with nothing to ring (a bots' step, the end) must show too.
		t.view.image.Refresh()
	}
	if t.next != nil {
		t.start()
	}
}

// card returns the card of the scenes shown that box b is, if it is one,
// and its deck.
func (t *table) card(b picture.Box) (scene.Card, string, bool) {
	if b.Scene < 0 || b.Scene >= len(t.scenes) {
		return scene.Card{}, "", false
	}
	for _, a := range t.scenes[b.Scene].Areas {
		for _, l := range a.Locations {
			for _, c := range l.Cards {
				if c.ID == b.ID {
					return c, l.Deck, true
				}
			}
		}
	}
	return scene.Card{}, "", false
}

// WaitTable waits until no picture of the table is being drawn on its
// goroutine; the last one's result is then queued on Do: a test's way to
// settle the table without sleeping.
func (p *Panels) WaitTable() { p.table.running.Wait() }

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
