package engine

import (
	"strings"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// hiddenPack marks each line validate must warn about with "# warn"; the
// other lines read hidden cards too, but keep what they find private, show
// only an outcome, or read face-up cards.
const hiddenPack = `format: 1
pack: hidden
players: {min: 2, max: 2}
decks: [deck]
visibility:
  variables: {secret: private}
  tags: {quiet: private}
object_types:
  badge:
    tags: [loud, quiet]
  marker:
    variables:
      controller: {type: player}
    while:
      - name: loud
        condition: len([c for c in deck.cards("hand", self.controller) if c.type == "X"]) > 0 # warn
        target: [loud]
        wrapper: "True"
      - name: quiet
        condition: len([c for c in deck.cards("hand", self.controller) if c.type == "X"]) > 0
        target: [quiet]
        wrapper: "True"
      - name: table
        condition: len(deck.cards("table")) > 0
        target: [loud]
        wrapper: "True"
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
    args: '{"top": deck.top("deck").type_arg, "_private": {"active": {"top": deck.top("deck").type}}, "table": [c.type for c in deck.cards("table")], "many": deck.count("deck")}' # warn
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
      c = deck.pick(1, player)[0]
      game.drawn = NAMES[c.type_arg] # warn
      player.secret = c.type
      notify("you drew ${c}", c=c.type, to=player)
      notify("${p} drew ${c}", p=player.name, c=c.type) # warn
      notify("${p} drew a ${c}", p=player.name, c=("high" if c.type_arg > 1 else "low"))
      game.hit = c.type == kind
      game.shown = [x.type for x in deck.cards("table")]
      for h in deck.cards("hand", player):
          deck.move(h, "table")
      for h in deck.cards("table"):
          game.last = h.type_arg # warn
      for t in deck.cards("table"):
          game.first = t.type_arg
      next_state("go")
scripts:
  main: |
    NAMES = {1: "one", 2: "two"}
`

// TestHiddenWarnings: validate warns (rule "hidden") of a public tag a
// while clause grants from a hand, an args entry showing the draw pile's
// top card, a public variable given a drawn card's name and a notification
// to every seat naming it (not one to its player alone), each at its
// line, and of nothing else of hiddenPack. Locals are followed without
// regard to order (docs/model.md says so): h, a hand's card in one loop,
// is hidden in the next, which reads the face-up table.
func TestHiddenWarnings(t *testing.T) {
	pack, err := graph.Parse([]byte(hiddenPack), "hidden.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{}
	for i, line := range strings.Split(hiddenPack, "\n") {
		if strings.HasSuffix(line, "# warn") {
			want[i+1] = line
		}
	}
	got := map[int]string{}
	for _, d := range Check(pack) {
		if d.Rule == "hidden" {
			if d.Severity != graph.Warning {
				t.Errorf("%v: a %v, want a warning", d, d.Severity)
			}
			got[d.Pos.Line] = d.Message
		}
	}
	for line, text := range want {
		if got[line] == "" {
			t.Errorf("no warning at line %d: %s", line, strings.TrimSpace(text))
		}
	}
	for line, msg := range got {
		if want[line] == "" {
			t.Errorf("a warning at line %d, which keeps its secret: %s", line, msg)
		}
	}
	for _, frag := range []string{"tag loud is granted by while loud", "args top shows every seat", "game.drawn is public", "notify shows every seat"} {
		found := false
		for _, msg := range got {
			found = found || strings.Contains(msg, frag)
		}
		if !found {
			t.Errorf("no warning says %q: %v", frag, got)
		}
	}
}
