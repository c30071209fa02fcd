package host

import (
	"strings"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene"
)

// logEvent is an event of a viewer's log as the API sends it: the event
// as the viewer receives it, and Text, the line the page shows for it.
type logEvent struct {
	engine.Event
	Text string `json:"text"`
}

// logEvents writes evs, events of a viewer's log, as the API sends them,
// each with its line (logLine); names are the players' names.
func logEvents(pack *graph.Pack, names []string, evs []engine.Event) []logEvent {
	out := make([]logEvent, len(evs))
	for i, e := range evs {
		out[i] = logEvent{Event: e, Text: logLine(pack, names, e)}
	}
	return out
}

// logLine is the line a page shows for e, an event of the viewer's log,
// after its step: who acted, what, and the detail, each card the viewer
// sees named as its table and move buttons name it (scene.LogCards: "Q♥");
// a notification is its message alone (its arguments are in it), a clock's
// event says whose clock did what. names are the players' names, by seat
// from 0.
func logLine(pack *graph.Pack, names []string, e engine.Event) string {
	e = scene.LogCards(pack, e)
	who := ""
	if e.Player >= 1 && e.Player <= len(names) {
		who = names[e.Player-1]
	}
	switch e.Kind {
	case engine.EvNotify:
		return e.Name
	case engine.EvClockStarted:
		return who + "'s clock runs"
	case engine.EvClockStopped:
		return who + "'s clock stops"
	case engine.EvTimeout:
		return who + "'s clock ran out"
	}
	var parts []string
	for _, p := range []string{who, e.Name, e.Detail} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}
