package diagram

import (
	"fmt"
	"image/color"
	"math"

	"github.com/rulestudio/studio/editor/style"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
)

// MatchMarks is what the canvas draws of a preview match at its session's
// cursor: the state the match is in (ringed in green, apart from the
// selection), the seats that may act there (a tag on the ring), and how
// often each state was entered and each transition, call and return taken
// up to the cursor (boxes tinted green and arrows widened by their counts,
// each count drawn as a number). States and transitions are keyed by id as written, as the
// engine's events name them.
type MatchMarks struct {
	Current string                // the state the match is in (the top of the state stack); "" when unknown
	Active  []string              // the seats that may act at the cursor, by name ("Player 2 (random)"), seat order
	Visits  map[string]int        // state_entered and state_called, by state id
	Taken   map[TransitionRef]int // state_left, by the state left and the transition's name
	Calls   map[CallRef]int       // state_called, by caller and called state
	Returns map[CallRef]int       // state_returned, by caller and called state

	maxVisits, maxTaken int
}

// CallRef names a call between states: the caller's id and the called
// state's, as written.
type CallRef struct {
	Caller, Called string
}

// MarksOf reads the marks of s at its cursor from the events up to it
// (preview.Session.Log): a state is visited when it is entered or called, a
// transition taken when its state is left by it (state_left names the
// transition; a seat's move between private states too). A call's caller is not
// in its event: it is the top of the state stack the events rebuild (the
// engine enters a state in place of the top frame, pushes a called one and
// pops it on its return).
func MarksOf(s *preview.Session) *MatchMarks {
	mk := &MatchMarks{Visits: map[string]int{}, Taken: map[TransitionRef]int{}, Calls: map[CallRef]int{}, Returns: map[CallRef]int{}}
	var stack []string
	for _, e := range s.Log() {
		switch {
		case e.Kind == engine.EvStateEntered && e.Detail == "private": // a seat's own state: the stack stays
			mk.Visits[e.StateID]++
		case e.Kind == engine.EvStateEntered:
			mk.Visits[e.StateID]++
			if len(stack) == 0 {
				stack = append(stack, "")
			}
			stack[len(stack)-1] = e.StateID
		case e.Kind == engine.EvStateCalled:
			mk.Visits[e.StateID]++
			if len(stack) > 0 {
				mk.Calls[CallRef{stack[len(stack)-1], e.StateID}]++
			}
			stack = append(stack, e.StateID)
		case e.Kind == engine.EvStateReturned && len(stack) > 1:
			stack = stack[:len(stack)-1]
			mk.Returns[CallRef{stack[len(stack)-1], e.StateID}]++
		case e.Kind == engine.EvStateLeft: // a transition's name may be "" (gameSetup's)
			mk.Taken[TransitionRef{From: e.StateID, Name: e.Name}]++
		}
	}
	for _, n := range mk.Visits {
		mk.maxVisits = max(mk.maxVisits, n)
	}
	for _, n := range mk.Taken {
		mk.maxTaken = max(mk.maxTaken, n)
	}
	for _, n := range mk.Calls {
		mk.maxTaken = max(mk.maxTaken, n)
	}
	for _, n := range mk.Returns {
		mk.maxTaken = max(mk.maxTaken, n)
	}
	if fr, err := s.Match().Frames(); err == nil && len(fr) > 0 {
		mk.Current = fr[len(fr)-1].StateID
	}
	seats := s.Config().Seats
	if deciding, err := s.Deciding(); err == nil {
		for _, seat := range deciding {
			if seat < len(seats) {
				mk.Active = append(mk.Active, SeatName(seats[seat].Name, seats[seat].Bot, seat))
			}
		}
	}
	return mk
}

// SetMatch draws mk over the graph; nil clears it (the match closed). While
// a match is drawn its marks take the place of a playtest's heat, which
// comes back when the match closes.
func (g *View) SetMatch(mk *MatchMarks) {
	g.match = mk
	g.Refresh()
}

