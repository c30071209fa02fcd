package editor

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
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

// actionButtons returns the Play panel's buttons, nested rows included:
// the actions, the pickers' values, Take and Cancel.
func actionButtons(p *Play) []*widget.Button {
	var out []*widget.Button
	var walk func(objs []fyne.CanvasObject)
	walk = func(objs []fyne.CanvasObject) {
		for _, o := range objs {
			switch x := o.(type) {
			case *widget.Button:
				out = append(out, x)
			case *playButton:
				out = append(out, &x.Button)
			case *ui.Button:
				out = append(out, &x.Button)
			case *fyne.Container:
				walk(x.Objects)
			}
		}
	}
	walk(p.actions.Objects)
	return out
}

// valueButtons returns the pickers' value buttons (not Take or Cancel, nor
// the actions' own buttons).
func valueButtons(p *Play) []*widget.Button {
	var out []*widget.Button
	for _, b := range actionButtons(p) {
		if !strings.HasPrefix(b.Text, "Take ") && b.Text != "Cancel" && !strings.HasSuffix(b.Text, "…") {
			out = append(out, b)
		}
	}
	return out
}

// actionButton returns the Play panel's button whose text starts with
// prefix, failing the test when there is none.
func actionButton(t *testing.T, p *Play, prefix string) *widget.Button {
	t.Helper()
	for _, b := range actionButtons(p) {
		if strings.HasPrefix(b.Text, prefix) {
			return b
		}
	}
	t.Fatalf("no button %q among %d", prefix, len(actionButtons(p)))
	return nil
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
	c0 := p.sess.Cursor()
	if !strings.Contains(p.status.Text, fmt.Sprintf("Step %d of %d · playerTurn", c0, c0)) {
		t.Errorf("status %q", p.status.Text)
	}
	test.Tap(bs[0])
	if p.sess.Cursor() != c0 {
		t.Fatalf("picking a cell took the move")
	}
	test.Tap(actionButton(t, p, "Take mark"))
	c1 := p.sess.Cursor()
	if c1 <= c0 || c1 != p.sess.Head() {
		t.Fatalf("cursor %d after a move at %d (head %d)", c1, c0, p.sess.Head())
	}
	if n := len(valueButtons(p)); n != 8 {
		t.Errorf("%d cells offered after one, want 8", n)
	}
	if !strings.Contains(p.events.Text(), "— the match —") || !strings.Contains(p.events.Text(), "action") {
		t.Errorf("event log\n%s", p.events.Text())
	}
	p.filter.SetText("no-such-event-text")
	if strings.Contains(p.events.Text(), " action") {
		t.Errorf("the filter leaves\n%s", p.events.Text())
	}
	p.filter.SetText("")
	if mk := e.View.Match(); mk == nil || mk.Current == "" {
		t.Errorf("the canvas marks no current state during a match")
	}
	e.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF9}) // Back
	if p.sess.Cursor() != c1-1 || p.timeline.Value != float64(c1-1) {
		t.Errorf("after Back cursor %d timeline %v, want %d", p.sess.Cursor(), p.timeline.Value, c1-1)
	}
	if n := len(valueButtons(p)); n != 0 {
		t.Errorf("%d cells offered inside a step (no decision there), want none", n)
	}
	p.timeline.SetValue(float64(c0)) // scrubbing moves the cursor
	if p.sess.Cursor() != c0 {
		t.Errorf("timeline at %d leaves the cursor at %d", c0, p.sess.Cursor())
	}
	if n := len(valueButtons(p)); n != 9 {
		t.Errorf("%d cells offered at the first decision, want 9 (for a new line)", n)
	}
	for p.sess.Cursor() < c1 {
		p.Forward()
	}
	if n := len(valueButtons(p)); n != 8 {
		t.Errorf("forward again to %d: %d cells", p.sess.Cursor(), n)
	}
}

// TestPlayHeartsWithBots: with three bots and the designer the match runs to
// the designer's first decision; the stack shows the state the match is in.
func TestPlayHeartsWithBots(t *testing.T) {
	e := matchEditor(t, "hearts", "7", person, "random", "random", "random")
	p := e.Play
	m := p.sess.Match()
	if len(actionButtons(p)) == 0 {
		t.Fatalf("the designer is offered nothing at step %d in %s; status %q, message %q", p.sess.Cursor(), m.StateName(), p.status.Text, p.message.Text)
	}
	if !strings.Contains(p.stack.Text, m.StateName()) {
		t.Errorf("state stack %q lacks %s", p.stack.Text, m.StateName())
	}
	if !strings.Contains(p.status.Text, "Player 2 (random)") {
		t.Errorf("status %q", p.status.Text)
	}
}

