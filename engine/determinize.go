package engine

import "sort"

// Determinize returns a fork of the match that seat cannot tell from this
// one: the cards whose faces seat does not see (the pack's visibility, by
// default BGA's Deck conventions, graph.DefaultLocations: other hands, the
// draw pile, cards given face down; see [Match.SeesCard]) are dealt again
// among the places they are in (location and location_arg: another hand, a
// place in the draw pile, a pile no seat sees), each place keeping its
// number of cards, and
// the match's random source is reseeded, so what chance brings later is
// unknown too. A card keeps its id and face (an id, fixed when the deck was
// created, would tell its face); the seat's own hand, the public cards,
// boards, objects, variables and scores are unchanged. The fork records
// no events or snapshots from here on (as with Options.NoHistory): it is
// for playing ahead, thousands of times a decision. The deal is a function of seed and of what seat
// sees only: two matches seat cannot tell apart give the same deal for the
// same seed. It draws from seed (SplitMix64), never from the match's
// source, and the match is unchanged.
//
// This is how a searching bot plays from what its seat may see: it searches
// on determinized forks, never on the match itself. Pack code that keeps
// hidden facts elsewhere (a variable naming another player's cards) is not
// hidden by it.
func (m *Match) Determinize(seat int, seed uint64) *Match {
	return m.determinize(seat, seed, nil)
}

// determinize is Determinize, keeping where they are the cards keep reports
// (deck and card index; nil: none), as if seat saw them: the leak check
// keeps the cards the seat is about to see.
func (m *Match) determinize(seat int, seed uint64, keep func(deck, card int) bool) *Match {
	f := m.Fork()
	f.rec, f.hist, f.text, f.opts.NoHistory = false, false, false, true // a search plays thousands of these
	sm := seed*0x2545F4914F6CDD1D + 1
	next := func() uint64 {
		sm += 0x9E3779B97F4A7C15
		z := sm
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for i, dk := range f.st.decks {
		var hidden []int // card indexes, deck order
		for j, c := range dk.cards {
			if !f.seesFace(seat, c) && (keep == nil || !keep(i, j)) {
				hidden = append(hidden, j)
			}
		}
		if len(hidden) < 2 {
			continue
		}
		w := f.deckW(i)
		places := make([]dcard, len(hidden)) // (loc, arg) of each hidden card
		for k, j := range hidden {
			places[k] = w.cards[j]
		}
		// Sorted first, so that the deal depends on what seat knows (which
		// cards are hidden and the places they fill), never on which card
		// really is where.
		sort.SliceStable(places, func(a, b int) bool {
			pa, pb := places[a], places[b]
			return pa.loc < pb.loc || pa.loc == pb.loc && pa.arg < pb.arg
		})
		for k := len(places) - 1; k > 0; k-- { // Fisher-Yates
			j := next() % uint64(k+1)
			places[k], places[j] = places[j], places[k]
		}
		for k, j := range hidden {
			w.cards[j].loc, w.cards[j].arg = places[k].loc, places[k].arg
		}
	}
	f.st.rng = next()
	return f
}
