package preview

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// Hit is a breakpoint that holds at a step, and what it saw.
type Hit struct {
	Index      int // in Breakpoints()
	Breakpoint graph.Breakpoint
	Why        string // "entered state 31 (playerTurn)", "Elf Lord#3.power: 2 -> 4"
}

// Breakpoints returns the session's breakpoints.
func (s *Session) Breakpoints() []graph.Breakpoint { return append([]graph.Breakpoint(nil), s.bps...) }

// SetBreakpoints replaces the session's breakpoints. Each is checked first:
// its fields for its kind and what it names in the pack (its clause, the
// variable or property of its target: graph.Breakpoint.CheckIn), and that
// its condition compiles; the first
// that is wrong is an error naming it, and nothing changes.
func (s *Session) SetBreakpoints(bps []graph.Breakpoint) error {
	for i, b := range bps {
		if err := s.validate(b); err != nil {
			return fmt.Errorf("breakpoint %d (%s): %w", i+1, b, err)
		}
	}
	s.bps = append([]graph.Breakpoint(nil), bps...)
	return nil
}

func (s *Session) validate(b graph.Breakpoint) error {
	if err := b.CheckIn(s.pack); err != nil {
		return err
	}
	if b.Condition != "" {
		var ce engine.Errors
		if _, err := s.Match().Eval(b.Condition); errors.As(err, &ce) {
			return fmt.Errorf("condition: %w", err)
		}
	}
	return nil
}

// splitTarget splits "owner.name" at its last dot ("", name without one).
func splitTarget(target string) (owner, name string) {
	if i := strings.LastIndexByte(target, '.'); i >= 0 {
		return target[:i], target[i+1:]
	}
	return "", target
}

// stepView reads the match at steps near the one checked, each read once:
// a session forks its line at them; a search has the position and the one
// before it at hand.
type stepView struct {
	read  func(step int) *engine.Match
	at    map[int]*engine.Match
	clock bool // the match has clocks
}

func (v *stepView) match(step int) *engine.Match {
	if m, ok := v.at[step]; ok {
		return m
	}
	m := v.read(step)
	v.at[step] = m
	return m
}

// check returns the breakpoints that hold at step (the step's events, its
// state and the state before it).
func (s *Session) check(step int) ([]Hit, error) {
	v := &stepView{read: s.matchAt, at: map[int]*engine.Match{}, clock: s.cfg.Clock != 0}
	return hitsAt(s.bps, step, s.StepEvents(step), v), nil
}

// hitsAt returns the breakpoints of bps that hold at step, whose events are
// given and whose matches v reads.
func hitsAt(bps []graph.Breakpoint, step int, events []engine.Event, v *stepView) []Hit {
	var hits []Hit
	for i, b := range bps {
		if !b.Enabled {
			continue
		}
		why := holds(b, step, events, v)
		if why == "" {
			continue
		}
		if b.Condition != "" && b.Kind != graph.BreakCondition && !truth(v.match(step), b.Condition) {
			continue
		}
		hits = append(hits, Hit{Index: i, Breakpoint: b, Why: why})
	}
	return hits
}

// stateEvents are the events each state breakpoint watches: a state is
// entered by a transition or a call, and left by a transition or a return.
var stateEvents = map[graph.BreakKind][]string{
	graph.BreakEnter: {engine.EvStateEntered, engine.EvStateCalled}, graph.BreakLeave: {engine.EvStateLeft, engine.EvStateReturned},
	graph.BreakCall: {engine.EvStateCalled}, graph.BreakReturn: {engine.EvStateReturned},
}

var stateVerbs = map[string]string{engine.EvStateEntered: "entered", engine.EvStateCalled: "called", engine.EvStateLeft: "left", engine.EvStateReturned: "returned from"}

