package play

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/editor/ui"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
)

// picking is what the Play panel offers the people's seats at the cursor:
// per seat its actions ([preview.GroupMoves]) and the move being picked
// ([preview.Pick]), and the lines of play to switch between.
type picking struct {
	at    [3]int                        // line, cursor and head the actions were listed at
	acts  map[int][]preview.ActionMoves // per person's seat deciding there
	picks map[int]*preview.Pick         // per seat, the move being picked (nil: choose an action)
	// barred are the people's seats that have moves at the cursor but
	// cannot take one there: the match did not wait at that step
	// (preview.Session.CanBranch), so the panel says why instead.
	barred []int
	lines  *ui.Select // the lines of play (shown when there are two or more)
	// linesBox holds lines over a strut as wide as its widest option: a
	// Select is only as wide as its placeholder, and cut "Line 2 · from
	// line 1 at step 6" to "Line 2 · fro…".
	linesBox *fyne.Container
	strut    *canvas.Rectangle
	wait     *ui.Button // lets WaitStep of time pass (shown when the match has clocks)
	next     *Choice    // the choice drawActions gives the focus to (focusChoice)
	ids      []int      // the line id of each of lines' options
}

func newPicking(p *Panels) *picking {
	k := &picking{lines: ui.NewSelect(nil, nil)}
	k.lines.OnChanged = func(string) { p.switchLine() }
	k.strut = canvas.NewRectangle(color.Transparent)
	k.linesBox = container.NewStack(k.strut, k.lines)
	k.linesBox.Hide()
	k.wait = ui.NewButton(fmt.Sprintf("Wait %v", WaitStep), p.Wait)
	k.wait.Hide()
	return k
}

// WaitStep is the time the Play panel's Wait button lets pass.
const WaitStep = 10 * time.Second

// Wait lets WaitStep of virtual time pass at the newest step: the clocks of
// the players who must act run down (one running out plays the pack's
// timeout rule), then the bots move until a person must act.
func (p *Panels) Wait() {
	if p.sess == nil || p.remote() {
		return
	}
	st, err := p.sess.Wait(WaitStep)
	if err == nil && st.Reason == preview.Stepped && p.sess.Cursor() == p.sess.Head() {
		st, err = p.sess.Continue()
	}
	p.stopped(st, err)
}

// remote reports whether the match shown is played elsewhere (Remote).
func (p *Panels) remote() bool {
	return p.Remote != nil && p.Remote(p.sess)
}

// elsewhere is why seat is not chosen for on this panel (Elsewhere), "" when
// it is.
func (p *Panels) elsewhere(seat int) string {
	if p.Elsewhere == nil {
		return ""
	}
	return p.Elsewhere(p.sess, seat)
}

// currentLine returns the id of the session's current line.
func currentLine(s *preview.Session) int {
	for _, l := range s.Lines() {
		if l.Current {
			return l.ID
		}
	}
	return 0
}

// showActions lists, at the cursor, the legal moves of each person's seat
// grouped by action (a bot's seat shows none) and shows them. The moves
// being picked are kept while the cursor stays on the same step of the same
// line. Behind the newest step only the steps where the match waited for a
// decision offer actions: taking one there branches (Panels.Take).
func (p *Panels) showActions(m *engine.Match) {
	s, k := p.sess, p.picking
	at := [3]int{currentLine(s), s.Cursor(), s.Head()}
	if at != k.at || k.acts == nil {
		k.at, k.acts, k.picks, k.barred = at, map[int][]preview.ActionMoves{}, map[int]*preview.Pick{}, nil
		for seat, st := range s.Config().Seats {
			if st.Bot != "" {
				continue
			}
			moves, err := m.Legal(seat)
			if err != nil || len(moves) == 0 {
				continue
			}
			if !s.CanBranch(s.Cursor()) {
				k.barred = append(k.barred, seat)
				continue
			}
			k.acts[seat] = preview.GroupMoves(s.Pack(), moves)
			if acts := k.acts[seat]; len(acts) == 1 && len(acts[0].Params) > 0 {
				k.picks[seat] = preview.NewPick(acts[0]) // the only action: straight to its pickers
			}
		}
	}
	p.drawActions()
}

