package preview

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/engine"
)

// TestLogDiffsWay: a seat's log lines are compared one for one only where
// the copy's step went the match's way (the same events about the same
// things, notifications aside); a line of the same way whose text differs
// is a leak, unless it is a variable's last change in the step (then its
// writer judges it).
func TestLogDiffsWay(t *testing.T) {
	drawn := func(d string) engine.Event { return engine.Event{Kind: engine.EvRandom, Name: "rand", Detail: d} }
	set := func(v string) engine.Event {
		return engine.Event{Kind: engine.EvVariable, Name: "game.x", Field: "x", Detail: v}
	}
	note := func(n string) engine.Event { return engine.Event{Kind: engine.EvNotify, Name: n} }
	entered := func(s string) engine.Event { return engine.Event{Kind: engine.EvStateEntered, State: s} }
	log := func(es ...engine.Event) seatLog { return seatLog{es: es} }
	for _, tc := range []struct {
		name string
		a, b seatLog
		want []string // the fields, then "leak" or "writer" for each
	}{
		{"same", log(drawn("1 of 5"), set("3")), log(drawn("1 of 5"), set("3")), nil},
		{"a draw's text", log(drawn("1 of 5")), log(drawn("1 of 3")), []string{"event log line 1 (random_drawn) leak"}},
		{"notifications aside", log(note("a"), drawn("1 of 5")), log(note("b"), drawn("1 of 3")), []string{"event log line 1 (random_drawn) leak"}},
		{"another way: a state", log(entered("hit"), drawn("1 of 5")), log(entered("miss"), drawn("1 of 3")), nil},
		{"another way: one line more", log(set("1"), drawn("1 of 5")), log(drawn("1 of 3")), nil},
		{"last change", log(set("4")), log(set("2")), []string{"event log line 1 (variable_changed) writer"}},
		{"written over", log(set("4"), set("0")), log(set("2"), set("0")), []string{"event log line 1 (variable_changed) leak"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, d := range logDiffs(tc.a, tc.b) {
				how := "leak"
				if d.leak == "" {
					how = "writer"
					if d.key == nil || d.key.Kind != engine.FieldGame || d.key.Name != "x" {
						t.Errorf("%s: judged by the writer of %+v, want game.x", d.field, d.key)
					}
				}
				got = append(got, d.field+" "+how)
			}
			if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