// Match returns the preview match's marks drawn over the graph, or nil.
func (g *View) Match() *MatchMarks { return g.match }

// SetBreakpointStates draws a red dot on each state of bps: filled when one
// of its breakpoints is enabled (true), a ring when all are disabled
// (false). nil draws none.
func (g *View) SetBreakpointStates(bps map[string]bool) {
	g.breaks = bps
	g.Refresh()
}

// BreakpointStates returns the states drawn with a breakpoint dot, as
// SetBreakpointStates was given them (do not change it).
func (g *View) BreakpointStates() map[string]bool { return g.breaks }

// matchBox fills box o of state n by its visits in the match; it reports
// false (nothing done) when no match is drawn. An unvisited state keeps its
// type's fill.
func (r *graphRenderer) matchBox(o *nodeObjects, n node) bool {
	mk := r.g.match
	if mk == nil {
		return false
	}
	o.box.FillColor = style.TypeFill(n.typ)
	if v := mk.Visits[n.id]; v > 0 {
		o.box.FillColor = mix(style.MatchCold, style.MatchHot, heatLevel(int64(v), int64(mk.maxVisits)))
	}
	return true
}

// matchEdge restyles an arrow the match took (a transition, a call, a
// return): green and from 2 to 6 times the normal width by its uses, its
// dashes kept. ok is false when no match is drawn.
func (r *graphRenderer) matchEdge(e edge, hot bool, col color.NRGBA, width float32) (color.NRGBA, float32, bool) {
	mk := r.g.match
	if mk == nil {
		return col, width, false
	}
	n := r.g.matchCount(e)
	if n == 0 {
		return col, width, true
	}
	if !hot {
		col = style.MatchTaken
	}
	return col, width * float32(2+4*heatLevel(int64(n), int64(mk.maxTaken))), true
}

// matchCount is how often the match took arrow e: a transition, a call or
// a return (0 for the others, and without a match).
func (g *View) matchCount(e edge) int {
	mk := g.match
	if mk == nil || e.inferred {
		return 0
	}
	from, to := g.nodes[e.from].id, g.nodes[e.to].id
	switch e.kind {
	case transitionEdge:
		return mk.Taken[TransitionRef{From: from, Name: e.name}]
	case callEdge:
		return mk.Calls[CallRef{Caller: from, Called: to}]
	case returnEdge:
		return mk.Returns[CallRef{Caller: to, Called: from}]
	}
	return 0
}

// edgeCount is the count drawn on arrow i: its uses in the match, else in
// the playtest; "" when neither counts it.
func (g *View) edgeCount(i int) string {
	e := g.edges[i]
	switch {
	case g.match != nil:
		if n := g.matchCount(e); n > 0 {
			return fmt.Sprintf("×%d", n)
		}
	case g.heat != nil && e.kind == transitionEdge && !e.inferred:
		if n := g.heat.Uses[TransitionRef{From: g.nodes[e.from].id, Name: e.name}]; n > 0 {
			return countText(n)
		}
	}
	return ""
}

// visitCount is the count drawn in state id's box while a match is shown.
func (g *View) visitCount(id string) string {
	if g.match == nil || g.match.Visits[id] == 0 {
		return ""
	}
	return fmt.Sprintf("×%d", g.match.Visits[id])
}

// countText shortens a playtest's large counts: ×950, ×12.3k, ×4.1M.
func countText(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("×%d", n)
	case n < 1_000_000:
		return fmt.Sprintf("×%.3gk", float64(n)/1e3)
	}
	return fmt.Sprintf("×%.3gM", math.Round(float64(n)/1e4)/100)
}

// SeatName is how the window names a seat (0-based): its name, or "Player
// N" when it has none, and its bot in brackets when a bot plays it.
func SeatName(name, bot string, seat int) string {
	if name == "" {
		name = fmt.Sprintf("Player %d", seat+1)
	}
	if bot != "" {
		name += " (" + bot + ")"
	}
	return name
}
