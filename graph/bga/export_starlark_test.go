package bga

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/rulestudio/studio/graph"
)

// TestExportClassesStarlarkCode exports a designer's pack whose action and
// args are Starlark code, several lines of it, rather than BGA method names:
// the stubs must stay PHP that the importer reads back, the code kept out of
// them (it was written into a // comment, its later lines becoming PHP).
func TestExportClassesStarlarkCode(t *testing.T) {
	code := "for p in players:\n    p.score += 1\nnext_state(\"end\")\n"
	p := &graph.Pack{Format: 1, Name: "tiny", States: []*graph.State{
		{ID: graph.NumID(1), Name: "gameSetup", Type: graph.Manager, Transitions: graph.Transitions{{Name: "", To: graph.NumID(2)}}},
		{ID: graph.NumID(2), Name: "playerTurn", Type: graph.ActivePlayer, Description: "${actplayer} must play",
			Args: graph.Code{Src: "{\"n\": 1,\n \"m\": 2}"}, PossibleActions: graph.Names{"play"},
			Transitions: graph.Transitions{{Name: "play", To: graph.NumID(3)}}},
		{ID: graph.NumID(3), Name: "endRound", Type: graph.Game, Action: graph.Code{Src: code},
			Transitions: graph.Transitions{{Name: "again", To: graph.NumID(2)}, {Name: "end", To: graph.NumID(99)}}},
		{ID: graph.NumID(99), Name: "gameEnd", Type: graph.Manager},
	}}
	files, err := ExportClasses(p)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for _, f := range files {
		fsys[f.Path] = &fstest.MapFile{Data: f.Data}
		if strings.Contains(string(f.Data), "p.score") || strings.Contains(string(f.Data), `"m": 2`) {
			t.Errorf("%s holds the Starlark code:\n%s", f.Path, f.Data)
		}
	}
	p2, diags, err := ImportStates(fsys, "x", "modules/php/States")
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Errorf("warnings: %v", diags)
	}
	checkLines(t, "re-import", summary(p2), []string{
		"3 endRound game action=onEnteringState [again=2 end=99]",
		"2 playerTurn activeplayer args=getArgs actions=play [play=3]",
	})
}