// drawActions rebuilds the actions panel from the listed actions and picks.
func (p *Panels) drawActions() {
	p.actions.RemoveAll()
	p.picking.next = nil
	defer func() {
		p.focusChoice(p.picking.next)
		p.table.view.setMarks(p.choosable()) // what a click on the table chooses follows the pickers
	}()
	for _, seat := range p.picking.barred {
		l := widget.NewLabel(p.barredText(seat))
		l.Wrapping = fyne.TextWrapWord
		p.actions.Add(l)
	}
	for seat := range p.sess.Config().Seats {
		acts := p.picking.acts[seat]
		if len(acts) == 0 {
			continue
		}
		head := fmt.Sprintf("Player %d acts:", seat+1)
		if p.sess.Cursor() < p.sess.Head() {
			head = fmt.Sprintf("Player %d acts (a new line from step %d):", seat+1, p.sess.Cursor())
		}
		if why := p.elsewhere(seat); why != "" {
			l := widget.NewLabel(why)
			l.Wrapping = fyne.TextWrapWord
			p.actions.Add(l)
			continue
		}
		p.actions.Add(widget.NewLabel(head))
		if pk := p.picking.picks[seat]; pk != nil {
			p.addPickers(seat, pk)
		} else {
			p.addActionButtons(seat, acts)
		}
	}
}

// addActionButtons adds a button per action of seat: one without
// parameters is taken at once, one with them opens its pickers.
func (p *Panels) addActionButtons(seat int, acts []preview.ActionMoves) {
	row := container.New(layout.NewRowWrapLayout())
	for _, a := range acts {
		label := a.Action
		if len(a.Params) > 0 {
			label += "…"
		}
		b := p.button(label, func() {
			pk := preview.NewPick(a)
			if mv, ok := pk.Move(); ok && len(a.Params) == 0 {
				p.Take(mv)
				return
			}
			p.picking.picks[seat] = pk
			p.drawActions()
		})
		if p.picking.next == nil {
			p.picking.next = b
		}
		row.Add(b)
	}
	p.actions.Add(row)
}

// chosenMark begins the label of a value chosen.
const chosenMark = "✓ "

// addPickers adds, for the action pk picks, a row of values per parameter
// picked or to pick (a choose-k parameter's elements toggle; values that
// lead to no legal move are disabled), then Take, enabled once the picks
// name a legal move, and Cancel.
func (p *Panels) addPickers(seat int, pk *preview.Pick) {
	var open *Choice // the choice to focus: Take when complete, else the first value open
	for i := 0; i <= pk.Current() && i < len(pk.Params); i++ {
		prm := pk.Params[i]
		title := fmt.Sprintf("%s · %s:", pk.Action, prm.Name)
		if prm.Choose > 0 {
			title = fmt.Sprintf("%s · %s (choose %d, %d chosen):", pk.Action, prm.Name, prm.Choose, len(pk.Picked(i)))
		}
		p.actions.Add(widget.NewLabel(title))
		row := container.New(layout.NewRowWrapLayout())
		for _, o := range pk.Options(i) {
			text := shownSuits(valueText(p.sess.Pack(), o.Value), darkTheme())
			label := text
			if o.Chosen {
				label = chosenMark + label
			}
			b := p.button(label, func() {
				if err := pk.Choose(i, o.Value); err != nil {
					p.message.SetText(err.Error())
				}
				p.drawActions()
			})
			b.reserve(chosenMark + text)
			if o.Chosen {
				b.Importance = widget.HighImportance
				b.Refresh()
			}
			if !o.Open {
				b.Disable()
			} else if !o.Chosen && open == nil {
				open = b
			}
			row.Add(b)
		}
		p.actions.Add(row)
	}
	mv, ok := pk.Move()
	take := p.button("Take "+pk.Action, func() { p.Take(mv) })
	take.Importance = widget.HighImportance
	if !ok {
		take.Disable()
	} else {
		open = take
	}
	if p.picking.next == nil {
		p.picking.next = open
	}
	cancel := p.button("Cancel", func() {
		p.picking.picks[seat] = nil
		p.drawActions()
	})
	p.actions.Add(container.NewHBox(take, cancel))
}

