package engine_test

import (
	"fmt"
	"log"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/engine"
)

// Load a pack, start a match with two seats and a seed, list the legal
// actions, apply some, and read a player's view and the events.
func Example() {
	data, _ := assets.Pack("tictactoe")
	prog, err := engine.Parse(data, "tictactoe.yaml")
	if err != nil {
		log.Fatal(err)
	}
	m, err := prog.NewMatch(2, engine.Options{Seed: 1, Names: []string{"Ada", "Bob"}})
	if err != nil {
		log.Fatal(err)
	}
	for !m.Over() {
		moves, err := m.Legal(m.Active())
		if err != nil {
			log.Fatal(err)
		}
		if err := m.Apply(moves[0]); err != nil { // always the first legal cell
			log.Fatal(err)
		}
	}
	v, _ := m.View(1)
	fmt.Println(v.State, v.Scores, m.Winners())
	fmt.Println(v.Boards["board"])
	for _, e := range m.Events() {
		if e.Kind == engine.EvNotify {
			fmt.Println(e.Name)
		}
	}
	// Output:
	// gameEnd [1 0] [0]
	// [[1 2 1] [2 1 2] [1 0 0]]
	// Ada marks (0, 0)
	// Bob marks (1, 0)
	// Ada marks (2, 0)
	// Bob marks (0, 1)
	// Ada marks (1, 1)
	// Bob marks (2, 1)
	// Ada marks (0, 2)
}
