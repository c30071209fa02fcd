package engine

import (
	"cmp"
	"math"
	"slices"
)

// A deck's cards by place. A card game reads a location at every decision
// (Hearts' playable reads the player's hand, its next player the trick on
// the table); looking at every card of the deck for each read was the most
// of a Hearts playout's deck time. So a match keeps, for each deck of its
// present state, the cards' ids grouped by location (one span of ids per
// location, each in the order deck.cards reads: location_arg, then id),
// changed with every change of a card's place. It is derived from the cards
// alone and belongs to the match, not to its states: a snapshot, a step of
// the history or a fork carries none (no memory per step), and a match whose
// state is another (a fork, an undo, a re-deal) reads the deck card by card
// until it changes it, which makes the index again.

// deckIndex is a match's index of one deck, valid while the match's deck is
// dk at version ver.
type deckIndex struct {
	dk         *deck
	ver        uint64
	ids        []int32
	spans      []span
	below, out []int32 // build's scratch
}

// span is the part of deckIndex.ids holding location loc's cards.
type span struct {
	loc        string
	start, end int32
}

// places returns the index of m's deck i as it is now, for a change of
// the deck, made again when the deck is not the one it was kept for.
func (m *Match) places(i int) *deckIndex {
	dc := m.caches()
	for len(dc.decksIx) <= i {
		dc.decksIx = append(dc.decksIx, deckIndex{})
	}
	ix, dk := &dc.decksIx[i], m.st.decks[i]
	if ix.dk != dk || ix.ver != dk.ver {
		ix.build(dk)
	}
	return ix
}

// inLoc returns the ids of deck i's cards in loc (with arg if hasArg),
// ordered by location_arg then id, to be read before the deck next changes:
// the index's when the match keeps one for the deck as it is, else the deck
// looked through, as a match whose deck is another reads it until it
// changes it (a step back, a view of it, a search's first listing read
// once or twice; a change makes the index).
func (m *Match) inLoc(i int, loc string, arg int, hasArg bool) []int32 {
	if ix := m.kept(i); ix != nil {
		return ix.inLoc(loc, arg, hasArg)
	}
	dk := m.st.decks[i]
	dc := m.caches()
	ids := dc.deckIDs[:0]
	for j, c := range dk.cards {
		if c.loc == loc && (!hasArg || c.arg == arg) {
			ids = append(ids, int32(j+1))
		}
	}
	byArg := func(a, b int32) int { return cmp.Compare(dk.cards[a-1].arg, dk.cards[b-1].arg) }
	if !slices.IsSortedFunc(ids, byArg) { // a hand's cards share their arg
		slices.SortStableFunc(ids, byArg)
	}
	dc.deckIDs = ids
	return ids
}

// count returns how many of deck i's cards are in loc ("" any location)
// with arg if hasArg: deck.count, read as inLoc reads.
func (m *Match) count(i int, loc string, arg int, hasArg bool) int {
	if ix := m.kept(i); ix != nil {
		return ix.count(loc, arg, hasArg)
	}
	n := 0
	for _, c := range m.st.decks[i].cards {
		if (loc == "" || c.loc == loc) && (!hasArg || c.arg == arg) {
			n++
		}
	}
	return n
}

// kept returns the index of deck i when the match keeps one for the deck
// as it is, else nil.
func (m *Match) kept(i int) *deckIndex {
	if ixs := m.deckIndexes(); i < len(ixs) {
		if ix, dk := &ixs[i], m.st.decks[i]; ix.dk == dk && ix.ver == dk.ver {
			return ix
		}
	}
	return nil
}

// rekeyPlaces keeps deck i's index for its new version (or copy) now, when
// it was kept for the old one (deckW: the cards are the same).
func (m *Match) rekeyPlaces(i int, old *deck, oldVer uint64, now *deck) {
	if ixs := m.deckIndexes(); i < len(ixs) {
		if ix := &ixs[i]; ix.dk == old && ix.ver == oldVer {
			ix.dk, ix.ver = now, now.ver
		}
	}
}

// forgetPlaces drops deck i's index, after a change that wrote cards'
// places without it (a re-deal): the next read makes it again.
func (m *Match) forgetPlaces(i int) {
	if ixs := m.deckIndexes(); i < len(ixs) {
		ixs[i].dk = nil
	}
}

