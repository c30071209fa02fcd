package graph

import (
	"regexp"
	"strings"
)

// The graph checks: states unreachable from state 1, states from which state 99
// cannot be reached, and transitions no code ever takes (only for packs whose code
// is all in the pack, where that can be known).

var (
	callRe     = regexp.MustCompile(`\bcall\(\s*['"]([^'"]+)['"]`)
	transRe    = regexp.MustCompile(`\b(?:next_state|deactivate)\(([^)]*)\)`)
	quotedRe   = regexp.MustCompile(`['"]([^'"]*)['"]`)
	zombieName = "zombie"
)

func (c *checker) checkPaths() {
	start, end := c.endpoints()
	if start == nil {
		return
	}
	jumps := 0
	for _, s := range c.p.States {
		if c.jumpOnly(s) {
			jumps++
		}
	}
	if jumps > 0 {
		c.report(Info, "reachability", Pos{}, StateID{}, "reachability not checked: %d state(s) are left only by jumpToState", jumps)
		c.checkUnusedTransitions()
		return
	}
	called := c.calledStates()
	fwd := c.reach([]*State{start}, called, c.successors)
	for _, s := range c.p.States {
		if !fwd[s] && !called[s.Name] {
			c.report(Warning, "unreachable", s.Pos, s.ID, "%s: not reachable from state %s", label(s), start.ID)
		}
	}
	if ends := c.endStates(end); len(ends) > 0 {
		back := c.reach(ends, nil, c.predecessors)
		for _, s := range c.p.States {
			if fwd[s] && !back[s] && s.Type != Private && !called[s.Name] && !isCalled(s) {
				c.report(Warning, "no-path-to-end", s.Pos, s.ID, "%s: state 99 cannot be reached from here", label(s))
			}
		}
	}
	c.checkUnusedTransitions()
}

// endpoints finds state 1 and state 99 (by id, else by BGA's names). When the
// framework provides state 1, the walk starts at state 2 (BGA: "ID=2 => your first
// state"), else at the first state; end is nil when the framework provides 99.
func (c *checker) endpoints() (start, end *State) {
	find := func(key, name string) *State {
		if ss := c.byKey[key]; len(ss) > 0 {
			return ss[0]
		}
		return c.p.StateByName(name)
	}
	start, end = find("1", "gameSetup"), find("99", "gameEnd")
	if start == nil {
		start = find("2", "")
	}
	if start == nil && len(c.p.States) > 0 {
		start = c.p.States[0]
	}
	return start, end
}

// endStates are where a backward walk to the end starts: state 99, or, when the
// framework provides it, the states with a transition to 99.
func (c *checker) endStates(end *State) []*State {
	if end != nil {
		return []*State{end}
	}
	var out []*State
	for _, s := range c.p.States {
		for _, t := range s.Transitions {
			if c.p.Key(t.To) == "99" {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// calledStates names every state some code calls with call('name').
func (c *checker) calledStates() map[string]bool {
	out := map[string]bool{}
	for _, src := range c.allCode() {
		for _, m := range callRe.FindAllStringSubmatch(src, -1) {
			out[m[1]] = true
		}
	}
	return out
}

// reach walks next from roots (plus every state named in extra) and returns the set
// of states seen.
func (c *checker) reach(roots []*State, extra map[string]bool, next func(*State) []*State) map[*State]bool {
	seen := map[*State]bool{}
	for _, name := range sortedKeys(extra) {
		if s := c.p.StateByName(name); s != nil {
			roots = append(roots, s)
		}
	}
	for len(roots) > 0 {
		s := roots[len(roots)-1]
		roots = roots[:len(roots)-1]
		if seen[s] {
			continue
		}
		seen[s] = true
		roots = append(roots, next(s)...)
	}
	return seen
}

// successors are the states s leads to: transition targets and initialprivate.
func (c *checker) successors(s *State) []*State {
	var out []*State
	for _, t := range s.Transitions {
		out = append(out, c.byKey[c.p.Key(t.To)]...)
	}
	if s.InitialPrivate != nil {
		out = append(out, c.byKey[c.p.Key(*s.InitialPrivate)]...)
	}
	return out
}

// predecessors are the states whose transitions lead to s.
func (c *checker) predecessors(s *State) []*State {
	var out []*State
	key := c.p.Key(s.ID)
	for _, o := range c.p.States {
		for _, t := range o.Transitions {
			if c.p.Key(t.To) == key {
				out = append(out, o)
				break
			}
		}
	}
	return out
}

// checkUnusedTransitions warns about transitions that no next_state or deactivate
// call names. It runs only for packs that hold their own code
// ([Pack.OwnsCode]); an imported BGA file's code is in PHP, out of sight. BGA's zombie
// transitions are taken by the framework, and a state's lone transition by the
// engine when the state ends, so neither is flagged.
func (c *checker) checkUnusedTransitions() {
	if !c.p.OwnsCode() {
		return
	}
	taken := map[string]bool{}
	for _, src := range c.allCode() {
		for _, m := range transRe.FindAllStringSubmatch(src, -1) {
			args := quotedRe.FindAllStringSubmatch(m[1], -1)
			if len(args) == 0 {
				taken[""] = true
			}
			for _, a := range args {
				taken[a[1]] = true
			}
		}
	}
	for _, s := range c.p.States {
		for _, t := range s.Transitions {
			if taken[t.Name] || strings.HasPrefix(t.Name, zombieName) || len(s.Transitions) == 1 {
				continue // a lone transition is taken when the state ends
			}
			pos := t.Pos
			if !pos.IsValid() {
				pos = s.Pos
			}
			c.report(Warning, "transition-unused", pos, s.ID, "%s: no code takes transition %q", label(s), t.Name)
		}
	}
}

// allCode returns every piece of code in the pack, in pack order.
func (c *checker) allCode() []string {
	var out []string
	add := func(cs ...Code) {
		for _, x := range cs {
			if x.Src != "" {
				out = append(out, x.Src)
			}
		}
	}
	for _, s := range c.p.States {
		add(s.Action, s.EndAction, s.Args, s.Ending)
		if s.Clauses != nil {
			add(clauseCode(s.Clauses)...)
		}
	}
	for _, a := range c.p.Actions {
		add(a.Who, a.Precondition, a.Body)
	}
	for _, t := range c.p.ObjectTypes {
		add(clauseCode(&t.Clauses)...)
	}
	for _, s := range c.p.Scripts {
		add(s.Code)
	}
	return out
}

// clauseCode lists the code of a clause set.
func clauseCode(cl *Clauses) []Code {
	var out []Code
	for _, p := range cl.Properties {
		out = append(out, p.Body)
	}
	for _, m := range cl.Methods {
		out = append(out, m.Body)
	}
	for _, w := range cl.While {
		out = append(out, w.Condition, w.Selector, w.Wrapper)
	}
	for _, t := range append(append([]*Trigger{}, cl.Whenever...), cl.When...) {
		out = append(out, t.Condition, t.Body)
	}
	return out
}
