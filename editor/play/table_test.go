package play

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// queue is a Do for tests: what the table's goroutine hands back waits in
// it until settle runs it, as the window's queue waits for its loop.
type queue struct {
	mu sync.Mutex
	fs []func()
}

func (q *queue) do(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
}

// settle runs what the table's drawing handed back until no picture is
// being drawn.
func (q *queue) settle(p *Panels) {
	for {
		p.WaitTable()
		q.mu.Lock()
		fs := q.fs
		q.fs = nil
		q.mu.Unlock()
		if len(fs) == 0 {
			return
		}
		for _, f := range fs {
			f()
		}
	}
}

// showTable starts a match of the bundled pack name as startMatch does,
// with the Play panel in a window of the editor's size and its Table tab in
// front, the first picture drawn.
func showTable(t *testing.T, name string, seed uint64, seats ...string) (*Panels, *queue, fyne.Window) {
	t.Helper()
	return showPackTable(t, testpack.Bundled(t, name), seed, seats...)
}

// showPackTable is showTable for pack.
func showPackTable(t *testing.T, pack *graph.Pack, seed uint64, seats ...string) (*Panels, *queue, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	q := &queue{}
	p := New()
	p.Do = q.do
	w := test.NewWindow(p.PlayPanel())
	w.Resize(fyne.NewSize(1200, 800))
	t.Cleanup(w.Close)
	cfg := preview.Config{Seed: seed}
	for _, b := range seats {
		cfg.Seats = append(cfg.Seats, graph.Seat{Bot: b})
	}
	if err := p.Start(pack, cfg); err != nil {
		t.Fatal(err)
	}
	if !p.ShowPlayTab(TableTab) {
		t.Fatal("the Play panel has no Table tab")
	}
	q.settle(p)
	return p, q, w
}

// TestTableFollowsTheCursor: the Table tab shows the scene of the step at
// the cursor, as preview/scene builds it, after Back and after Step, and
// its picture changes with the step.
func TestTableFollowsTheCursor(t *testing.T) {
	p, q, _ := showTable(t, "hearts", 3, "", "random", "random", "random")
	checkTable(t, p, "at the start")
	start := p.table.view.image.Image
	p.Back()
	q.settle(p)
	checkTable(t, p, "after Back")
	if p.table.view.image.Image == start {
		t.Error("the picture did not change after Back")
	}
	p.Step()
	q.settle(p)
	checkTable(t, p, "after Step")
}

// checkTable fails unless the table shows one scene, the designer's, of
// the step at the cursor, and a picture of its size.
func checkTable(t *testing.T, p *Panels, when string) {
	t.Helper()
	want, err := scene.Build(p.sess.Pack(), p.sess.Match(), scene.Designer)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.table.scenes) != 1 || p.table.scenes[0].Step != p.sess.Cursor() || p.table.scenes[0].Seat != scene.Designer {
		t.Fatalf("%s: the table shows %d scenes, want the designer's at step %d", when, len(p.table.scenes), p.sess.Cursor())
	}
	if got := p.table.scenes[0]; got.Step != want.Step || got.State != want.State || got.Description != want.Description {
		t.Errorf("%s: the table shows step %d %q, want step %d %q", when, got.Step, got.State, want.Step, want.State)
	}
	img := p.table.view.image.Image
	w, h, _, _ := picture.Boxes(want)
	if img == nil || img.Bounds().Dx() != int(w+0.5) || img.Bounds().Dy() != int(h+0.5) {
		t.Errorf("%s: the picture is %v, want %gx%g", when, img, w, h)
	}
}

// TestTableSeatHidesOthersCards: seen by Player 2, the table draws Player
// 1's hand as backs (the picture's pixel in a card's corner is the back's
// blue) and Player 2's own as faces; seen by the designer, Player 1's hand
// shows its faces.
func TestTableSeatHidesOthersCards(t *testing.T) {
	p, q, _ := showTable(t, "hearts", 3, "", "random", "random", "random")
	back := color.RGBA{0x37, 0x59, 0x8a, 0xff}
	if got := cardPixel(t, p, "deck:hand/1:0"); got == back {
		t.Fatalf("the designer sees Player 1's first card as a back")
	}
	pickViewer(t, p, "Player 2")
	q.settle(p)
	if n := len(p.table.scenes); n != 1 || p.table.scenes[0].Seat != 2 {
		t.Fatalf("after choosing Player 2 the table shows %d scenes, seat %d", n, p.table.scenes[0].Seat)
	}
	if got := cardPixel(t, p, "deck:hand/1:0"); got != back {
		t.Errorf("Player 2 sees Player 1's first card as %v, not a back", got)
	}
	if got := cardPixel(t, p, "deck:hand/2:0"); got == back {
		t.Errorf("Player 2 sees its own first card as a back")
	}
	pickViewer(t, p, allSeats)
	q.settle(p)
	if n := len(p.table.scenes); n != 4 {
		t.Errorf("all seats side by side shows %d scenes, want 4", n)
	}
}

