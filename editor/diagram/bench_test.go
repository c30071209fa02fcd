package diagram

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/internal/corpus"
)

// busiestCorpusPack imports the corpus file with the most transitions.
func busiestCorpusPack(tb testing.TB) *graph.Pack {
	tb.Helper()
	files := corpus.Files(tb)
	var best *graph.Pack
	bestN := -1
	for _, f := range files {
		p, err := bga.ImportFile(f)
		if err != nil {
			continue
		}
		n := 0
		for _, s := range p.States {
			n += len(s.Transitions)
		}
		if n > bestN {
			best, bestN = p, n
		}
	}
	return best
}

// busiestView is a fitted 1000x750 canvas showing the busiest corpus graph, and
// its renderer.
func busiestView(b *testing.B) (*View, *graphRenderer) {
	p := busiestCorpusPack(b)
	pos, err := layout.Auto(context.Background(), p, layout.Options{})
	if err != nil {
		b.Fatal(err)
	}
	test.NewTempApp(b)
	v := NewView()
	v.SetGraph(p, pos, nil)
	w := test.NewTempWindow(b, v)
	w.Resize(fyne.NewSize(1000, 750))
	v.ZoomToFit()
	return v, test.WidgetRenderer(v).(*graphRenderer)
}

// BenchmarkRefreshBusiestGraph measures one redraw of the canvas (routing,
// label placement, placing every object) for the corpus file with the most
// transitions: the work done for every mouse move while dragging.
func BenchmarkRefreshBusiestGraph(b *testing.B) {
	v, r := busiestView(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.geo.valid = false // as a drag does: route and place labels again
		r.place()
	}
	b.ReportMetric(float64(len(v.nodes)), "states")
	b.ReportMetric(float64(len(v.edges)), "arrows")
}

// BenchmarkPanBusiestGraph measures one redraw while panning or zooming,
// when the arrows' routes are reused.
func BenchmarkPanBusiestGraph(b *testing.B) {
	v, r := busiestView(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.offset.X++
		r.place()
	}
}
