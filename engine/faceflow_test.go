package engine

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// flowPack's body marks each statement with what its written value
// carries: "# face" (a card's face reaches it) or "# outcome" (only what
// comparisons and branches decide).
const flowPack = `format: 1
pack: flows
players: {min: 2, max: 2}
decks: [deck]
states:
  - id: 1
    name: gameSetup
    type: manager
    transitions: {"": 2}
  - id: 2
    name: turn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [go]
    transitions: {go: 99}
  - id: 99
    name: gameEnd
    type: manager
actions:
  go:
    params:
      kind: {type: string, domain: '["a", "b"]'}
    body: |
      c = deck.top("deck")
      t = c.type
      n = c.type_arg + 1
      hand = deck.cards("hand", player)
      game.a = t # face
      game.b = n * 2 # face
      game.c = NAMES[c.type_arg] # face
      game.d = c # face
      game.e = [x.type for x in hand] # face
      game.f = name_of(c) # face
      game.g = "%s!" % t # face
      game.h = c.type == kind # outcome
      game.i = "hit" if t == kind else "miss" # outcome
      game.j = len(hand) # outcome
      game.k = kind # outcome
      game.l = player if n > 3 else player_after(player) # outcome
      game.m = len([x for x in hand if x.type == kind]) # outcome
      notify("${p} holds ${t}", p=player, t=t) # face
      notify("${p} guessed ${k}", p=player, k=kind) # outcome
      next_state("go")
scripts:
  main: |
    NAMES = {1: "one", 2: "two"}

    def name_of(card):
        return NAMES[card.type_arg]
`

// TestFaceFlow: what the static flows say of each marked statement of
// flowPack, at the position the running code gives (inside the statement)
// and at its start.
func TestFaceFlow(t *testing.T) {
	pack, err := graph.Parse([]byte(flowPack), "flows.yaml")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := Compile(pack)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(flowPack, "\n") {
		mark := ""
		switch {
		case strings.HasSuffix(line, "# face"):
			mark = "face"
		case strings.HasSuffix(line, "# outcome"):
			mark = "outcome"
		default:
			continue
		}
		n++
		start := len(line) - len(strings.TrimLeft(line, " ")) + 1
		inside := graph.Pos{Line: i + 1, Column: start + strings.IndexAny(strings.TrimLeft(line, " "), ".(")}
		for _, at := range []graph.Pos{{Line: i + 1, Column: start}, inside} {
			face, found := prog.FaceFlow(at)
			if !found || face != (mark == "face") {
				t.Errorf("line %d (%s) at column %d: face %v found %v, want %s", i+1, strings.TrimSpace(line), at.Column, face, found, mark)
			}
			if got := prog.StatementAt(at); got != (graph.Pos{Line: i + 1, Column: start}) {
				t.Errorf("line %d: statement at %v, want column %d", i+1, got, start)
			}
		}
	}
	if n != 15 {
		t.Fatalf("%d marked lines, want 15", n)
	}
}
