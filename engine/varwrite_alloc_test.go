package engine

import (
	"fmt"
	"testing"
)

// varWritePack loops one state whose action "write" assigns values that
// differ at every step to two of the player's variables, a game variable
// and an object's variable, and whose action "idle" assigns nothing. A
// while clause makes it a clause pack: every step is a snapshot, and a
// step's first write of each container copies it.
const varWritePack = `format: 1
pack: varwrite
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: setup(players, game)
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    possibleactions: [write, idle]
    transitions: {again: 2}
  - id: 99
    name: gameEnd
    type: manager
actions:
  write:
    body: |
      player.life = player.life + 1
      player.drawn = player.drawn + 1
      game.turns = game.turns + 1
      game.tok.n = game.tok.n + 1
      next_state("again")
  idle:
    body: next_state("again")
object_types:
  token:
    variables:
      n: {type: int, value: 0}
      owner: {type: player}
      zone: {type: string, value: here}
    while:
      - condition: "False"
        target: [n]
        wrapper: value
scripts:
  main: |
    def setup(players, game):
        for p in players:
            p.life = 20
            p.drawn = 0
            p.gold = 0
        game.turns = 0
        game.round = 1
        game.tok = create("token", owner=players[0])
`

// TestVariableWriteAllocations: a step's first write of a player's
// variables, of the game's and of an object's copies them (the steps
// before share them); the copy is of a small list of names and values (one
// allocation each: no map and its table made and every name hashed again),
// and an object is copied with its variables in one allocation.
func TestVariableWriteAllocations(t *testing.T) {
	p, err := Parse([]byte(varWritePack), "varwrite.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{NoHistory: true})
	per := func(action string) float64 {
		return testing.AllocsPerRun(100, func() {
			if err := m.Apply(Move{Seat: m.Active(), Action: action}); err != nil {
				t.Fatal(err)
			}
		})
	}
	per("write") // the buffers a step uses grow to their size
	idle, write := per("idle"), per("write")
	// The player's list and its seat's parts (the struct, the lists of
	// variables and of versions), the game's list, the object (its
	// variables with it) and the list of objects; an int holds its value.
	const want = 4 + 1 + 2
	if got := write - idle; got > want {
		t.Errorf("the writes of a step made %v allocations, want at most %d", got, want)
	}
	// Every reader sees the values written.
	v, err := m.Eval("[players[0].life, players[0].drawn, players[0].gold, game.turns, game.round, game.tok.n]")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(v), "[222, 202, 0, 202, 1, 202]"; got != want {
		t.Errorf("after the writes: %s, want %s", got, want)
	}
}
