package engine

import (
	"go.starlark.net/starlark"
)

// Objects by variable value. A card game's helpers list the cards of one
// zone, [c for c in objects(tag="card") if c.zone == "hand" and ...], several
// times a ply: each comprehension read the zone of every object, most of
// them only to find it another, and that was the most of a seed effects
// playout. So a match keeps, for each variable such a comprehension
// compares with a constant (an objVar), which of the constants compared
// each object's value equals (its mark), and the loop runs its clauses only
// for the objects marked with its constant, counting the others' steps and
// reads as their full iterations would (direct_objloop.go).
//
// The marks are derived from the present objects alone and belong to the
// match, not to its states, as a deck's places do (deckplace.go): a snapshot
// or a fork carries none. They describe one array of objects (objMarks.objs:
// the same array and length as the present state's); every change of the
// objects (objW, create, destroy) made to that array keeps them, noting the
// object to mark again, and the index follows the array when a first write
// copies it. A state put in wholesale (a step back, a restore, a search's
// next line, a fork) has another array, and the next loop marks every
// object again. An array is never written once a later state copied it
// (state.go's copy on write) nor reused while the index holds it, so the
// same array with the same length is the same objects.

// objLoopIndex lets comprehensions over objects() visit only the objects
// their first condition can hold for (tests turn it off to compare).
var objLoopIndex = true

// Marks: which constant an object's value of an objVar equals.
const (
	markUnknown int8 = -2 // an id not marked yet: the loop runs it (counted nowhere)
	markNone    int8 = -1 // none of them (or not an object any more)
	markVisit   int8 = 0  // the comparison may hold or fail: the loop runs it
)

// objVar is a variable some comprehension over objects() compares with
// constants first (see objLoopSite), as the program knows it.
type objVar struct {
	name string
	lits []starlark.Value // the constants compared (strings, ints that fit 64 bits): mark i+1 is lits[i]
	slot []int            // by type index: the variable's index in the type's variables, -1 if the type lacks it
}

// markOf is the mark of ob's value of v: the constant it equals, markNone
// when it equals none of them (a string or an int, which == tells from any
// other constant without error), else markVisit (a type without the
// variable, a float equal to an int, any other value).
func (v *objVar) markOf(ob *object) int8 {
	i := v.slot[ob.typ.idx]
	if i < 0 {
		return markVisit
	}
	switch x := ob.vars[i].(type) {
	case starlark.String:
		for j, lit := range v.lits {
			if s, ok := lit.(starlark.String); ok && s == x {
				return int8(j + 1)
			}
		}
	case starlark.Int:
		n, ok := x.Int64()
		if !ok {
			return markVisit
		}
		for j, lit := range v.lits {
			if k, isInt := lit.(starlark.Int); isInt {
				if kn, _ := k.Int64(); kn == n {
					return int8(j + 1)
				}
			}
		}
	default:
		return markVisit
	}
	return markNone
}

// objMarks is a match's marks of its present objects (see above).
type objMarks struct {
	objs  []*object  // the array (and length) of objects the marks describe...
	stale bool       // ...unless every object is to be marked again
	dirty []int32    // objects changed since their marks were made, to mark again
	vars  []varMarks // by objVar
}

// varMarks are the marks of one objVar.
type varMarks struct {
	at    []int8  // by object id (an id past its end: unknown, see markAt)
	count []int32 // by mark (0: markVisit): how many objects have it
}

// describes reports whether ix's marks are of objs.
func (ix *objMarks) describes(objs []*object) bool {
	return !ix.stale && len(ix.objs) == len(objs) && (len(objs) == 0 || &ix.objs[0] == &objs[0])
}

// keptObjIndex returns the match's index of objects when it describes the
// present objects, for a change of them to keep up to date (wroteObj); nil
// otherwise.
func (m *Match) keptObjIndex() *objMarks {
	if ix := m.oix; ix != nil && ix.describes(m.st.objs) {
		return ix
	}
	return nil
}

// wroteObj keeps ix, which described the objects before a change of object
// id, for the objects after it: the object is marked again at the next
// loop. Too many changes before one make it mark every object.
func (ix *objMarks) wroteObj(m *Match, id int) {
	if len(ix.dirty) > 2*len(m.st.objs)+8 {
		ix.stale = true // marked again whole: cheaper than object by object
		return
	}
	ix.objs = m.st.objs
	ix.dirty = append(ix.dirty, int32(id))
}

// objIndexNow returns the index of the present objects, made on first use
// and marked again where they changed.
func (m *Match) objIndexNow() *objMarks {
	ix := m.oix
	if ix == nil {
		ix = &objMarks{stale: true, vars: make([]varMarks, len(m.p.objVars))}
		for i, v := range m.p.objVars {
			ix.vars[i].count = make([]int32, len(v.lits)+1)
		}
		m.oix = ix
	}
	if !ix.describes(m.st.objs) {
		ix.build(m)
		return ix
	}
	for _, id := range ix.dirty {
		ix.mark(m, int(id))
	}
	ix.dirty = ix.dirty[:0]
	return ix
}

// release returns ix marking nothing, as objIndexNow makes it (stale: the
// next use marks every object), keeping its arrays for the next match of
// its program (Match.Release), which has the same objVars.
func (ix *objMarks) release() *objMarks {
	for k := range ix.vars {
		ix.vars[k].at = ix.vars[k].at[:0]
	}
	ix.objs, ix.stale, ix.dirty = nil, true, ix.dirty[:0]
	return ix
}

// build marks every present object.
func (ix *objMarks) build(m *Match) {
	objs := m.st.objs
	n := 0
	if len(objs) > 0 {
		n = objs[len(objs)-1].id + 1 // ids are in order
	}
	for k, v := range m.p.objVars {
		vm := &ix.vars[k]
		if cap(vm.at) < n {
			vm.at = make([]int8, n)
		}
		vm.at = vm.at[:n]
		for i := range vm.at {
			vm.at[i] = markNone
		}
		clear(vm.count)
		for _, ob := range objs {
			mk := v.markOf(ob)
			vm.at[ob.id] = mk
			if mk >= 0 {
				vm.count[mk]++
			}
		}
	}
	ix.objs, ix.stale, ix.dirty = objs, false, ix.dirty[:0]
}

// mark marks object id again (markNone once it is gone).
func (ix *objMarks) mark(m *Match, id int) {
	ob := m.lookup(id)
	for k, v := range m.p.objVars {
		vm := &ix.vars[k]
		mk := markNone
		if ob != nil {
			mk = v.markOf(ob)
		}
		for len(vm.at) <= id {
			vm.at = append(vm.at, markUnknown)
		}
		if old := vm.at[id]; old != mk {
			if old >= 0 {
				vm.count[old]--
			}
			if mk >= 0 {
				vm.count[mk]++
			}
			vm.at[id] = mk
		}
	}
}

// markAt returns object id's mark for objVar k: markVisit for an id not
// marked (which no change of the objects should leave, but then the loop
// runs it).
func (ix *objMarks) markAt(k, id int) int8 {
	at := ix.vars[k].at
	if id < 0 || id >= len(at) || at[id] == markUnknown {
		return markVisit
	}
	return at[id]
}
