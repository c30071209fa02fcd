package editor

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/playtest"
)

// markCell takes tic-tac-toe's move on the i-th free cell: the cell's
// button, then Take.
func markCell(t *testing.T, p *play.Panels, i int) {
	t.Helper()
	test.Tap(valueButtons(p)[i])
	test.Tap(actionButton(t, p, "Take mark"))
}

// TestMatchMarksTicTacToe: a hot-seat match of tic-tac-toe marks on the
// canvas the state it is in (a ring outside the box, not the selection),
// the seat that acts, how often each state was entered and each transition
// taken, counted from the match's events up to the cursor; scrubbing the
// timeline back counts fewer, and ending the match clears the marks.
func TestMatchMarksTicTacToe(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	mk := e.View.Match()
	if mk == nil || mk.Current != "2" || !slices.Equal(mk.Active, []string{"Player 1"}) {
		t.Fatalf("at the start: marks %+v, want current 2 (playerTurn) with Player 1 acting", mk)
	}
	if want := map[string]int{"1": 1, "2": 1}; !maps.Equal(mk.Visits, want) {
		t.Errorf("visits at the start %v, want %v", mk.Visits, want)
	}
	if want := map[diagram.TransitionRef]int{{From: "1", Name: ""}: 1}; !maps.Equal(mk.Taken, want) {
		t.Errorf("taken at the start %v, want %v", mk.Taken, want)
	}

	markCell(t, e.Play, 0) // Player 1 marks a cell
	c1 := e.Play.Session().Cursor()
	markCell(t, e.Play, 0) // Player 2 marks a cell
	mk = e.View.Match()
	if want := map[string]int{"1": 1, "2": 3, "3": 2}; !maps.Equal(mk.Visits, want) {
		t.Errorf("visits after two moves %v, want %v", mk.Visits, want)
	}
	if want := map[diagram.TransitionRef]int{{From: "1", Name: ""}: 1, {From: "2", Name: "mark"}: 2, {From: "3", Name: "nextTurn"}: 2}; !maps.Equal(mk.Taken, want) {
		t.Errorf("taken after two moves %v, want %v", mk.Taken, want)
	}
	if mk.Current != "2" || !slices.Equal(mk.Active, []string{"Player 1"}) {
		t.Errorf("after two moves: current %q, active %v", mk.Current, mk.Active)
	}
	if e.View.Selected() != "" {
		t.Errorf("the match selected state %q: the current state is a ring, not the selection", e.View.Selected())
	}

	// What the canvas draws: the ring round state 2's box, its seat's tag,
	// the counts on the boxes and on the arrows.
	d := drawing(e.View)
	box, ring := d.Boxes["2"], d.Ring
	if ring == nil || ring.Pos.X >= box.Pos.X || ring.Pos.Y >= box.Pos.Y ||
		ring.Size.Width <= box.Size.Width || ring.Stroke != style.MatchCurrent {
		t.Errorf("ring %+v, box at %v size %v: want a teal ring round the box", ring, box.Pos, box.Size)
	}
	if d.Seats != "▶ Player 1" {
		t.Errorf("seats tag %q", d.Seats)
	}
	if got, want := d.Visits, []string{"×1", "×2", "×3"}; !slices.Equal(got, want) {
		t.Errorf("visit counts drawn %v, want %v", got, want)
	}
	if got, want := d.Uses, []string{"×1", "×2", "×2"}; !slices.Equal(got, want) {
		t.Errorf("use counts drawn %v, want %v", got, want)
	}

	e.Play.Scrub(c1) // back to after the first move
	mk = e.View.Match()
	if mk.Taken[diagram.TransitionRef{From: "2", Name: "mark"}] != 1 || mk.Visits["2"] != 2 || !slices.Equal(mk.Active, []string{"Player 2"}) {
		t.Errorf("at step %d: taken %v visits %v active %v, want mark once, playerTurn twice, Player 2 acting", c1, mk.Taken, mk.Visits, mk.Active)
	}

	e.EndMatch()
	if d := drawing(e.View); e.View.Match() != nil || d.Ring != nil || len(d.Uses) > 0 {
		t.Errorf("after End Match: marks %v, ring %v, counts %v", e.View.Match(), d.Ring, d.Uses)
	}
	if e.Dock.Front(dock.Bottom) == PanelPlay {
		t.Errorf("the Play panel stays after End Match")
	}

	// Opening another pack ends the match too: its marks name the old
	// pack's states.
	if err := e.StartMatch("1", []string{person, person}); err != nil || e.View.Match() == nil {
		t.Fatalf("a second match: %v, marks %v", err, e.View.Match())
	}
	e.SetPack(testpack.Bundled(t, "hearts"), nil)
	if e.View.Match() != nil || e.Play.Session() != nil {
		t.Errorf("another pack opened: the match goes on (marks %v)", e.View.Match())
	}
}

