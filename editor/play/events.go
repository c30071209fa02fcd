package play

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/engine"
)

// EventList is the debugger's event log: one row per event (headed by the
// part of the log it is in: the current step, the failed step, the match),
// each linked to its source. Tapping an event's row shows it whole under
// the list (a row is cut at the panel's width) and calls OnPicked with it;
// a heading does nothing. The list is virtual: a match of thousands of
// steps costs the rows on screen.
type EventList struct {
	widget.BaseWidget

	// OnPicked is called with the event whose row the designer tapped.
	OnPicked func(e engine.Event)

	parts []logPart   // the log's parts, each a heading row then a row per event
	n     int         // the rows of all parts
	list  *ui.List    // passes the step keys on (winkeys.go)
	rows  []*eventRow // every row the list made, each showing one row at a time
	// detail is the row tapped last, whole and wrapped, under the list:
	// a row is one line, cut short ("…") at the panel's width, and its
	// end (the condition, what before() was) is what designers read it for.
	detail *widget.Label
	box    *fyne.Container // the list over the detail
	scroll *container.Scroll
}

// logPart is a part of the log: its heading and its events (the engine's
// slice itself when nothing is filtered out: a row's text is made when the
// row shows, so a step costs the same for a long match as for a short one).
type logPart struct {
	head  string
	evs   []engine.Event
	setup int // how many of evs, from the first, are the set-up's (step 0)
}

// line is the row of the part's event j: its step as the Play panel's
// heading and timeline number it (from 1; 0 for the set-up's events), then
// the event. The engine's Event.Step counts the steps taken before the
// event's step (docs/records.md), one less but for the set-up's.
func (pt logPart) line(j int) string {
	e := pt.evs[j]
	step := e.Step + 1
	if j < pt.setup {
		step = 0
	}
	return fmt.Sprintf("%d %s", step, EventText(e))
}

// NewEventList returns an empty log.
func NewEventList() *EventList {
	l := &EventList{}
	l.list = ui.NewList(func() int { return l.n },
		func() fyne.CanvasObject {
			r := newEventRow(l)
			l.rows = append(l.rows, r)
			return r
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*eventRow).set(i) })
	l.detail = widget.NewLabel("")
	l.detail.Wrapping = fyne.TextWrapWord
	l.detail.Selectable = true // to copy a condition into a watch
	// A wrapped label's height is known only once it has a width, after
	// the layout that asked for it: a scroll of a few lines' height holds
	// it, and scrolls what is longer.
	l.scroll = container.NewVScroll(l.detail)
	l.scroll.SetMinSize(fyne.NewSize(0, 4*fyne.MeasureText("M", theme.TextSize(), fyne.TextStyle{}).Height+2*theme.InnerPadding()))
	l.scroll.Hide()
	l.ExtendBaseWidget(l)
	return l
}

// CreateRenderer implements fyne.Widget.
func (l *EventList) CreateRenderer() fyne.WidgetRenderer {
	l.box = container.NewBorder(nil, l.scroll, nil, nil, l.list)
	return widget.NewSimpleRenderer(l.box)
}

// Detail returns the text shown whole under the list: the row tapped
// last ("" before any).
func (l *EventList) Detail() string { return l.detail.Text }

// set replaces the log's parts.
func (l *EventList) set(parts []logPart) {
	l.parts, l.n = parts, 0
	for _, pt := range parts {
		l.n += 1 + len(pt.evs)
	}
	l.list.Refresh()
}

// Text returns the log as shown, a row a line.
func (l *EventList) Text() string {
	var b strings.Builder
	for i := 0; i < l.n; i++ {
		b.WriteString(l.rowText(i))
		b.WriteByte('\n')
	}
	return b.String()
}

// Len returns the number of rows.
func (l *EventList) Len() int { return l.n }

// Event returns the event of row i (ok false for a heading).
func (l *EventList) Event(i int) (engine.Event, bool) {
	for _, pt := range l.parts {
		switch {
		case i == 0:
			return engine.Event{}, false
		case i <= len(pt.evs):
			return pt.evs[i-1], true
		}
		i -= 1 + len(pt.evs)
	}
	return engine.Event{}, false
}

// rowText is row i's text: its heading or its event's line.
func (l *EventList) rowText(i int) string {
	for _, pt := range l.parts {
		switch {
		case i == 0:
			return pt.head
		case i <= len(pt.evs):
			return pt.line(i - 1)
		}
		i -= 1 + len(pt.evs)
	}
	return ""
}

// Row returns the row widget showing row i after scrolling it into view
// (nil when the list is not on screen): what a click on it hits.
func (l *EventList) Row(i int) fyne.Tappable {
	l.list.ScrollTo(i)
	for _, r := range l.rows {
		if r.i == i && r.Visible() {
			return r
		}
	}
	return nil
}

// pick acts on a tap on row i: its text shows whole under the list, and
// OnPicked opens its source.
func (l *EventList) pick(i int) {
	e, ok := l.Event(i)
	if !ok {
		return
	}
	l.detail.SetText(l.rowText(i))
	l.scroll.Show()
	l.scroll.ScrollToTop()
	if l.box != nil {
		l.box.Refresh() // lay the list out again above the detail
	}
	if l.OnPicked != nil {
		l.OnPicked(e)
	}
}

