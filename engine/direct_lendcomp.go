package engine

import (
	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Lent comprehensions. A list comprehension assigned to a local its
// function only reads (the reads lentCards allows, returns included) lends
// its list as deck.cards does: Hearts' playable keeps the cards of the suit
// led in one at every play. The elements are made into a scratch array of
// the place first, as Starlark makes them, and copied into the list the
// place lent last only when nothing else holds it any more (so the
// comprehension may read that list while it runs); else the scratch array
// becomes a new list, as Starlark's would.

// lentComprehension compiles s, x = [... for ...], when x is a local its
// function only reads; nil when s is not one. Its steps are those of the
// assignment.
func (fc *funcCompiler) lentComprehension(s *syntax.AssignStmt) (d dstmt, ok bool) {
	id, isID := s.LHS.(*syntax.Ident)
	if !isID || s.Op != syntax.EQ {
		return nil, false
	}
	b, isB := id.Binding.(*resolve.Binding)
	if !isB || b.Scope != resolve.Local {
		return nil, false
	}
	e, isComp := s.RHS.(*syntax.Comprehension)
	if !isComp || e.Curly || !onlyRead(fc.body, b) {
		return nil, false
	}
	fc.steps += stepsPerNode // the comprehension's node, as expr counts it
	fc.loops = true
	run := fc.clauses(e, 0, nil)
	if run == nil {
		return nil, true
	}
	ls := int(lendSites.Add(1) % lendSlots)
	if fc.lentOf == nil {
		fc.lentOf = map[*resolve.Binding][]int{}
	}
	fc.lentOf[b] = append(fc.lentOf[b], ls)
	slot := b.Index
	return func(m *Match, l []starlark.Value) (bool, error) {
		lent := m.lentSlot(ls)
		scratch := lent.scratch
		lent.scratch = nil // a call of this place while it runs makes its own
		acc, err := run(m, l, scratch)
		if err != nil {
			return false, err
		}
		l[slot] = m.lendList(lent, &l[slot], acc)
		return false, nil
	}, true
}