// TestPlayShowsWrapperChain: on the seeds pack, with an Elf Lord and a Wood
// Elf on the battlefield (set from the console), the objects panel shows the
// Lord's power chain: base 2, its own another-elf clause giving 4, final 4.
func TestPlayShowsWrapperChain(t *testing.T) {
	p := NewPlay()
	if err := p.Start(testpack.Bundled(t, "seeds"), preview.Config{Seed: 5}); err != nil {
		t.Fatal(err)
	}
	card := func(typ string, seat int) string {
		return fmt.Sprintf("[o for o in objects('%s') if o.controller == players[%d]][0]", typ, seat)
	}
	p.eval(card("elf_lord", 0) + ".zone = 'battlefield'")
	p.eval(card("wood_elf", 0) + ".zone = 'battlefield'")
	if !strings.Contains(p.output.Text, "ok") {
		t.Fatalf("console\n%s", p.output.Text)
	}
	want := "chain property power: base 2\n      → Elf Lord#"
	i := strings.Index(p.objects.Text, want)
	if i < 0 {
		t.Fatalf("objects panel lacks the power chain:\n%s", p.objects.Text)
	}
	rest := p.objects.Text[i:]
	if !strings.Contains(rest, "[object_types/elf_lord/while/another-elf] = 4\n      final 4") {
		t.Errorf("chain\n%s", rest[:min(len(rest), 300)])
	}
	// The filter keeps the objects whose text holds it: the two elves put on
	// the battlefield, not the cards in hand.
	all := strings.Count(p.objects.Text, "var zone = ")
	p.objFilter.SetText("BATTLEFIELD")
	if n := strings.Count(p.objects.Text, "var zone = "); n != 2 || !strings.Contains(p.objects.Text, "chain property power") {
		t.Errorf("filtered on battlefield: %d of %d objects listed:\n%s", n, all, p.objects.Text)
	}
	p.objFilter.SetText("no such text")
	if !strings.HasPrefix(p.objects.Text, "(no object's text holds") {
		t.Errorf("filtered on nothing: %q", p.objects.Text)
	}
}

// BenchmarkShowStep: the play and debugger panels updating for one step of
// Hearts (four bots' match, the cursor moving one step back and forth).
func BenchmarkShowStep(b *testing.B) {
	test.NewTempApp(b)
	p := NewPlay()
	seats := []graph.Seat{{Bot: "random"}, {Bot: "random"}, {Bot: "random"}, {Bot: "random"}}
	if err := p.Start(testpack.Bundled(b, "hearts"), preview.Config{Seed: 3, Seats: seats, MaxSteps: 40}); err != nil {
		b.Fatal(err)
	}
	if p.sess.Head() < 2 {
		b.Fatalf("head %d", p.sess.Head())
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			p.Back()
		} else {
			p.Forward()
		}
	}
}

// TestPlayShowsRuleError: an error in an action's body stops the match at
// its step and the Play panel shows it with Starlark's backtrace naming the
// failing call; no moves are offered at the failed step.
func TestPlayShowsRuleError(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	pack.Actions.Lookup("mark").Body.Src += "if board.count(1) == 2:\n    fail('two crosses')\n"
	p := NewPlay()
	if err := p.Start(pack, preview.Config{Seed: 2, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}}); err != nil {
		t.Fatal(err)
	}
	msg := p.message.Text
	if !strings.HasPrefix(msg, "Error in rule code:") || !strings.Contains(msg, "two crosses") || !strings.Contains(msg, "Traceback") {
		t.Fatalf("message %q", msg)
	}
	if n := len(actionButtons(p)); n != 0 {
		t.Errorf("%d moves offered at a failed step", n)
	}
}

// TestPlayStopsAtTooMuchMemory: an action's body that would make more
// memory than rule code may (a list of twenty million numbers, 320MB) stops
// the match at its step with the error at the body's line, as any run error
// does (the line as the code editor numbers the body), and the panel goes on: Back shows the step before.
func TestPlayStopsAtTooMuchMemory(t *testing.T) {
	pack := testpack.Bundled(t, "tictactoe")
	mark := pack.Actions.Lookup("mark")
	mark.Body.Src += "if board.count(1) == 2:\n    x = list(range(20000000))\n"
	body := mark.Body
	p := NewPlay()
	if err := p.Start(pack, preview.Config{Seed: 2, Seats: []graph.Seat{{Bot: "random"}, {Bot: "random"}}}); err != nil {
		t.Fatal(err)
	}
	msg := p.message.Text
	at := fmt.Sprintf("in action mark body, line %d,", strings.Count(body.Src, "\n"))
	if !strings.HasPrefix(msg, "Error in rule code: "+at) || !strings.Contains(msg, "too much memory") || !strings.Contains(msg, "Traceback") {
		t.Fatalf("message %q, want too much memory at %s", msg, at)
	}
	if n := len(actionButtons(p)); n != 0 {
		t.Errorf("%d moves offered at a failed step", n)
	}
	p.Back()
	if strings.Contains(p.message.Text, "too much memory") {
		t.Errorf("Back still shows the error: %q", p.message.Text)
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
