package play

import (
	"testing"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// TestEventTargets: each kind of place an event names opens the element
// and field the forms have: a clause by its index (an unnamed one named by
// its place from 1), a property by name, an action's body, a state's
// clause under clauses/, and a state when the event names no code.
func TestEventTargets(t *testing.T) {
	p := testpack.Bundled(t, "seeds")
	s := place.State(p, "2")
	s.Clauses = &graph.Clauses{Whenever: []*graph.Trigger{{Name: "named"}, {Condition: graph.Code{Src: "True"}}}}
	for _, c := range []struct {
		ev   engine.Event
		want place.Target
	}{
		{engine.Event{Kind: engine.EvClauseFired, Clause: "object_types/healer/when/enters"}, place.Target{Kind: graph.ObjectTypeRef, Name: "healer", Field: "when/0/condition"}},
		{engine.Event{Kind: engine.EvStackPopped, Clause: "object_types/healer/when/enters"}, place.Target{Kind: graph.ObjectTypeRef, Name: "healer", Field: "when/0/body"}},
		{engine.Event{Kind: engine.EvWrapApplied, Clause: "object_types/elf_lord/while/another-elf"}, place.Target{Kind: graph.ObjectTypeRef, Name: "elf_lord", Field: "while/0/wrapper"}},
		{engine.Event{Kind: engine.EvStackPopped, Clause: "object_types/healer/methods/deal_damage"}, place.Target{Kind: graph.ObjectTypeRef, Name: "healer", Field: "methods/deal_damage/body"}},
		{engine.Event{Kind: engine.EvAction, Clause: "actions/pass", StateID: "2"}, place.Target{Kind: graph.ActionRef, Name: "pass", Field: "body"}},
		{engine.Event{Kind: engine.EvClauseFired, Clause: "states/2/clauses/whenever/2", StateID: "2"}, place.Target{Kind: graph.StateRef, Name: "2", Field: "clauses/whenever/1/condition"}},
		{engine.Event{Kind: engine.EvProcedure, Clause: "states/3/action", StateID: "3"}, place.Target{Kind: graph.StateRef, Name: "3", Field: "action"}},
		{engine.Event{Kind: engine.EvStateEntered, StateID: "10"}, place.Target{Kind: graph.StateRef, Name: "10"}},
	} {
		if got, ok := eventTarget(p, c.ev); !ok || got != c.want {
			t.Errorf("%s %s: %+v (ok %v), want %+v", c.ev.Kind, c.ev.Clause, got, ok, c.want)
		}
	}
	if got, ok := eventTarget(p, engine.Event{Kind: engine.EvVariable, Field: "life"}); ok {
		t.Errorf("an event naming no place opens %+v", got)
	}
}
