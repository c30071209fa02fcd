package editor

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/internal/testpack"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// heartsDisplay is a test editor on the bundled Hearts pack with its
// Display panel in front.
func heartsDisplay(t *testing.T) (*Editor, *forms.DisplayPanel) {
	t.Helper()
	e, _ := newTestEditor(t)
	e.SetPack(testpack.Bundled(t, "hearts"), nil)
	settle(e)
	if !e.ShowPanel(PanelDisplay) {
		t.Fatal("no Display panel")
	}
	return e, e.Display()
}

// heartColor is the colour the pack gives Hearts' type 2 (♥).
func heartColor(p *graph.Pack) string {
	h, _ := p.Display.Card("deck")
	f, _ := graph.Lookup(h.Types, "2")
	return f.Color
}

// cardInk counts the pixels of the preview's card of type typ that are
// near the colour want (red or blue): the ink its corner index and its
// face are drawn in.
func cardInk(t *testing.T, dp *forms.DisplayPanel, typ string, want [3]int) int {
	t.Helper()
	sc, img := dp.Preview()
	if sc == nil || img == nil {
		t.Fatal("the Display panel has no preview")
	}
	id := ""
	for _, c := range sc.Areas[0].Locations[0].Cards {
		if c.Type == typ {
			id = c.ID
		}
	}
	_, _, boxes, err := picture.Boxes(sc)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, b := range boxes {
		if b.ID != id {
			continue
		}
		r := image.Rect(int(b.X), int(b.Y), int(b.X+b.W), int(b.Y+b.H))
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				if close8(int(cr>>8), want[0]) && close8(int(cg>>8), want[1]) && close8(int(cb>>8), want[2]) {
					n++
				}
			}
		}
	}
	return n
}

// close8 reports whether two 8-bit channels are within 60 of each other.
func close8(a, b int) bool { return a-b < 60 && b-a < 60 }

var (
	red  = [3]int{0xd3, 0x2f, 0x2f}
	blue = [3]int{0x1e, 0x5a, 0xc8}
)

// TestDisplayFormEditsAHint: typing a colour into the Display form's row
// of Hearts' ♥ changes the pack in one undo step, and the preview beside
// the form draws the card in it; undo gives the red back, in the pack, the
// field and the preview.
func TestDisplayFormEditsAHint(t *testing.T) {
	e, dp := heartsDisplay(t)
	f := dp.Form()
	color := widgetAt[*forms.Entry](t, f, "cards/deck/types/1/color")
	if color.Text != "red" {
		t.Fatalf("the ♥ row's colour shows %q, want red", color.Text)
	}
	redBefore := cardInk(t, dp, "2", red)
	if redBefore == 0 {
		t.Fatal("the preview's ♥ card has no red in it")
	}
	color.SetText("")
	typeAtEnd(color, "blue")
	if got := heartColor(e.Pack()); got != "blue" {
		t.Fatalf("after typing blue the pack's ♥ is %q", got)
	}
	if e.hist.Top() != 1 || !e.Dirty() {
		t.Errorf("typing a colour: %d undo steps (want 1), dirty %v", e.hist.Top(), e.Dirty())
	}
	if dp.Form() != f || f.Place("cards/deck/types/1/color") != color {
		t.Error("the form was built again while typing")
	}
	if b, r := cardInk(t, dp, "2", blue), cardInk(t, dp, "2", red); b == 0 || r != 0 {
		t.Errorf("the preview's ♥ card after blue: %d blue pixels, %d red", b, r)
	}
	if r := cardInk(t, dp, "4", red); r == 0 {
		t.Error("the ♦ card lost its red with the ♥'s colour")
	}
	e.Undo()
	if got := heartColor(e.Pack()); got != "red" || color.Text != "red" {
		t.Errorf("undo: the pack's ♥ is %q, the field %q", got, color.Text)
	}
	if r := cardInk(t, dp, "2", red); r != redBefore {
		t.Errorf("undo: the preview's ♥ card has %d red pixels, %d before the edit", r, redBefore)
	}
}

