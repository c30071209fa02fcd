package editor

import (
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/graph"
)

// TestPlaytestOnGraph plays the known pack (preview/playtest/testdata:
// every match is four actions, so it enters state 2 and takes "moved" four times; the transition "unreachable" is
// never taken, so state 4 is never entered; the clause "silent" never fires)
// through the editor and reads the overlay and the panel.
func TestPlaytestOnGraph(t *testing.T) {
	e, _ := knownPackEditor(t)
	const matches = 40
	e.Playtest(PlaytestSettings{Matches: matches, Seats: 2, Seed: 7, Bots: "random"})
	settle(e)

	h := e.View.Heat()
	if h == nil {
		t.Fatal("no heat on the graph after the playtest")
	}
	if got := h.Visits["2"]; got != 4*matches {
		t.Errorf("visits of state 2 = %d, want %d", got, 4*matches)
	}
	if got := h.Uses[diagram.TransitionRef{From: "2", Name: "moved"}]; got != 4*matches {
		t.Errorf("uses of 2/moved = %d, want %d", got, 4*matches)
	}
	d := drawing(e.View)
	if b := d.Boxes["4"]; b.Fill != style.HeatNone || b.Stroke != style.HeatUnused {
		t.Errorf("never-visited state 4: fill %v stroke %v, want grey with a red outline", b.Fill, b.Stroke)
	}
	if b := d.Boxes["2"]; b.Fill != style.HeatHot {
		t.Errorf("most visited state 2: fill %v, want %v", b.Fill, style.HeatHot)
	}
	var unreachable, moved *diagram.DrawnArrow
	for i, a := range d.Arrows {
		switch a.Name {
		case "unreachable":
			unreachable = &d.Arrows[i]
		case "moved":
			moved = &d.Arrows[i]
		}
	}
	if unreachable == nil || moved == nil {
		t.Fatal("arrows unreachable and moved not found")
	}
	if u := unreachable.Segments; len(u) < 2 || u[0].Stroke != style.HeatUnused {
		t.Errorf("never-taken transition: %d segments, want red dashes", len(u))
	}
	if m := moved.Segments[0]; m.Stroke == style.HeatUnused || m.StrokeWidth < 5 {
		t.Errorf("the most taken transition: colour %v width %v, want wide and not red", m.Stroke, m.StrokeWidth)
	}

	text := e.PlaytestText()
	for _, want := range []string{"states/2/transitions/unreachable", "silent", "known"} {
		if !strings.Contains(text, want) {
			t.Errorf("playtest panel lacks %q:\n%s", want, text)
		}
	}

	e.ClearPlaytest()
	settle(e)
	if e.View.Heat() != nil || e.PlaytestText() != "" {
		t.Error("Clear left the results shown")
	}
	if b := drawing(e.View).Boxes["4"]; b.Fill == style.HeatNone {
		t.Error("state 4 still grey after clearing")
	}
}

func TestParsePlaytest(t *testing.T) {
	if s, err := parsePlaytest(" 10", "3", "42", "random, mcts"); err != nil || s != (PlaytestSettings{10, 3, 42, "random,mcts"}) {
		t.Errorf("parse = %+v, %v", s, err)
	}
	if s, err := parsePlaytest("500000000", "2", "1", "random"); err != nil || s.Matches != 500_000_000 {
		t.Errorf("500 million matches: %+v, %v", s, err)
	}
	for _, c := range [][4]string{{"0", "2", "1", ""}, {"5", "x", "1", ""}, {"5", "2", "-1", ""}, {"2147483648", "2", "1", ""}} {
		if _, err := parsePlaytest(c[0], c[1], c[2], c[3]); err == nil {
			t.Errorf("parse %q: no error", c)
		}
	}
}

// findIn returns the objects of type T under o (containers, pop-ups and
// widgets' renderers), in the order they are laid out.
func findIn[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if t, ok := fyneOf(o).(T); ok {
			out = append(out, t)
		}
		switch w := o.(type) {
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// overlayButton is the button labelled label in the dialog on top.
func overlayButton(t *testing.T, e *Editor, label string) *widget.Button {
	t.Helper()
	top := e.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog shows")
	}
	for _, b := range findIn[*widget.Button](top) {
		if b.Text == label {
			return b
		}
	}
	t.Fatalf("no button %q in the dialog", label)
	return nil
}

// TestPlaytestCancel: Cancel in the progress dialog stops a run far too
// long to finish: it ends within seconds, nothing is drawn or docked, and
// the status line says the matches played were discarded.
func TestPlaytestCancel(t *testing.T) {
	e, _ := knownPackEditor(t)
	start := time.Now()
	// Minutes of play (MCTS is slow: no results slice of gigabytes either).
	e.Playtest(PlaytestSettings{Matches: 100_000, Seats: 2, Seed: 1, Bots: "mcts:100"})
	time.Sleep(50 * time.Millisecond) // some matches played
	test.Tap(overlayButton(t, e, "Cancel"))
	settle(e)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("cancelled run took %v", d)
	}
	if e.View.Heat() != nil || e.PlaytestText() != "" {
		t.Error("a cancelled run's results were shown")
	}
	if got := e.status.Text; !strings.Contains(got, "cancelled") {
		t.Errorf("status %q", got)
	}
	if e.win.Canvas().Overlays().Top() != nil {
		t.Error("the progress dialog still shows")
	}
}