// build makes the index of dk: the ids of each location in id order,
// then sorted by location_arg, keeping id order among equal ones.
func (ix *deckIndex) build(dk *deck) {
	ix.dk, ix.ver = dk, dk.ver
	ix.spans = ix.spans[:0]
	for i := range dk.cards { // each location's count, in end
		s := ix.spanOf(dk.cards[i].loc)
		if s < 0 {
			ix.spans = append(ix.spans, span{loc: dk.cards[i].loc})
			s = len(ix.spans) - 1
		}
		ix.spans[s].end++
	}
	n := int32(0)
	for i := range ix.spans { // end is where the next id goes, until all are in
		s := &ix.spans[i]
		s.start, s.end, n = n, n, n+s.end
	}
	ix.ids = slices.Grow(ix.ids[:0], len(dk.cards))[:len(dk.cards)]
	for i := range dk.cards {
		s := &ix.spans[ix.spanOf(dk.cards[i].loc)]
		ix.ids[s.end] = int32(i + 1)
		s.end++
	}
	for _, s := range ix.spans {
		ix.sortRun(ix.ids[s.start:s.end])
	}
}

// sortRun sorts run, ids in id order, by location_arg keeping id order
// among equal ones: as it is when it is in order (a hand), by counting when
// its args are few (the hands dealt, a pile's places), else by a stable
// sort.
func (ix *deckIndex) sortRun(run []int32) {
	cards := ix.dk.cards
	lo, hi, sorted := math.MaxInt, math.MinInt, true
	for k, id := range run {
		a := cards[id-1].arg
		lo, hi = min(lo, a), max(hi, a)
		sorted = sorted && (k == 0 || cards[run[k-1]-1].arg <= a)
	}
	if sorted {
		return
	}
	if uint(hi-lo) >= uint(2*len(run)) {
		slices.SortStableFunc(run, func(a, b int32) int { return cmp.Compare(cards[a-1].arg, cards[b-1].arg) })
		return
	}
	at := slices.Grow(ix.below[:0], hi-lo+2)[:hi-lo+2] // at[a-lo+1]: how many ids have args below a, once summed
	clear(at)
	for _, id := range run {
		at[cards[id-1].arg-lo+1]++
	}
	for k := 1; k < len(at); k++ {
		at[k] += at[k-1]
	}
	out := slices.Grow(ix.out[:0], len(run))[:len(run)]
	for _, id := range run {
		a := cards[id-1].arg - lo
		out[at[a]] = id
		at[a]++
	}
	copy(run, out)
	ix.below, ix.out = at, out
}

// spanOf returns the index of loc's span in ix.spans, or -1 when no card
// has been there.
func (ix *deckIndex) spanOf(loc string) int {
	for i := range ix.spans {
		if ix.spans[i].loc == loc {
			return i
		}
	}
	return -1
}

// inLoc returns the ids of the cards in loc (with arg if hasArg), ordered by
// location_arg then id: part of the index, to be read before the deck next
// changes and never written.
func (ix *deckIndex) inLoc(loc string, arg int, hasArg bool) []int32 {
	i := ix.spanOf(loc)
	if i < 0 {
		return nil
	}
	ids := ix.ids[ix.spans[i].start:ix.spans[i].end]
	if hasArg {
		ids = ids[ix.argFrom(ids, arg, 0):ix.argFrom(ids, arg, math.MaxInt32)] // no id is as high
	}
	return ids
}

// count returns how many cards are in loc ("" any location) with arg if
// hasArg: deck.count.
func (ix *deckIndex) count(loc string, arg int, hasArg bool) int {
	if loc != "" {
		return len(ix.inLoc(loc, arg, hasArg))
	}
	if !hasArg {
		return len(ix.dk.cards)
	}
	n := 0
	for i := range ix.spans {
		n += len(ix.inLoc(ix.spans[i].loc, arg, true))
	}
	return n
}

