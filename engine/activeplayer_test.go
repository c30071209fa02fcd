package engine

import (
	"testing"
)

// turnPack moves the turn on twice in one body and notes who has it
// through active_player and through game.active_player after each move.
const turnPack = `format: 1
pack: turns
players: {min: 3, max: 3}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      activate_next_player()
      game.bound = active_player.no
      game.now = game.active_player.no
      activate_next_player()
      game.later = game.active_player.no
    transitions: {"": 99}
  - id: 99
    name: gameEnd
    type: manager
`

// TestActivePlayerIsBoundAtTheStart: as docs/model.md says, active_player
// keeps the player the code started with, while game.active_player
// follows activate_next_player() in the same body (a Love Letter written
// from the docs looped forever on "while active_player.out").
func TestActivePlayerIsBoundAtTheStart(t *testing.T) {
	p, err := Parse([]byte(turnPack), "turns.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 3, Options{Seed: 1})
	for expr, want := range map[string]string{"game.bound": "1", "game.now": "2", "game.later": "3"} {
		v, err := m.Eval(expr)
		if err != nil || v.String() != want {
			t.Errorf("%s = %v (%v), want %s", expr, v, err, want)
		}
	}
}