// tapBox taps the table where the designer's scene drew id, at its
// centre, as the picture is scaled into the widget.
func tapBox(t *testing.T, p *Panels, id string) {
	t.Helper()
	v := p.table.view
	for _, b := range p.table.boxes {
		if b.ID != id {
			continue
		}
		iw, ih := float32(v.image.Image.Bounds().Dx()), float32(v.image.Image.Bounds().Dy())
		size := v.Size()
		scale := min(size.Width/iw, size.Height/ih)
		ox, oy := (size.Width-iw*scale)/2, (size.Height-ih*scale)/2
		// a fanned card shows its left strip only: tap 4 pixels in
		x := b.X + min(b.W/2, 4)
		test.TapAt(v, fyne.NewPos(ox+float32(x)*scale, oy+float32(b.Y+b.H/2)*scale))
		return
	}
	t.Fatalf("nothing %s on the table", id)
}

// TestTableClickGivesAndPlaysCards: at Hearts' giveCards, clicks on cards
// of Player 1's hand choose them (the pickers hold their faces, the table
// rings them as chosen), a second click on one unchooses it, even with
// three chosen, and Take gives the three chosen; then,
// at Player 1's turn, a click on a card it may play plays it.
func TestTableClickGivesAndPlaysCards(t *testing.T) {
	p, q, _ := showTable(t, "hearts", 3, "", "random", "random", "random")
	face := func(id string) string {
		for _, l := range p.table.scenes[0].Areas {
			for _, loc := range l.Locations {
				for _, c := range loc.Cards {
					if c.ID == id {
						return fmt.Sprintf("%s/%d", c.Type, *c.TypeArg)
					}
				}
			}
		}
		t.Fatalf("no card %s", id)
		return ""
	}
	for _, i := range []int{0, 4, 7, 7, 9} { // the second click on 7 unchooses it
		tapBox(t, p, fmt.Sprintf("deck:hand/1:%d", i))
	}
	var want []string
	for _, i := range []int{0, 4, 9} {
		want = append(want, face(fmt.Sprintf("deck:hand/1:%d", i)))
	}
	var chosen []string
	for _, m := range p.table.view.marks {
		if m.chosen {
			chosen = append(chosen, m.ID)
		}
	}
	if !slices.Equal(chosen, []string{"deck:hand/1:0", "deck:hand/1:4", "deck:hand/1:9"}) {
		t.Errorf("the table rings as chosen %q, want the three cards clicked", chosen)
	}
	pk := p.picking.picks[0]
	if pk == nil || pk.Action != "giveCards" {
		t.Fatalf("no giveCards being picked after the clicks: %+v; message %q", pk, p.message.Text)
	}
	var got []string
	for _, v := range pk.Picked(0) {
		got = append(got, preview.Label(v))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("chosen %q, want the cards clicked %q", got, want)
	}
	head := p.sess.Head()
	test.Tap(actionButton(t, p, "Take giveCards"))
	q.settle(p)
	if p.sess.Head() <= head {
		t.Fatalf("Take gave nothing: head %d; message %q", p.sess.Head(), p.message.Text)
	}

	// Player 1's turn to play a card: a click on one it may play plays it.
	pk = p.picking.picks[0]
	if pk == nil || pk.Action != "playCard" {
		t.Fatalf("Player 1 is not playing a card after giving: %+v; message %q", pk, p.message.Text)
	}
	playable := map[string]bool{}
	for _, o := range pk.Options(0) {
		playable[o.Label] = o.Open
	}
	for i := 0; i < 13; i++ {
		id := fmt.Sprintf("deck:hand/1:%d", i)
		if f := face(id); playable[f] {
			head = p.sess.Head()
			tapBox(t, p, id)
			q.settle(p)
			if p.sess.Head() <= head || strings.HasPrefix(p.message.Text, "Refused") {
				t.Errorf("a click on %s (%s) played nothing: head %d; message %q", id, f, p.sess.Head(), p.message.Text)
			}
			return
		}
	}
	t.Errorf("no card of Player 1's hand is among the cards it may play %v", playable)
}

// pickViewer chooses the table's viewer whose option starts with prefix.
func pickViewer(t *testing.T, p *Panels, prefix string) {
	t.Helper()
	for _, o := range p.table.seat.Options {
		if strings.HasPrefix(o, prefix) {
			p.table.seat.SetSelected(o)
			return
		}
	}
	t.Fatalf("no viewer %q among %q", prefix, p.table.seat.Options)
}

// cardPixel returns the colour of the table's picture 3 pixels inside the
// left edge of the card id, half way down.
func cardPixel(t *testing.T, p *Panels, id string) color.RGBA {
	t.Helper()
	for _, b := range p.table.boxes {
		if b.ID == id && b.Scene == 0 {
			r, g, bl, a := p.table.view.image.Image.At(int(b.X+3), int(b.Y+b.H/2)).RGBA()
			return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)}
		}
	}
	t.Fatalf("no card %s on the table", id)
	return color.RGBA{}
}

