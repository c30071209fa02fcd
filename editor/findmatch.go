package editor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// Play > Find a Match Where… asks for what the match must reach (entering
// a state, a condition becoming true, or both) and searches as `studio
// find` does (preview.Find: exact while the positions fit, else random
// matches with restarts), off the window's goroutine, with its progress
// and Cancel; the shortest match found opens in the Play panel and the
// debugger at the step that reaches it.

// anyState is the state choice that asks for no state.
const anyState = "(any state: the condition alone)"

// findMatchDialog asks what the match must reach.
func (e *Editor) findMatchDialog() {
	if e.pack == nil {
		return
	}
	opts := []string{anyState}
	for _, s := range e.pack.States {
		opts = append(opts, place.StateChoice(s))
	}
	state := ui.NewSelect(opts, nil)
	state.SetSelectedIndex(0)
	cond := ui.NewEntry()
	cond.SetPlaceHolder("a condition, as a breakpoint's: game.turns == 5")
	form := widget.NewForm(widget.NewFormItem("Entering", state), widget.NewFormItem("Until", cond))
	d := dialog.NewCustomConfirm("Find a match where…", "Find", "Cancel", form, func(ok bool) {
		if !ok {
			return
		}
		b := graph.Breakpoint{Kind: graph.BreakCondition, Condition: strings.TrimSpace(cond.Text)}
		if i := state.SelectedIndex(); i > 0 {
			b.Kind, b.State = graph.BreakEnter, e.pack.States[i-1].ID.String()
		}
		if b.Kind == graph.BreakCondition && b.Condition == "" {
			e.setStatus("Find a match: choose a state to enter or write a condition.")
			return
		}
		e.FindMatch(b)
	}, e.win)
	d.Resize(fyne.NewSize(520, 0))
	e.showModal(d, func() { d.Confirm() }, d.Dismiss)
}

// FindMatch searches for a match of the pack that reaches b, showing the
// search's progress with Cancel, and shows the shortest found in the Play
// panel at the step where b holds; the status line says when none was.
func (e *Editor) FindMatch(b graph.Breakpoint) {
	if e.pack == nil {
		return
	}
	pack, hist := e.pack.Clone(), e.hist
	ctx, cancel := context.WithCancel(context.Background())
	progress := widget.NewLabel("Starting…")
	wait := dialog.NewCustomWithoutButtons("Finding a match…", progress, e.win)
	wait.SetButtons([]fyne.CanvasObject{ui.NewButton("Cancel", cancel)})
	wait.Resize(fyne.NewSize(420, 0))
	e.showModal(wait, func() {}, cancel)
	cfg := preview.FindConfig{Breakpoint: b, Budget: e.findBudget, Source: e.baseName(),
		Progress: func(p preview.FindProgress) {
			text := findProgressText(p)
			e.do(func() { progress.SetText(text) })
		}}
	e.layouts.Add(1)
	go func() {
		defer e.layouts.Done()
		defer cancel()
		found, err := preview.Find(ctx, pack, cfg)
		e.do(func() {
			wait.Hide()
			switch {
			case e.hist != hist:
				e.setStatus("Find a match dropped: another pack was opened meanwhile.")
			case errors.Is(err, context.Canceled):
				e.setStatus("Find a match cancelled.")
			case err != nil:
				e.showError(err)
			case found.Record == nil:
				e.setStatus("No match found: " + findProgressText(found.FindProgress) + exhausted(found))
			default:
				e.showFound(found)
			}
		})
	}()
}

// showFound replays the match found and shows it at its last step.
func (e *Editor) showFound(f preview.Found) {
	s, err := preview.Replay(e.pack, *f.Record, e.ProjectPath())
	if s == nil {
		e.showError(err)
		return
	}
	msg := fmt.Sprintf("Found in %d moves, at step %d (%s search; %s).", len(f.Record.Moves), f.Step, f.Phase, findProgressText(f.FindProgress))
	e.Play.Show(s, msg, err)
	e.showMatch()
}

// findProgressText says how far a search went.
func findProgressText(p preview.FindProgress) string {
	return fmt.Sprintf("%d positions and %d random matches searched in %s", p.Positions, p.Matches, p.Elapsed.Round(10*time.Millisecond))
}

// exhausted adds that the exact search saw every position, when it did.
func exhausted(f preview.Found) string {
	if f.Exhausted {
		return "; every position the match can reach was seen, and none reaches it."
	}
	return "."
}