// TestPlaytestDrawsUseCounts: a playtest's heat draws each taken
// transition's count beside its arrow (issue 10: transitions drawn by use).
func TestPlaytestDrawsUseCounts(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	e.View.SetHeat(diagram.HeatOf(playtest.Report{Stats: &playtest.Stats{Uses: map[string]int64{
		"states/2/transitions/mark": 1234, "states/3/transitions/nextTurn": 1100, "states/3/transitions/endGame": 134,
	}}}))
	if got, want := drawing(e.View).Uses, []string{"×1.1k", "×1.23k", "×134"}; !slices.Equal(got, want) {
		t.Errorf("use counts drawn %v, want %v", got, want)
	}
	e.View.SetHeat(nil)
	if got := drawing(e.View).Uses; len(got) > 0 {
		t.Errorf("counts %v left after the heat is cleared", got)
	}
}

// TestRendersMatchMarks compares the drawing of tic-tac-toe's graph after
// two moves of a hot-seat match, with a breakpoint on nextPlayer, with
// testdata/match_marks.png: playerTurn ringed with Player 1's tag, the
// boxes tinted and counted by their visits, the arrows taken green, wider
// and counted, a red dot on nextPlayer.
func TestRendersMatchMarks(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	if err := e.ToggleStateBreakpoint("3"); err != nil {
		t.Fatal(err)
	}
	if err := e.StartMatch("1", []string{person, person}); err != nil {
		t.Fatal(err)
	}
	markCell(t, e.Play, 0) // stops on entering nextPlayer
	e.Play.Continue()
	markCell(t, e.Play, 4)
	e.Play.Continue()
	w := test.NewTempWindow(t, e.View)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(460, 520))
	e.View.ZoomToFit()
	test.AssertRendersToImage(t, "match_marks.png", w.Canvas())
}

// BenchmarkMarksOf: the canvas's marks of a whole Hearts match of four
// random bots, read at its last step (what each step, back or scrub costs
// the canvas on top of the panels).
func BenchmarkMarksOf(b *testing.B) {
	test.NewTempApp(b)
	seats := []graph.Seat{{Bot: "random"}, {Bot: "random"}, {Bot: "random"}, {Bot: "random"}}
	s, err := preview.New(testpack.Bundled(b, "hearts"), preview.Config{Seed: 3, Seats: seats})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Continue(); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d steps, %d events", s.Head(), len(s.Log()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if diagram.MarksOf(s).Current == "" {
			b.Fatal("no current state")
		}
	}
}

// TestMatchFollowsTheCurrentState: when the match moves to a state out of
// sight the canvas pans to it; while it stays there the designer's panning
// is left alone.
func TestMatchFollowsTheCurrentState(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "tictactoe"), nil)
	settle(e)
	w := test.NewTempWindow(t, e.View)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(300, 200))
	e.View.SetZoom(2, fyne.NewPos(0, 0))
	e.View.CentreOn("99")
	inSight := e.View.InView
	if inSight("2") {
		t.Fatal("state 2 is in sight before the match: the test shows nothing")
	}
	if err := e.StartMatch("1", []string{person, person}); err != nil {
		t.Fatal(err)
	}
	if !inSight("2") {
		t.Error("the match is in state 2 and the canvas did not pan to it")
	}
	e.View.CentreOn("99")
	e.Play.Eval("1") // shows the same step again
	if inSight("2") {
		t.Error("the canvas panned back to state 2 though the match did not move")
	}
}

