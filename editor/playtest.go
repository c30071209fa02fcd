package editor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/playtest"
)

// PanelPlaytest is the id of the playtest results panel (Bottom).
const PanelPlaytest = "playtest"

// PlaytestSettings is what the Playtest dialog asks: Matches matches of
// Seats seats from seed Seed, with Bots as `studio simulate --bots` takes
// them (one name for every seat, or one per seat separated by commas).
type PlaytestSettings struct {
	Matches int
	Seats   int
	Seed    uint64
	Bots    string
}

// playtestDialog asks for the settings and plays them: the number of
// matches, seats and the seed, and a bot for each seat (a name of the
// registry, or a spec typed in such as mcts:200).
func (e *Editor) playtestDialog() {
	if e.pack == nil {
		return
	}
	seats := 2
	if pl := e.pack.Players; pl != nil && pl.Min > 0 {
		seats = pl.Min
	}
	matches := widget.NewEntry()
	matches.SetText("500")
	seatsE := widget.NewEntry()
	seatsE.SetText(strconv.Itoa(seats))
	seed := widget.NewEntry()
	seed.SetText("1")
	bots := newSeatBots(seats)
	seatsE.OnChanged = func(s string) {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n >= 1 && n <= maxPlaytestSeats {
			bots.resize(n)
		}
	}
	items := []*widget.FormItem{
		widget.NewFormItem("Matches", matches),
		widget.NewFormItem("Seats", seatsE),
		widget.NewFormItem("Seed", seed),
		{Text: "Bots", Widget: bots.box, HintText: "one per seat: " + strings.Join(preview.BotNames(), ", ") + " (or a spec: mcts:200)"},
	}
	d := dialog.NewForm("Playtest", "Play", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		s, err := parsePlaytest(matches.Text, seatsE.Text, seed.Text, bots.text())
		if err != nil {
			e.showError(err)
			return
		}
		e.Playtest(s)
	}, e.win)
	d.Resize(fyne.NewSize(460, 0))
	e.showModal(d, d.Submit, d.Hide)
}

// maxPlaytestMatches bounds the matches the dialog plays. The run keeps no
// result per match (playtest.Run counts them as they end), so memory does
// not bound it; the bound is that of an int on every platform, about 20
// hours of tic-tac-toe on two cores.
const maxPlaytestMatches = math.MaxInt32

// maxPlaytestSeats bounds the bot choices the dialog lays out.
const maxPlaytestSeats = 16

// seatBots is the Playtest dialog's bot choice for each seat: a list of the
// registry's bots that also takes a typed spec.
type seatBots struct {
	box   *fyne.Container
	seats []*widget.SelectEntry
}

func newSeatBots(n int) *seatBots {
	b := &seatBots{box: container.NewVBox()}
	b.resize(n)
	return b
}

// resize shows n choices, keeping those made; a new seat starts as random.
func (b *seatBots) resize(n int) {
	for len(b.seats) < n {
		s := widget.NewSelectEntry(preview.BotNames())
		s.SetText("random")
		s.PlaceHolder = fmt.Sprintf("seat %d", len(b.seats)+1)
		b.seats = append(b.seats, s)
	}
	b.seats = b.seats[:n]
	b.box.Objects = nil
	for i, s := range b.seats {
		b.box.Add(container.NewBorder(nil, nil, widget.NewLabel(fmt.Sprintf("seat %d", i+1)), nil, s))
	}
	b.box.Refresh()
}

// text is the choices as --bots takes them: comma-separated, seat by seat.
func (b *seatBots) text() string {
	names := make([]string, len(b.seats))
	for i, s := range b.seats {
		names[i] = strings.TrimSpace(s.Text)
	}
	return strings.Join(names, ",")
}

// parsePlaytest reads the dialog's fields; its errors name the field.
func parsePlaytest(matches, seats, seed, bots string) (PlaytestSettings, error) {
	var s PlaytestSettings
	var err error
	if s.Matches, err = strconv.Atoi(strings.TrimSpace(matches)); err != nil || s.Matches < 1 || s.Matches > maxPlaytestMatches {
		return s, fmt.Errorf("matches: want a whole number from 1 to %d, not %q (the command line's studio simulate plays more)", maxPlaytestMatches, matches)
	}
	if s.Seats, err = strconv.Atoi(strings.TrimSpace(seats)); err != nil || s.Seats < 1 {
		return s, fmt.Errorf("seats: want a whole number of at least 1, not %q", seats)
	}
	if s.Seed, err = strconv.ParseUint(strings.TrimSpace(seed), 10, 64); err != nil {
		return s, fmt.Errorf("seed: want a whole number, not %q", seed)
	}
	s.Bots = strings.ReplaceAll(strings.TrimSpace(bots), " ", "")
	return s, nil
}

