// Package testpack gives the editor's tests, in every room, the packs they
// draw and play: the bundled ones (package assets) and positions for them.
// Only tests import it.
package testpack

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// Example reads the bundled example pack (Hearts' state machine as BGA
// writes it), failing tb when it does not parse.
func Example(tb testing.TB) *graph.Pack {
	tb.Helper()
	p, err := graph.Parse(assets.ExamplePack, assets.ExamplePackName)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// Bundled reads the bundled pack name (assets/packs/NAME.yaml), failing tb
// when there is none or it does not parse.
func Bundled(tb testing.TB, name string) *graph.Pack {
	tb.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		tb.Fatalf("no bundled pack %s", name)
	}
	p, err := graph.Parse(data, name+".yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// GridPositions places the states of p on a grid, 200 x 120 apart, row by
// row, three to a row.
func GridPositions(p *graph.Pack) map[string]graph.Point {
	pos := map[string]graph.Point{}
	for i, s := range p.States {
		pos[s.ID.String()] = graph.Point{X: float64(i%3) * 200, Y: float64(i/3) * 120}
	}
	return pos
}

// Chain is a pack of n states in a row, gameSetup to gameEnd, each leading
// to the next: a graph taller than it is wide once laid out.
func Chain(tb testing.TB, n int) *graph.Pack {
	tb.Helper()
	var b strings.Builder
	b.WriteString("format: 1\npack: chain\nstates:\n  - {id: 1, name: gameSetup, type: manager, transitions: {\"\": 2}}\n")
	for i := 2; i < n; i++ {
		fmt.Fprintf(&b, "  - {id: %d, name: playerTurn%d, type: activeplayer, transitions: {next: %d}}\n", i, i, i+1)
	}
	fmt.Fprintf(&b, "  - {id: %d, name: gameEnd, type: manager}\n", n)
	p, err := graph.Parse([]byte(b.String()), "chain.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
