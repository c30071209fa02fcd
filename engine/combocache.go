package engine

import (
	"slices"

	"go.starlark.net/starlark"
)

// comboCache keeps the tuples of a match's last few combinations() of
// cards. A card game's domain such as Hearts' giveCards,
// combinations(deck.cards("hand", player), 3), is asked again for every seat
// still to choose at every decision, and its hand has not changed: 286 tuples
// made again each time, most of a Hearts playout's allocations before this
// cache. A tuple cannot change and a card's value is the same value for as
// long as the match lives (Match.card), so a call with the same cards in the
// same order and the same k gets a new list of the same tuples, which nothing
// in Starlark can tell from new ones. Only lists of cards are kept: they
// compare by identity, which any value does not.
type comboCache struct {
	slots [comboSlots]comboEntry
	next  int // the slot the next miss overwrites
}

// comboSlots is how many combinations a match keeps: one per seat of the
// largest card games, so that asking every seat in turn still finds each.
const comboSlots = 8

type comboEntry struct {
	k     int
	items []starlark.Value // every one a *cardValue
	out   []starlark.Value // the tuples, in combinations' order; nil for counted items (comboItems)
}

// find returns the tuples of items taken k at a time if the cache has them
// (a nil cache has none).
func (c *comboCache) find(items *starlark.List, k int) []starlark.Value {
	if c == nil {
		return nil
	}
	for i := range c.slots {
		e := &c.slots[i]
		if e.out != nil && e.k == k && len(e.items) == items.Len() && sameItems(e.items, items) {
			return e.out
		}
	}
	return nil
}

func sameItems(a []starlark.Value, l *starlark.List) bool {
	for i, v := range a {
		if l.Index(i) != v { // both *cardValue: compared as pointers
			return false
		}
	}
	return true
}

// keep remembers out, the tuples of items taken k at a time, in m's cache
// (made at the first: a match that lists no combinations of cards carries
// none) when items are cards, and reports whether it did: items and out are
// then the cache's.
func (m *Match) keepCombos(items, out []starlark.Value, k int) bool {
	for _, v := range items {
		if _, ok := v.(*cardValue); !ok {
			return false
		}
	}
	if m.combos == nil {
		m.combos = new(comboCache)
	}
	c := m.combos
	c.slots[c.next] = comboEntry{k: k, items: items, out: out}
	c.next = (c.next + 1) % comboSlots
	return true
}

// comboItems is the items of combinations(it, k) in order. Counted (see
// counted.go), a list of the same cards as a kept call's gives that call's
// items, which nothing changes, and a list of cards is kept for the next
// call: the giveCards domain is counted for every seat at every decision of
// a playout, each seat's hand the same as at the last. Else a new slice.
func (m *Match) comboItems(it starlark.Iterable, count bool) []starlark.Value {
	l, isList := it.(*starlark.List)
	if count && isList {
		if items := m.combos.findItems(l); items != nil {
			return items
		}
	}
	items := make([]starlark.Value, 0, max(starlark.Len(it), 0)) // a hand: no regrowing
	if isList {
		for i := range l.Len() {
			items = append(items, l.Index(i))
		}
	} else {
		iter := it.Iterate()
		var v starlark.Value
		for iter.Next(&v) {
			items = append(items, v)
		}
		iter.Done()
	}
	if count && isList {
		m.keepCombos(items, nil, 0)
	}
	return items
}

// findItems returns the items of a kept call that are l's (a nil cache has
// none).
func (c *comboCache) findItems(l *starlark.List) []starlark.Value {
	if c == nil {
		return nil
	}
	for i := range c.slots {
		e := &c.slots[i]
		if e.items != nil && len(e.items) == l.Len() && sameItems(e.items, l) {
			return e.items
		}
	}
	return nil
}

// comboList is a new list of the kept tuples out: of a copy of them, which
// the list's owner may change, or lent (Match.lendCombos), of out itself.
func comboList(out []starlark.Value, lend bool) *starlark.List {
	if lend {
		return starlark.NewList(out)
	}
	return starlark.NewList(slices.Clone(out))
}
