package engine

import (
	"strings"
	"testing"
)

// grantPack: player 1 holds a lord in hand (seen by its owner only) whose
// while clause grants "inspired" to every creature on the battlefield,
// player 2's included.
const grantPack = `format: 1
pack: grants
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      lord = create("lord", controller=game.players[0])
      lord.zone = "hand"
      elf = create("elf", controller=game.players[1])
      elf.zone = "battlefield"
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: ${actplayer} may pass
    descriptionmyturn: ${you} may pass
    possibleactions: [pass]
    transitions: {pass: 2}
actions:
  pass:
    body: next_state("pass")
object_types:
  lord:
    variables: {controller: {type: player}, zone: {type: string, value: library}}
    tags: [card, inspired]
    while:
      - name: lord-inspires
        condition: "True"
        selector: objects(tag="creature")
        target: [inspired]
  elf:
    variables: {controller: {type: player}, zone: {type: string, value: library}}
    tags: [card, creature]
visibility:
  zones: {hand: owner}
`

// TestGrantedTagNamesNoHiddenSource: the view of a visible object names the
// while clauses granting its tags, but a seat that does not see the
// granting object reads neither its name nor its clause's (which tells its
// type): player 2 sees its elf inspired by "a hidden object"; player 1,
// who holds the lord, and the designer's label name it.
func TestGrantedTagNamesNoHiddenSource(t *testing.T) {
	p, err := Parse([]byte(grantPack), "grants.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{Seed: 1})
	if err := m.Apply(Move{Seat: 0, Action: "pass"}); err != nil { // the clauses settle at a step
		t.Fatal(err)
	}
	label := func(seat int) string {
		v, err := m.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		for _, ob := range v.Objects {
			if ob.Type == "elf" {
				return strings.Join(ob.Granted["inspired"], "; ")
			}
		}
		t.Fatalf("seat %d sees no elf", seat+1)
		return ""
	}
	if l := label(0); !strings.Contains(l, "lord") {
		t.Errorf("the lord's owner reads %q, want the lord named", l)
	}
	l := label(1)
	if l == "" || strings.Contains(l, "lord") || strings.Contains(l, "Lord") {
		t.Errorf("player 2 reads %q: the hidden lord is named", l)
	}
	if !strings.Contains(l, "a hidden object") {
		t.Errorf("player 2 reads %q, want a hidden object", l)
	}
	if w := strings.Join(m.Wrappers(2, "inspired"), "; "); !strings.Contains(w, "lord-inspires") {
		t.Errorf("the designer's chain %q does not name the clause", w)
	}
}
