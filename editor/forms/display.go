package forms

import (
	"image"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// DisplayPanel is the form of the pack's display hints (its display key,
// docs/pack-format.md "Display hints"): how each deck's cards read, how
// objects read, what each board's cell values look like, which variables
// are shown and where each location lies. Beside it a preview draws a
// sample of the hints (scene.Sample: a card of each type, each cell value,
// an object of each type) as preview/scene/picture draws the table, again
// after every edit, so a colour typed shows at once. Every change is an
// edit of the pack's keys through the window's history, as the pack form's
// fields make (display_hints.go). Under the sample, the table at the start
// of a match shows where the locations and variables lie
// (display_table.go).
type DisplayPanel struct {
	widget.BaseWidget

	host    Host
	form    *Form
	of      *graph.Pack // the pack the form was built for
	body    *fyne.Container
	scroll  *container.Scroll
	preview *hintPreview
	table   *tablePreview
	stale   bool // the pack changed while the panel was hidden
}

// NewDisplay returns the Display panel of the window h.
func NewDisplay(h Host) *DisplayPanel {
	dp := &DisplayPanel{host: h, body: container.NewVBox(), preview: newHintPreview(), table: newTablePreview(h)}
	// Scrolled both ways: the form's rows are wide, and a panel's least
	// width is the window's (TestDisplayPanelFitsTheWindow).
	dp.scroll = container.NewScroll(ui.Ringed(h.Say, dp.body))
	dp.ExtendBaseWidget(dp)
	dp.load()
	return dp
}

// CreateRenderer implements fyne.Widget.
func (dp *DisplayPanel) CreateRenderer() fyne.WidgetRenderer {
	pictures := container.NewVSplit(dp.preview.box, dp.table.box)
	pictures.Offset = 0.4
	split := container.NewHSplit(dp.scroll, pictures)
	split.Offset = 0.55
	return widget.NewSimpleRenderer(split)
}

// Show shows the panel, with the pack as it is now.
func (dp *DisplayPanel) Show() {
	dp.BaseWidget.Show()
	if dp.stale {
		dp.load()
	}
}

// RefreshIfShown loads the form again in place and redraws the preview
// when the panel shows, else at its next Show.
func (dp *DisplayPanel) RefreshIfShown() {
	if dp.Visible() {
		dp.load()
	} else {
		dp.stale = true
	}
}

// Current reports whether the panel shows the pack as it is.
func (dp *DisplayPanel) Current() bool { return !dp.stale }

// Form returns the form shown, nil with no pack.
func (dp *DisplayPanel) Form() *Form { return dp.form }

// Field returns the text of the field at path ("cards/deck/types/1/color",
// "boards/board/color", "variables/game", "locations/0/at"; see
// [Inspector.Field]).
func (dp *DisplayPanel) Field(path string) (string, bool) {
	if dp.form == nil {
		return "", false
	}
	return fieldText(dp.form.places[path])
}

// Scroll returns the scroll the form is in.
func (dp *DisplayPanel) Scroll() *container.Scroll { return dp.scroll }

// Reveal scrolls to the field at path and gives it the focus.
func (dp *DisplayPanel) Reveal(path string) bool {
	if dp.form == nil {
		return false
	}
	return revealIn(dp.scroll, dp.form, path, 0, 0)
}

// Preview returns the sample scene drawn beside the form and its picture
// (nil when it could not be drawn).
func (dp *DisplayPanel) Preview() (*scene.Scene, image.Image) { return dp.preview.sc, dp.preview.img }

// Table returns the scene of the table at the start of a match drawn
// under the sample, and its picture (nil before the first is drawn, or
// when the pack's rules cannot start a match).
func (dp *DisplayPanel) Table() (*scene.Scene, image.Image) { return dp.table.sc, dp.table.img }

// TableNote returns what the table's picture says under it: why it cannot
// be drawn, or "".
func (dp *DisplayPanel) TableNote() string { return dp.table.note.Text }

// Wait waits for the table being drawn away from the window's goroutine
// (tests; the window's Settle).
func (dp *DisplayPanel) Wait() { dp.table.running.Wait() }

// PreviewNote returns what the preview says under its picture: the images
// it could not draw, or "".
func (dp *DisplayPanel) PreviewNote() string { return dp.preview.note.Text }

// load builds the form for the pack shown (again when another pack is
// open), else loads its fields in place, and redraws the preview.
func (dp *DisplayPanel) load() {
	dp.stale = false
	p := dp.host.Pack()
	if p == nil {
		dp.form, dp.of = nil, nil
		dp.body.Objects = []fyne.CanvasObject{widget.NewLabel("No pack.")}
		dp.body.Refresh()
		dp.preview.clear()
		dp.table.clear()
		return
	}
	if dp.form != nil && dp.of == p {
		dp.form.load(p)
	} else {
		dp.of = p
		dp.form = newForm(dp.host)
		displayFields(dp.form)
		dp.body.Objects = []fyne.CanvasObject{dp.form.box}
		dp.body.Refresh()
		dp.scroll.ScrollToTop()
	}
	// The scroll sizes its content when it is refreshed, not when the form
	// inside grows (a row added, the form of a pack built): without this
	// the end of the form could not be reached (TestDisplayFormScrollsToItsEnd).
	dp.scroll.Refresh()
	dp.preview.draw(p, imageOptions(dp.host, p))
	dp.table.draw(p)
}

// hintPreview is the picture beside the Display form: the sample of the
// hints, and under it the images it could not draw.
type hintPreview struct {
	image *canvas.Image
	note  *widget.Label
	box   *fyne.Container
	sc    *scene.Scene
	img   image.Image
}

func newHintPreview() *hintPreview {
	hp := &hintPreview{image: canvas.NewImageFromImage(nil), note: widget.NewLabel("")}
	hp.image.FillMode = canvas.ImageFillContain
	// Small: the window's least size is its largest panel's, tabs hidden or
	// not (at 320x200 the status line went off a 900-pixel screen).
	hp.image.SetMinSize(fyne.NewSize(200, 80))
	hp.note.Wrapping = fyne.TextWrapWord
	hp.note.Importance = widget.WarningImportance
	hp.box = container.NewBorder(nil, hp.note, nil, nil, hp.image)
	return hp
}

// draw draws p's sample. It takes a few milliseconds (a sample is a
// handful of cards and cells), so it is drawn at once, on the window's
// goroutine, after every edit.
func (hp *hintPreview) draw(p *graph.Pack, opt picture.Options) {
	hp.sc = scene.Sample(p)
	var warned []string
	opt.Warn = func(err error) { warned = append(warned, err.Error()) }
	img, err := picture.Image(opt, hp.sc)
	if err != nil {
		warned = append(warned, "the sample cannot be drawn: "+err.Error())
	}
	hp.img = img
	hp.image.Image = img
	hp.image.Refresh()
	setNote(hp.note, strings.Join(warned, "\n"))
}

// setNote says text under a picture, the note taking no room when empty.
func setNote(l *widget.Label, text string) {
	l.SetText(text)
	l.Hidden = text == ""
}

func (hp *hintPreview) clear() {
	hp.sc, hp.img, hp.image.Image = nil, nil, nil
	hp.image.Refresh()
	setNote(hp.note, "")
}

// imageOptions is where the pictures of p read its hints' images: the
// project's kept images when the window has a project, else p's folder.
func imageOptions(h Host, p *graph.Pack) picture.Options {
	return picture.Options{Images: h.Images(), Dir: picture.ImageDir(p.Source)}
}
