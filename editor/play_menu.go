package editor

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/dock"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// The ids of the play panels in the editor's [Dock].
const (
	PanelPlay  = "play"  // the seats' status, their actions, the step controls and the timeline
	PanelDebug = "debug" // the debugger: state stack, execution stack, objects and chains, events, console
)

// person is the seat choice of a person (hot-seat: the designer plays it).
const person = "person"

// attachPlay makes the play and debugger panels (docked when a match
// starts), the debugger's Breakpoints tab, and makes the canvas draw the
// match at the cursor (canvas_match.go), panning to its state when it moves
// to another out of sight.
func (e *Editor) attachPlay() {
	e.Play = play.New()
	e.Play.Canvas = func() fyne.Canvas {
		if !e.Dock.Has(PanelPlay) {
			return nil // a match starting: showMatch docks the panel, then focuses its choice
		}
		return e.win.Canvas()
	}
	e.Play.OnState = func(string) {
		s := e.Play.Session()
		if s == nil {
			e.View.SetMatch(nil)
			return
		}
		was := e.View.Match()
		mk := diagram.MarksOf(s)
		e.View.SetMatch(mk)
		if was == nil || was.Current != mk.Current {
			e.View.Reveal(mk.Current) // follow the match, only when it moves on
		}
	}
	e.Play.OnWatches = e.saveWatches // watches.go
	e.Play.Do, e.Play.Open = e.do, e.open
	e.Play.Pack = func() *graph.Pack { return e.pack }
	e.Play.Images = e.tableImages // images.go
	e.Play.OnNoMatch = func() {
		e.setStatus("No match to step: Play > New match… (ctrl+M) starts one.")
	}
	e.breakTab = newBreakTab(e)
	e.Play.AddTab(breakTabTitle, e.breakTab.content)
	e.linkPlay()
}

// playKeys makes F5 continue, F10 step, F9 back and F11 forward (as the
// usual debuggers) when no widget has the focus (the Play panel's buttons
// pass them on too: playButton); other keys go to the window's own handler.
func (e *Editor) playKeys() {
	prev := e.win.Canvas().OnTypedKey()
	e.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !e.busy() && e.Play.Key(ev) {
			return
		}
		if prev != nil {
			prev(ev)
		}
	})
}

// playMenu is the Play menu: a new match, and the step commands.
func (e *Editor) playMenu() *fyne.Menu {
	return fyne.NewMenu("Play",
		e.item("New match…", newMatchShortcut, e.newMatchDialog),
		fyne.NewMenuItemSeparator(),
		e.item("Step", ui.StepKey, e.Play.Step),
		e.item("Continue", ui.ContinueKey, e.Play.Continue),
		e.item("Back", ui.BackKey, e.Play.Back),
		e.item("Forward", ui.ForwardKey, e.Play.Forward),
		e.item("End Match", nil, e.EndMatch),
		fyne.NewMenuItemSeparator(),
		e.item("Save Match…", nil, e.saveMatchDialog),
		e.item("Open Saved Match…", nil, e.openSavedMatchDialog),
		fyne.NewMenuItemSeparator(),
		e.item("Toggle Breakpoint", breakpointShortcut, e.ToggleBreakpoint),
		e.item("Breakpoints…", nil, e.ShowBreakpoints),
		e.item("Why…", nil, e.ShowWhy),
		fyne.NewMenuItemSeparator(),
		e.item("Find a Match Where…", nil, e.findMatchDialog),
		fyne.NewMenuItemSeparator(),
		e.item("Host Match…", hostShortcut, e.hostMatchDialog),
		e.item("Stop Hosting", nil, e.StopHosting),
	)
}

// newMatchDialog asks for the seats (a person or a bot from the registry
// each; at first the designer plays the first seat and the random bot the
// others), the seed and the clocks, and starts a match on a frozen copy of
// the pack.
func (e *Editor) newMatchDialog() {
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
	seats := make([]*widget.Select, 0, 8)
	form := widget.NewForm(widget.NewFormItem("Seed", seed))
	for i := 0; i < n; i++ {
		sel := widget.NewSelect(choices, nil)
		if i == 0 || !slices.Contains(choices, "random") {
			sel.SetSelected(person)
		} else {
			sel.SetSelected("random")
		}
		seats = append(seats, sel)
		form.Append(fmt.Sprintf("Player %d", i+1), sel)
	}
	clock := widget.NewEntry()
	clock.SetPlaceHolder("none, or a time bank: 5m, 90s")
	form.Append("Clock", clock)
	d := dialog.NewCustomConfirm("New match", "Play", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		if err := e.startMatch(seed.Text, clock.Text, seatChoices(seats)); err != nil {
			e.showError(err)
		}
	}, e.win)
	d.Resize(fyne.NewSize(420, 0)) // room for the clock field's hint
	e.showModal(d, d.Confirm, d.Hide)
}

