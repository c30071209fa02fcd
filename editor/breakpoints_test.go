package editor

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// TestBreakpointOnStateStopsTheMatch: ctrl+B's command on a selected state
// draws a red dot on its box; a match of two random bots started after it
// stops on entering that state (Continue stops there again); disabling it
// in the Breakpoints tab turns the dot into a ring and lets the match run
// to its end; Remove takes the dot away.
func TestBreakpointOnStateStopsTheMatch(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	e.SelectState("3")
	it := menuItem(e, "Toggle Breakpoint")
	if it == nil || it.Shortcut != breakpointShortcut || shortcutText(breakpointShortcut) != "Ctrl+B" {
		t.Fatalf("Play > Toggle Breakpoint: %+v", it)
	}
	it.Action()
	if got := e.View.BreakpointStates(); len(got) != 1 || !got["3"] {
		t.Fatalf("breakpoint dots %v, want state 3 enabled", got)
	}
	d := drawing(e.View)
	box := d.Boxes["3"]
	if len(d.Dots) != 1 || d.Dots[0].Fill != style.Breakpoint {
		t.Fatalf("%d dots drawn, want one red dot", len(d.Dots))
	}
	if dot := d.Dots[0]; dot.Pos.X > box.Pos.X || dot.Pos.Y > box.Pos.Y {
		t.Errorf("dot at %v, box at %v: want it on the box's top left corner", dot.Pos, box.Pos)
	}

	if err := e.StartMatch("3", []string{"random", "random"}); err != nil {
		t.Fatal(err)
	}
	p := e.Play
	if !strings.Contains(p.Message(), "Breakpoint at step") || !strings.Contains(p.Message(), "entered state 3") {
		t.Fatalf("the match did not stop on entering state 3: %q", p.Message())
	}
	first := p.Session().Cursor()
	p.Continue()
	if !strings.Contains(p.Message(), "entered state 3") || p.Session().Cursor() <= first {
		t.Errorf("Continue from step %d: at %d, %q; want the next entry of state 3", first, p.Session().Cursor(), p.Message())
	}

	rows := e.breakTab.rows
	if len(rows) != 1 || rows[0].label.Text != "enter — state 3 (nextPlayer)" || !rows[0].on.Checked {
		t.Fatalf("the Breakpoints tab lists %d rows: %+v", len(rows), rows)
	}
	rows[0].on.SetChecked(false) // disable, as a click does
	if got := e.View.BreakpointStates(); !(len(got) == 1 && !got["3"]) {
		t.Errorf("dots after disabling %v, want state 3 disabled", got)
	}
	if dot := drawing(e.View).Dots[0]; dot.Fill == style.Breakpoint || dot.Stroke != style.Breakpoint {
		t.Errorf("a disabled breakpoint's dot is filled %v, stroked %v: want a red ring", dot.Fill, dot.Stroke)
	}
	p.Continue()
	if !strings.Contains(p.Message(), "The match is over") {
		t.Errorf("with the breakpoint disabled Continue stops: %q", p.Message())
	}
	test.Tap(e.breakTab.rows[0].remove)
	if len(e.Breakpoints()) != 0 || e.View.BreakpointStates() != nil {
		t.Errorf("after Remove: %v, dots %v", e.Breakpoints(), e.View.BreakpointStates())
	}
	if n := len(drawing(e.View).Dots); n != 0 {
		t.Errorf("%d dots still drawn", n)
	}
	e.ToggleStateBreakpoint("3")
	e.ToggleStateBreakpoint("3") // on and off again
	if len(e.Breakpoints()) != 0 {
		t.Errorf("toggled twice: %v", e.Breakpoints())
	}
}

