package engine

import "testing"

// TestShuffleAllocations: shuffle() of a list makes the shuffled list and
// its array only (a card game's setup shuffles its deck of types; it made
// its argument's and each item's pointers, an iterator and the array grown
// item by item).
func TestShuffleAllocations(t *testing.T) {
	p, err := Parse([]byte(`format: 1
pack: shuffles
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    possibleactions: [shuffle, idle]
    transitions: {again: 2}
  - id: 99
    name: gameEnd
    type: manager
actions:
  shuffle:
    body: |
      shuffle(TYPES)
      next_state("again")
  idle:
    body: next_state("again")
scripts:
  main: |
    TYPES = ["wood_elf", "elf_lord", "sky_drake", "shield_bearer", "healer", "bauble", "pain_altar", "mind_leech", "shock"]
`), "shuffles.yaml")
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
	idle, shuffle := per("idle"), per("shuffle")
	if got := shuffle - idle; got > 2 {
		t.Errorf("shuffle of 9 items made %v allocations, want at most 2 (the list and its array)", got)
	}
}
