package editor

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/engine"
)

// EventList is the debugger's event log: one row per event (headed by the
// part of the log it is in: the current step, the failed step, the match),
// each linked to its source. Tapping an event's row calls OnPicked with
// it; a heading does nothing. The list is virtual: a match of thousands of
// steps costs the rows on screen.
type EventList struct {
	widget.BaseWidget

	// OnPicked is called with the event whose row the designer tapped.
	OnPicked func(e engine.Event)

	items []eventItem
	list  *widget.List
	rows  []*eventRow // every row the list made, each showing one item at a time
}

// eventItem is a row: a heading, or an event and its text.
type eventItem struct {
	head bool
	text string
	ev   engine.Event
}

// NewEventList returns an empty log.
func NewEventList() *EventList {
	l := &EventList{}
	l.list = widget.NewList(func() int { return len(l.items) },
		func() fyne.CanvasObject {
			r := newEventRow(l)
			l.rows = append(l.rows, r)
			return r
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*eventRow).set(i) })
	l.ExtendBaseWidget(l)
	return l
}

// CreateRenderer implements fyne.Widget.
func (l *EventList) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(l.list) }

// Text returns the log as shown, a row a line.
func (l *EventList) Text() string {
	var b strings.Builder
	for _, it := range l.items {
		b.WriteString(it.text)
		b.WriteByte('\n')
	}
	return b.String()
}

// Len returns the number of rows.
func (l *EventList) Len() int { return len(l.items) }

// Event returns the event of row i (ok false for a heading).
func (l *EventList) Event(i int) (engine.Event, bool) {
	if i < 0 || i >= len(l.items) || l.items[i].head {
		return engine.Event{}, false
	}
	return l.items[i].ev, true
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

// pick acts on a tap on row i.
func (l *EventList) pick(i int) {
	if e, ok := l.Event(i); ok && l.OnPicked != nil {
		l.OnPicked(e)
	}
}

// logBuilder collects a log's rows, keeping the events whose text holds
// the filter (case-insensitive; "" keeps all).
type logBuilder struct {
	filter string
	items  []eventItem
}

func (b *logBuilder) head(s string) { b.items = append(b.items, eventItem{head: true, text: s}) }

func (b *logBuilder) events(evs []engine.Event) {
	for _, e := range evs {
		line := eventLine(e)
		if b.filter == "" || strings.Contains(strings.ToLower(line), b.filter) {
			b.items = append(b.items, eventItem{text: line, ev: e})
		}
	}
}

// showEvents lists the events of the current step, of the failed step
// when the cursor is at it, then the match's log, filtered.
func (p *Play) showEvents() {
	if p.sess == nil {
		return
	}
	b := &logBuilder{filter: strings.ToLower(p.filter.Text)}
	b.head(fmt.Sprintf("— step %d —", p.sess.Cursor()))
	b.events(p.sess.StepEvents(p.sess.Cursor()))
	if fe := p.sess.FailedEvents(); fe != nil && p.sess.Cursor() == p.sess.Head() {
		b.head("— the failed step —")
		b.events(fe)
	}
	b.head("— the match —")
	b.events(p.sess.Log())
	p.events.items = b.items
	p.events.list.Refresh()
}

// eventLine is one event as the log shows it, with its identities; a
// clause that fired says why: its condition held (the engine's event
// carries the condition's text, not the values it compared).
func eventLine(e engine.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s", e.Step, e.Kind)
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
	if i >= len(r.l.items) {
		return
	}
	it := r.l.items[i]
	r.text.TextStyle = fyne.TextStyle{Bold: it.head}
	r.text.SetText(it.text)
}

// Tapped picks the row's event.
func (r *eventRow) Tapped(*fyne.PointEvent) { r.l.pick(r.i) }

// CreateRenderer implements fyne.Widget.
func (r *eventRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.text) }
