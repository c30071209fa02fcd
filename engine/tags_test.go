package engine

import (
	"strings"
	"testing"
)

// tagPack: a drake has flying while its controller's artifact is out (a
// while clause that grants a tag); the bauble comes and goes with "toggle".
const tagPack = `format: 1
pack: tags
players: {min: 1, max: 1}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      create("drake")
      create("bauble")
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [toggle, same]
    transitions: {toggle: 2, same: 2}
    updateGameProgression: true
  - id: 99
    name: gameEnd
    type: manager
actions:
  toggle:
    body: |
      b = objects(type="bauble")[0]
      b.out = not b.out
      next_state("toggle")
  same:
    body: |
      b = objects(type="bauble")[0]
      b.out = b.out
      player.score = player.score
      next_state("same")
object_types:
  drake:
    tags: [creature]
    while:
      - name: artifact-flying
        condition: any([a.out for a in objects(tag="artifact")])
        target: [flying]
  bauble:
    variables:
      out: {type: bool}
    tags: [artifact, flying]
`

// TestWhileGrantsTag: a while clause whose target is a tag grants it while
// its condition holds: has_tag, objects(tag=) and the view see it, the view
// naming the clause it comes from; assigning a variable its own value logs
// no change.
func TestWhileGrantsTag(t *testing.T) {
	p, err := Parse([]byte(tagPack), "tags.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 1, Options{})
	flying := func() string {
		return eval(t, m, `[o.type for o in objects() if o.has_tag("flying")] + [o.type for o in objects(tag="flying")]`)
	}
	if got := flying(); got != `["bauble", "bauble"]` {
		t.Fatalf("before the artifact is out: %s", got)
	}
	if err := m.Apply(Move{Seat: 0, Action: "toggle"}); err != nil {
		t.Fatal(err)
	}
	if got := flying(); got != `["drake", "bauble", "drake", "bauble"]` {
		t.Errorf("with the artifact out: %s", got)
	}
	v, err := m.View(0)
	if err != nil {
		t.Fatal(err)
	}
	d := v.Objects[0]
	if strings.Join(d.Tags, ",") != "creature,flying" || strings.Join(d.Granted["flying"], ";") != "drake#1 while artifact-flying on drake#1.flying" {
		t.Errorf("drake view: tags %v granted %v", d.Tags, d.Granted)
	}
	if w := m.Wrappers(1, "flying"); len(w) != 1 {
		t.Errorf("wrapper chain of drake#1.flying: %v", w)
	}
	n := len(m.Events())
	if err := m.Apply(Move{Seat: 0, Action: "same"}); err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Events()[n:] {
		if e.Kind == EvVariable {
			t.Errorf("assigning a variable its own value logged %s", e)
		}
	}
	if err := m.Apply(Move{Seat: 0, Action: "toggle"}); err != nil {
		t.Fatal(err)
	}
	if got := flying(); got != `["bauble", "bauble"]` {
		t.Errorf("the artifact gone again: %s", got)
	}
}