// holds says what b saw at step ("" when it does not hold).
func holds(b graph.Breakpoint, step int, events []engine.Event, v *stepView) string {
	switch b.Kind {
	case graph.BreakEnter, graph.BreakLeave, graph.BreakCall, graph.BreakReturn:
		for _, e := range events {
			if slices.Contains(stateEvents[b.Kind], e.Kind) && (b.State == "" || b.State == e.StateID || b.State == e.State) {
				return fmt.Sprintf("%s state %s (%s)", stateVerbs[e.Kind], e.StateID, e.State)
			}
		}
	case graph.BreakClause:
		for _, e := range events {
			if e.Kind == engine.EvClauseFired && (e.Clause == b.Clause || strings.HasPrefix(e.Clause, b.Clause+"/")) {
				return "fired " + e.Name + " (" + e.Clause + ")"
			}
		}
	case graph.BreakVariable:
		// The first variable of the target to change, with the value the
		// step leaves it (what the condition reads), not its first change.
		found, last := -1, ""
		for i, e := range events {
			if e.Kind != engine.EvVariable || !variableIs(b.Target, e, v, step) {
				continue
			}
			if found < 0 {
				found = i
			}
			if f := events[found]; e.Name == f.Name && e.Player == f.Player && e.Object == f.Object {
				last = e.Detail
			}
		}
		if found >= 0 {
			name := events[found].Name
			if e := events[found]; e.Player != 0 && e.Object == 0 && !strings.Contains(name, ".") {
				name = fmt.Sprintf("player %d.%s", e.Player, name) // whose: "out" alone says not
			}
			return name + " = " + last
		}
	case graph.BreakProperty:
		return propertyChange(b.Target, v, step)
	case graph.BreakCondition:
		if truth(v.match(step), b.Condition) && (step == 0 || !truth(v.match(step-1), b.Condition)) {
			return "became true: " + b.Condition
		}
	case graph.BreakDepth:
		now := len(v.match(step).Stack())
		if int64(now) > b.N && (step == 0 || int64(len(v.match(step-1).Stack())) <= b.N) {
			return fmt.Sprintf("the state stack is %d deep", now)
		}
	case graph.BreakClock:
		if !v.clock {
			return ""
		}
		for seat := range v.match(step).Seats() {
			now := v.match(step).Clock(seat).Milliseconds()
			if now < b.N && (step == 0 || v.match(step-1).Clock(seat).Milliseconds() >= b.N) {
				return fmt.Sprintf("player %d's clock is at %dms", seat+1, now)
			}
		}
	}
	return ""
}

// variableIs reports whether variable event e is of target (see
// graph.Breakpoint).
func variableIs(target string, e engine.Event, v *stepView, step int) bool {
	owner, name := splitTarget(target)
	if e.Field != name {
		return false
	}
	switch {
	case owner == "":
		return true
	case owner == "game":
		return e.Object == 0 && e.Player == 0 && strings.HasPrefix(e.Name, "game.")
	case owner == "player":
		return e.Player != 0 && e.Object == 0
	case strings.HasPrefix(owner, "#"):
		return e.Object != 0 && strconv.Itoa(e.Object) == owner[1:]
	case e.Object == 0:
		return false
	}
	typ, ok := v.match(step).ObjectType(e.Object)
	if !ok && step > 0 { // destroyed in this step
		typ, _ = v.match(step - 1).ObjectType(e.Object)
	}
	return typ == owner
}

// propertyChange says which object's property of target changed from the
// step before to step ("" when none did). Objects that came or went do not
// count: a property changes on an object that stays.
func propertyChange(target string, v *stepView, step int) string {
	if step == 0 {
		return ""
	}
	owner, name := splitTarget(target)
	expr := fmt.Sprintf("[(o.id, o.%s) for o in objects(type=%q)]", name, owner)
	if strings.HasPrefix(owner, "#") {
		expr = fmt.Sprintf("[(o.id, o.%s) for o in objects() if o.id == %s]", name, owner[1:])
	}
	before, now := propertyValues(v.match(step-1), expr), propertyValues(v.match(step), expr)
	for _, id := range now.ids {
		if old, ok := before.vals[id]; ok && old != now.vals[id] {
			label := "#" + strconv.Itoa(id)
			if m := v.match(step); m != nil {
				for _, o := range m.Objects() {
					if o.ID == id {
						label = o.Label
					}
				}
			}
			return fmt.Sprintf("%s.%s: %s -> %s", label, name, old, now.vals[id])
		}
	}
	return ""
}

type idValues struct {
	ids  []int
	vals map[int]string
}

// propertyValues evaluates a list of (id, value) pairs; an error gives none.
func propertyValues(m *engine.Match, expr string) idValues {
	out := idValues{vals: map[int]string{}}
	x, err := m.Eval(expr)
	l, ok := x.(*starlark.List)
	if err != nil || !ok {
		return out
	}
	for i := 0; i < l.Len(); i++ {
		pair, ok := l.Index(i).(starlark.Tuple)
		if !ok || len(pair) != 2 {
			continue
		}
		var id int
		if starlark.AsInt(pair[0], &id) == nil {
			out.ids = append(out.ids, id)
			out.vals[id] = pair[1].String()
		}
	}
	return out
}

// truth evaluates a condition in m; an error is false.
func truth(m *engine.Match, cond string) bool {
	x, err := m.Eval(cond)
	return err == nil && bool(x.Truth())
}
