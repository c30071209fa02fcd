package play

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// This file is what the window reads and asks of the panels besides
// playing: the texts they show, the debugger's tabs, the choices offered.
// A feature that speaks of the match (a status line, a tutorial's hint, a
// test driving the whole window) reads them here, not in the widgets.

// Message returns the Play panel's message: where the match stopped last
// (a breakpoint, the end and who won, an error with its backtrace, who must
// choose), "" after a scrub.
func (p *Panels) Message() string { return p.message.Text }

// Status returns the Play panel's status: "Step 3 of 7 · playerTurn", then
// a line per seat with its description, clock and private args.
func (p *Panels) Status() string { return p.status.Text }

// Refused returns why the actions not offered are refused, a line per
// reason after "Not available:"; "" when every action is offered.
func (p *Panels) Refused() string { return p.refused.Text }

// Output returns the console's answers, each after its ">>> " line.
func (p *Panels) Output() string { return p.output.Text }

// Objects returns the Objects tab's text: the objects the filter keeps.
func (p *Panels) Objects() string { return p.objects.Text }

// Events returns the debugger's event log.
func (p *Panels) Events() *EventList { return p.events }

// Scrub moves the cursor to step as dragging the timeline there does.
func (p *Panels) Scrub(step int) { p.timeline.SetValue(float64(step)) }

// Choices returns what the Play panel offers the deciding people, nested
// rows flattened, in the order shown: the actions' buttons ([Choice]), the
// pickers' values, Take and Cancel, and the labels between them.
func (p *Panels) Choices() []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var walk func(objs []fyne.CanvasObject)
	walk = func(objs []fyne.CanvasObject) {
		for _, o := range objs {
			if c, ok := o.(*fyne.Container); ok {
				walk(c.Objects)
				continue
			}
			out = append(out, o)
		}
	}
	walk(p.actions.Objects)
	return out
}

// LineChoices returns the lines of play the selector beside the step
// buttons offers ("Line 1", "Line 2 · from line 1 at step 6"); nil while
// it is hidden (one line only).
func (p *Panels) LineChoices() []string {
	if p.picking.lines.Hidden {
		return nil
	}
	return p.picking.lines.Options
}

// FocusChoice gives the keyboard focus to the choice a person makes next,
// as each step does; the window calls it once the panels are docked.
func (p *Panels) FocusChoice() { p.focusChoice(p.picking.next) }

// AddTab appends a tab to the debugger's (the window's Breakpoints tab,
// which edits breakpoints the window keeps).
func (p *Panels) AddTab(title string, content fyne.CanvasObject) {
	p.debugger.Append(container.NewTabItem(title, content))
}

// ShowTab brings the debugger's tab titled title to the front and reports
// whether it has one.
func (p *Panels) ShowTab(title string) bool {
	for _, it := range p.debugger.Items {
		if it.Text == title {
			p.debugger.Select(it)
			return true
		}
	}
	return false
}

// Tabs returns the titles of the debugger's tabs, in order.
func (p *Panels) Tabs() []string {
	out := make([]string, len(p.debugger.Items))
	for i, it := range p.debugger.Items {
		out[i] = it.Text
	}
	return out
}

// Tab returns the title of the debugger's tab in front ("" with none).
func (p *Panels) Tab() string {
	if it := p.debugger.Selected(); it != nil {
		return it.Text
	}
	return ""
}

// Stack returns the State stack tab's text: a line per frame, bottom first.
func (p *Panels) Stack() string { return p.stack.Text }

// Timeline returns the step the timeline's thumb is at, as the slider
// holds it (a whole number but while dragged).
func (p *Panels) Timeline() float64 { return p.timeline.Value }

// Say puts text in the Play panel's message, in place of where the match
// stopped last (the window's word on the match shown).
func (p *Panels) Say(text string) { p.message.SetText(text) }