// TestBreakpointsTabAddsEachKind: the tab's form shows the fields a kind
// needs, refuses a breakpoint missing one or naming what the pack lacks
// (graph.Breakpoint.CheckIn, or a state), adds the others; one the match
// refuses (a condition that does not compile) is listed with why, and the
// match runs without it.
func TestBreakpointsTabAddsEachKind(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	e.ShowBreakpoints()
	bt := e.breakTab
	if e.Dock.Front(dock.Side) != PanelDebug || e.Play.Tab() != breakTabTitle {
		t.Fatalf("Play > Breakpoints… shows %q / %q", e.Dock.Front(dock.Side), e.Play.Tab())
	}
	add := func(kind graph.BreakKind, set func()) string {
		bt.kind.SetSelected(string(kind))
		set()
		bt.add()
		return bt.problem.Text
	}
	bt.kind.SetSelected("variable")
	if !bt.targetRow.Visible() || bt.stateRow.Visible() || bt.nRow.Visible() || bt.clauseRow.Visible() {
		t.Error("a variable breakpoint's form shows other fields than its target")
	}
	for _, c := range []struct {
		kind    graph.BreakKind
		set     func()
		refused string
	}{
		{graph.BreakVariable, func() {}, "needs a target"},
		{graph.BreakVariable, func() { bt.target.SetText("player.score") }, ""},
		{graph.BreakDepth, func() { bt.n.SetText("two") }, "a whole number"},
		{graph.BreakDepth, func() { bt.n.SetText("2") }, ""},
		{graph.BreakEnter, func() { bt.state.SetText("noSuchState") }, "no state"},
		{graph.BreakLeave, func() { bt.state.SetText("playerTurn") }, ""},
		{graph.BreakCondition, func() {}, "needs a condition"},
		{graph.BreakCondition, func() { bt.cond.SetText("game.nope > 1") }, ""},
		{graph.BreakClause, func() { bt.clause.SetText("object_types/ghost/whenever/boo") }, "no object type \"ghost\""},
		{graph.BreakVariable, func() { bt.target.SetText("game.nope") }, "no code of the pack sets a game variable \"nope\""},
		{graph.BreakCondition, func() { bt.cond.SetText("nosuch > 1") }, ""},
	} {
		got := add(c.kind, c.set)
		if (c.refused == "") != (got == "") || !strings.Contains(got, c.refused) {
			t.Errorf("adding a %s breakpoint: %q, want %q", c.kind, got, c.refused)
		}
	}
	bps := e.Breakpoints()
	if len(bps) != 5 || len(bt.rows) != 5 {
		t.Fatalf("%d breakpoints, %d rows; want 5", len(bps), len(bt.rows))
	}
	if b := bps[2].Breakpoint; b.Kind != graph.BreakLeave || b.State != "playerTurn" || b.Condition != "" || !b.Enabled {
		t.Errorf("the leave breakpoint is %+v", b)
	}
	if got := e.View.BreakpointStates(); len(got) != 1 || !got["2"] {
		t.Errorf("dots %v: want one on playerTurn (2), named by its name", got)
	}

	if err := e.StartMatch("1", []string{person, person}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bt.rows[4].label.Text, "the match ignores it") || !strings.Contains(bt.rows[4].label.Text, "nosuch") {
		t.Errorf("the condition breakpoint on a missing name reads %q", bt.rows[4].label.Text)
	}
	if n := len(e.Play.Session().Breakpoints()); n != 4 {
		t.Errorf("the session takes %d breakpoints, want the 4 it can check", n)
	}
	if err := e.RenameState("2", "turn"); err != nil {
		t.Fatal(err)
	}
	settle(e)
	if got := e.View.BreakpointStates(); got != nil {
		t.Errorf("after renaming playerTurn the dots are %v: its breakpoint names it by its old name", got)
	}
	if err := e.AddBreakpoint(graph.Breakpoint{Kind: graph.BreakCall, State: "99", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if got := bt.rows[5].label.Text; got != "call — state 99 (gameEnd)" {
		t.Errorf("a call breakpoint reads %q", got)
	}
	if err := e.RenameState("99", "over"); err != nil {
		t.Fatal(err)
	}
	settle(e)
	if got := bt.rows[5].label.Text; got != "call — state 99 (over)" {
		t.Errorf("after renaming gameEnd the call breakpoint reads %q", got)
	}
}

// TestBreakpointFormOffersNames: the form's state field offers the states by
// name (it listed ids only: 1, 2, 3, 10), the clause field the pack's
// whenever and when clauses; a variable no code sets (player.lifee) is
// refused at Add, as a clause the pack lacks is, saying so.
func TestBreakpointFormOffersNames(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "seeds"), nil)
	settle(e)
	e.ShowBreakpoints()
	bt := e.breakTab
	var names []string
	for _, s := range e.Pack().States {
		names = append(names, s.Name)
	}
	if got := strings.Join(bt.stateOptions, ","); got != strings.Join(names, ",") {
		t.Errorf("state options %q, want the names %q", got, names)
	}
	bt.kind.SetSelected(string(graph.BreakClause))
	if !slices.Contains(bt.clauseOptions, "object_types/mind_leech/whenever/discard") {
		t.Errorf("clause options %q lack mind_leech's whenever", bt.clauseOptions)
	}
	bt.clause.SetText("object_types/mind_leech/whenever/discad")
	bt.add()
	if got := bt.problem.Text; !strings.Contains(got, "no whenever or when clause") {
		t.Errorf("a clause the pack lacks: %q", got)
	}
	bt.kind.SetSelected(string(graph.BreakVariable))
	bt.target.SetText("player.lifee")
	bt.add()
	if got := bt.problem.Text; !strings.Contains(got, "lifee") || len(e.Breakpoints()) != 0 {
		t.Errorf("player.lifee: %q, %d breakpoints", got, len(e.Breakpoints()))
	}
	bt.target.SetText("player.life")
	bt.add()
	if got := bt.problem.Text; got != "" || len(e.Breakpoints()) != 1 {
		t.Errorf("player.life: %q, %d breakpoints", got, len(e.Breakpoints()))
	}
}
