package preview_test

import (
	"context"
	"fmt"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// Find the shortest tic-tac-toe match that reaches gameEnd: a win in five
// moves, found by the exact search.
func ExampleFind() {
	data, _ := assets.Pack("tictactoe")
	pack, err := graph.Parse(data, "tictactoe.yaml")
	if err != nil {
		panic(err)
	}
	found, err := preview.Find(context.Background(), pack, preview.FindConfig{
		Breakpoint: graph.Breakpoint{Kind: graph.BreakEnter, State: "gameEnd"}, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d moves by the %s search, after %d positions: %s\n", len(found.Record.Moves), found.Phase, found.Positions, found.Hit.Why)
	for _, mv := range found.Record.Moves {
		fmt.Println(mv)
	}
	// Output:
	// 5 moves by the exact search, after 1122 positions: entered state 99 (gameEnd)
	// {"player":1,"action":"mark","args":{"cell":[0,0]}}
	// {"player":2,"action":"mark","args":{"cell":[1,0]}}
	// {"player":1,"action":"mark","args":{"cell":[0,1]}}
	// {"player":2,"action":"mark","args":{"cell":[2,0]}}
	// {"player":1,"action":"mark","args":{"cell":[0,2]}}
}
