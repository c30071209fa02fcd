package diagram

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/bga"
	"github.com/rulestudio/studio/graph/layout"
	"github.com/rulestudio/studio/internal/corpus"
)

// generatedPack is a state machine of n states shaped like a big game's: a
// chain of turns (state i leads to i+1), a jump from every third state to a
// state further on, a loop on every tenth, and a call from every twentieth.
func generatedPack(n int) *graph.Pack {
	p := &graph.Pack{Format: graph.FormatVersion, Name: fmt.Sprintf("generated%d", n)}
	for i := 1; i <= n; i++ {
		s := &graph.State{ID: graph.NumID(i), Name: fmt.Sprintf("state%03d", i), Type: graph.StateTypes[i%4]}
		if i < n {
			s.Transitions = append(s.Transitions, graph.Transition{Name: "next", To: graph.NumID(i + 1)})
		}
		if i%3 == 0 {
			s.Transitions = append(s.Transitions, graph.Transition{Name: "jump", To: graph.NumID((i*7+3)%n + 1)})
		}
		if i%10 == 0 {
			s.Transitions = append(s.Transitions, graph.Transition{Name: "again", To: graph.NumID(i)})
		}
		if i%20 == 0 {
			s.Action = graph.Code{Src: fmt.Sprintf("call(%q)", fmt.Sprintf("state%03d", (i*13)%n+1))}
		}
		p.States = append(p.States, s)
	}
	return p
}

// BenchmarkDragFrame500 measures one frame of dragging a state on a
// generated 500-state graph, the whole graph in view: the mouse event, the
// arrows routed again and their labels placed, every object placed. Target:
// under 16 ms (60 frames a second), goal 8 ms.
func BenchmarkDragFrame500(b *testing.B) {
	p := generatedPack(500)
	pos := layout.Quick(p, layout.Options{})
	test.NewTempApp(b)
	v := NewView()
	v.SetGraph(p, pos, nil)
	w := test.NewTempWindow(b, v)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(1400, 900))
	v.ZoomToFit()
	start := v.ToWidget(pos["250"])
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: start}, Button: desktop.MouseButtonPrimary})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := float32(1 - 2*(i%2)) // back and forth
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start.AddXY(d, d)}, Dragged: fyne.NewDelta(d, d)})
	}
	b.StopTimer()
	v.DragEnd()
	b.ReportMetric(float64(len(v.nodes)), "states")
	b.ReportMetric(float64(len(v.edges)), "arrows")
}

// largestCorpusFiles are the biggest corpus graphs to draw: the one with
// the most states, the one with the most transitions, and the one with the
// most states among those with many transitions (66 states, 83 transitions),
// whose names the readability test checks too.
func largestCorpusFiles(b *testing.B) map[string]*graph.Pack {
	var states, arrows *graph.Pack
	for _, f := range corpus.Files(b) {
		p, err := bga.ImportFile(f)
		if err != nil {
			continue
		}
		if states == nil || len(p.States) > len(states.States) {
			states = p
		}
		if arrows == nil || transitionCount(p) > transitionCount(arrows) {
			arrows = p
		}
	}
	kot, err := bga.ImportFile(corpus.File(b, readabilityFiles[0]))
	if err != nil {
		b.Fatal(err)
	}
	return map[string]*graph.Pack{"most-states": states, "most-transitions": arrows, "66-states": kot}
}

// BenchmarkRenderLargestCorpus measures drawing the largest corpus graphs
// anew, as after every edit: the view's copy of the pack, its objects made,
// the arrows routed and labelled, everything placed, the whole graph in a
// 1400x900 view.
func BenchmarkRenderLargestCorpus(b *testing.B) {
	packs := largestCorpusFiles(b)
	for _, which := range []string{"66-states", "most-states", "most-transitions"} {
		p := packs[which]
		b.Run(which, func(b *testing.B) {
			pos, err := layout.Auto(context.Background(), p, layout.Options{})
			if err != nil {
				b.Fatal(err)
			}
			test.NewTempApp(b)
			v := NewView()
			v.SetGraph(p, pos, nil)
			w := test.NewTempWindow(b, v)
			w.SetPadded(false)
			w.Resize(fyne.NewSize(1400, 900))
			v.ZoomToFit()
			r := test.WidgetRenderer(v).(*graphRenderer)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				v.SetGraph(p, pos, nil)
				r.Refresh()
			}
			b.StopTimer()
			b.Logf("%s: %d states, %d transitions", filepath.Base(p.Source), len(p.States), transitionCount(p))
			b.ReportMetric(float64(len(v.nodes)), "states")
			b.ReportMetric(float64(len(v.edges)), "arrows")
		})
	}
}
