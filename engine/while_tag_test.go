package engine

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// whileTagPack grants the tag guarded to a hand object while its controller
// is protected. %TAGS% says which type declares the tag.
const whileTagPack = `format: 1
pack: guard
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      player_no(1).protected = False
      create("agent", zone="hand", controller=player_no(1))
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {go: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    body: next_state("go")
object_types:
  agent:
    variables:
      zone: {type: string, value: deck}
      controller: {type: player}
%AGENT%
    while:
      - {name: cloister, condition: self.controller.protected, target: [guarded]}
%OTHER%
`

// TestWhileGrantsATagAnotherTypeDeclares: an object holds its own type's
// tags from its creation, so a while clause that grants a tag only while its
// condition holds targets a tag another type declares; the error for an
// undeclared one says so rather than asking for a tag "of agent" (which the
// objects would then always hold).
func TestWhileGrantsATagAnotherTypeDeclares(t *testing.T) {
	src := strings.NewReplacer("%AGENT%", "", "%OTHER%", "").Replace(whileTagPack)
	gp, err := graph.Parse([]byte(src), "guard.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := `target "guarded" names no property, variable or method of agent, nor a tag some object type declares`
	if d := Check(gp); len(d) == 0 || !strings.Contains(d[0].String(), want) {
		t.Errorf("got %v\nwant %s", d, want)
	}
	src = strings.NewReplacer("%AGENT%", "", "%OTHER%", "  marker:\n    tags: [guarded]").Replace(whileTagPack)
	p, err := Parse([]byte(src), "guard.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.NewMatch(2, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ exec, expr, want string }{
		{"", `objects("agent")[0].has_tag("guarded")`, "False"},
		{"player_no(1).protected = True", `objects("agent")[0].has_tag("guarded")`, "True"},
	} {
		if c.exec != "" {
			if err := m.Exec(c.exec); err != nil {
				t.Fatal(err)
			}
		}
		v, err := m.Eval(c.expr)
		if err != nil || v.String() != c.want {
			t.Errorf("after %q: %s = %v, %v; want %s", c.exec, c.expr, v, err, c.want)
		}
	}
}