// TestDisplayFormRefusesABadColour: a colour the table cannot draw stays
// in the field as typed, the line under the deck's rows and the status
// line saying why in the designer's words, and the pack keeps its colour.
func TestDisplayFormRefusesABadColour(t *testing.T) {
	e, dp := heartsDisplay(t)
	color := widgetAt[*forms.Entry](t, dp.Form(), "cards/deck/types/1/color")
	typeAtEnd(color, "dish")
	if got := heartColor(e.Pack()); got != "red" {
		t.Errorf("the pack took %q", got)
	}
	if color.Text != "reddish" {
		t.Errorf("the field shows %q, want what was typed", color.Text)
	}
	msg, _ := dp.Field("cards/deck/message")
	want := `"reddish" is not a colour: write #rrggbb, #rgb or one of black, white, red`
	if !strings.Contains(msg, want) || !strings.Contains(msg, `the pack keeps "red"`) {
		t.Errorf("the message line says %q, want %q and what the pack keeps", msg, want)
	}
	if !strings.Contains(e.status.Text, want) {
		t.Errorf("the status line says %q", e.status.Text)
	}
	for _, c := range []struct{ path, typed, want string }{
		{"cards/deck/args/0/key", "x", `"11x" is not a whole number: a type_arg is one`},
		{"cards/deck/types/0/key", "\b2", "type 2 has a row already (row 2)"},
		{"cards/deck/image", "/cards/x.gif", `"/cards/x.gif" is not an image beside the pack`},
	} {
		en := widgetAt[*forms.Entry](t, dp.Form(), c.path)
		typeAtEnd(en, strings.TrimPrefix(c.typed, "\b"))
		if strings.HasPrefix(c.typed, "\b") { // the key replaced, not added to
			en.SetText(strings.TrimPrefix(c.typed, "\b"))
		}
		submit(en)
		if msg, _ := dp.Field("cards/deck/message"); !strings.Contains(msg, c.want) {
			t.Errorf("%s typed %q: the message says %q, want %q", c.path, en.Text, msg, c.want)
		}
	}
	h, _ := e.Pack().Display.Card("deck")
	if h.Types[0].Key != "1" || h.Args[0].Key != "11" || h.Image.Path != "" {
		t.Errorf("the pack took a refused value: %+v", h)
	}
}

// TestDisplayFormAddsRowsAndSaves: the form adds a board's cells, a
// location and shown variables to a pack, every edit undoable, and what it
// made is what File > Save writes in the project file and Open reads back.
func TestDisplayFormAddsRowsAndSaves(t *testing.T) {
	e := New(test.NewTempApp(t), sqliteStore{})
	useQueue(e)
	t.Cleanup(func() { e.Window().Close() })
	p := testpack.Bundled(t, "tictactoe")
	p.Display = nil
	e.SetPack(p, nil)
	settle(e)
	path := filepath.Join(t.TempDir(), "ttt.rulestudio")
	if err := e.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	e.ShowPanel(PanelDisplay)
	dp := e.Display()
	tapButton(t, dp.Form().Place("boards/board/cells/add"), "Add a cell value")
	tapButton(t, dp.Form().Place("boards/board/cells/add"), "Add a cell value")
	text := widgetAt[*forms.Entry](t, dp.Form(), "boards/board/cells/0/text")
	text.SetText("X")
	color := widgetAt[*forms.Entry](t, dp.Form(), "boards/board/cells/1/color")
	typeAtEnd(color, "#c62828")
	tapButton(t, dp.Form().Place("locations/add"), "Add a location")
	widgetAt[*forms.Entry](t, dp.Form(), "locations/0/name").SetText("hand")
	submit(widgetAt[*forms.Entry](t, dp.Form(), "locations/0/name"))
	widgetAt[*forms.Entry](t, dp.Form(), "variables/game").SetText("turns, winner")
	d := e.Pack().Display
	if d == nil {
		t.Fatal("the pack has no display hints after the form's edits")
	}
	b, _ := d.Board("board")
	if len(b.Cells) != 2 || b.Cells[0].Text != "X" || b.Cells[1].Color != "#c62828" ||
		len(d.Locations) != 1 || d.Locations[0].Name != "hand" || strings.Join(d.Variables.Game, ",") != "turns,winner" {
		t.Fatalf("the pack's hints: %+v", d)
	}
	cells := scene.Sample(e.Pack()).Areas[0].Boards[0].Cells
	if cells[0].Text != "X" || cells[1].Color != "#c62828" {
		t.Errorf("the sample's cells: %+v", cells)
	}
	if err := e.Save(); err != nil {
		t.Fatal(err)
	}
	want, _ := graph.Marshal(e.Pack())

	saved, err := sqliteStore{}.OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	back, err := saved.Pack()
	saved.Close()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := graph.Marshal(back); string(got) != string(want) {
		t.Errorf("the project read back:\n%s\nwant:\n%s", got, want)
	}
	for e.hist.Top() > 0 {
		e.Undo()
	}
	if e.Pack().Display != nil {
		t.Errorf("undoing every step leaves hints: %+v", e.Pack().Display)
	}
}

