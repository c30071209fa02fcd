package engine

import (
	"math"
	"slices"
)

// A deck's cards by place. A card game reads a location at every decision
// (Hearts' playable reads the player's hand, its next player the trick on
// the table); looking at every card of the deck for each read was the most
// of a Hearts playout's deck time. So a deck keeps, beside its cards, their
// ids grouped by location (deck.ids: one span of it per location, each span
// in the order deck.cards reads, location_arg then id), changed with every
// change of a card's place. It is derived from the cards alone, copied with
// them, and never read by what compares or hashes positions.

// span is the part of deck.ids holding location loc's cards.
type span struct {
	loc        string
	start, end int32
}

// spanOf returns the index of loc's span in dk.spans, or -1 when no card
// has been there.
func (dk *deck) spanOf(loc string) int {
	for i := range dk.spans {
		if dk.spans[i].loc == loc {
			return i
		}
	}
	return -1
}

// inLoc returns the ids of the cards in loc (with arg if hasArg), ordered by
// location_arg then id: part of the deck's own index, to be read before the
// deck next changes and never written.
func (dk *deck) inLoc(loc string, arg int, hasArg bool) []int32 {
	i := dk.spanOf(loc)
	if i < 0 {
		return nil
	}
	ids := dk.ids[dk.spans[i].start:dk.spans[i].end]
	if hasArg {
		ids = ids[dk.argFrom(ids, arg, 0):dk.argFrom(ids, arg, math.MaxInt32)] // no id is as high
	}
	return ids
}

// count returns how many cards are in loc ("" any location) with arg if
// hasArg: deck.count.
func (dk *deck) count(loc string, arg int, hasArg bool) int {
	if loc != "" {
		return len(dk.inLoc(loc, arg, hasArg))
	}
	if !hasArg {
		return len(dk.cards)
	}
	n := 0
	for i := range dk.spans {
		n += len(dk.inLoc(dk.spans[i].loc, arg, true))
	}
	return n
}

// argFrom returns the position in ids (one span's, in its order) of the
// first card whose (location_arg, id) is at least (arg, id).
func (dk *deck) argFrom(ids []int32, arg int, id int32) int {
	lo, hi := 0, len(ids) // written out: slices.BinarySearchFunc's closure was a tenth of a move's time
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		x := ids[h]
		if a := dk.cards[x-1].arg; a < arg || a == arg && x < id {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// place moves card id to (loc, arg) in dk, its index with it.
func (dk *deck) place(id int, loc string, arg int) {
	dk.unindex(id)
	c := &dk.cards[id-1]
	c.loc, c.arg = loc, arg
	dk.index(id)
}

// unindex takes card id out of its location's span, at its place by its
// present (location_arg, id).
func (dk *deck) unindex(id int) {
	c := dk.cards[id-1]
	i := dk.spanOf(c.loc)
	s := dk.spans[i]
	p := int(s.start) + dk.argFrom(dk.ids[s.start:s.end], c.arg, int32(id))
	copy(dk.ids[p:], dk.ids[p+1:])
	dk.ids = dk.ids[:len(dk.ids)-1]
	dk.spans[i].end--
	for j := i + 1; j < len(dk.spans); j++ {
		dk.spans[j].start--
		dk.spans[j].end--
	}
}

// index puts card id, not in the index, into its location's span at its
// place by (location_arg, id); a location new to the deck takes the span
// of one left empty, or a new one at the end.
func (dk *deck) index(id int) {
	c := dk.cards[id-1]
	i := dk.spanOf(c.loc)
	if i < 0 {
		i = slices.IndexFunc(dk.spans, func(s span) bool { return s.start == s.end })
		if i >= 0 {
			dk.spans[i].loc = c.loc
		} else {
			n := int32(len(dk.ids))
			dk.spans = append(dk.spans, span{loc: c.loc, start: n, end: n})
			i = len(dk.spans) - 1
		}
	}
	s := dk.spans[i]
	p := int(s.start) + dk.argFrom(dk.ids[s.start:s.end], c.arg, int32(id))
	dk.ids = append(dk.ids, 0)
	copy(dk.ids[p+1:], dk.ids[p:])
	dk.ids[p] = int32(id)
	dk.spans[i].end++
	for j := i + 1; j < len(dk.spans); j++ {
		dk.spans[j].start++
		dk.spans[j].end++
	}
}

// reindex makes dk's index again from its cards, after a change that wrote
// many cards' places at once (a re-deal).
func (dk *deck) reindex() {
	dk.ids, dk.spans = dk.ids[:0], dk.spans[:0]
	for id := 1; id <= len(dk.cards); id++ {
		dk.index(id)
	}
}
