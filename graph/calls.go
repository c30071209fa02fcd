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

// ClauseCall is a call written in a clause of an object type: it runs in
// whatever state is current when the clause fires, so it has no calling
// state, but the state it names is entered by it (a drawing shows the call
// from the clause, or the state looks unreachable).
type ClauseCall struct {
	Type   string  // the object type's name
	Kind   string  // the clause's kind: "property", "method", "while", "whenever", "when"
	Clause string  // the clause's name
	To     StateID // the called state, as written
}

// ClauseCalls lists the calls written in object types' clauses, in pack
// order, each clause and called state once; calls naming no state of p are
// not listed. Scripts' functions are not: who calls them is not known from
// their text. Like Calls, this reads the code as text.
func ClauseCalls(p *Pack) []ClauseCall {
	var out []ClauseCall
	seen := map[ClauseCall]bool{}
	for _, t := range p.ObjectTypes {
		for _, cl := range namedClauseCode(&t.Clauses) {
			for _, src := range cl.code {
				for _, m := range callRe.FindAllStringSubmatch(src.Src, -1) {
					to := p.StateByName(m[1])
					if to == nil {
						continue
					}
					c := ClauseCall{Type: t.Name, Kind: cl.kind, Clause: cl.name, To: to.ID}
					if !seen[c] {
						seen[c] = true
						out = append(out, c)
					}
				}
			}
		}
	}
	return out
}

// namedCode is a clause's code with its kind and name.
type namedCode struct {
	kind, name string
	code       []Code
}

// namedClauseCode lists cl's clauses with their code, in clauseCode's order.
func namedClauseCode(cl *Clauses) []namedCode {
	var out []namedCode
	for _, p := range cl.Properties {
		out = append(out, namedCode{"property", p.Name, []Code{p.Body}})
	}
	for _, m := range cl.Methods {
		out = append(out, namedCode{"method", m.Name, []Code{m.Body}})
	}
	for _, w := range cl.While {
		out = append(out, namedCode{"while", w.Name, []Code{w.Condition, w.Selector, w.Wrapper}})
	}
	for _, t := range cl.Whenever {
		out = append(out, namedCode{"whenever", t.Name, []Code{t.Condition, t.Body}})
	}
	for _, t := range cl.When {
		out = append(out, namedCode{"when", t.Name, []Code{t.Condition, t.Body}})
	}
	return out
}