// parseClock reads a time bank typed in a dialog: "" (or spaces) for no
// clocks, else a Go duration of more than no time ("5m", "90s", "1m30s").
// The error says what to type, in a designer's words.
func parseClock(text string) (time.Duration, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	switch {
	case err != nil:
		return 0, fmt.Errorf("clock %q: a time bank such as 5m or 90s, please", text)
	case d <= 0:
		return 0, fmt.Errorf("clock %q: a time bank is more than no time (empty: no clocks)", text)
	}
	return d, nil
}

func seatChoices(sels []*widget.Select) []string {
	out := make([]string, len(sels))
	for i, s := range sels {
		out[i] = s.Selected
	}
	return out
}

// StartMatch starts a match of the pack with seed (decimal) and one seat
// per entry of seats: "person" (or "") for the designer, else a bot's spec
// (preview.NewBot). It shows the Play panel.
func (e *Editor) StartMatch(seed string, seats []string) error {
	return e.startMatch(seed, "", seats)
}

// startMatch is StartMatch with each player's time bank: "" for no clocks,
// else a Go duration ("5m").
func (e *Editor) startMatch(seed, clock string, seats []string) error {
	s, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %q: a whole number, please", seed)
	}
	cfg := preview.Config{Seed: s, Source: e.ProjectPath()}
	if cfg.Clock, err = parseClock(clock); err != nil {
		return err
	}
	for _, b := range seats {
		if b == person {
			b = ""
		}
		// One decision at a time here: an MCTS seat takes every core.
		b = preview.OnJobs(b, runtime.GOMAXPROCS(0))
		cfg.Seats = append(cfg.Seats, graph.Seat{Bot: b})
	}
	if err := e.Play.Start(e.pack, cfg); err != nil {
		return err
	}
	e.showMatch()
	return nil
}

// showMatch shows the match the Play panel just took: the breakpoints it
// takes, the Play panel and the Debugger in front, the focus on the next
// choice (the panel is in the window only now). The Debugger does not
// cover a field of the inspector that has the focus: a run error has just
// opened it, and what the designer types next goes there.
func (e *Editor) showMatch() {
	e.breakTab.refresh()
	focused := e.win.Canvas().Focused()
	opened := e.Inspector.Holds(focused)
	e.dockPlay()
	e.Dock.Show(PanelPlay)
	if opened {
		e.Dock.Show(PanelInspector)
		e.win.Canvas().Focus(focused) // docking the Debugger rebuilt the column the field is in
	} else {
		e.Dock.Show(PanelDebug)
	}
	e.Play.FocusChoice()
}

// dockPlay docks the Play panel under the canvas and the Debugger in the
// side column (a tab beside the Inspector, in front), when they are not
// there: the seats' choices and the debugger show together, and the canvas
// keeps its width. The Play panel takes at least playShare of the height.
func (e *Editor) dockPlay() {
	if !e.Dock.Has(PanelPlay) {
		e.Dock.Add(dock.Bottom, dock.Panel{ID: PanelPlay, Title: "Play", Content: e.Play.PlayPanel()})
		e.Dock.AtLeast(dock.Bottom, playShare)
	}
	if !e.Dock.Has(PanelDebug) {
		e.Dock.Add(dock.Side, dock.Panel{ID: PanelDebug, Title: "Debugger", Content: e.Play.DebugPanel()})
	}
}

// playShare is the part of the window's height the Play panel takes at
// least when it docks: room for a hand of cards and the Take button.
const playShare = 0.42

// EndMatch closes the match shown (Play > End Match): the canvas drops its
// marks and the Play and Debugger panels leave the window.
func (e *Editor) EndMatch() {
	if e.Play.Session() == nil {
		return
	}
	e.Play.End()
	e.Dock.Remove(PanelPlay)
	e.Dock.Remove(PanelDebug)
	e.breakTab.refresh()
}

// ShowBreakpoints shows the debugger's Breakpoints tab (Play >
// Breakpoints…), with or without a match.
func (e *Editor) ShowBreakpoints() {
	e.dockPlay()
	e.Dock.Show(PanelDebug)
	e.Play.ShowTab(breakTabTitle)
}

// ShowWhy shows the debugger's Why tab (Play > Why…), the keyboard in its
// clause picker: why a clause did or did not fire in the step at the
// cursor, why a value is what it is, why an action is refused.
func (e *Editor) ShowWhy() {
	e.dockPlay()
	e.Dock.Show(PanelDebug)
	e.Play.FocusWhy()
}

// linkPlay links the Play panels to the window: an event's row or a run
// error opens its place as a diagnostic's row does (OpenFinding).
func (e *Editor) linkPlay() {
	e.Play.OpenPlace = func(t place.Target) { e.OpenFinding(Finding{Target: t}) }
}
