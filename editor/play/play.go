package play

import (
	"fmt"
	"io/fs"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// Panels shows a preview match ([preview.Session]) for the designer to play
// and debug: per seat the status line, clock and private args, per deciding
// person's seat its actions as buttons with pickers for their arguments
// (illegal choices are not offered; the refused actions say why), step
// controls, a timeline, the lines of play, and the debugger's panels. Its methods must be
// called on the Fyne goroutine.
type Panels struct {
	sess *preview.Session

	status    *widget.Label   // the step, the state and each seat's description
	actions   *fyne.Container // per deciding seat, a button per legal move
	refused   *widget.Label   // why the actions not offered are refused (WhyNot)
	message   *widget.Label   // the last stop: a breakpoint, the end, an error with its backtrace
	timeline  *ui.Slider      // steps 0..Head; dragging moves the cursor
	controls  *fyne.Container // Back, Step, Forward, Continue
	stack     *widget.Label   // state stack, bottom first
	exec      *widget.Label   // execution stack
	objects   *widget.Label   // objects with variables, tags, properties and wrapper chains
	objFilter *ui.Entry       // the objects' filter: a substring of an object's text
	events    *EventList      // the event log of the current step and of the match, filtered
	filter    *ui.Entry       // the event log's filter: a substring of an event's line
	logSeat   *ui.Select      // whose event log the Events tab shows: the designer's or a seat's (events.go)
	seat      int             // the seat (0-based) whose log it shows; -1: the designer's
	console   *ui.Entry       // Starlark evaluated on the match at the cursor
	output    *widget.Label   // the console's answers
	debugger  *container.AppTabs
	picking   *picking           // the moves being picked and the lines of play (pick.go)
	table     *table             // the Table tab: the match drawn for a viewer (table.go)
	main      *container.AppTabs // the Play panel's Table and Text tabs (nil until PlayPanel)
	links     playLinks          // events opening their source, run errors opening their code, watches, live re-runs
	why       whyTab             // the Why tab: why a clause fired or not, a value is so, an action is refused (why.go)

	// Canvas returns the canvas of the window the panels are in (the
	// keyboard focus goes to the next choice there); nil: found from the
	// panels once they are drawn.
	Canvas func() fyne.Canvas

	// OnState is called with the id of the state the match is in after
	// each update (the canvas highlights it), "" when no match runs.
	OnState func(id string)

	// OnNoMatch is called when a step command comes with no match to step
	// (the window says how to start one).
	OnNoMatch func()

	// OpenPlace opens a place of the pack: an event's source when its row
	// is picked, the code a run error stopped the match in (the window
	// opens it as a finding's row does); nil: nothing opens.
	OpenPlace func(t place.Target)

	// OnWatches is called with a copy of the Watch tab's expressions after
	// each add and remove (the window keeps them in the project); nil: none.
	OnWatches func(exprs []string)

	// Do runs f on the Fyne goroutine (the window's queue, which its tests
	// drain); the live re-run hands its result back through it. Pack
	// returns the pack as edited now (nil: none), which the live re-run
	// plays the match's moves on; Open reports whether the window is still
	// open (a re-run asked for as it closes does not start). All three must
	// be set before RerunSoon is called.
	Do   func(f func())
	Pack func() *graph.Pack
	Open func() bool
	// Images returns where the table reads the hints' images (a project's
	// kept images, or the pack's folder); nil, or a nil result: none drawn.
	Images func() fs.FS

	// OnTake, when set, is given each move the designer picks on the
	// panel instead of the match shown taking it: a hosted match's moves
	// are the server's to take (the window posts them, and the panel
	// follows the server). Nil: the match shown takes it.
	OnTake func(mv engine.Move)
	// Remote, when set, reports whether s is a copy following a match
	// played elsewhere (a hosted match): its clocks run on the wall clock
	// where it is played, so the panel offers no Wait on it.
	Remote func(s *preview.Session) bool
	// Elsewhere, when set, says why seat (0-based) of s is not chosen for
	// on this panel (a hosted match's seat a person plays from their
	// link), "" when it is: such a seat's actions show as that sentence,
	// without pickers or marks on the table to click.
	Elsewhere func(s *preview.Session, seat int) string

	showing bool       // true while show sets the timeline (its OnChanged must not move)
	breaks  playBreaks // handed to each session (breakpoints.go)
}

// New returns the play and debugger panels with no match.
func New() *Panels {
	p := &Panels{
		status:    widget.NewLabel("No match. Play > New match… starts one."),
		actions:   container.NewVBox(),
		refused:   widget.NewLabel(""),
		message:   widget.NewLabel(""),
		stack:     widget.NewLabel(""),
		exec:      widget.NewLabel(""),
		objects:   widget.NewLabel(""),
		objFilter: ui.NewEntry(),
		events:    NewEventList(),
		filter:    ui.NewEntry(),
		seat:      -1,
		console:   ui.NewEntry(),
		output:    widget.NewLabel(""),
	}
	p.status.Wrapping = fyne.TextWrapWord
	p.message.Wrapping = fyne.TextWrapWord
	p.refused.Wrapping = fyne.TextWrapWord
	p.picking = newPicking(p)
	p.table = newTable(p)
	p.timeline = ui.NewSlider(0, 1)
	p.timeline.OnChanged = p.scrub
	p.controls = container.NewHBox(
		ui.NewButton("◀ Back", p.Back),
		ui.NewButton("Step", p.Step),
		ui.NewButton("Forward ▶", p.Forward),
		ui.NewButton("Continue ▶▶", p.Continue),
	)
	p.objFilter.SetPlaceHolder("filter objects (name, type, zone, chain…)")
	p.objFilter.OnChanged = func(string) {
		if p.sess != nil {
			p.showObjects(p.sess.Match())
		}
	}
	p.filter.SetPlaceHolder("filter events (kind, state, clause, object…)")
	p.filter.OnChanged = func(string) { p.showEvents() }
	p.logSeat = ui.NewSelect([]string{designerLog}, p.pickLogSeat)
	p.logSeat.SetSelectedIndex(0)
	p.console.SetPlaceHolder("Starlark on the match at the cursor; Enter evaluates")
	p.console.OnSubmitted = p.Eval
	p.debugger = container.NewAppTabs(
		container.NewTabItem("State stack", container.NewScroll(p.stack)),
		container.NewTabItem("Execution", container.NewScroll(p.exec)),
		container.NewTabItem("Objects", container.NewBorder(p.objFilter, nil, nil, nil, container.NewScroll(p.objects))),
		container.NewTabItem("Events", container.NewBorder(container.NewBorder(nil, nil, p.logSeat, nil, p.filter), nil, nil, nil, p.events)),
		container.NewTabItem("Console", container.NewBorder(nil, p.console, nil, nil, container.NewScroll(p.output))),
	)
	// The tabs down the left, and long lines scrolling sideways: the
	// Debugger docks in the side column, too narrow for seven tabs in a row
	// and not to be widened by a long wrapper chain.
	p.debugger.SetTabLocation(container.TabLocationLeading)
	p.attachLinks()
	p.debugger.Append(container.NewTabItem(WhyTab, p.newWhyTab()))
	p.debugger.OnSelected = func(ti *container.TabItem) {
		if ti.Text == WhyTab {
			p.showWhy()
		}
	}
	return p
}

// PlayPanel returns the seats' panel: one row of the step controls, the
// timeline and the table's viewer (Seen by) over, on the left, the Table
// tab (the match drawn, filling the room) and the Text tab (the status,
// the last stop, the refused actions), their tabs down the side, and, on
// the right, the actions. It is made once: the panels have one Play panel.
func (p *Panels) PlayPanel() fyne.CanvasObject {
	steps := container.NewHBox(p.controls, p.picking.wait, p.picking.linesBox)
	seen := container.NewHBox(widget.NewLabel("Seen by"), p.table.seat)
	// The step buttons left, Seen by right, the timeline between: seen
	// comes before steps among the row's objects, so that the lines of
	// play's selector stays the panel's last selector, as it was when Seen
	// by lay in the Table tab (the window's tests find it so).
	top := container.New(layout.NewBorderLayout(nil, nil, steps, seen), p.timeline, seen, steps)
	text := container.NewVScroll(container.NewVBox(p.links.live, p.status, p.message, p.refused))
	p.main = container.NewAppTabs(container.NewTabItem(TableTab, p.table.view), container.NewTabItem(TextTab, text))
	// The tabs down the left: the table is drawn as large as the panel's
	// height allows (a table is wider than the panel is high), and a row of
	// tabs over it would take from that height.
	p.main.SetTabLocation(container.TabLocationLeading)
	p.main.OnSelected = func(ti *container.TabItem) { p.table.setShown(ti.Text == TableTab) }
	p.table.setShown(true)
	split := container.NewHSplit(p.main, container.NewVScroll(p.actions))
	split.Offset = 0.62 // a table is height-bound here: wider would leave it as large
	return container.NewBorder(top, nil, nil, nil, split)
}

// The Play panel's tabs: the match drawn, and in words.
const (
	TableTab = "Table"
	TextTab  = "Text"
)

// ShowPlayTab brings the Play panel's tab titled title (TableTab, TextTab)
// to the front; false when PlayPanel was not made or has no such tab.
func (p *Panels) ShowPlayTab(title string) bool {
	if p.main == nil {
		return false
	}
	for _, ti := range p.main.Items {
		if ti.Text == title {
			p.main.Select(ti)
			p.table.setShown(title == TableTab)
			return true
		}
	}
	return false
}

// DebugPanel returns the debugger's tabs.
func (p *Panels) DebugPanel() fyne.CanvasObject { return p.debugger }

// Session returns the match shown (nil before Start).
func (p *Panels) Session() *preview.Session { return p.sess }

// Start plays a new match of a frozen copy of pack, runs it to its first
// person's decision (bots move on their own) and shows it. Compile errors
// and unknown bots are returned and the old match stays.
func (p *Panels) Start(pack *graph.Pack, cfg preview.Config) error {
	s, err := preview.New(pack, cfg)
	if err != nil {
		return err
	}
	p.setSession(s)
	p.arm()
	p.stopped(s.Continue())
	return nil
}

// Show shows session s (a match played again from a record) at its cursor,
// with message on the Play panel and err, a move its rules refused, after it.
func (p *Panels) Show(s *preview.Session, message string, err error) {
	p.setSession(s)
	p.arm()
	p.show()
	if err != nil {
		message += " " + err.Error()
	}
	p.message.SetText(message)
}

// ClearText empties what the designer typed in the debugger (the events'
// and objects' filters, the console and its answers, a watch not added):
// words about another pack's events and objects. A match's end keeps them
// for the next one.
func (p *Panels) ClearText() {
	for _, f := range []*ui.Entry{p.filter, p.objFilter, p.console, p.links.watch.entry} {
		f.SetText("")
	}
	p.output.SetText("")
}

// setSession makes s the match shown. The actions listed for the last one
// go: they are keyed by line, step and head, which a new match can repeat
// with other moves legal.
func (p *Panels) setSession(s *preview.Session) {
	p.sess = s
	p.picking.acts, p.picking.picks = nil, nil
	p.setLogSeats()
	p.table.setSeats()
	p.setWhyClauses(s)
}

// Step takes one step (a bot's decision when the match waits for one).
func (p *Panels) Step() { p.run(p.sess.Step) }

// Continue runs until a person must act, a breakpoint, the end or an error.
func (p *Panels) Continue() { p.run(p.sess.Continue) }

// Forward moves one step forward in the steps already taken (Step at the
// newest step).
func (p *Panels) Forward() { p.Step() }

// Back moves the cursor one step back.
func (p *Panels) Back() {
	if p.sess == nil {
		p.noMatch()
		return
	}
	p.sess.Back()
	p.message.SetText("")
	p.show()
}

// Take takes mv, then lets the bots move until a person must act. At a
// step behind the newest it branches: a new line from there, the old one
// kept.
func (p *Panels) Take(mv engine.Move) {
	if p.sess == nil {
		return
	}
	if p.OnTake != nil {
		p.OnTake(mv)
		return
	}
	take := p.sess.Take
	if c := p.sess.Cursor(); c < p.sess.Head() {
		take = func(mv engine.Move) (preview.Stop, error) { return p.sess.Branch(c, mv) }
	}
	st, err := take(mv)
	if err == nil && st.Reason != preview.Failed && st.Reason != preview.AtBreakpoint && st.Reason != preview.Ended {
		st, err = p.sess.Continue()
	}
	p.stopped(st, err)
}

func (p *Panels) run(f func() (preview.Stop, error)) {
	if p.sess == nil {
		p.noMatch()
		return
	}
	p.stopped(f())
}

// noMatch tells the window a step command found no match.
func (p *Panels) noMatch() {
	if p.OnNoMatch != nil {
		p.OnNoMatch()
	}
}

// scrub moves the cursor to the timeline's step.
func (p *Panels) scrub(v float64) {
	if p.showing || p.sess == nil {
		return
	}
	p.message.SetText("") // it said where the match stopped, elsewhere
	if err := p.sess.JumpTo(int(v)); err != nil {
		p.message.SetText(err.Error())
	}
	p.show()
}

// stopped says why the session stopped and shows the step.
func (p *Panels) stopped(st preview.Stop, err error) {
	switch {
	case err != nil:
		p.message.SetText("Refused: " + err.Error())
	case st.Reason == preview.Failed:
		p.message.SetText(failure(p.sess.Pack(), st.Err))
	case st.Reason == preview.AtBreakpoint:
		var hits []string
		for _, h := range st.Hits {
			hits = append(hits, h.Why)
		}
		p.message.SetText(fmt.Sprintf("Breakpoint at step %d: %s", st.Step, strings.Join(hits, "; ")))
	case st.Reason == preview.Ended:
		p.message.SetText(p.endText(st.Step))
	case st.Reason == preview.NeedsPerson:
		p.message.SetText(p.waitText(st.Seats))
	default:
		p.message.SetText("")
	}
	p.show()
	p.openFailure(st)
}

// waitText says which people must choose before the match moves on (Step
// and Continue wait for them).
func (p *Panels) waitText(seats []int) string {
	cfg := p.sess.Config().Seats
	names := make([]string, 0, len(seats))
	for _, i := range seats {
		if i >= 0 && i < len(cfg) {
			names = append(names, diagram.SeatName(cfg[i].Name, cfg[i].Bot, i))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return strings.Join(names, ", ") + " must choose (below) before the match goes on."
}

// endText says that the match ended at step, who won and each seat's score.
func (p *Panels) endText(step int) string {
	m, seats := p.sess.Match(), p.sess.Config().Seats
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = diagram.SeatName(s.Name, s.Bot, i)
	}
	return fmt.Sprintf("The match is over at step %d: %s", step, outcome(names, m.Scores(), m.Winners()))
}

// outcome says who won (the seats with the best score: every seat on a
// draw) and each seat's score: "Player 1 wins. Scores: Player 1 1, Player 2 0."
func outcome(names []string, scores, winners []int) string {
	var b strings.Builder
	switch {
	case len(winners) == len(names) && len(names) > 1:
		b.WriteString("a draw.")
	case len(winners) == 1:
		b.WriteString(names[winners[0]] + " wins.")
	case len(winners) > 1:
		var w []string
		for _, i := range winners {
			w = append(w, names[i])
		}
		b.WriteString(strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1] + " win.")
	default:
		b.WriteString("no winner.")
	}
	var sc []string
	for i, n := range names {
		if i < len(scores) {
			sc = append(sc, fmt.Sprintf("%s %d", n, scores[i]))
		}
	}
	if len(sc) > 0 {
		b.WriteString(" Scores: " + strings.Join(sc, ", ") + ".")
	}
	return b.String()
}