// seatExtras is what a seat sees beside its status line: its clock (when
// the match has clocks) and its private args, "" when neither.
func (p *Panels) seatExtras(m *engine.Match, v *engine.View) string {
	var parts []string
	if p.sess.Config().Clock > 0 {
		parts = append(parts, "clock "+clockText(m.Clock(v.Seat)))
	}
	if len(v.PrivateArgs) > 0 {
		keys := make([]string, 0, len(v.PrivateArgs))
		for k := range v.PrivateArgs {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for i, k := range keys {
			keys[i] = fmt.Sprintf("%s = %v", k, v.PrivateArgs[k])
		}
		parts = append(parts, "private: "+strings.Join(keys, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return "\n    " + strings.Join(parts, " · ")
}

// clockText is a time bank as minutes and seconds: "4:07".
func clockText(d time.Duration) string {
	sec := int(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}

// showLines fills the lines selector: hidden with one line, else one option
// per line ("Line 2 · from line 1 at step 6"), the current one selected;
// and shows Wait at the newest step of a match with clocks.
func (p *Panels) showLines() {
	k := p.picking
	lines := p.sess.Lines()
	k.ids = k.ids[:0]
	opts := make([]string, len(lines))
	cur := ""
	for i, l := range lines {
		opts[i] = fmt.Sprintf("Line %d", l.ID)
		if l.Parent != 0 {
			opts[i] += fmt.Sprintf(" · from line %d at step %d", l.Parent, l.At)
		}
		k.ids = append(k.ids, l.ID)
		if l.Current {
			cur = opts[i]
		}
	}
	if p.sess.Config().Clock > 0 && p.sess.Cursor() == p.sess.Head() && !p.remote() {
		k.wait.Show()
	} else {
		k.wait.Hide()
	}
	k.lines.Options = opts
	p.showing = true
	k.lines.SetSelected(cur)
	p.showing = false
	widest := float32(0)
	for _, o := range opts {
		widest = max(widest, fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	// The Select's own padding and its drop-down icon (its renderer's MinSize).
	k.strut.SetMinSize(fyne.NewSize(widest+4*theme.InnerPadding()+theme.IconInlineSize(), 0))
	if len(lines) > 1 {
		k.lines.Show()
		k.linesBox.Show()
	} else {
		k.lines.Hide()
		k.linesBox.Hide()
	}
	k.linesBox.Refresh()
}

// switchLine makes the line selected the current one and shows it.
func (p *Panels) switchLine() {
	if p.showing || p.sess == nil {
		return
	}
	k := p.picking
	i := k.lines.SelectedIndex()
	if i < 0 || i >= len(k.ids) {
		return
	}
	if err := p.sess.Switch(k.ids[i]); err != nil {
		p.message.SetText(err.Error())
	}
	p.message.SetText("")
	p.show()
}

// barredText says why seat, a person with moves at the cursor, is offered
// none: a move can be taken again only at a step where the match waited for
// one (preview.Session.CanBranch), and where the designer can choose.
func (p *Panels) barredText(seat int) string {
	s := p.sess
	cfg := s.Config().Seats[seat]
	where := "Go to the newest step to choose."
	for k := s.Cursor() + 1; k <= s.Head(); k++ {
		if !s.CanBranch(k) {
			continue
		}
		where = fmt.Sprintf("Go to step %d, where a move was taken, to choose another there (a new line of play).", k)
		if k == s.Head() {
			where = fmt.Sprintf("Go to step %d, the newest step, to choose.", k)
		}
		break
	}
	return fmt.Sprintf("%s cannot choose at step %d: the match did not wait for a decision at this step, and another move can be taken only where one was taken. %s",
		diagram.SeatName(cfg.Name, cfg.Bot, seat), s.Cursor(), where)
}
