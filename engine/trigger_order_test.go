package engine

import (
	"strings"
	"testing"
)

// triggerPack: three seats; watchers controlled by seats 3, 1, 2 and 1 (ids
// 1 to 4, in that order) with two when clauses each that fire once armed; the
// setup makes seat 2 the active player.
const triggerPack = `format: 1
pack: triggers
players: {min: 3, max: 3}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      for seat in [2, 0, 1, 0]:
          create("watcher", controller=players[seat])
      activate_next_player()
    transitions: {"": 2}
  - id: 2
    name: wait
    type: activeplayer
    description: ${actplayer} waits
    possibleactions: [pass]
    transitions: {pass: 99}
  - id: 99
    name: gameEnd
    type: manager
    description: End of game
actions:
  pass:
    body: next_state("pass")
object_types:
  watcher:
    variables:
      controller: {type: player}
      armed: {type: bool, value: false}
    when:
      - {name: first, condition: self.armed, body: x = 1}
      - {name: second, condition: self.armed, body: x = 2}
`

// TestTriggerOrderThreeSeats: clauses firing together are pushed active player
// first, then the next seats in order, then by object creation, then by clause
// order (SEMANTICS.md "One step"); with three seats the seat distance wraps.
func TestTriggerOrderThreeSeats(t *testing.T) {
	p, err := Parse([]byte(triggerPack), "triggers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 3, Options{Seed: 1, StepLimit: 200})
	if v, _ := m.View(0); len(v.Active) != 1 || v.Active[0] != 1 {
		t.Fatalf("active seats %v, want [1] (seat 2)", v.Active)
	}
	n := len(m.Events())
	run(t, m, "for o in objects('watcher'):\n    o.armed = True")
	var fired []string
	for _, e := range m.Events()[n:] {
		if e.Kind == EvClauseFired {
			fired = append(fired, strings.TrimPrefix(e.Name, "watcher"))
		}
	}
	// Seat 2 (active): watcher 3; seat 3: watcher 1; seat 1: watchers 2, 4.
	want := "#3 when first,#3 when second,#1 when first,#1 when second," +
		"#2 when first,#2 when second,#4 when first,#4 when second"
	if got := strings.Join(fired, ","); got != want {
		t.Errorf("clauses fired in the order\n%s\nwant\n%s", got, want)
	}
}