// TestObjectTypeFormEditsItsHint: an object type's form edits its own
// display hint, and renaming the type (its name field, Enter) keeps the
// hint with it and the form on it: the next keystroke edits the renamed
// type's hint.
func TestObjectTypeFormEditsItsHint(t *testing.T) {
	e := seedsEditor(t)
	e.ShowPanel(PanelObjectTypes)
	ot := e.ObjectTypes()
	ot.Select("healer")
	f := ot.Form()
	title := widgetAt[*forms.Entry](t, f, "display/title")
	typeAtEnd(title, "name")
	if h, ok := e.Pack().Display.Object("healer"); !ok || h.Type != "healer" || h.Title != "name" {
		t.Fatalf("healer's hint: %+v", h)
	}
	name := widgetAt[*forms.Entry](t, f, "name")
	name.SetText("medic")
	submit(name)
	if h, ok := e.Pack().Display.Object("medic"); !ok || h.Type != "medic" {
		t.Fatalf("after the rename medic's hint is %+v", h)
	}
	stats := widgetAt[*forms.Entry](t, ot.Form(), "display/stats")
	typeAtEnd(stats, "life")
	if h, _ := e.Pack().Display.Object("medic"); strings.Join(h.Stats, ",") != "life" {
		t.Errorf("typing after the rename: medic's hint %+v", h)
	}
	for _, d := range graph.Check(e.Pack()) {
		if d.Rule == "display-hint" {
			t.Errorf("after the rename: %s", d.Message)
		}
	}
}

