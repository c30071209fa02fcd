package engine

import (
	"strings"
	"testing"
)

// loopAllocPack: two actions whose preconditions loop over objects(), one
// with a comprehension, one with a for statement in a script function.
const loopAllocPack = `format: 1
pack: loops
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      for i in range(COUNT):
          create("token", v=i)
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    possibleactions: [comp, loop, some]
    transitions: {went: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  comp:
    precondition: len([t for t in objects(tag="t") if t.v >= 0]) == COUNT
    body: next_state("went")
  loop:
    precondition: total() > 0
    body: next_state("went")
  some:
    precondition: any([t.v > 4 for t in objects(tag="t")]) and all([t.v < COUNT for t in objects(tag="t")])
    body: next_state("went")
object_types:
  token:
    variables:
      v: {type: int, value: 0}
    tags: [t]
scripts:
  main: |
    def total():
        n = 0
        for t in objects(tag="t"):
            n += t.v
        return n
`

// TestDirectLoopsAllocateOnlyTheirResult: conditions loop over objects() at
// every step (the seed effects' battlefield()), so a for loop allocates no
// iterator, a loop over objects() iterates its remembered answer (the list
// is reached by nothing but the loop), and a comprehension makes its list in
// one array however many elements it keeps, and any() or all() of a
// comprehension makes no list at all: listing the moves of three
// preconditions over six objects allocates the one comprehension's list (its
// header and array) and nothing else.
func TestDirectLoopsAllocateOnlyTheirResult(t *testing.T) {
	src := strings.ReplaceAll(loopAllocPack, "COUNT", "6")
	p, err := Parse([]byte(src), "loops.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got := listingAllocs(t, p, 4, 3); got > 2 {
		t.Errorf("%v allocations a listing, want at most 2", got)
	}
}
