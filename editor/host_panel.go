package editor

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/host"
	"github.com/rulestudio/studio/preview"
)

// PanelHosting is the id of the Hosting panel (Side): the links of a
// hosted match, Pause, Take Over and Stop Hosting.
const PanelHosting = "hosting"

// defaultHostAddr is where a hosted match listens unless the designer says
// otherwise: this machine only, a port that is free.
const defaultHostAddr = "127.0.0.1:0"

// hostMatchDialog asks for the seats (a person, who gets a link, or a bot),
// the seed, the players' clock and the address, and hosts the match. A
// clock that is not a time bank disables Host and says why under the
// field; Enter in a field hosts, or shows that reason.
func (e *Editor) hostMatchDialog() {
	if e.pack == nil {
		return
	}
	n := 2
	if pl := e.pack.Players; pl != nil && pl.Min > 0 {
		n = pl.Min
	}
	choices := append([]string{person}, preview.BotNames()...)
	seed := widget.NewEntry()
	seed.SetText("1")
	clock := widget.NewEntry()
	clock.SetPlaceHolder("none, or a time bank: 5m, 90s")
	clock.Validator = func(text string) error { _, err := parseClock(text); return err }
	addr := widget.NewEntry()
	addr.SetText(defaultHostAddr)
	items := []*widget.FormItem{widget.NewFormItem("Seed", seed)}
	var seats []*widget.Select
	for i := 0; i < n; i++ {
		sel := widget.NewSelect(choices, nil)
		sel.SetSelected(person)
		seats = append(seats, sel)
		items = append(items, widget.NewFormItem(fmt.Sprintf("Player %d", i+1), sel))
	}
	items = append(items,
		&widget.FormItem{Text: "Clock", Widget: clock, HintText: "each player's, running while they must act"},
		&widget.FormItem{Text: "Address", Widget: addr, HintText: "this machine only; port 0 picks a free one"})
	d := dialog.NewForm("Host match", "Host", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		s, err := strconv.ParseUint(strings.TrimSpace(seed.Text), 10, 64)
		if err != nil {
			e.showError(fmt.Errorf("seed %q: a whole number, please", seed.Text))
			return
		}
		c, _ := parseClock(clock.Text) // the form let Host through: it reads
		if err := e.HostMatch(HostSettings{Seats: seatChoices(seats), Seed: s, Clock: c, Addr: strings.TrimSpace(addr.Text)}); err != nil {
			e.showError(err)
		}
	}, e.win)
	enter := func() {
		if _, err := parseClock(clock.Text); err != nil {
			// The form shows a field's reason once it has been left; back
			// in it, the designer types the fix where it is needed.
			e.win.Canvas().Unfocus()
			e.win.Canvas().Focus(clock)
			return
		}
		d.Submit()
	}
	for _, en := range []*widget.Entry{seed, clock, addr} {
		en.OnSubmitted = func(string) { enter() }
	}
	d.Resize(fyne.NewSize(460, 0))
	e.showModal(d, enter, d.Hide)
	e.win.Canvas().Focus(seed)
}

// hostPanel is the Hosting panel: a row per link (a person's seat, the
// spectator) with Copy, Take Over per person's seat, Pause, Stop Hosting.
type hostPanel struct {
	e     *Editor
	h     *hosting
	pause *widget.Button
	show  *widget.Button         // Show Match: the hosted match back on the Play panel
	takes map[int]*widget.Button // by seat, from 1
	box   *fyne.Container
}

// showHostPanel docks the Hosting panel for h, in front.
func (e *Editor) showHostPanel(h *hosting) {
	p := &hostPanel{e: e, h: h, takes: map[int]*widget.Button{}}
	h.panel = p
	rows := container.NewVBox(widget.NewLabel("Send each person their own link; the spectator link shows what every seat sees."))
	for _, l := range h.srv.Links(h.base) {
		rows.Add(p.linkRow(l))
	}
	p.pause = widget.NewButton("Pause", p.togglePause)
	stop := widget.NewButton("Stop Hosting", e.StopHosting)
	p.show = widget.NewButton("Show Match", e.showHosted)
	p.box = container.NewBorder(nil, container.NewHBox(p.pause, p.show, stop), nil, nil, container.NewVScroll(rows))
	e.Dock.Remove(PanelHosting)
	e.Dock.Add(dock.Side, dock.Panel{ID: PanelHosting, Title: "Hosting", Content: p.box})
	e.Dock.Show(PanelHosting)
	p.refresh()
}

// linkRow is one link: whose it is, the link, Copy, and Take Over for a
// person's seat.
func (p *hostPanel) linkRow(l host.Link) fyne.CanvasObject {
	url := widget.NewLabel(l.URL)
	url.Wrapping = fyne.TextWrapBreak
	copyLink := widget.NewButton("Copy", func() {
		p.e.app.Clipboard().SetContent(l.URL)
		p.e.setStatus("Copied the link of " + l.Name + ".")
	})
	buttons := container.NewHBox(copyLink)
	if l.Seat > 0 {
		take := widget.NewButton("Take Over", func() { p.takeOver(l) })
		p.takes[l.Seat] = take
		buttons.Add(take)
	}
	name := widget.NewLabelWithStyle(l.Name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	return container.NewVBox(container.NewBorder(nil, nil, name, buttons), url)
}

// takeOver gives l's seat to the designer: its link stops working.
func (p *hostPanel) takeOver(l host.Link) {
	if err := p.h.ctl.TakeOver(hostedMatch, l.Seat); err != nil {
		p.e.showError(err)
		return
	}
	p.e.setStatus("You play " + l.Name + " here now; its link no longer opens the match.")
	p.e.Play.Show(p.h.mirror, p.h.words(), nil)
	p.refresh()
}

// togglePause pauses the match, or lets it go on.
func (p *hostPanel) togglePause() {
	if p.h.ctl.Paused(hostedMatch) {
		p.h.ctl.Resume(hostedMatch)
	} else if err := p.h.ctl.Pause(hostedMatch); err != nil {
		p.e.showError(err)
		return
	}
	p.e.Play.Show(p.h.mirror, p.h.words(), nil)
	p.refresh()
}

// refresh shows what is paused and taken.
func (p *hostPanel) refresh() {
	if p == nil {
		return
	}
	if p.h.ctl.Paused(hostedMatch) {
		p.pause.SetText("Go On")
	} else {
		p.pause.SetText("Pause")
	}
	for seat, b := range p.takes {
		if p.h.ctl.Taken(hostedMatch, seat) {
			b.SetText("Yours")
			b.Disable()
		}
	}
}

// hostedLinks returns the hosted match's links (for tests and the panel);
// nil when nothing is hosted.
func (e *Editor) hostedLinks() []host.Link {
	if e.hosting == nil {
		return nil
	}
	return slices.Clone(e.hosting.srv.Links(e.hosting.base))
}
