package graph_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// seedsPack reads the bundled seed-effects pack, the one with every kind of
// piece (clauses, variables, visibility, display).
func seedsPack(t *testing.T) *graph.Pack {
	t.Helper()
	data, ok := assets.Pack("seeds")
	if !ok {
		t.Fatal("no bundled pack seeds")
	}
	p, err := graph.Parse(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// changeList writes changes as "kind path (what)" lines, to compare whole.
func changeList(cs []graph.Change) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "%s %s (%s)\n", c.Kind, c.Path, c.What)
	}
	return b.String()
}

// TestDiffSemantic: each kind of edit a designer makes to the seed pack is
// reported as the piece it touched, by its path, and nothing else is.
func TestDiffSemantic(t *testing.T) {
	cases := []struct {
		name string
		edit func(p *graph.Pack)
		want string
	}{
		{"transition renamed", func(p *graph.Pack) {
			s := p.State(graph.NumID(3))
			for i := range s.Transitions {
				if s.Transitions[i].Name == "nextTurn" {
					s.Transitions[i].Name = "turnOver"
				}
			}
		}, "removed states/3/transitions/nextTurn (transition)\nadded states/3/transitions/turnOver (transition)\n"},
		{"clause body changed", func(p *graph.Pack) {
			p.ObjectTypes.Lookup("pain_altar").Whenever[0].Body = graph.Code{Src: "for c in damaged():\n    c.controller.life -= 4\n"}
		}, "changed object_types/pain_altar/whenever/pain/body (clause body)\n"},
		{"state added", func(p *graph.Pack) {
			p.States = append(p.States, &graph.State{ID: graph.NumID(21), Name: "upkeep", Type: graph.Game, Description: "upkeep"})
		}, "added states/21 (state)\n"},
		{"action removed", func(p *graph.Pack) {
			var kept graph.Actions
			for _, a := range p.Actions {
				if a.Name != "pass" {
					kept = append(kept, a)
				}
			}
			p.Actions = kept
		}, "removed actions/pass (action)\n"},
		{"variable default changed", func(p *graph.Pack) {
			for _, v := range p.ObjectTypes.Lookup("healer").Variables {
				if v.Name == "base_toughness" {
					v.Value = &graph.Value{Kind: graph.IntValue, Int: 3}
				}
			}
		}, "changed object_types/healer/variables/base_toughness/value (variable value)\n"},
		{"state description changed", func(p *graph.Pack) {
			p.State(graph.NumID(2)).Description = "${actplayer} may play a card"
		}, "changed states/2/description (state description)\n"},
		{"first transition of a state", func(p *graph.Pack) {
			p.State(graph.NumID(10)).Transitions = graph.Transitions{{Name: "done", To: graph.NumID(2)}}
		}, "added states/10/transitions/done (transition)\n"},
		{"states reordered", func(p *graph.Pack) {
			p.States[1], p.States[2] = p.States[2], p.States[1]
		}, "changed states (state order)\n"},
		{"players and name", func(p *graph.Pack) {
			p.Players.Max = 4
			p.Name = "seeds2"
			p.Decks = graph.Names{"deck"}
		}, "changed pack (pack name)\nchanged players/max (pack players max)\nadded decks (pack decks)\n"},
		{"visibility and display", func(p *graph.Pack) {
			for i := range p.Visibility.Zones {
				if p.Visibility.Zones[i].Name == "library" {
					p.Visibility.Zones[i].Word = "owner"
				}
			}
			p.Display.Variables.Player = p.Display.Variables.Player[:1]
		}, "changed visibility/zones/library (visibility)\nchanged display/variables/player (display)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := seedsPack(t)
			b := a.Clone()
			c.edit(b)
			got, err := graph.Diff(a, b)
			if err != nil {
				t.Fatal(err)
			}
			if s := changeList(got); s != c.want {
				t.Errorf("changes:\n%s\nwant:\n%s", s, c.want)
			}
		})
	}
}

// TestDiffSemanticTexts: a changed piece of code carries its code before and
// after, as written; an added state its YAML; a removed one nothing after.
func TestDiffSemanticTexts(t *testing.T) {
	a := seedsPack(t)
	b := a.Clone()
	before := a.ObjectTypes.Lookup("pain_altar").Whenever[0].Body.Src
	after := "for c in damaged():\n    c.controller.life -= 4\n"
	b.ObjectTypes.Lookup("pain_altar").Whenever[0].Body = graph.Code{Src: after}
	b.States = b.States[:len(b.States)-1] // gameEnd
	cs, err := graph.Diff(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("changes:\n%s", changeList(cs))
	}
	body, end := cs[1], cs[0]
	if body.Before != before || body.After != after || !body.Code {
		t.Errorf("body change: %+v", body)
	}
	if end.Path != "states/99" || end.Kind != graph.Removed || end.After != "" ||
		!strings.Contains(end.Before, "name: gameEnd\n") || end.Code {
		t.Errorf("removed state: %+v", end)
	}
}

// TestDiffSemanticIdentical: a pack against itself, and against a copy read
// again from its YAML, gives no change.
func TestDiffSemanticIdentical(t *testing.T) {
	for _, name := range assets.Packs() {
		data, _ := assets.Pack(name)
		a, err := graph.Parse(data, name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		b, err := graph.Parse(data, name+".yaml")
		if err != nil {
			t.Fatal(err)
		}
		for _, other := range []*graph.Pack{a, b, a.Clone()} {
			cs, err := graph.Diff(a, other)
			if err != nil || len(cs) != 0 {
				t.Errorf("%s: %v\n%s", name, err, changeList(cs))
			}
		}
	}
}
