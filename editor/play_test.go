package editor

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
)

// matchEditor returns an editor on the bundled pack name playing a match
// of it with seed and one seat per entry of seats (person or a bot).
func matchEditor(t *testing.T, name, seed string, seats ...string) *Editor {
	t.Helper()
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, name), nil)
	settle(e)
	if err := e.StartMatch(seed, seats); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestPlayTicTacToeHotSeat: a hot-seat match of tic-tac-toe offers the
// first player its nine cells (mark is its only action: its picker shows at
// once), picking one enables Take, taking it moves to step 1 where the
// second player is offered the eight left; Back shows the step before,
// inside the move's step (nothing offered), the timeline there; scrubbing
// to the first decision offers its nine cells again (for a new line).
func TestPlayTicTacToeHotSeat(t *testing.T) {
	e := matchEditor(t, "tictactoe", "1", person, person)
	p := e.Play
	if got := e.Dock.Front(dock.Bottom); got != PanelPlay {
		t.Fatalf("bottom shows %q, want the play panel", got)
	}
	bs := valueButtons(p)
	if len(bs) != 9 {
		t.Fatalf("%d cells offered at the start, want 9", len(bs))
	}
	if !actionButton(t, p, "Take mark").Disabled() {
		t.Errorf("Take is enabled before a cell is picked")
	}
	c0 := p.Session().Cursor()
	if !strings.Contains(p.Status(), fmt.Sprintf("Step %d of %d · playerTurn", c0, c0)) {
		t.Errorf("status %q", p.Status())
	}
	test.Tap(bs[0])
	if p.Session().Cursor() != c0 {
		t.Fatalf("picking a cell took the move")
	}
	test.Tap(actionButton(t, p, "Take mark"))
	c1 := p.Session().Cursor()
	if c1 <= c0 || c1 != p.Session().Head() {
		t.Fatalf("cursor %d after a move at %d (head %d)", c1, c0, p.Session().Head())
	}
	if n := len(valueButtons(p)); n != 8 {
		t.Errorf("%d cells offered after one, want 8", n)
	}
	if !strings.Contains(p.Events().Text(), "— the match —") || !strings.Contains(p.Events().Text(), "action") {
		t.Errorf("event log\n%s", p.Events().Text())
	}
	debugEntry(t, e, "filter events").SetText("no-such-event-text")
	if strings.Contains(p.Events().Text(), " action") {
		t.Errorf("the filter leaves\n%s", p.Events().Text())
	}
	debugEntry(t, e, "filter events").SetText("")
	if mk := e.View.Match(); mk == nil || mk.Current == "" {
		t.Errorf("the canvas marks no current state during a match")
	}
	e.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF9}) // Back
	if p.Session().Cursor() != c1-1 || p.Timeline() != float64(c1-1) {
		t.Errorf("after Back cursor %d timeline %v, want %d", p.Session().Cursor(), p.Timeline(), c1-1)
	}
	if n := len(valueButtons(p)); n != 0 {
		t.Errorf("%d cells offered inside a step (no decision there), want none", n)
	}
	p.Scrub(c0) // scrubbing moves the cursor
	if p.Session().Cursor() != c0 {
		t.Errorf("timeline at %d leaves the cursor at %d", c0, p.Session().Cursor())
	}
	if n := len(valueButtons(p)); n != 9 {
		t.Errorf("%d cells offered at the first decision, want 9 (for a new line)", n)
	}
	for p.Session().Cursor() < c1 {
		p.Forward()
	}
	if n := len(valueButtons(p)); n != 8 {
		t.Errorf("forward again to %d: %d cells", p.Session().Cursor(), n)
	}
}

// TestPlayHeartsWithBots: with three bots and the designer the match runs to
// the designer's first decision; the stack shows the state the match is in.
func TestPlayHeartsWithBots(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	p := e.Play
	m := p.Session().Match()
	if len(actionButtons(p)) == 0 {
		t.Fatalf("the designer is offered nothing at step %d in %s; status %q, message %q", p.Session().Cursor(), m.StateName(), p.Status(), p.Message())
	}
	if !strings.Contains(p.Stack(), m.StateName()) {
		t.Errorf("state stack %q lacks %s", p.Stack(), m.StateName())
	}
	if !strings.Contains(p.Status(), "Player 2 (random)") {
		t.Errorf("status %q", p.Status())
	}
}

// TestNewMatchDialogPlaysOnEnter: Play > New match (ctrl+M) asks for the
// seats with the designer in the first and the random bot in the others;
// Enter starts that match, Escape starts none.
func TestNewMatchDialogPlaysOnEnter(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "hearts"), nil)
	settle(e)
	e.newMatchDialog()
	e.windowKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if e.busy() || e.Play.Session() != nil {
		t.Fatalf("Escape: dialog up %v, match %v", e.busy(), e.Play.Session() != nil)
	}
	e.newMatchDialog()
	if !e.busy() {
		t.Fatal("no dialog")
	}
	e.windowKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	s := e.Play.Session()
	if e.busy() || s == nil {
		t.Fatalf("Enter: dialog up %v, match %v", e.busy(), s != nil)
	}
	var seats []string
	for _, st := range s.Config().Seats {
		seats = append(seats, st.Bot)
	}
	if got := strings.Join(seats, ","); got != ",random,random,random" {
		t.Errorf("seats %q, want the designer then three random bots", got)
	}
	// The Play panel under the canvas, taller than other bottom panels, and
	// the Debugger in front in the side column: both in sight.
	if e.Dock.Front(dock.Bottom) != PanelPlay || e.Dock.Front(dock.Side) != PanelDebug {
		t.Errorf("bottom shows %q, side %q; want the Play panel and the Debugger", e.Dock.Front(dock.Bottom), e.Dock.Front(dock.Side))
	}
	if off := e.Dock.CentreShare(); off > 1-playShare+1e-9 {
		t.Errorf("the canvas keeps %.2f of the height over the Play panel, want at most %.2f", off, 1-playShare)
	}
}
