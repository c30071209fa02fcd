package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/graph"
)

// assertYAMLViewIsThePack fails unless the YAML view shows the whole pack
// on screen, as it writes.
func assertYAMLViewIsThePack(t *testing.T, e *Editor, when string) {
	t.Helper()
	whole, err := graph.Marshal(e.Pack())
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSuffix(string(whole), "\n"); e.YAML().Text() != want {
		t.Errorf("%s: the YAML view differs from the pack: %s", when, firstDiff(want, e.YAML().Text()))
	}
}

// TestYAMLViewFollowsLayoutsAndMoves: the positions the background layout
// gives a pack just opened, and a state moved with the arrow keys, show in
// the YAML view at once. Found by the window exerciser (the view kept the
// quick layout's positions).
func TestYAMLViewFollowsLayoutsAndMoves(t *testing.T) {
	e, _ := newTestEditor(t)
	data, _ := assets.Pack("seeds")
	p, err := graph.ReadMultiDoc(data, "seeds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p.Editor = nil // no positions: the background layout places the states
	e.Dock.Show(PanelYAML)
	e.YAML().SetScope(code.ScopeWhole)
	e.SetPack(p, nil)
	settle(e)
	assertYAMLViewIsThePack(t, e, "after the background layout")

	e.SelectState("2")
	e.Window().Canvas().Focus(e.View)
	e.View.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	settle(e)
	assertYAMLViewIsThePack(t, e, "after moving state 2 with an arrow key")
}
