package play

import (
	"fmt"
	"image"
	"sync"
	"time"

	"fyne.io/fyne/v2"

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
// preview/scene/picture. Drawing a four-seat Hearts table takes some 5 ms,
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
	epoch, opt := t.epoch, picture.Options{}
	if t.p.Images != nil {
		opt.Images = t.p.Images()
	}
	do := t.p.Do
	if do == nil {
		do = fyne.Do
	}
	t.running.Add(1)
	go func() {
		defer t.running.Done()
		img, err := picture.Image(opt, scs...)
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
