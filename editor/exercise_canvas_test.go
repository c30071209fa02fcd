package editor

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"github.com/rulestudio/studio/editor/code"
	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/forms"
	"github.com/rulestudio/studio/editor/play"
	"github.com/rulestudio/studio/graph"
)

// The canvas driver: the state graph's edits as the designer makes them,
// with the mouse on the boxes and arrows, the keys and the name prompt.

// names the exerciser gives states and transitions: some new, some taken,
// one with a space (refused).
var exerciseNames = []string{"draw", "discard", "score", "bonus", "playerTurn", "next", "end game", "x"}

// stateIDs returns the ids of the pack's states, in the pack's order.
func (x *exerciser) stateIDs() []string {
	var ids []string
	if p := x.e.Pack(); p != nil {
		for _, s := range p.States {
			ids = append(ids, s.ID.String())
		}
	}
	return ids
}

// transitions returns the pack's transitions, in the pack's order.
func (x *exerciser) transitions() []diagram.TransitionRef {
	var out []diagram.TransitionRef
	if p := x.e.Pack(); p != nil {
		for _, s := range p.States {
			for _, t := range s.Transitions {
				out = append(out, diagram.TransitionRef{From: s.ID.String(), Name: t.Name})
			}
		}
	}
	return out
}

// tap is a click on o at pos: the desktop driver gives the focus to what
// is clicked, or takes it from the widget that had it.
func (x *exerciser) tap(o fyne.Tappable, pos fyne.Position) {
	c := x.e.Window().Canvas()
	if f, ok := o.(fyne.Focusable); ok {
		c.Focus(f)
	} else {
		c.Unfocus()
	}
	o.Tapped(&fyne.PointEvent{Position: pos})
}

// clickState scrolls state id into view, as the designer would, and
// clicks its box; it reports whether the click selected it.
func (x *exerciser) clickState(id string) bool {
	v := x.e.View
	v.SetClock(x.clock)
	x.e.Dock.Show(PanelGraph) // the designer clicks the States tab first
	v.Reveal(id)
	x.tap(v, v.ToWidget(v.Positions()[id]))
	return v.Selected() == id
}

// clock is the time the canvas reads for double clicks: a second apart,
// so that two clicks of two operations are never one double click.
func (x *exerciser) clock() time.Time {
	x.now = x.now.Add(time.Second)
	return x.now
}

// answer types text in the name prompt (its old text selected: typing
// replaces it) and presses Enter; the name must then be in the pack
// (has says whether it is) or the prompt must say why not. The prompt is
// closed with Escape if it stays.
func (x *exerciser) answer(text string, has func(p *graph.Pack) bool) {
	pr := x.e.prompt
	if pr == nil || pr.done {
		return
	}
	x.typeRunes(text)
	x.press(fyne.KeyReturn, 0)
	done, said, entered := pr.done, pr.errors.Visible() && pr.errors.Text != "", pr.entry.Text
	x.typed = append(x.typed, func() *broken {
		if done && !has(x.e.Pack()) {
			return brokenf("typed", "the name %q typed in the prompt (%q) is not in the pack and the prompt closed without a word", text, entered)
		}
		if !done && !said {
			return brokenf("typed", "the prompt refused %q without saying why", text)
		}
		return nil
	})
	if !pr.done {
		x.press(fyne.KeyEscape, 0)
	}
}

// typeRunes types s in whatever has the focus, as the desktop driver
// delivers characters; a line break is the Return key.
func (x *exerciser) typeRunes(s string) {
	c := x.e.Window().Canvas()
	for _, r := range s {
		if r == '\n' {
			x.press(fyne.KeyReturn, 0)
			continue
		}
		if f := c.Focused(); f != nil {
			f.TypedRune(r)
		} else if h := c.OnTypedRune(); h != nil {
			h(r)
		}
	}
}

func hasStateNamed(name string) func(p *graph.Pack) bool {
	return func(p *graph.Pack) bool { return p != nil && p.StateByName(strings.TrimSpace(name)) != nil }
}

