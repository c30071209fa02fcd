package editor

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/graph"
)

// TestRendersSmallGraph compares the drawing of a three-state graph (a
// transition, a self-loop, two parallel arrows, a selected state, a state
// with an error) with testdata/small_graph.png.
func TestRendersSmallGraph(t *testing.T) {
	test.NewTempApp(t)
	p := &graph.Pack{States: []*graph.State{
		{ID: graph.NumID(1), Name: "gameSetup", Type: graph.Manager, Transitions: graph.Transitions{{To: graph.NumID(2)}}},
		{ID: graph.NumID(2), Name: "playerTurn", Type: graph.ActivePlayer, Transitions: graph.Transitions{
			{Name: "pass", To: graph.NumID(99)}, {Name: "end", To: graph.NumID(99)}, {Name: "again", To: graph.NumID(2)},
		}},
		{ID: graph.NumID(99), Name: "gameEnd", Type: graph.Game},
	}}
	pos := map[string]graph.Point{"1": {X: 0, Y: 0}, "2": {X: 0, Y: 130}, "99": {X: 0, Y: 290}}
	v := diagram.NewView()
	v.SetGraph(p, pos, graph.Check(p))
	v.Select("2")
	w := test.NewTempWindow(t, v)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(360, 420))
	v.ZoomToFit()
	test.AssertRendersToImage(t, "small_graph.png", w.Canvas())
}
