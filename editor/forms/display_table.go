package forms

import (
	"errors"
	"image"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// tablePreview is the Display panel's second picture: the table at the
// start of a match (seed 1, the pack's least number of seats, seen by the
// designer), where the locations and variables the hints place can be
// seen. Compiling the pack, setting the match up and drawing a Hearts
// table take some 30 ms, more than a keystroke should wait, so they run
// on a goroutine on a copy of the pack and come back through Host.Later;
// edits made meanwhile keep only the latest copy, drawn when the running
// one ends.
type tablePreview struct {
	host  Host
	image *canvas.Image
	note  *widget.Label
	box   *fyne.Container

	busy    bool
	next    *graph.Pack     // a copy waiting to be drawn
	opt     picture.Options // where its images are read
	running sync.WaitGroup
	epoch   int // counts clear: a picture started before is not shown

	sc  *scene.Scene
	img image.Image
}

func newTablePreview(h Host) *tablePreview {
	tp := &tablePreview{host: h, image: canvas.NewImageFromImage(nil), note: widget.NewLabel("")}
	tp.image.FillMode = canvas.ImageFillContain
	tp.image.SetMinSize(fyne.NewSize(200, 80)) // small, as the sample's
	tp.note.Hidden = true
	tp.note.Wrapping = fyne.TextWrapWord
	tp.note.Importance = widget.WarningImportance
	title := widget.NewLabelWithStyle("The table at the start of a match (seed 1), seen by the designer", fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	title.Wrapping = fyne.TextWrapWord
	tp.box = container.NewBorder(title, tp.note, nil, nil, tp.image)
	return tp
}

// draw asks for p's table to be drawn.
func (tp *tablePreview) draw(p *graph.Pack) {
	tp.next = p.Clone()
	tp.opt = imageOptions(tp.host, p)
	if !tp.busy {
		tp.start()
	}
}

func (tp *tablePreview) start() {
	p := tp.next
	tp.next, tp.busy = nil, true
	epoch, opt := tp.epoch, tp.opt
	tp.running.Add(1)
	go func() {
		defer tp.running.Done()
		sc, img, err := startingTable(p, opt)
		tp.host.Later(func() { tp.done(epoch, sc, img, err) })
	}()
}

// done shows a picture drawn (unless the panel was cleared since), then
// draws the copy asked for meanwhile.
func (tp *tablePreview) done(epoch int, sc *scene.Scene, img image.Image, err error) {
	tp.busy = false
	if epoch == tp.epoch {
		tp.sc, tp.img = sc, img
		tp.image.Image = img
		tp.image.Refresh()
		msg := ""
		if err != nil {
			msg = "The table cannot be drawn: " + err.Error()
		}
		setNote(tp.note, msg)
	}
	if tp.next != nil {
		tp.start()
	}
}

func (tp *tablePreview) clear() {
	tp.epoch++
	tp.next, tp.sc, tp.img, tp.image.Image = nil, nil, nil, nil
	tp.image.Refresh()
	setNote(tp.note, "")
}

// startingTable compiles p, sets a match up (seed 1, p's least number of
// seats) and draws the designer's scene of it as the Play panel's table,
// its images read as opt says.
func startingTable(p *graph.Pack, opt picture.Options) (*scene.Scene, image.Image, error) {
	prog, err := engine.Compile(p)
	if err != nil {
		return nil, nil, errors.New("the rules have an error (the diagnostics list says where)")
	}
	seats := 2
	if p.Players != nil && p.Players.Min > 0 {
		seats = p.Players.Min
	}
	m, err := prog.NewMatch(seats, engine.Options{Seed: 1})
	if err != nil {
		return nil, nil, err
	}
	sc, err := scene.Build(p, m, scene.Designer)
	if err != nil {
		return nil, nil, err
	}
	img, err := picture.Image(opt, sc)
	return sc, img, err
}