// TestMatchMarksCalls: on the seeds pack, a match of bots stopped where
// chooseTarget (10) returns counts the call from its caller and the
// return to it, drawn on the call's and the return's arrows; the state
// stack the events rebuild is the match's.
func TestMatchMarksCalls(t *testing.T) {
	e, _ := newTestEditor(t)
	pack := testpack.Bundled(t, "seeds")
	e.SetPack(pack, nil)
	settle(e)
	caller := ""
	for _, c := range graph.Calls(pack) {
		if c.To.String() == "10" {
			caller = c.From.String()
		}
	}
	if caller == "" {
		t.Fatal("no state of the seeds pack calls chooseTarget (10)")
	}
	if err := e.AddBreakpoint(graph.Breakpoint{Kind: graph.BreakReturn, State: "10", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	seats := make([]string, max(2, pack.Players.Min))
	for i := range seats {
		seats[i] = "random"
	}
	if err := e.StartMatch("1", seats); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.Play.Message(), "returned from state 10") {
		t.Fatalf("the match did not stop where chooseTarget returns: %q", e.Play.Message())
	}
	mk := e.View.Match()
	ref := diagram.CallRef{Caller: caller, Called: "10"}
	if mk.Returns[ref] < 1 || mk.Calls[ref] != mk.Returns[ref] || mk.Visits["10"] != mk.Calls[ref] {
		t.Errorf("calls %v, returns %v, visits of 10: %d; want each call of 10 from %s returned", mk.Calls, mk.Returns, mk.Visits["10"], caller)
	}
	fr, err := e.Play.Session().Match().Frames()
	if err != nil || len(fr) != 1 || mk.Current != fr[0].StateID {
		t.Errorf("after the return: frames %v (%v), current %q", fr, err, mk.Current)
	}
	var call, ret string
	for _, a := range drawing(e.View).Arrows {
		switch {
		case a.Call && a.From == caller && a.To == "10":
			call = a.Count
		case a.Call && a.From == "10" && a.To == caller:
			ret = a.Count
		}
	}
	want := fmt.Sprintf("×%d", mk.Calls[ref])
	if call != want || ret != want {
		t.Errorf("call arrow counts %q, return arrow %q; want %q", call, ret, want)
	}
}

// privateMovesPack has a multiactive state whose players each move between
// two private states.
const privateMovesPack = `format: 1
pack: privmoves
players: {min: 2, max: 2}
states:
  - {id: 1, name: gameSetup, type: manager, transitions: {"": 2}}
  - id: 2
    name: plan
    type: multipleactiveplayer
    description: Everyone plans
    action: set_all_multiactive()
    initialprivate: 10
    transitions: {done: 99}
  - id: 10
    name: chooseFirst
    type: private
    possibleactions: [pickFirst]
    transitions: {toSecond: 11}
  - id: 11
    name: chooseSecond
    type: private
    possibleactions: [pickSecond]
    transitions: {back: 10}
  - {id: 99, name: gameEnd, type: manager}
actions:
  pickFirst:
    body: next_state("toSecond")
  pickSecond:
    body: deactivate(player, "done")
`

// TestMatchMarksPrivateMoves: a seat's move between private states is
// marked on the canvas as any transition taken, and the private state it
// enters as visited, without changing the state the match is in.
func TestMatchMarksPrivateMoves(t *testing.T) {
	pack, err := graph.Parse([]byte(privateMovesPack), "privmoves.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s, err := preview.New(pack, preview.Config{Seed: 1, Seats: []graph.Seat{{}, {}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []int{0, 1} {
		if err := s.JumpTo(s.Head()); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Take(engine.Move{Seat: seat, Action: "pickFirst"}); err != nil {
			t.Fatal(err)
		}
	}
	mk := diagram.MarksOf(s)
	if got := mk.Taken[diagram.TransitionRef{From: "10", Name: "toSecond"}]; got != 2 {
		t.Errorf("chooseFirst's toSecond taken %d times, want 2 (once a seat): %v", got, mk.Taken)
	}
	if got := mk.Visits["11"]; got != 2 {
		t.Errorf("chooseSecond visited %d times, want 2: %v", got, mk.Visits)
	}
	if got := mk.Visits["10"]; got != 2 {
		t.Errorf("chooseFirst visited %d times, want 2 (each seat enters it first): %v", got, mk.Visits)
	}
	if mk.Current != "2" {
		t.Errorf("current state %q, want 2 (plan): the seats' private states do not move the match", mk.Current)
	}
}

// TestMatchStateStaysInSightWhenThePlayPanelDocks: on File > New's pack,
// a state clicked (the view stops fitting itself), a new match runs to
// gameEnd at the bottom of the graph; the Play panel docking under the
// canvas takes nearly half its height, and gameEnd, ringed as the match's
// state, stays in sight (the tour under Xvfb found it below the edge).
func TestMatchStateStaysInSightWhenThePlayPanelDocks(t *testing.T) {
	e, _ := newTestEditor(t)
	e.New()
	settle(e)
	test.TapAt(e.View, e.View.ToWidget(e.View.Positions()["1"]))
	if e.View.Selected() != "1" {
		t.Fatalf("selected %q after tapping gameSetup", e.View.Selected())
	}
	before := e.View.Size()
	if err := e.StartMatch("1", []string{person, "random"}); err != nil {
		t.Fatal(err)
	}
	settle(e)
	cur := e.View.Match().Current
	if after := e.View.Size(); after.Height >= before.Height {
		t.Fatalf("the canvas kept its height (%v -> %v): nothing to test", before, after)
	}
	if cur != "99" || !e.View.InView(cur) {
		t.Errorf("the match is at state %q; in sight: %v (canvas %v, offset %v)", cur, e.View.InView(cur), e.View.Size(), e.View.Offset())
	}
}
