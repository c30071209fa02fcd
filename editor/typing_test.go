package editor

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
)

// TestTypingAfterAMatchErrorOpensACondition: a match stopped by an error in
// a whenever clause's condition opens that condition with the focus in it,
// in front of the Debugger the match docks beside the inspector; select-all (through the Edit menu, as the desktop driver hands ctrl+A on)
// and typing replace it with exactly what was typed, while the checks and
// the live re-run of the match come back between the keystrokes. (Issue 19
// saw doubled characters once after such an error; this does not make
// them.)
func TestTypingAfterAMatchErrorOpensACondition(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	pack.States[1].Clauses = &graph.Clauses{Whenever: []*graph.Trigger{
		{Name: "broken", Condition: graph.Code{Src: "len(board.empty()) < 1 // 0"}, Body: graph.Code{Src: "pass"}},
	}}
	e, _ := newTestEditor(t)
	e.SetPack(pack, nil)
	settle(e)
	if err := e.StartMatch("2", []string{"random", "random"}); err != nil {
		t.Fatal(err)
	}
	settle(e)
	cond := widgetAt[*code.Editor](t, e.Inspector.Form(), "clauses/whenever/0/condition")
	if e.Window().Canvas().Focused() != fyne.Focusable(cond) {
		t.Fatalf("the error opened %T, not the condition", e.Window().Canvas().Focused())
	}
	// The condition the error opened is in sight: the Debugger docked with
	// the match does not cover it (what was typed then went nowhere).
	if got := e.Dock.Front(dock.Side); got != PanelInspector {
		t.Errorf("the side column shows %q in front of the inspector holding the focused condition", got)
	}
	h := hands{t, e}
	h.shortcut(&fyne.ShortcutSelectAll{})
	const typed = "game.turns >= 3"
	for _, r := range typed {
		h.typ(string(r))
		settle(e)
		rerunSettle(e)
	}
	if got := cond.Text(); got != typed {
		t.Errorf("the condition shows %q, want %q", got, typed)
	}
	if got := e.Pack().States[1].Clauses.Whenever[0].Condition.Src; got != typed {
		t.Errorf("the pack's condition is %q, want %q", got, typed)
	}
}
