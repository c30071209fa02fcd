package editor

import (
	"testing"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// TestNewPackValidatesWithRules: File > New's template passes every check
// as it is and once it holds rules (a state allowing an action, a script):
// BGA's framework procedures it names (stGameSetup, stGameEnd, argGameEnd)
// are not "missing functions" (issue 19, item 20).
func TestNewPackValidatesWithRules(t *testing.T) {
	p := NewPack()
	turn := &graph.State{ID: graph.NumID(2), Name: "playerTurn", Type: graph.ActivePlayer,
		PossibleActions: graph.Names{"draw"}, Transitions: graph.Transitions{{Name: "next", To: graph.NumID(graph.EndID)}}}
	p.States[0].Transitions[0].To = turn.ID
	p.States = append(p.States, turn)
	for _, step := range []struct {
		what string
		add  func()
	}{
		{"as File > New makes it", func() {}},
		{"with an action", func() {
			p.Actions = append(p.Actions, &graph.Action{Name: "draw", Body: graph.Code{Src: "next_state('next')"}})
		}},
		{"with a script", func() {
			p.Scripts = append(p.Scripts, &graph.Script{Name: "main", Code: graph.Code{Src: "def helper():\n    return 1\n"}})
		}},
	} {
		step.add()
		data, err := graph.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := graph.Parse(data, "new.yaml")
		if err != nil {
			t.Fatalf("%s: %v", step.what, err)
		}
		for _, d := range append(graph.Check(q), engine.Check(q)...) {
			if d.Severity == graph.Error {
				t.Errorf("%s: %s", step.what, d)
			}
		}
	}
}