// TestPlaytestBotPerSeat: the dialog has a bot choice per seat, as many as
// the seats typed; the run plays the bots chosen.
func TestPlaytestBotPerSeat(t *testing.T) {
	e, _ := knownPackEditor(t)
	e.playtestDialog()
	top := e.win.Canvas().Overlays().Top()
	choices := func() []*widget.SelectEntry { return findIn[*widget.SelectEntry](top) }
	if n := len(choices()); n != 2 {
		t.Fatalf("%d bot choices for the known pack's 2 seats", n)
	}
	var seats *widget.Entry
	for _, en := range findIn[*widget.Entry](top) {
		if en.Text == "2" {
			seats = en
		}
	}
	if seats == nil {
		t.Fatal("no seats field")
	}
	seats.SetText("3")
	if n := len(choices()); n != 3 {
		t.Fatalf("%d bot choices after typing 3 seats", n)
	}
	seats.SetText("2")
	cs := choices()
	if len(cs) != 2 {
		t.Fatalf("%d bot choices after typing 2 seats", len(cs))
	}
	cs[1].SetText("flatmc:4")
	test.Tap(overlayButton(t, e, "Play"))
	settle(e)
	if text := e.PlaytestText(); !strings.Contains(text, "bots random,flatmc:4") {
		t.Errorf("the playtest did not play the bots chosen:\n%s", text)
	}
}

// knownPackEditor returns an editor showing preview/playtest's known.yaml,
// the pack whose statistics are known exactly, and the pack.
func knownPackEditor(t *testing.T) (*Editor, *graph.Pack) {
	t.Helper()
	e, _ := newTestEditor(t)
	p, err := graph.Load(filepath.Join("..", "preview", "playtest", "testdata", "known.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(p, nil)
	settle(e)
	return e, p
}

// TestPlaytestPanelFitsBesideTheInspector: the playtest panel asks for no
// more width than its buttons and the summary's lines (its legend wraps), so
// the side column keeps its place when the results show. One long legend
// line once pushed the Inspector half out of a 1400-pixel window.
func TestPlaytestPanelFitsBesideTheInspector(t *testing.T) {
	e, _ := knownPackEditor(t)
	e.Playtest(PlaytestSettings{Matches: 10, Seats: 2, Seed: 7, Bots: "random"})
	settle(e)
	if p, _, ok := e.Dock.Panel(PanelPlaytest); ok {
		bar := p.Content.(*fyne.Container).Objects[1] // the Border's top: buttons and legend
		if w := bar.MinSize().Width; w > 500 {
			t.Errorf("the playtest panel's bar needs %.0f pixels, want at most 500 (its legend should wrap)", w)
		}
		return
	}
	t.Fatal("no playtest panel after the playtest")
}

// noBrowserApp is the test app on a machine with no browser to open: its
// OpenURL runs a program that is not there, as Fyne's xdg-open does on a
// desktop without one.
type noBrowserApp struct{ fyne.App }

// OpenURL fails as exec does for a missing program.
func (a noBrowserApp) OpenURL(u *url.URL) error {
	return exec.Command("rulestudio-test-no-such-browser", u.String()).Run()
}

// TestPlaytestChartsWithoutBrowser: with no browser to open, "Open charts
// in browser" says where the charts page was written (a file that is
// there and holds the page), not only exec's "executable file not found".
func TestPlaytestChartsWithoutBrowser(t *testing.T) {
	e := New(noBrowserApp{test.NewTempApp(t)}, &memStore{files: map[string][]byte{}})
	useQueue(e)
	e.Window().Resize(fyne.NewSize(1200, 800))
	t.Cleanup(func() { e.Window().Close() })
	p, err := graph.Load(filepath.Join("..", "preview", "playtest", "testdata", "known.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(p, nil)
	settle(e)
	e.Playtest(PlaytestSettings{Matches: 4, Seats: 2, Seed: 7, Bots: "random"})
	settle(e)
	var charts *widget.Button
	for _, b := range findIn[*widget.Button](e.win.Content()) {
		if b.Text == "Open charts in browser" {
			charts = b
		}
	}
	if charts == nil {
		t.Fatal("no Open charts button after the playtest")
	}
	test.Tap(charts)
	msg := e.status.Text
	path := regexp.MustCompile(`/\S*playtest-\S*\.html`).FindString(msg)
	if path == "" {
		t.Fatalf("the message names no file: %q", msg)
	}
	t.Cleanup(func() { os.Remove(path) })
	page, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(page), "<html") {
		t.Errorf("%s, named by %q: %v, %d bytes", path, msg, err, len(page))
	}
	if !strings.Contains(msg, "browser") {
		t.Errorf("the message does not say the browser could not be opened: %q", msg)
	}
}
