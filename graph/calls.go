package graph

// Call is one edge of the state graph that is not a transition: state From's
// code pushes state To with call('To', ...) (SEMANTICS.md: "calls (push a
// state) and returns (pop)"). When To's frame ends it returns to From: a
// drawing shows the call and, back, the return.
type Call struct {
	From StateID // the calling state, as written
	To   StateID // the called state, as written
}

// Calls lists the calls of p's state graph in pack order, each once: a call
// written in a state's own code (action, endaction, args, ending, clauses) is
// that state's; one written in an action's body, precondition or player
// specifier belongs to every state whose possibleactions lists the action.
// Calls from object types and scripts have no calling state and are not
// listed, nor are calls naming no state of p. Like the reachability check,
// this reads the code as text: call("name" ...) with a literal name.
func Calls(p *Pack) []Call {
	var out []Call
	seen := map[[2]string]bool{}
	add := func(from *State, src string) {
		for _, m := range callRe.FindAllStringSubmatch(src, -1) {
			to := p.StateByName(m[1])
			if to == nil {
				continue
			}
			k := [2]string{from.ID.String(), to.ID.String()}
			if !seen[k] {
				seen[k] = true
				out = append(out, Call{From: from.ID, To: to.ID})
			}
		}
	}
	for _, s := range p.States {
		for _, c := range stateCode(s) {
			add(s, c.Src)
		}
		for _, name := range s.PossibleActions {
			if a := p.Actions.Lookup(name); a != nil {
				for _, c := range []Code{a.Who, a.Precondition, a.Body} {
					add(s, c.Src)
				}
			}
		}
	}
	return out
}

// stateCode lists the code written in a state itself.
func stateCode(s *State) []Code {
	out := []Code{s.Action, s.EndAction, s.Args, s.Ending}
	if s.Clauses != nil {
		out = append(out, clauseCode(s.Clauses)...)
	}
	return out
}