// TestDisplayFindingOpensItsField: a click on a display-hint diagnostic
// (a colour the pack's YAML misspells) brings the Display panel to the
// front with the focus in that colour's field.
func TestDisplayFindingOpensItsField(t *testing.T) {
	e, _ := newTestEditor(t)
	p := testpack.Bundled(t, "hearts")
	h := &p.Display.Cards[0]
	h.Types[2].Color = "blak"
	text, err := graph.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	q, err := graph.Parse(text, "hearts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	e.SetPack(q, nil)
	settle(e)
	var found *Finding
	for i, f := range e.forms.findings {
		if f.Rule == "display-hint" {
			found = &e.forms.findings[i]
		}
	}
	if found == nil {
		t.Fatalf("no display-hint finding among %v", e.forms.findings)
	}
	e.OpenFinding(*found)
	if got := e.Dock.Front(dock.Centre); got != PanelDisplay {
		t.Fatalf("the finding opened %q, want the Display panel", got)
	}
	want := e.Display().Form().Place("cards/deck/types/2/color")
	if got := e.Window().Canvas().Focused(); got == nil || got != want.(fyne.Focusable) {
		t.Errorf("the focus is on %T, want the ♣ row's colour (target %+v)", got, found.Target)
	}
}

// TestDisplayTableFollowsTheHints: under the sample the Display panel draws
// the table at the start of a Hearts match (every hand dealt, seen by the
// designer); a location's hint changed in the form moves it there, a rule
// that does not compile says so instead of a picture.
func TestDisplayTableFollowsTheHints(t *testing.T) {
	e, dp := heartsDisplay(t)
	settle(e)
	sc, img := dp.Table()
	if sc == nil || img == nil {
		t.Fatal("no table under the sample")
	}
	hands := func(sc *scene.Scene) (fans, piles int) {
		for _, a := range sc.Areas {
			for _, l := range a.Locations {
				if l.Name == "hand" {
					switch l.As {
					case graph.AsFan:
						fans++
					case graph.AsPile:
						piles++
					}
				}
			}
		}
		return
	}
	if fans, _ := hands(sc); fans != 4 {
		t.Fatalf("the starting table has %d fanned hands, want 4", fans)
	}
	as := widgetAt[*widget.Select](t, dp.Form(), "locations/0/as")
	as.SetSelected(graph.AsPile)
	if l, _ := e.Pack().Display.Location("hand"); l.As != graph.AsPile {
		t.Fatalf("the hand's hint after choosing pile: %+v", l)
	}
	settle(e)
	sc, _ = dp.Table()
	if fans, piles := hands(sc); fans != 0 || piles != 4 {
		t.Errorf("after hand: pile the table has %d fanned hands and %d piled", fans, piles)
	}

	e.Undo()
	e.Do(graph.EditPack(e.Pack(), "progression", func(q *graph.Pack) { q.Progression.Src = "1 +" }))
	settle(e)
	if !strings.Contains(dp.TableNote(), "the rules have an error") {
		t.Errorf("a pack that does not compile: the table says %q", dp.TableNote())
	}
}

// TestDisplayPanelFitsTheWindow: the Display panel asks for no more room
// than the window's other panels, though its rows are wide and it holds two
// pictures: a docked panel's least size is the window's, hidden behind its
// tab or not, and at 836x584 it pushed the status line off a 900-pixel
// screen.
func TestDisplayPanelFitsTheWindow(t *testing.T) {
	e, dp := heartsDisplay(t)
	settle(e)
	if got := dp.MinSize(); got.Width > 300 || got.Height > 300 {
		t.Errorf("the Display panel asks for %v, more than 300x300", got)
	}
}

// TestDisplayFormScrollsToItsEnd: the Display panel's scroll knows how
// tall the form is, after it is built for the pack and after a row is
// added (the locations' Add grew the form 40 pixels past what its scroll
// laid out, so its last row could not be scrolled to).
func TestDisplayFormScrollsToItsEnd(t *testing.T) {
	e, dp := heartsDisplay(t)
	settle(e)
	sc := dp.Scroll()
	if got, want := sc.Content.Size().Height, sc.Content.MinSize().Height; got < want {
		t.Errorf("the form is laid out %v tall in its scroll, it needs %v", got, want)
	}
	tapButton(t, dp.Form().Place("locations/add"), "Add a location")
	if got, want := sc.Content.Size().Height, sc.Content.MinSize().Height; got < want {
		t.Errorf("after a row was added the form is laid out %v tall, it needs %v", got, want)
	}
}

// TestDisplayFormImages: an image path typed for the deck is read beside
// the pack file: the ♥ cards' SVG is drawn in the preview's ♥ card, and the
// images of the other suits, missing, are named under the preview.
func TestDisplayFormImages(t *testing.T) {
	dir := t.TempDir()
	p := testpack.Bundled(t, "hearts")
	text, err := graph.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	p.Source = filepath.Join(dir, "hearts.yaml")
	if err := os.WriteFile(p.Source, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "cards"), 0o755); err != nil {
		t.Fatal(err)
	}
	green := `<svg xmlns="http://www.w3.org/2000/svg" width="46" height="66"><rect width="46" height="66" fill="#00c800"/></svg>`
	if err := os.WriteFile(filepath.Join(dir, "cards", "2.svg"), []byte(green), 0o644); err != nil {
		t.Fatal(err)
	}
	e, _ := newTestEditor(t)
	e.SetPack(p, nil)
	settle(e)
	e.ShowPanel(PanelDisplay)
	dp := e.Display()
	if n := cardInk(t, dp, "2", [3]int{0, 0xc8, 0}); n != 0 {
		t.Fatalf("the ♥ card has %d green pixels before its image is named", n)
	}
	widgetAt[*forms.Entry](t, dp.Form(), "cards/deck/image").SetText("cards/{type}.svg")
	if h, _ := e.Pack().Display.Card("deck"); h.Image.Path != "cards/{type}.svg" {
		t.Fatalf("the deck's image is %q", h.Image.Path)
	}
	if n := cardInk(t, dp, "2", [3]int{0, 0xc8, 0}); n < 500 {
		t.Errorf("the ♥ card has %d green pixels with its image named, want its face", n)
	}
	if note := dp.PreviewNote(); !strings.Contains(note, "image cards/1.svg") || strings.Contains(note, "cards/2.svg") {
		t.Errorf("under the preview: %q, want the missing images named, not the ♥'s", note)
	}
}

// TestRenamedTypeReplacesAStaleHint: renaming an object type to a name a
// stale hint already holds (its type was deleted) leaves one hint under
// that name, the renamed type's, so the pack still reads back.
func TestRenamedTypeReplacesAStaleHint(t *testing.T) {
	e := seedsEditor(t)
	e.Do(graph.EditPack(e.Pack(), "display", func(q *graph.Pack) {
		q.Display.Objects = append(q.Display.Objects,
			graph.ObjectHint{Type: "ghost", Title: "old"}, graph.ObjectHint{Type: "healer", Title: "name"})
	}))
	e.ShowPanel(PanelObjectTypes)
	e.ObjectTypes().Select("healer")
	name := widgetAt[*forms.Entry](t, e.ObjectTypes().Form(), "name")
	name.SetText("ghost")
	submit(name)
	var titles []string
	for _, o := range e.Pack().Display.Objects {
		if o.Type == "ghost" {
			titles = append(titles, o.Title)
		}
	}
	if strings.Join(titles, ",") != "name" {
		t.Errorf("hints of ghost after the rename: %q, want the healer's alone", titles)
	}
	text, err := graph.Marshal(e.Pack())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := graph.Parse(text, "seeds.yaml"); err != nil {
		t.Errorf("the pack does not read back: %v", err)
	}
}