// newState: ctrl+shift+N, and a name.
func (x *exerciser) newState(rng *rand.Rand) string {
	n := len(x.stateIDs())
	x.press(fyne.KeyN, fyne.KeyModifierControl|fyne.KeyModifierShift)
	if len(x.stateIDs()) != n+1 {
		return "ctrl+shift+N made no state"
	}
	name := oneOf(rng, exerciseNames)
	x.answer(name, hasStateNamed(name))
	return fmt.Sprintf("ctrl+shift+N, name %q, Enter", name)
}

// renameState: click a state, F2, a name.
func (x *exerciser) renameState(rng *rand.Rand) string {
	id := oneOf(rng, x.stateIDs())
	if id == "" || !x.clickState(id) {
		return "no state to click"
	}
	x.press(fyne.KeyF2, 0)
	name := oneOf(rng, exerciseNames)
	x.answer(name, hasStateNamed(name))
	return fmt.Sprintf("click state %s, F2, name %q, Enter", id, name)
}

// deleteState: click a state, Delete.
func (x *exerciser) deleteState(rng *rand.Rand) string {
	id := oneOf(rng, x.stateIDs())
	if id == "" || !x.clickState(id) {
		return "no state to click"
	}
	x.press(fyne.KeyDelete, 0)
	return fmt.Sprintf("click state %s, Delete", id)
}

// selectState: click a state; its form must show in the Inspector.
func (x *exerciser) selectState(rng *rand.Rand) string {
	id := oneOf(rng, x.stateIDs())
	if id == "" {
		return "no state"
	}
	if !x.clickState(id) {
		x.typed = append(x.typed, func() *broken {
			return brokenf("reach", "a click on state %s's box did not select it (selected %q)", id, x.e.View.Selected())
		})
		return "click state " + id
	}
	x.typed = append(x.typed, func() *broken {
		if got := x.e.Inspector.Shown(); got != id {
			return brokenf("reach", "state %s clicked, the Inspector shows %q", id, got)
		}
		return nil
	})
	return "click state " + id
}

// newTransition: drag from one state's edge to another (the canvas's
// OnConnect), and a name.
func (x *exerciser) newTransition(rng *rand.Rand) string {
	ids := x.stateIDs()
	from, to := oneOf(rng, ids), oneOf(rng, ids)
	if from == "" {
		return "no state"
	}
	x.e.View.Reveal(from)
	x.e.View.OnConnect(from, to, x.e.View.ToWidget(x.e.View.Positions()[to]))
	name := oneOf(rng, exerciseNames)
	x.answer(name, func(p *graph.Pack) bool {
		return hasTransition(p, from, name)
	})
	return fmt.Sprintf("drag from state %s to %s, name %q, Enter", from, to, name)
}

// clickTransition selects transition t as a click on its arrow does.
func (x *exerciser) clickTransition(t diagram.TransitionRef) bool {
	x.e.Dock.Show(PanelGraph)
	x.e.View.Reveal(t.From)
	x.e.View.SelectTransition(t)
	x.e.View.OnTransitionSelected(t)
	x.e.Window().Canvas().Focus(x.e.View)
	got, ok := x.e.View.SelectedTransition()
	return ok && got == t
}

// renameTransition: click an arrow, F2, a name.
func (x *exerciser) renameTransition(rng *rand.Rand) string {
	ts := x.transitions()
	if len(ts) == 0 {
		return "no transition"
	}
	t := ts[rng.IntN(len(ts))]
	if !x.clickTransition(t) {
		return "transition not selected"
	}
	x.press(fyne.KeyF2, 0)
	name := oneOf(rng, exerciseNames)
	x.answer(name, func(p *graph.Pack) bool {
		return hasTransition(p, t.From, name)
	})
	return fmt.Sprintf("click arrow %s/%s, F2, name %q, Enter", t.From, t.Name, name)
}

