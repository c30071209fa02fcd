package play

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// actionButtons returns the Play panel's buttons, nested rows included:
// the actions, the pickers' values, Take and Cancel.
func actionButtons(p *Panels) []*widget.Button {
	var out []*widget.Button
	var walk func(objs []fyne.CanvasObject)
	walk = func(objs []fyne.CanvasObject) {
		for _, o := range objs {
			switch x := o.(type) {
			case *widget.Button:
				out = append(out, x)
			case *Choice:
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
func valueButtons(p *Panels) []*widget.Button {
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
func actionButton(t *testing.T, p *Panels, prefix string) *widget.Button {
	t.Helper()
	for _, b := range actionButtons(p) {
		if strings.HasPrefix(b.Text, prefix) {
			return b
		}
	}
	t.Fatalf("no button %q among %d", prefix, len(actionButtons(p)))
	return nil
}

// TestPlayShowsWrapperChain: on the seeds pack, with an Elf Lord and a Wood
// Elf on the battlefield (set from the console), the objects panel shows the
// Lord's power chain: base 2, its own another-elf clause giving 4, final 4.
func TestPlayShowsWrapperChain(t *testing.T) {
	p := New()
	if err := p.Start(testpack.Bundled(t, "seeds"), preview.Config{Seed: 5}); err != nil {
		t.Fatal(err)
	}
	card := func(typ string, seat int) string {
		return fmt.Sprintf("[o for o in objects('%s') if o.controller == players[%d]][0]", typ, seat)
	}
	p.Eval(card("elf_lord", 0) + ".zone = 'battlefield'")
	p.Eval(card("wood_elf", 0) + ".zone = 'battlefield'")
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
	p := New()
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
	p := New()
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
	p := New()
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

func TestOutcome(t *testing.T) {
	names := []string{"Ann", "Bob", "Cy"}
	for _, c := range []struct {
		scores, winners []int
		want            string
	}{
		{[]int{3, 1, 0}, []int{0}, "Ann wins. Scores: Ann 3, Bob 1, Cy 0."},
		{[]int{2, 2, 2}, []int{0, 1, 2}, "a draw. Scores: Ann 2, Bob 2, Cy 2."},
		{[]int{2, 0, 2}, []int{0, 2}, "Ann and Cy win. Scores: Ann 2, Bob 0, Cy 2."},
	} {
		if got := outcome(names, c.scores, c.winners); got != c.want {
			t.Errorf("outcome(%v, %v) = %q, want %q", c.scores, c.winners, got, c.want)
		}
	}
}
