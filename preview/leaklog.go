package preview

import (
	"strconv"
	"strings"

	"github.com/rulestudio/studio/engine"
)

// A seat's event log (engine.Match.EventsFor: what the seat is shown of
// the match's events, each card it cannot see written "a card") is
// compared as its view is: the seat must read the same lines in the match
// and in every copy dealt again. The lines a step writes follow the way
// the rules took: a branch that went elsewhere in the copy (another state
// entered, a variable set or not, a clause fired or not) writes other
// lines, and that way is what the rules announce by taking it, as a view's
// state is; the log is then not compared line by line (the view and the
// notifications still are). On the same way, a line whose text differs
// carries what the seat should not know: a variable's value is judged by
// the rule that wrote it, as the view's variables are, when it is the
// variable's last change in the step (the trace remembers only the last
// writer); any other line (a value written over later in the step, a
// random draw's range, a card's id, a number of cards moved) is a leak.

// seatLog is the event log a seat is shown of one step.
type seatLog struct {
	es    []engine.Event
	notes []int // the k-th notification of es: its place among the step's notify calls (engine.Match.NotifyWriter)
}

// logOf returns the event log seat (0-based) is shown of a probe's events,
// which are one step's (engine.Match.Probe keeps a log of its own).
func logOf(m *engine.Match, seat int) seatLog {
	var l seatLog
	n := 0
	for _, e := range m.Events() {
		if e.Kind == engine.EvNotify {
			if e.To.Sees(seat) {
				l.notes = append(l.notes, n)
			}
			n++
		}
	}
	l.es = m.EventsFor(seat)
	return l
}

// noteDiffs lists the notifications of a step that differ (a the match's,
// b a copy's), the k-th a seat receives against the k-th.
func noteDiffs(a, b seatLog) []diff {
	var ds []diff
	i, j := note(a.es, 0), note(b.es, 0)
	for k := 0; i < len(a.es) || j < len(b.es); k, i, j = k+1, note(a.es, i+1), note(b.es, j+1) {
		x, y := at(a.es, i), at(b.es, j)
		if x.Name == y.Name && x.Detail == y.Detail {
			continue
		}
		d := diff{field: "notification " + strconv.Itoa(k+1), note: at(a.notes, k), a: noteText(x), b: noteText(y)}
		if i >= len(a.es) {
			d.note = at(b.notes, k)
		}
		ds = append(ds, d)
	}
	return ds
}

// note returns the place of the first notification of es from i on;
// len(es) when none is.
func note(es []engine.Event, i int) int {
	for i < len(es) && es[i].Kind != engine.EvNotify {
		i++
	}
	return min(i, len(es))
}

// noteText is a notification as the report writes it; "" when there is
// none.
func noteText(e engine.Event) string {
	if e.Kind != engine.EvNotify {
		return ""
	}
	return e.Name + " (" + e.Detail + ")"
}

// logDiffs lists the lines other than notifications of a step's seat log
// that differ (a the match's, b a copy's), when both took the same way
// (see the comment above); none when they did not. It runs for every copy:
// it writes nothing, and a line's text only when the lines differ.
func logDiffs(la, lb seatLog) []diff {
	a, b := la.es, lb.es
	i, j := other(a, 0), other(b, 0)
	for ; i < len(a) && j < len(b); i, j = other(a, i+1), other(b, j+1) {
		if !sameWay(a[i], b[j]) {
			return nil
		}
	}
	if i < len(a) || j < len(b) {
		return nil
	}
	var ds []diff
	n := 0 // the line's place among those compared
	for i, j = other(a, 0), other(b, 0); i < len(a); i, j = other(a, i+1), other(b, j+1) {
		n++
		x, y := a[i], b[j]
		if x.Detail == y.Detail && x.Before == y.Before {
			continue
		}
		d := diff{field: "event log line " + strconv.Itoa(n) + " (" + x.Kind + ")", note: -1, a: lineText(x), b: lineText(y)}
		switch k := varField(x); {
		case k != nil && lastChange(a, i):
			d.key = k // the rule the trace remembers wrote this value
		case k != nil:
			d.leak = "changes with what the seat cannot see (a value written over later in the step: no rule to judge it by)"
		default:
			d.leak = "changes with what the seat cannot see"
		}
		ds = append(ds, d)
	}
	return ds
}

// other returns the place of the first line of log from i on that is not
// a notification; len(log) when none is.
func other(log []engine.Event, i int) int {
	for i < len(log) && log[i].Kind == engine.EvNotify {
		i++
	}
	return i
}

// sameWay reports whether two events are the same step of the way the
// rules took: what happened to what (its Name: the variable, the action,
// the deck), whatever its Detail says of how.
func sameWay(x, y engine.Event) bool {
	return x.Kind == y.Kind && x.State == y.State && x.Player == y.Player && x.Name == y.Name && x.StateID == y.StateID &&
		x.Clause == y.Clause && x.Object == y.Object && x.Target == y.Target && x.Field == y.Field
}

// lineText is an event as a seat's log writes it, without its step.
func lineText(e engine.Event) string {
	s := e.String()
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[i+1:]
	}
	return s
}

// varField is the variable a variable_changed event changed, whose writer
// the check asks; nil for other events and a board's variables.
func varField(e engine.Event) *engine.Field {
	switch {
	case e.Kind != engine.EvVariable || e.Field == "":
		return nil
	case e.Object != 0:
		return &engine.Field{Kind: engine.FieldObject, Owner: e.Object, Name: e.Field}
	case e.Player != 0:
		return &engine.Field{Kind: engine.FieldPlayer, Owner: e.Player - 1, Name: e.Field}
	case strings.HasPrefix(e.Name, "game."):
		return &engine.Field{Kind: engine.FieldGame, Name: e.Field}
	}
	return nil
}

// lastChange reports whether line i of log is the last change of its
// variable in it.
func lastChange(log []engine.Event, i int) bool {
	for _, e := range log[i+1:] {
		if sameWay(e, log[i]) {
			return false
		}
	}
	return true
}