// deleteTransition: click an arrow, Delete.
func (x *exerciser) deleteTransition(rng *rand.Rand) string {
	ts := x.transitions()
	if len(ts) == 0 {
		return "no transition"
	}
	t := ts[rng.IntN(len(ts))]
	if !x.clickTransition(t) {
		return "transition not selected"
	}
	x.press(fyne.KeyDelete, 0)
	return fmt.Sprintf("click arrow %s/%s, Delete", t.From, t.Name)
}

// undo: ctrl+Z with the focus wherever it is (or moved first); the history
// must go one step back.
func (x *exerciser) undo(rng *rand.Rand) string {
	where := x.focusSomewhere(rng)
	top := x.e.hist.Top()
	_, can := x.e.hist.CanUndo()
	x.press(fyne.KeyZ, fyne.KeyModifierControl)
	x.keys = append(x.keys, keyCheck{"ctrl+Z", where, func() bool { return !can || x.e.hist.Top() < top }})
	return "ctrl+Z with the focus on " + where
}

// redo: ctrl+Y (or ctrl+shift+Z) with the focus wherever it is.
func (x *exerciser) redo(rng *rand.Rand) string {
	where := x.focusSomewhere(rng)
	top := x.e.hist.Top()
	_, can := x.e.hist.CanRedo()
	key, mods := fyne.KeyY, fyne.KeyModifierControl
	name := "ctrl+Y"
	if rng.IntN(2) == 0 {
		key, mods, name = fyne.KeyZ, fyne.KeyModifierControl|fyne.KeyModifierShift, "ctrl+shift+Z"
	}
	x.press(key, mods)
	x.keys = append(x.keys, keyCheck{name, where, func() bool { return !can || x.e.hist.Top() > top }})
	return name + " with the focus on " + where
}

// keyCheck is a window-wide shortcut pressed, where the focus was, and
// whether it did what it does.
type keyCheck struct {
	keys, focus string
	worked      func() bool
}

// focusSomewhere gives the focus to one of the places a designer leaves
// it: nothing, the canvas, a field of the Inspector, a code field, the
// debugger's filters, the Play panel's buttons. It says which.
func (x *exerciser) focusSomewhere(rng *rand.Rand) string {
	c := x.e.Window().Canvas()
	type place struct {
		name string
		obj  fyne.Focusable
	}
	places := []place{{"nothing", nil}, {"the canvas", x.e.View}}
	if f := x.e.Inspector.Form(); f != nil {
		for _, path := range f.Paths() {
			switch w := f.Place(path).(type) {
			case *forms.Entry:
				if !w.Disabled() {
					places = append(places, place{"inspector field " + path, w})
				}
			case *code.Editor:
				places = append(places, place{"inspector code " + path, w})
			}
		}
	}
	if x.e.Dock.Has(PanelDebug) {
		places = append(places, place{"the debugger's event filter", debugEntry(x.t, x.e, "filter events")}, place{"the debugger's object filter", debugEntry(x.t, x.e, "filter objects")})
	}
	for _, b := range playButtons(x.e.Play) {
		places = append(places, place{"play button " + b.Text, b})
	}
	p := places[rng.IntN(len(places))]
	if p.obj == nil {
		c.Unfocus()
	} else {
		c.Focus(p.obj) // refused when p.obj is not in sight (its tab not in front)
	}
	if f := c.Focused(); f != p.obj {
		for _, q := range places {
			if q.obj == f {
				return q.name + " (" + p.name + " is out of sight)"
			}
		}
		return fmt.Sprintf("a %T (%s is out of sight)", f, p.name)
	}
	return p.name
}

// playButtons returns the Play panel's focusable buttons.
func playButtons(p *play.Panels) []*play.Choice {
	var out []*play.Choice
	for _, o := range p.Choices() {
		if b, ok := o.(*play.Choice); ok && !b.Disabled() {
			out = append(out, b)
		}
	}
	return out
}

// hasTransition reports whether state from of p has a transition name.
func hasTransition(p *graph.Pack, from, name string) bool {
	s := stateOf(p, from)
	if s == nil {
		return false
	}
	for _, t := range s.Transitions {
		if t.Name == strings.TrimSpace(name) {
			return true
		}
	}
	return false
}
