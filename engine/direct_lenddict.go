package engine

import (
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Lent dicts. A card game makes its deck as BGA's Deck does:
// deck.create([{"type": s, "type_arg": v, "nbr": 1} for s in ... for v in
// ...]), 52 dicts a Hearts match, each read once by create and kept by
// nothing (create keeps the values it reads, never a dict): a third of the
// bytes a Hearts playout allocated. Where a deck's create is given such a
// comprehension, the dicts its element makes are those of the place's lend
// slot (made at the first call and kept, as lent lists are, from a released
// match to the next), each emptied as it is taken, and they go back when the
// call returns; so does the list they are in (lendList's, held until then).
// The comprehension's steps, errors and values are Starlark's: only where
// the dicts and the list live changes. A place whose slot another place
// shares (lendSlots) takes the dicts above those the other holds.

// lentDictSite is the dict literal of a create's comprehension being
// compiled, and its place's slot.
type lentDictSite struct {
	e  *syntax.DictExpr
	ls int
}

// createDicts returns the site of the dict literal of call e, with
// positional arguments pos, when it is deck.create(...) of a predeclared
// deck whose first argument is a list comprehension of a dict literal: the
// literal dict compiles as lent while the arguments compile; nil otherwise.
func (fc *funcCompiler) createDicts(e *syntax.CallExpr, pos []syntax.Expr) *lentDictSite {
	dot, ok := unparen(e.Fn).(*syntax.DotExpr)
	if !ok || dot.Name.Name != "create" || len(pos) == 0 {
		return nil
	}
	if _, ok := fc.predeclared(dot.X).(*deckValue); !ok {
		return nil
	}
	comp, ok := pos[0].(*syntax.Comprehension)
	if !ok || comp.Curly {
		return nil
	}
	d, ok := comp.Body.(*syntax.DictExpr)
	if !ok {
		return nil
	}
	return &lentDictSite{e: d, ls: int(lendSites.Add(1) % lendSlots)}
}

// createCards compiles comp, the first argument of a create whose dicts
// slot ls lends, as comprehension does, its list the slot's when free.
func (fc *funcCompiler) createCards(comp *syntax.Comprehension, ls int) dexpr {
	fc.steps += stepsPerNode // the comprehension's node, as expr counts it
	fc.loops = true
	run := fc.clauses(comp, 0, nil)
	if run == nil {
		return nil
	}
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		lent := m.lentSlot(ls)
		scratch := lent.scratch
		lent.scratch = nil // a create of a place sharing the slot, while this runs, makes its own
		acc, err := run(m, l, scratch[:0])
		if err != nil {
			return nil, err
		}
		list := m.lendList(lent, nil, acc) // held until the create returns
		lent.createOut = list
		return list, nil
	}
}

// lendingDicts wraps the call c of a create whose dicts slot ls lends: the
// dicts taken while it runs go back when it returns.
func lendingDicts(c dexpr, ls int) dexpr {
	return func(m *Match, l []starlark.Value) (starlark.Value, error) {
		lent := m.lentSlot(ls)
		base := lent.dictsUsed
		v, err := c(m, l)
		lent.dictsUsed = base
		if out := lent.createOut; out != nil { // the list create read: free again
			lent.createOut = nil
			m.giveBack(out)
		}
		return v, err
	}
}

// lentDict returns an empty dict of slot ls's, taken until its create
// returns.
func (m *Match) lentDict(ls int) *starlark.Dict {
	lent := m.lentSlot(ls)
	if lent.dictsUsed == len(lent.dicts) {
		lent.dicts = append(lent.dicts, new(starlark.Dict))
	}
	d := lent.dicts[lent.dictsUsed]
	lent.dictsUsed++
	if d.Clear() != nil { // frozen or iterated: nothing of a create's can make it so
		d = new(starlark.Dict)
		lent.dicts[lent.dictsUsed-1] = d
	}
	return d
}