// Playtest plays s on a copy of the pack off the Fyne goroutine, showing a
// progress bar and a Cancel button, then draws the results over the graph and shows them in the
// playtest panel. Errors (the pack does not compile, a bot is unknown) are
// shown in a dialog. Cancel (or Escape) stops the run once the matches
// being played end; what was played is discarded (a part of the seed range,
// not the one asked for) and the status line says so.
func (e *Editor) Playtest(s PlaytestSettings) {
	if e.pack == nil {
		return
	}
	prog, err := engine.Compile(e.pack.Clone())
	if err != nil {
		e.showError(err)
		return
	}
	bar := widget.NewProgressBar()
	bar.Max = float64(s.Matches)
	ctx, cancel := context.WithCancel(context.Background())
	wait := dialog.NewCustomWithoutButtons("Playing "+strconv.Itoa(s.Matches)+" matches…", bar, e.win)
	stop := ui.NewButton("Cancel", nil)
	stop.OnTapped = func() {
		cancel()
		stop.SetText("Cancelling…")
		stop.Disable()
	}
	wait.SetButtons([]fyne.CanvasObject{stop})
	wait.Resize(fyne.NewSize(360, 0))
	e.showModal(wait, func() {}, stop.OnTapped)
	hist := e.hist // the pack's history: another pack opened has another
	var mu sync.Mutex
	done, last := 0, time.Time{}
	cfg := playtest.Config{Program: prog, Seats: s.Seats, Seed: s.Seed, Matches: s.Matches, Bots: s.Bots,
		Source: e.baseName(), Context: ctx, Progress: func() {
			mu.Lock()
			defer mu.Unlock()
			done++
			if now := time.Now(); now.Sub(last) >= 50*time.Millisecond { // at most 20 repaints a second
				last = now
				n := float64(done)
				e.do(func() { bar.SetValue(n) })
			}
		}}
	e.layouts.Add(1)
	go func() {
		defer e.layouts.Done()
		defer cancel()
		stats, err := playtest.Run(cfg)
		e.do(func() {
			wait.Hide()
			switch {
			case e.hist != hist:
				e.setStatus("Playtest dropped: another pack was opened while it played.")
			case errors.Is(err, context.Canceled):
				e.setStatus("Playtest cancelled; the matches played were discarded.")
			case err != nil:
				e.showError(err)
			default:
				e.ShowPlaytest(playtest.Summarize(stats))
			}
		})
	}()
}

// ShowPlaytest draws r over the graph (see [Heat]) and shows its summary in
// the playtest panel, with a button that opens its charts in the browser.
func (e *Editor) ShowPlaytest(r playtest.Report) {
	e.View.SetHeat(diagram.HeatOf(r))
	var text bytes.Buffer
	_ = r.WriteText(&text) // a bytes.Buffer does not fail
	summary := widget.NewLabel(text.String())
	summary.TextStyle = fyne.TextStyle{Monospace: true}
	charts := ui.NewButton("Open charts in browser", func() { e.openCharts(r) })
	clear := ui.NewButton("Clear from graph", e.ClearPlaytest)
	// The legend wraps in the width the buttons leave: one long line made
	// the panel, and so the canvas column, wider than the window allowed
	// and pushed the Inspector's fields out of sight.
	legend := widget.NewLabel(heatLegend)
	legend.Wrapping = fyne.TextWrapWord
	bar := container.NewBorder(nil, nil, container.NewHBox(charts, clear), nil, legend)
	e.Dock.Add(dock.Bottom, dock.Panel{ID: PanelPlaytest, Title: "Playtest", Content: container.NewBorder(bar, nil, nil, nil, container.NewScroll(summary))})
}

// heatLegend explains the overlay in the playtest panel.
const heatLegend = "boxes: deeper orange = visited more; arrows: wider = taken more (the count beside the name); red outline or red dashes = never used"

// ClearPlaytest takes the playtest's results off the graph and closes the
// playtest panel.
func (e *Editor) ClearPlaytest() {
	e.View.SetHeat(nil)
	e.Dock.Remove(PanelPlaytest)
}

// PlaytestText is the playtest panel's summary, or "" when it is not shown.
func (e *Editor) PlaytestText() string {
	if p, _, ok := e.Dock.Panel(PanelPlaytest); ok {
		b := p.Content.(*fyne.Container)
		for _, o := range b.Objects {
			if s, ok := o.(*container.Scroll); ok {
				return s.Content.(*widget.Label).Text
			}
		}
	}
	return ""
}

// openCharts writes r's HTML page to a temporary file and opens it in the
// browser. The message names the file either way: with no browser to open
// (no xdg-open), the designer can still open the page.
func (e *Editor) openCharts(r playtest.Report) {
	path, err := writeCharts(r)
	if err != nil {
		e.showError(fmt.Errorf("the charts page could not be written: %w", err))
		return
	}
	if err := e.app.OpenURL(&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}); err != nil {
		e.showError(fmt.Errorf("the charts page is written to %s, but no browser could be opened to show it (%w): open that file in a browser", path, err))
		return
	}
	e.setStatus("Charts opened in the browser; the page is " + path)
}

// writeCharts writes r's HTML page to a new temporary file and returns its
// absolute path.
func writeCharts(r playtest.Report) (string, error) {
	f, err := os.CreateTemp("", "playtest-*.html")
	if err != nil {
		return "", err
	}
	if err := r.WriteHTML(f); err != nil {
		f.Close()
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return filepath.Abs(f.Name())
}
