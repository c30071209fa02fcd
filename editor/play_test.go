package editor

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

func bundledPack(tb testing.TB, name string) *graph.Pack {
	tb.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		tb.Fatalf("no bundled pack %s", name)
	}
	p, err := graph.Parse(data, name+".yaml")
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// actionButtons returns the labels of the Play panel's move buttons.
func actionButtons(p *Play) []*widget.Button {
	var out []*widget.Button
	for _, o := range p.actions.Objects {
		if b, ok := o.(*widget.Button); ok {
			out = append(out, b)
		}
	}
	return out
}

// TestPlayTicTacToeHotSeat: a hot-seat match of tic-tac-toe offers the
// first player its nine cells, taking one moves to step 1 where the second
// player is offered the eight left; Back shows step 0 again, offering no
// buttons (a step behind the newest is only shown) and the timeline at 0.
func TestPlayTicTacToeHotSeat(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(bundledPack(t, "tictactoe"), nil)
	settle(e)
	if err := e.StartMatch("1", []string{person, person}); err != nil {
		t.Fatal(err)
	}
	p := e.Play
	if got := e.Dock.Front(Bottom); got != PanelPlay {
		t.Fatalf("bottom shows %q, want the play panel", got)
	}
	bs := actionButtons(p)
	if len(bs) != 9 {
		t.Fatalf("%d moves offered at the start, want 9 cells", len(bs))
	}
	c0 := p.sess.Cursor()
	if !strings.Contains(p.status.Text, fmt.Sprintf("Step %d of %d · playerTurn", c0, c0)) {
		t.Errorf("status %q", p.status.Text)
	}
	test.Tap(bs[0])
	c1 := p.sess.Cursor()
	if c1 <= c0 || c1 != p.sess.Head() {
		t.Fatalf("cursor %d after a move at %d (head %d)", c1, c0, p.sess.Head())
	}
	if n := len(actionButtons(p)); n != 8 {
		t.Errorf("%d moves offered after one, want 8", n)
	}
	if !strings.Contains(p.events.Text(), "— the match —") || !strings.Contains(p.events.Text(), "action") {
		t.Errorf("event log\n%s", p.events.Text())
	}
	p.filter.SetText("no-such-event-text")
	if strings.Contains(p.events.Text(), " action") {
		t.Errorf("the filter leaves\n%s", p.events.Text())
	}
	p.filter.SetText("")
	if e.View.Selected() == "" {
		t.Errorf("the canvas selects no state during a match")
	}
	e.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF9}) // Back
	if p.sess.Cursor() != c1-1 || p.timeline.Value != float64(c1-1) {
		t.Errorf("after Back cursor %d timeline %v, want %d", p.sess.Cursor(), p.timeline.Value, c1-1)
	}
	if n := len(actionButtons(p)); n != 0 {
		t.Errorf("%d moves offered at an earlier step, want none", n)
	}
	p.timeline.SetValue(float64(c0)) // scrubbing moves the cursor
	if p.sess.Cursor() != c0 {
		t.Errorf("timeline at %d leaves the cursor at %d", c0, p.sess.Cursor())
	}
	for p.sess.Cursor() < c1 {
		p.Forward()
	}
	if n := len(actionButtons(p)); n != 8 {
		t.Errorf("forward again to %d: %d moves", p.sess.Cursor(), n)
	}
}

// TestPlayHeartsWithBots: with three bots and the designer the match runs to
// the designer's first decision; the stack shows the state the match is in.
func TestPlayHeartsWithBots(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(bundledPack(t, "hearts"), nil)
	settle(e)
	if err := e.StartMatch("7", []string{person, "random", "random", "random"}); err != nil {
		t.Fatal(err)
	}
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
	if err := p.Start(bundledPack(t, "seeds"), preview.Config{Seed: 5}); err != nil {
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
}

// BenchmarkShowStep: the play and debugger panels updating for one step of
// Hearts (four bots' match, the cursor moving one step back and forth).
func BenchmarkShowStep(b *testing.B) {
	test.NewTempApp(b)
	p := NewPlay()
	seats := []graph.Seat{{Bot: "random"}, {Bot: "random"}, {Bot: "random"}, {Bot: "random"}}
	if err := p.Start(bundledPack(b, "hearts"), preview.Config{Seed: 3, Seats: seats, MaxSteps: 40}); err != nil {
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
	pack := bundledPack(t, "tictactoe")
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
