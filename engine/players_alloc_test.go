package engine

import "testing"

// TestPlayersArgumentAllocatesNothing: code that takes players (a
// precondition here) gets the match's tuple without boxing it again at every
// call: listing the legal moves allocates nothing.
func TestPlayersArgumentAllocatesNothing(t *testing.T) {
	p, err := Parse([]byte(`format: 1
pack: players
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [go]
    transitions: {went: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    precondition: len(players) == 2
    body: next_state("went")
`), "players.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch(t, p, 2, Options{NoHistory: true})
	buf := make([]Move, 0, 4)
	if got := testing.AllocsPerRun(50, func() {
		if moves, err := m.legal(m.Active(), buf[:0]); err != nil || len(moves) != 1 {
			t.Fatal(moves, err)
		}
	}); got != 0 {
		t.Errorf("%v allocations a listing, want none", got)
	}
}

// TestPlayoutAllocations: a random tic-tac-toe playout on a released match's
// memory makes one allocation (the bot); code that never takes players does
// not pay for boxing them, and the first frame is the block's (a frame passed
// by value to matchBlock.firstFrame went to the heap while its address was
// taken for a match without a block).
func TestPlayoutAllocations(t *testing.T) {
	p := bundled(t, "tictactoe")
	seed := uint64(0)
	if got := testing.AllocsPerRun(200, func() {
		seed++
		m, err := p.NewMatch(2, Options{Seed: seed, NoHistory: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Play(NewRandomBot(seed), 0); err != nil {
			t.Fatal(err)
		}
		m.Release()
	}); got > 1 {
		t.Errorf("%v allocations a playout, want at most 1", got)
	}
}
