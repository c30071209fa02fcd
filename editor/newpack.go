package editor

import (
	"fmt"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/graph/packfile"
)

// NewPack returns the pack File > New starts from: BGA's two reserved
// states, gameSetup (1) leading to gameEnd (99), both of type manager with
// the framework's procedures, placed one above the other.
func NewPack() *graph.Pack {
	end := graph.NumID(graph.EndID)
	return &graph.Pack{
		Format: graph.FormatVersion,
		Name:   "untitled",
		Title:  "Untitled",
		States: []*graph.State{
			{ID: graph.NumID(graph.SetupID), Name: "gameSetup", Type: graph.Manager, Description: "",
				Action: graph.Code{Src: "stGameSetup"}, Transitions: graph.Transitions{{Name: "", To: end}}},
			{ID: end, Name: "gameEnd", Type: graph.Manager, Description: "End of game",
				Action: graph.Code{Src: "stGameEnd"}, Args: graph.Code{Src: "argGameEnd"}},
		},
		Editor: &graph.Editor{Positions: map[string]graph.Point{"1": {X: 0, Y: 0}, "99": {X: 0, Y: 240}}},
	}
}

// New is File > New: an empty pack (NewPack), not in a project until saved.
func (e *Editor) New() {
	e.confirmDiscard(func() {
		e.show(NewPack(), nil, "")
		e.setStatus("New pack: double-click the canvas or press " + shortcutText(newStateShortcut) + " for a state; File > Save As makes its project.")
	})
}

// dropped opens the first file dropped on the window, as File > Open does:
// a project, a BGA states.inc.php, a YAML rule pack or a pack folder.
func (e *Editor) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, u := range uris {
		if u.Scheme() != "file" {
			continue
		}
		path := u.Path()
		if packfile.Detect(path) == packfile.DOT {
			e.showError(fmt.Errorf("%s is a DOT picture: the studio writes those but cannot read one", path))
			return
		}
		e.openPath(path)
		return
	}
}
