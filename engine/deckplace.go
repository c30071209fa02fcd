package engine

import "math"

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

// place moves card id to (loc, arg) in dk, its index with it: the ids
// between its old place in the index and its new one shift by one, and the
// spans between with them.
func (dk *deck) place(id int, loc string, arg int) {
	c := &dk.cards[id-1]
	i := dk.spanOf(c.loc)
	if loc == c.loc {
		dk.unindex(id) // a new arg in the same location: rare (a pile restacked)
		c.arg = arg
		dk.index(id)
		return
	}
	p := dk.at(i, c.arg, int32(id))
	c.loc, c.arg = loc, arg
	j := dk.spanFor(loc)
	q := dk.at(j, arg, int32(id)) // where id goes, among the ids as they are
	ids := dk.ids
	if p < q { // the location's span is after the old one's
		copy(ids[p:q-1], ids[p+1:q])
		ids[q-1] = int32(id)
		dk.spans[i].end--
		for k := i + 1; k < j; k++ {
			dk.spans[k].start--
			dk.spans[k].end--
		}
		dk.spans[j].start--
		return
	}
	copy(ids[q+1:p+1], ids[q:p])
	ids[q] = int32(id)
	dk.spans[j].end++
	for k := j + 1; k < i; k++ {
		dk.spans[k].start++
		dk.spans[k].end++
	}
	dk.spans[i].start++
}

// placeAll moves every card of from (with arg fromArg if hasFrom), whose
// ids are moved in id order, to (loc, arg), loc not from: what place does
// card by card, in one pass (a card game gathers its 52 cards into the pile
// at every hand). The cards are together in the index, so they leave it as
// one run and join the target's run of arg, merged by id.
func (dk *deck) placeAll(moved []int32, from string, fromArg int, hasFrom bool, loc string, arg int) {
	k := len(moved)
	if k == 0 {
		return
	}
	i := dk.spanOf(from)
	p, q := int(dk.spans[i].start), int(dk.spans[i].end)
	if hasFrom {
		p = dk.at(i, fromArg, 0)
		q = p + k
	}
	for _, id := range moved {
		c := &dk.cards[id-1]
		c.loc, c.arg = loc, arg
	}
	n := len(dk.ids) - k
	copy(dk.ids[p:], dk.ids[q:])
	dk.spans[i].end -= int32(k)
	for j := i + 1; j < len(dk.spans); j++ {
		dk.spans[j].start -= int32(k)
		dk.spans[j].end -= int32(k)
	}
	dk.ids = dk.ids[:n]
	j := dk.spanFor(loc)
	r, e := dk.at(j, arg, 0), dk.at(j, arg, math.MaxInt32)
	ids := dk.ids[:n+k] // the room the run left
	copy(ids[e+k:], ids[e:n])
	a, b, w := e-1, k-1, e+k-1 // merged from the end: w never reaches an unread id
	for b >= 0 {
		if a >= r && ids[a] > moved[b] {
			ids[w] = ids[a]
			a--
		} else {
			ids[w] = moved[b]
			b--
		}
		w--
	}
	dk.ids = ids
	dk.spans[j].end += int32(k)
	for x := j + 1; x < len(dk.spans); x++ {
		dk.spans[x].start += int32(k)
		dk.spans[x].end += int32(k)
	}
}

// at returns the position in dk.ids of (arg, id) in span i: where card id
// is when it is there, else where it goes.
func (dk *deck) at(i, arg int, id int32) int {
	s := dk.spans[i]
	return int(s.start) + dk.argFrom(dk.ids[s.start:s.end], arg, id)
}

// spanFor returns the index of loc's span, made when no card has been
// there: the span of a location left empty, or a new one at the end.
func (dk *deck) spanFor(loc string) int {
	if i := dk.spanOf(loc); i >= 0 {
		return i
	}
	for i := range dk.spans {
		if s := &dk.spans[i]; s.start == s.end {
			s.loc = loc
			return i
		}
	}
	n := int32(len(dk.ids))
	dk.spans = append(dk.spans, span{loc: loc, start: n, end: n})
	return len(dk.spans) - 1
}

// unindex takes card id out of its location's span, at its place by its
// present (location_arg, id).
func (dk *deck) unindex(id int) {
	c := dk.cards[id-1]
	i := dk.spanOf(c.loc)
	p := dk.at(i, c.arg, int32(id))
	copy(dk.ids[p:], dk.ids[p+1:])
	dk.ids = dk.ids[:len(dk.ids)-1]
	dk.spans[i].end--
	for j := i + 1; j < len(dk.spans); j++ {
		dk.spans[j].start--
		dk.spans[j].end--
	}
}

// index puts card id, not in the index, into its location's span at its
// place by (location_arg, id).
func (dk *deck) index(id int) {
	c := &dk.cards[id-1]
	i := dk.spanFor(c.loc)
	p := dk.at(i, c.arg, int32(id))
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
