package play

import (
	"fmt"
	"strings"

	"github.com/rulestudio/studio/editor/diagram"
	"github.com/rulestudio/studio/engine"
)

// show updates every panel for the step at the session's cursor.
func (p *Panels) show() {
	s := p.sess
	m := s.Match()
	p.showing = true
	p.timeline.Max = float64(max(s.Head(), 1))
	p.timeline.SetValue(float64(s.Cursor()))
	p.showing = false
	p.showSeats(m)
	p.showLines()
	p.showStack(m)
	p.showExec(m)
	p.showObjects(m)
	p.showEvents()
	if p.OnState != nil {
		id := ""
		if fr, err := m.Frames(); err == nil && len(fr) > 0 {
			id = fr[len(fr)-1].StateID
		}
		p.OnState(id)
	}
	p.showLinks()
	if sel := p.debugger.Selected(); sel != nil && sel.Text == WhyTab {
		p.showWhy() // asked only while in front: it evaluates each condition's parts
	}
	p.table.redraw()
}

// showSeats writes the status line of each seat (its description, or
// descriptionmyturn for a deciding seat, substituted; its clock and private
// args) and the deciding people's actions (showActions); at a step behind
// the newest, taking one branches.
func (p *Panels) showSeats(m *engine.Match) {
	s := p.sess
	var b strings.Builder
	fmt.Fprintf(&b, "Step %d of %d · %s", s.Cursor(), s.Head(), m.StateName())
	seats := len(s.Config().Seats)
	for seat := 0; seat < seats; seat++ {
		v, err := m.View(seat)
		if err != nil {
			continue
		}
		fmt.Fprintf(&b, "\n%s: %s", diagram.SeatName(s.Config().Seats[seat].Name, s.Config().Seats[seat].Bot, seat), v.Description)
		b.WriteString(p.seatExtras(m, v))
	}
	p.status.SetText(b.String())

	p.actions.RemoveAll()
	var refused []string
	if !m.Over() && (s.Cursor() < s.Head() || s.Err() == nil) {
		p.showActions(m)
		for seat := 0; seat < seats; seat++ {
			why, _ := m.WhyNot(seat)
			refused = append(refused, refusalLines(why)...)
		}
	} else {
		// No one chooses at the end or after a failure: the last
		// decision's choices go, and the table rings and fades nothing.
		p.picking.acts, p.picking.picks, p.picking.barred = nil, nil, nil
		p.table.view.setMarks(nil)
	}
	if len(refused) > 0 {
		p.refused.SetText("Not available:\n" + strings.Join(refused, "\n"))
	} else {
		p.refused.SetText("")
	}
}

// showStack writes the state stack, bottom first: each frame's state, its
// parameters, its pending transition and each seat's ending status.
func (p *Panels) showStack(m *engine.Match) {
	frames, err := m.Frames()
	if err != nil {
		p.stack.SetText(err.Error())
		return
	}
	var b strings.Builder
	for i, f := range frames {
		fmt.Fprintf(&b, "%d. %s (%s)", i+1, f.State, f.StateID)
		for _, nv := range f.Params {
			fmt.Fprintf(&b, " %s=%s", nv.Name, nv.Value)
		}
		if f.HasPending {
			fmt.Fprintf(&b, " · waits to take %q", f.Pending)
		}
		if len(f.Ended) > 0 {
			fmt.Fprintf(&b, " · ended: %s", seatList(f.Ended))
		}
		if len(f.Deciding) > 0 {
			fmt.Fprintf(&b, " · deciding: %s", seatList(f.Deciding))
		}
		b.WriteByte('\n')
	}
	p.stack.SetText(b.String())
}

func seatList(seats []int) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = fmt.Sprintf("p%d", s+1)
	}
	return strings.Join(parts, " ")
}

// showExec writes the execution stack: the pending bodies with their
// source clause and object.
func (p *Panels) showExec(m *engine.Match) {
	var b strings.Builder
	for _, pb := range m.ExecStack() {
		fmt.Fprintf(&b, "%s · %s · object #%d · frame %d\n", pb.What, pb.Clause, pb.Object, pb.Frame)
	}
	if b.Len() == 0 {
		b.WriteString("(nothing pending)")
	}
	p.exec.SetText(b.String())
}

// showObjects writes each object's tags, variables and properties, and for
// each wrapped one its chain: base, each wrapper with its source object and
// clause and the value after it, final.
// Only the objects whose text holds the Objects tab's filter (any case:
// "battlefield", "elf", "chain") are listed.
func (p *Panels) showObjects(m *engine.Match) {
	var all strings.Builder
	want := strings.ToLower(strings.TrimSpace(p.objFilter.Text))
	for _, ob := range m.Objects() {
		var b strings.Builder
		fmt.Fprintf(&b, "%s (%s)", ob.Label, ob.Type)
		if len(ob.Tags) > 0 {
			fmt.Fprintf(&b, " tags: %s", strings.Join(ob.Tags, ", "))
		}
		b.WriteByte('\n')
		for _, nv := range ob.Variables {
			fmt.Fprintf(&b, "    var %s = %s\n", nv.Name, nv.Value)
		}
		for _, nv := range ob.Properties {
			fmt.Fprintf(&b, "    prop %s = %s\n", nv.Name, nv.Value)
		}
		for _, name := range ob.Wrapped {
			writeChain(&b, m, ob.ID, name)
		}
		if want == "" || strings.Contains(strings.ToLower(b.String()), want) {
			all.WriteString(b.String())
		}
	}
	if all.Len() == 0 && want != "" {
		all.WriteString("(no object's text holds \"" + want + "\")")
	}
	p.objects.SetText(all.String())
}

func writeChain(b *strings.Builder, m *engine.Match, id int, name string) {
	c, err := m.Chain(id, name)
	fmt.Fprintf(b, "    chain %s %s: base %s\n", c.Kind, name, c.Base)
	for _, l := range c.Links {
		fmt.Fprintf(b, "      → %s [%s] = %s\n", l.Label, l.Clause, l.Value)
	}
	if err != nil {
		fmt.Fprintf(b, "      error: %v\n", err)
		return
	}
	fmt.Fprintf(b, "      final %s\n", c.Final)
}

// Eval runs the console's line on the match at the cursor: an expression
// shows its value; statements run (on the shown fork, not the session).
func (p *Panels) Eval(src string) {
	if p.sess == nil || strings.TrimSpace(src) == "" {
		return
	}
	m := p.sess.Match()
	out := ">>> " + src + "\n"
	if v, err := m.Eval(src); err == nil {
		out += v.String()
	} else if err2 := m.Exec(src); err2 == nil {
		out += "ok"
	} else {
		out += consoleError(err)
	}
	p.output.SetText(p.output.Text + out + "\n")
	p.console.SetText("")
	p.show() // the shown fork may have changed
}