// logBuilder collects a log's parts, keeping the events whose text holds
// the filter (case-insensitive; "" keeps all).
type logBuilder struct {
	filter string
	parts  []logPart
}

// part adds a part headed head of evs, the first setup of them the
// set-up's events.
func (b *logBuilder) part(head string, evs []engine.Event, setup int) {
	pt := logPart{head: head, evs: evs, setup: setup}
	if b.filter != "" {
		kept := logPart{head: head}
		for j, e := range evs {
			if strings.Contains(strings.ToLower(pt.line(j)), b.filter) {
				kept.evs = append(kept.evs, e)
				if j < setup {
					kept.setup++
				}
			}
		}
		pt = kept
	}
	b.parts = append(b.parts, pt)
}

// showEvents lists the events of the current step, of the failed step
// when the cursor is at it, then the match's log, filtered.
func (p *Panels) showEvents() {
	if p.sess == nil {
		return
	}
	b := &logBuilder{filter: strings.ToLower(p.filter.Text)}
	c := p.sess.Cursor()
	step, failed, log := p.sess.StepEvents, p.sess.FailedEvents, p.sess.Log
	if seat := p.seat; seat >= 0 { // the log as that seat sees it
		m := p.sess.Match()
		step = func(i int) []engine.Event { return m.StepEventsFor(i, seat) }
		failed = func() []engine.Event { return p.sess.FailedEventsFor(seat) }
		log = func() []engine.Event { return p.sess.LogFor(seat) }
	}
	setup := len(step(0))
	cur, curSetup := step(c), 0
	if c == 0 {
		curSetup = len(cur)
	}
	b.part(fmt.Sprintf("— step %d —", c), cur, curSetup)
	if fe := failed(); fe != nil && c == p.sess.Head() {
		b.part("— the failed step —", fe, 0)
	}
	b.part("— the match —", log(), setup)
	p.events.set(b.parts)
}

// designerLog is the seat selector's first choice: every event, as the
// engine wrote it.
const designerLog = "Designer"

// setLogSeats offers the designer's log and each seat's of the session
// shown, the designer's chosen.
func (p *Panels) setLogSeats() {
	opts := []string{designerLog}
	if p.sess != nil {
		for i, s := range p.sess.Config().Seats {
			opts = append(opts, diagram.SeatName(s.Name, s.Bot, i))
		}
	}
	p.seat = -1
	p.logSeat.Options = opts
	p.logSeat.SetSelectedIndex(0)
}

// pickLogSeat shows the log the selector names.
func (p *Panels) pickLogSeat(string) {
	p.seat = p.logSeat.SelectedIndex() - 1
	p.showEvents()
}

// EventSeats returns the Events tab's choices of log: the designer's, then
// each seat's.
func (p *Panels) EventSeats() []string { return p.logSeat.Options }

// ShowEventsOf shows the event log as seat (0-based) sees it: its own
// cards by face, others' cards moving face down, the notifications sent to
// it (engine.Match.EventsFor); -1 shows the designer's, every event.
func (p *Panels) ShowEventsOf(seat int) { p.logSeat.SetSelectedIndex(seat + 1) }

// EventText is one event as the log shows it after its step number, with
// its identities; a clause that fired says why: its condition held, and
// what before() answered in it.
func EventText(e engine.Event) string {
	var b strings.Builder
	b.WriteString(e.Kind)
	detail := e.Detail
	if e.Kind == engine.EvClauseFired {
		detail = ""
	}
	for _, kv := range [][2]string{{"state", e.StateID}, {"name", e.Name}, {"clause", e.Clause}, {"field", e.Field}, {"detail", detail}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, " %s=%s", kv[0], kv[1])
		}
	}
	if e.Object != 0 {
		fmt.Fprintf(&b, " object=#%d", e.Object)
	}
	if e.Player != 0 {
		fmt.Fprintf(&b, " player=%d", e.Player)
	}
	if e.Kind == engine.EvClauseFired && e.Detail != "" {
		fmt.Fprintf(&b, " · fired as its condition held: %s", strings.Join(strings.Fields(e.Detail), " "))
		if e.Before != "" {
			fmt.Fprintf(&b, " · before() was %s", e.Before)
		}
	}
	return b.String()
}

// eventRow is one row of an EventList; tapping it picks its event.
type eventRow struct {
	widget.BaseWidget
	l    *EventList
	i    int
	text *widget.Label
}

func newEventRow(l *EventList) *eventRow {
	r := &eventRow{l: l, i: -1, text: widget.NewLabel("")}
	r.text.Truncation = fyne.TextTruncateEllipsis
	r.ExtendBaseWidget(r)
	return r
}

func (r *eventRow) set(i int) {
	r.i = i
	_, isEvent := r.l.Event(i)
	r.text.TextStyle = fyne.TextStyle{Bold: !isEvent}
	r.text.SetText(r.l.rowText(i))
}

// Tapped picks the row's event.
func (r *eventRow) Tapped(*fyne.PointEvent) { r.l.pick(r.i) }

// CreateRenderer implements fyne.Widget.
func (r *eventRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.text) }
