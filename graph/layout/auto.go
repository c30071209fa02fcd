package layout

import (
	"context"
	"os/exec"

	"github.com/rulestudio/studio/graph"
)

// Auto places every state of p as the studio shows it: Graphviz dot when it
// is on PATH and the graph is not too dense for it (see maxDotEdges), else,
// or when dot fails, the built-in layered layout; then the disconnected
// pieces are packed into a screen-shaped area ([Components]). So the studio
// works without Graphviz. When ctx is done (a window closing, a newer layout
// replacing this one) dot stops and Auto returns ctx's error.
func Auto(ctx context.Context, p *graph.Pack, opt Options) (map[string]graph.Point, error) {
	pos, err := pieces(ctx, p, opt)
	if err != nil {
		return nil, err
	}
	return Components(p, pos, opt), nil
}

// pieces is Auto before packing.
func pieces(ctx context.Context, p *graph.Pack, opt Options) (map[string]graph.Point, error) {
	if _, err := exec.LookPath("dot"); err == nil && edgePairs(p) <= maxDotEdges {
		pos, err := Dot(ctx, p, opt)
		if err == nil {
			return pos, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return Layered(p, opt), nil
}

// Quick is the built-in layered layout with Auto's packing: instant, shown
// while Auto runs.
func Quick(p *graph.Pack, opt Options) map[string]graph.Point {
	return Components(p, Layered(p, opt), opt)
}
