package play

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/rulestudio/studio/engine"
)

// stepRows returns the rows of the event log's part headed head, the
// heading left out.
func stepRows(l *EventList, head string) []string {
	var rows []string
	in := false
	for i := 0; i < l.Len(); i++ {
		_, isEvent := l.Event(i)
		switch {
		case !isEvent:
			in = l.rowText(i) == head
		case in:
			rows = append(rows, l.rowText(i))
		}
	}
	return rows
}

// TestPlayEventLogStepMatchesHeading: after a few moves of tic-tac-toe, at
// the newest step that has events, the log's rows of the current step, in the current step's part and at the
// end of the match's part, lead with the step the Play panel's heading and
// timeline show ("Step 4 of 4"), not the engine's Event.Step (one less);
// back at the start, the set-up's rows say step 0.
func TestPlayEventLogStepMatchesHeading(t *testing.T) {
	p := startMatch(t, "tictactoe", 1, "", "")
	for range 3 {
		test.Tap(actionButtons(p)[0]) // a cell, then Take
		test.Tap(actionButton(t, p, "Take "))
	}
	for p.sess.Cursor() > 0 && len(p.sess.StepEvents(p.sess.Cursor())) == 0 {
		p.Back() // to the newest step that did something
	}
	c := p.sess.Cursor()
	if c < 3 {
		t.Fatalf("three moves took %d steps with events", c)
	}
	heading := fmt.Sprintf("Step %d of %d", c, p.sess.Head())
	if !strings.HasPrefix(p.status.Text, heading) || int(p.timeline.Value) != c {
		t.Fatalf("the heading reads %q and the timeline %v, want %q", p.status.Text, p.timeline.Value, heading)
	}
	evs := p.sess.StepEvents(c)
	if len(evs) == 0 || evs[0].Step != c-1 {
		t.Fatalf("the engine's events of step %d: %v (Event.Step is the steps taken before, unchanged)", c, evs)
	}
	cur := stepRows(p.events, fmt.Sprintf("— step %d —", c))
	match := stepRows(p.events, "— the match —")
	if len(cur) != len(evs) || len(match) < len(evs) {
		t.Fatalf("the log shows %d rows of step %d and %d of the match, want %d and more:\n%s", len(cur), c, len(match), len(evs), p.events.Text())
	}
	want := fmt.Sprintf("%d ", c)
	for i, row := range append(cur, match[len(match)-len(evs):]...) {
		if !strings.HasPrefix(row, want) {
			t.Errorf("row %d of step %d reads %q, want it led by %q as the heading %q", i, c, row, want, heading)
		}
	}

	for p.sess.Cursor() > 0 {
		p.Back()
	}
	setup := stepRows(p.events, "— step 0 —")
	if len(setup) == 0 {
		t.Fatal("the set-up has no events in the log")
	}
	for _, row := range append(setup, stepRows(p.events, "— the match —")...) {
		if !strings.HasPrefix(row, "0 ") {
			t.Errorf("at step 0 the set-up's row reads %q, want it led by 0", row)
		}
	}
}

// TestEventRowReadWhole: a row cut short at the panel's width ("…") is
// read whole, wrapped, under the log once tapped: the clause's condition
// and what before() answered are the part designers need.
func TestEventRowReadWhole(t *testing.T) {
	p := startMatch(t, "seeds", 7, "random", "random")
	showDebugger(t, p, "Events")
	l := p.events
	var row int = -1
	for i := 0; i < l.Len(); i++ {
		if ev, ok := l.Event(i); ok && ev.Kind == engine.EvClauseFired && ev.Detail != "" {
			row = i
			break
		}
	}
	if row < 0 {
		t.Fatalf("no clause fired on a condition:\n%s", l.Text())
	}
	full := l.rowText(row)
	r := l.Row(row)
	if r == nil {
		t.Fatal("the row is not on screen")
	}
	if w := fyne.MeasureText(full, theme.TextSize(), fyne.TextStyle{}).Width; w < l.Size().Width {
		t.Fatalf("the row %q fits the log's %v: the test needs a longer one", full, l.Size().Width)
	}
	test.Tap(r)
	// Wrapping breaks lines (a long path even inside a word): compare the
	// characters drawn, spaces left out.
	shown := strings.Join(strings.Fields(renderedText(l.detail)), "")
	if want := strings.Join(strings.Fields(full), ""); shown != want {
		t.Errorf("under the log after the tap:\n%q\nwant the row whole:\n%q", shown, want)
	}
	d := l.detail
	if d.Size().Width > l.Size().Width || !l.scroll.Visible() || d.Size().Height < d.MinSize().Height || d.MinSize().Height < 2*theme.TextSize() {
		t.Errorf("the whole row is %v in a log %v (visible %v, wants %v wrapped)", d.Size(), l.Size(), d.Visible(), d.MinSize())
	}
	if list := l.list; list.Position().Y+list.Size().Height > l.scroll.Position().Y {
		t.Errorf("the list (%v at %v) runs over the row shown whole (at %v)", list.Size(), list.Position(), l.scroll.Position())
	}
}

// renderedText is the text a widget draws, its canvas texts in order, a
// space between.
func renderedText(o fyne.CanvasObject) string {
	var parts []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *canvas.Text:
			parts = append(parts, x.Text)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	return strings.Join(parts, " ")
}

// TestEventLogPerSeat: the Events tab's seat selector shows the log as one
// seat sees it (engine.Match.EventsFor): in Hearts, seat 2's list names its
// own cards and none of seat 1's, and the designer's list, the default,
// names every card.
func TestEventLogPerSeat(t *testing.T) {
	p := startMatch(t, "hearts", 3, "random", "random", "random", "random")
	p.Continue()
	m := p.sess.Match()
	if got := p.EventSeats(); len(got) != 5 || got[0] != "Designer" {
		t.Fatalf("the selector offers %q, want the designer then four seats", got)
	}
	designer := p.Events().Text()
	p.ShowEventsOf(1) // seat 2
	seat2 := p.Events().Text()
	if seat2 == designer || len(seat2) == 0 {
		t.Fatalf("seat 2's log is the designer's (or empty)")
	}
	want := len(m.EventsFor(1))
	if got := strings.Count(seat2, "\n"); got < want/2 {
		t.Errorf("seat 2's list has %d lines for %d events", got, want)
	}
	if !strings.Contains(seat2, "a card") {
		t.Errorf("seat 2's list shows no face-less move of another seat's card:\n%.600s", seat2)
	}
	if strings.Contains(designer, "a card from") {
		t.Errorf("the designer's list hides a card")
	}
	p.ShowEventsOf(-1)
	if p.Events().Text() != designer {
		t.Error("back to the designer: the list differs")
	}
}
