package editor

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/editor/style"
)

// TestCanvasFollowsTheTheme: the canvas draws on the dark paper in the dark
// theme, the light in the light, and View > Theme forces one.
func TestCanvasFollowsTheTheme(t *testing.T) {
	e, _ := newTestEditor(t)
	e.SetPack(editPack(t), nil)
	if c := drawing(e.View).Paper; c != style.Light.Paper {
		t.Errorf("default paper %v, want the light one", c)
	}
	e.SetTheme(ThemeDark)
	if c := drawing(e.View).Paper; c != style.Dark.Paper || e.Theme() != ThemeDark {
		t.Errorf("dark theme: paper %v, choice %q", c, e.Theme())
	}
	if a := drawing(e.View).Arrows[0]; a.Label != nil && a.Label != style.Dark.Label {
		t.Errorf("dark theme: arrow label colour %v", a.Label)
	}
	e.SetTheme(ThemeSystem)
	if c := drawing(e.View).Paper; c != style.Light.Paper || e.Theme() != ThemeSystem {
		t.Errorf("back to the system's: paper %v, choice %q", c, e.Theme())
	}
}

// TestFindState: FindStates ranks the id, then whole names, then names
// starting with, then containing the query; ctrl+F's dialog jumps to the
// first on Enter.
func TestFindState(t *testing.T) {
	p := testpack.Example(t)
	for _, c := range []struct{ q, want string }{
		{"31", "31"},
		{"trick", "30"},
		{"player", "31 32"}, // starting with, then containing
		{"PLAYERTURN", "31"},
		{"end", "40 99"},
		{"", ""},
		{"zzz", ""},
	} {
		if got := strings.Join(FindStates(p, c.q), " "); got != c.want {
			t.Errorf("FindStates(%q) = %q, want %q", c.q, got, c.want)
		}
	}
	e, _ := newTestEditor(t)
	e.SetPack(p, nil)
	settle(e)
	e.View.Pan(fyne.NewDelta(-2000, -2000))
	e.Find()
	if e.finder == nil || !e.busy() {
		t.Fatal("ctrl+F shows no dialog")
	}
	test.Type(e.finder.entry, "givecards")
	if len(e.finder.hits) != 1 {
		t.Fatalf("hits for givecards: %v", e.finder.hits)
	}
	e.finder.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if e.View.Selected() != "21" || e.busy() {
		t.Errorf("Enter: selected %q, dialog still up %v", e.View.Selected(), e.busy())
	}
	c := e.View.ToWidget(e.View.Positions()["21"])
	if s := e.View.Size(); !near(c.X, s.Width/2) || !near(c.Y, s.Height/2) {
		t.Errorf("state 21 at %v, not centred in %v", c, s)
	}
}

// TestExportPictures: PNG and SVG of the graph, as the canvas draws it.
func TestExportPictures(t *testing.T) {
	e := newEditEditor(t)
	dir := t.TempDir()
	png, svgPath := filepath.Join(dir, "g.png"), filepath.Join(dir, "g.svg")
	for _, path := range []string{png, svgPath} {
		if err := e.ExportImage(path); err != nil {
			t.Fatal(err)
		}
	}
	img := e.GraphImage()
	if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 300 || b.Dx() > 800 {
		t.Errorf("PNG of %v, want the graph (about 450x350) and a margin", b)
	}
	test.AssertImageMatches(t, "export.png", img)
	var svg strings.Builder
	if err := e.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	assertGolden(t, "export.svg", svg.String())
	if err := e.ExportImage(filepath.Join(dir, "g.gif")); err == nil {
		t.Error("a .gif export was not refused")
	}
}

// TestLegendReadsWhole: in a window narrower than the toolbar and the
// legend's one line, every item of the legend is drawn inside the window
// (it wraps onto more lines) instead of behind a horizontal scroll, and
// the canvas keeps the window's width.
func TestLegendReadsWhole(t *testing.T) {
	e, _ := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	e.SetPack(testpack.Chain(t, 3), nil)
	settle(e)
	d := fyne.CurrentApp().Driver()
	win := e.Window().Canvas().Size()
	var legend []*widget.Label
	for _, l := range findIn[*widget.Label](e.Window().Content()) {
		for _, want := range []string{"activeplayer", "missing target", "inferred transition", "call / return"} {
			if l.Text == want {
				legend = append(legend, l)
			}
		}
	}
	if len(legend) != 4 {
		t.Fatalf("found %d of the legend's labels", len(legend))
	}
	for _, l := range legend {
		pos := d.AbsolutePositionForObject(l)
		if !l.Visible() || pos.X < 0 || pos.X+l.MinSize().Width > win.Width {
			t.Errorf("%q is drawn from x=%v to %v in a window %v wide", l.Text, pos.X, pos.X+l.MinSize().Width, win.Width)
		}
	}
	if w := e.View.Size().Width; w > win.Width {
		t.Errorf("the canvas is %v wide in a window %v wide", w, win.Width)
	}
	bottom := float32(0)
	for _, l := range legend {
		bottom = max(bottom, d.AbsolutePositionForObject(l).Y+l.MinSize().Height)
	}
	if y := d.AbsolutePositionForObject(e.Dock.Object()).Y; y < bottom {
		t.Errorf("the panels start at y=%v, over the legend's last row (to %v)", y, bottom)
	}
}
