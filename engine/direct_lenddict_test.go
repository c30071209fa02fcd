package engine

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
)

// createPack makes its deck with SETUP, as BGA's Deck does.
const createPack = `format: 1
pack: create
players: {min: 2, max: 2}
decks: [deck]
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      SETUP
    transitions: {"": 2}
  - {id: 2, name: playerTurn, type: activeplayer, description: go, possibleactions: [go], transitions: {go: 99}}
  - {id: 99, name: gameEnd, type: manager}
actions:
  go: {body: next_state("go")}
scripts:
  main: |
    CARDS = [{"type": c, "type_arg": v, "nbr": 1} for c in [1, 2, 3, 4] for v in range(2, 15)]
`

// TestCreateLendsItsDicts: a new match whose setup makes its 52 cards from a
// comprehension of dicts (deck.create([{"type": c, ...} for ...])) makes
// them, and their list, in dicts and a list its place keeps from one
// released match to the next: it allocates what a setup given a constant
// list of the same dicts does, and what the comprehension's loops make (the
// list [1, 2, 3, 4], four ranges and their iterators: 20), no more (80 more
// before: the dicts and the list's arrays).
func TestCreateLendsItsDicts(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // a collection empties the pool of released matches
	newAllocs := func(setup string) float64 {
		p := parseDirect(t, strings.Replace(createPack, "SETUP", setup, 1), "create.yaml")
		play := func() {
			m := newMatch(t, p, 2, Options{NoHistory: true})
			if n := m.places(0).count("deck", 0, false); n != 52 {
				t.Fatalf("%s: %d cards, want 52", setup, n)
			}
			m.Release()
		}
		play()
		return testing.AllocsPerRun(20, play)
	}
	made := newAllocs(`deck.create([{"type": c, "type_arg": v, "nbr": 1} for c in [1, 2, 3, 4] for v in range(2, 15)])`)
	given := newAllocs(`deck.create(CARDS)`)
	t.Logf("%v allocations a new match, %v given the dicts", made, given)
	if made > given+20 {
		t.Errorf("a setup making its dicts: %v allocations a new match, %v given them: want at most 20 more (its loops)", made, given)
	}
}

// TestCreateAsStarlark: a create whose dicts are lent makes the cards, the
// events and the errors Starlark makes, in new matches after released ones
// (which keep the dicts): a second create at the same place, one whose
// element calls a function that creates at another place while it runs,
// one given a location, a dict with another key or without type, an
// element or a create that fails.
func TestCreateAsStarlark(t *testing.T) {
	script := "    CARDS = [{\"type\": c, \"type_arg\": v, \"nbr\": 1} for c in [1, 2, 3, 4] for v in range(2, 15)]\n" +
		"    def more(n):\n        deck.create([{\"type\": 9, \"type_arg\": n, \"nbr\": 2}], \"extra\")\n        return n\n" +
		"    def twice():\n        for i in range(2):\n            deck.create([{\"type\": i, \"type_arg\": v} for v in range(3)])\n"
	for _, setup := range []string{
		`deck.create([{"type": c, "type_arg": v, "nbr": 1} for c in [1, 2, 3, 4] for v in range(2, 15)])`,
		`twice()`,
		`deck.create([{"type": c, "type_arg": more(c), "nbr": 1} for c in [1, 2, 3]])`,
		`deck.create([{"type": c, "type_arg": c * 2} for c in range(5)], "hand")`,
		`deck.create([{"type": c, "other": 1, "nbr": 2} for c in range(3)])`,
		`deck.create([{"type_arg": c} for c in range(3)], location="pile")`,
		`deck.create([{"type": c, "type_arg": 1 // (c - 2)} for c in range(5)])`,
		`deck.create([{"type": c, "type_arg": "x"} for c in range(5)])`,
		`deck.create([{"type": c, "type": 1} for c in range(5)])`,
		`deck.create([{"type": c, "nbr": 100} for c in range(50)])`,
	} {
		src := strings.Replace(strings.Replace(createPack, "SETUP", setup, 1), "    CARDS = [{\"type\": c, \"type_arg\": v, \"nbr\": 1} for c in [1, 2, 3, 4] for v in range(2, 15)]\n", script, 1)
		p, err := Parse([]byte(src), "create.yaml")
		if err != nil {
			t.Fatal(err)
		}
		start := func(interpret bool) string {
			var out strings.Builder
			for range 3 { // the second and third in the released match's memory
				m, err := p.NewMatch(2, Options{Seed: 1, Interpret: interpret})
				if m == nil {
					out.WriteString(errText(err) + "\n")
					continue
				}
				fmt.Fprintf(&out, "%s%s\n", eventLines(m.Events()), errText(err))
				for _, c := range m.st.decks[0].cards {
					fmt.Fprintf(&out, "%v/%d %s %d; ", c.typ, c.typeArg, c.loc, c.arg)
				}
				m.Release()
			}
			return out.String()
		}
		if d, i := start(false), start(true); d != i {
			t.Errorf("%s:\ndirect:\n%s\ninterpreted:\n%s", setup, d, i)
		}
	}
}