// TestTableClickPlaysCell: in a tic-tac-toe match of two people, a click
// on the centre cell of the table marks it: the match moves on and the
// cell holds Player 1's mark.
func TestTableClickPlaysCell(t *testing.T) {
	p, q, _ := showTable(t, "tictactoe", 2, "", "")
	head := p.sess.Head()
	tapBox(t, p, scene.CellID("board", 1, 1))
	q.settle(p)
	if p.sess.Head() <= head {
		t.Fatalf("head %d after the click, was %d; message %q", p.sess.Head(), head, p.message.Text)
	}
	sc, err := scene.Build(p.sess.Pack(), p.sess.Match(), scene.Designer)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range sc.Areas[0].Boards[0].Cells {
		if c.X == 1 && c.Y == 1 && c.Owner == 1 {
			return
		}
	}
	t.Errorf("the centre cell is not Player 1's after the click: %+v", sc.Areas[0].Boards[0].Cells)
}

// BenchmarkShowStepTable: BenchmarkShowStep with the Play panel's Table tab
// in front: each step builds the designer's scene on the Fyne goroutine and
// the picture is drawn on another (the drawings handed back are run each
// step, as the window's loop would, so that the next one starts).
func BenchmarkShowStepTable(b *testing.B) {
	test.NewTempApp(b)
	q := &queue{}
	p := New()
	p.Do = q.do
	w := test.NewWindow(p.PlayPanel())
	w.Resize(fyne.NewSize(1200, 800))
	defer w.Close()
	seats := []graph.Seat{{Bot: "random"}, {Bot: "random"}, {Bot: "random"}, {Bot: "random"}}
	if err := p.Start(testpack.Bundled(b, "hearts"), preview.Config{Seed: 3, Seats: seats, MaxSteps: 40}); err != nil {
		b.Fatal(err)
	}
	p.ShowPlayTab(TableTab)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%2 == 0 {
			p.Back()
		} else {
			p.Forward()
		}
		q.mu.Lock()
		fs := q.fs
		q.fs = nil
		q.mu.Unlock()
		for _, f := range fs {
			f()
		}
	}
	b.StopTimer()
	q.settle(p)
}

// TestTableEmptiesAtEnd: ending the match while its picture is being drawn
// leaves the table empty: the picture drawn for the match ended is not shown
// after it, and a click finds nothing to play.
func TestTableEmptiesAtEnd(t *testing.T) {
	p, q, _ := showTable(t, "tictactoe", 2, "", "")
	p.Back()
	p.End()
	q.settle(p)
	if p.table.view.image.Image != nil || len(p.table.scenes) != 0 || len(p.table.boxes) != 0 {
		t.Errorf("after End the table shows a picture of %d scenes, %d boxes", len(p.table.scenes), len(p.table.boxes))
	}
}

// TestTableMarksWhatCanBeChosen: the table rings what a click can choose
// now: in a new tic-tac-toe match the nine empty cells; after Player 1
// marks the centre, the eight cells left; at Hearts' giveCards, Player 1's
// thirteen cards and nothing of the other hands, each ring round the strip
// its card shows in the fan.
func TestTableMarksWhatCanBeChosen(t *testing.T) {
	p, q, _ := showTable(t, "tictactoe", 2, "", "")
	centre := scene.CellID("board", 1, 1)
	if ids := markIDs(t, p); len(ids) != 9 || !slices.Contains(ids, centre) {
		t.Fatalf("a new match marks %q, want the nine cells", ids)
	}
	tapBox(t, p, centre)
	q.settle(p)
	if ids := markIDs(t, p); len(ids) != 8 || slices.Contains(ids, centre) {
		t.Errorf("after the centre is marked the table rings %q, want the eight other cells", ids)
	}

	p, _, _ = showTable(t, "hearts", 3, "", "random", "random", "random")
	ids := markIDs(t, p)
	for _, id := range ids {
		if !strings.HasPrefix(id, "deck:hand/1:") {
			t.Errorf("at giveCards the table rings %s, not a card of Player 1's hand", id)
		}
	}
	if len(ids) != 13 {
		t.Errorf("at giveCards the table rings %d cards, want Player 1's 13", len(ids))
	}
	// The fanned cards' rings ring the strip each card shows, one beside the
	// other, not the whole cards lying over one another.
	m := p.table.view.marks
	for i := 1; i < len(m); i++ {
		if m[i].Y == m[i-1].Y && m[i-1].X+m[i-1].W > m[i].X {
			t.Errorf("the ring of %s runs into the next card's, %s", m[i-1].ID, m[i].ID)
		}
	}
}

// markIDs returns the ids of the boxes the table rings, failing the test
// unless its renderer lays a ring over the picture for each.
func markIDs(t *testing.T, p *Panels) []string {
	t.Helper()
	if n := len(test.TempWidgetRenderer(t, p.table.view).Objects()) - 1; n != len(p.table.view.marks) {
		t.Errorf("%d rings drawn for %d things to choose", n, len(p.table.view.marks))
	}
	var out []string
	for _, b := range p.table.view.marks {
		out = append(out, b.ID)
	}
	return out
}