// argFrom returns the position in ids (one span's, in its order) of the
// first card whose (location_arg, id) is at least (arg, id).
func (ix *deckIndex) argFrom(ids []int32, arg int, id int32) int {
	lo, hi := 0, len(ids) // written out: slices.BinarySearchFunc's closure was a tenth of a move's time
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		x := ids[h]
		if a := ix.dk.cards[x-1].arg; a < arg || a == arg && x < id {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// place moves card id to (loc, arg), its index with it: the ids
// between its old place in the index and its new one shift by one, and the
// spans between with them.
func (ix *deckIndex) place(id int, loc string, arg int) {
	c := &ix.dk.cards[id-1]
	i := ix.spanOf(c.loc)
	if loc == c.loc {
		ix.unindex(id) // a new arg in the same location: rare (a pile restacked)
		c.arg = arg
		ix.index(id)
		return
	}
	p := ix.at(i, c.arg, int32(id))
	c.loc, c.arg = loc, arg
	j := ix.spanFor(loc)
	q := ix.at(j, arg, int32(id)) // where id goes, among the ids as they are
	ids := ix.ids
	if p < q { // the location's span is after the old one's
		copy(ids[p:q-1], ids[p+1:q])
		ids[q-1] = int32(id)
		ix.spans[i].end--
		for k := i + 1; k < j; k++ {
			ix.spans[k].start--
			ix.spans[k].end--
		}
		ix.spans[j].start--
		return
	}
	copy(ids[q+1:p+1], ids[q:p])
	ids[q] = int32(id)
	ix.spans[j].end++
	for k := j + 1; k < i; k++ {
		ix.spans[k].start++
		ix.spans[k].end++
	}
	ix.spans[i].start++
}

// placeAll moves every card of from (with arg fromArg if hasFrom), whose
// ids are moved in id order, to (loc, arg), loc not from: what place does
// card by card, in one pass (a card game gathers its 52 cards into the pile
// at every hand). The cards are together in the index, so they leave it as
// one run and join the target's run of arg, merged by id.
func (ix *deckIndex) placeAll(moved []int32, from string, fromArg int, hasFrom bool, loc string, arg int) {
	k := len(moved)
	if k == 0 {
		return
	}
	i := ix.spanOf(from)
	p, q := int(ix.spans[i].start), int(ix.spans[i].end)
	if hasFrom {
		p = ix.at(i, fromArg, 0)
		q = p + k
	}
	for _, id := range moved {
		c := &ix.dk.cards[id-1]
		c.loc, c.arg = loc, arg
	}
	n := len(ix.ids) - k
	copy(ix.ids[p:], ix.ids[q:])
	ix.spans[i].end -= int32(k)
	for j := i + 1; j < len(ix.spans); j++ {
		ix.spans[j].start -= int32(k)
		ix.spans[j].end -= int32(k)
	}
	ix.ids = ix.ids[:n]
	j := ix.spanFor(loc)
	r, e := ix.at(j, arg, 0), ix.at(j, arg, math.MaxInt32)
	ids := ix.ids[:n+k] // the room the run left
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
	ix.ids = ids
	ix.spans[j].end += int32(k)
	for x := j + 1; x < len(ix.spans); x++ {
		ix.spans[x].start += int32(k)
		ix.spans[x].end += int32(k)
	}
}

// at returns the position in ix.ids of (arg, id) in span i: where card id
// is when it is there, else where it goes.
func (ix *deckIndex) at(i, arg int, id int32) int {
	s := ix.spans[i]
	return int(s.start) + ix.argFrom(ix.ids[s.start:s.end], arg, id)
}

// spanFor returns the index of loc's span, made when no card has been
// there: the span of a location left empty, or a new one at the end.
func (ix *deckIndex) spanFor(loc string) int {
	if i := ix.spanOf(loc); i >= 0 {
		return i
	}
	for i := range ix.spans {
		if s := &ix.spans[i]; s.start == s.end {
			s.loc = loc
			return i
		}
	}
	n := int32(len(ix.ids))
	ix.spans = append(ix.spans, span{loc: loc, start: n, end: n})
	return len(ix.spans) - 1
}

// unindex takes card id out of its location's span, at its place by its
// present (location_arg, id).
func (ix *deckIndex) unindex(id int) {
	c := ix.dk.cards[id-1]
	i := ix.spanOf(c.loc)
	p := ix.at(i, c.arg, int32(id))
	copy(ix.ids[p:], ix.ids[p+1:])
	ix.ids = ix.ids[:len(ix.ids)-1]
	ix.spans[i].end--
	for j := i + 1; j < len(ix.spans); j++ {
		ix.spans[j].start--
		ix.spans[j].end--
	}
}

// index puts card id, not in the index, into its location's span at its
// place by (location_arg, id).
func (ix *deckIndex) index(id int) {
	c := &ix.dk.cards[id-1]
	i := ix.spanFor(c.loc)
	p := ix.at(i, c.arg, int32(id))
	ix.ids = append(ix.ids, 0)
	copy(ix.ids[p+1:], ix.ids[p:])
	ix.ids[p] = int32(id)
	ix.spans[i].end++
	for j := i + 1; j < len(ix.spans); j++ {
		ix.spans[j].start++
		ix.spans[j].end++
	}
}
