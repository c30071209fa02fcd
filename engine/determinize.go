package engine

// HiddenLocations are the deck locations whose cards a player does not see
// (BGA's Deck conventions): "hand" (every hand but the player's own, the one
// whose location_arg is their seat number), "deck" (the draw pile, face
// down) and "given" (cards passed face down, Hearts-style). Cards anywhere
// else ("cardsontable", "cardswon", "discard", ...) are face up. A player
// sees the number of cards in each location (as [DeckView] shows), not
// which hidden card is where.
var HiddenLocations = []string{"hand", "deck", "given"}

// Determinize returns a fork of the match that seat cannot tell from this
// one: the cards seat does not see (see [HiddenLocations]) are dealt again
// among the places they are in, each place keeping its number of cards,
// and the match's random source is reseeded, so what chance brings later is
// unknown too. Every card face (type, type_arg) stays in the same deck;
// the seat's own hand, the public cards, boards, objects, variables and
// scores are unchanged. The shuffle draws from seed only (SplitMix64),
// never from the match's source, and the match is unchanged.
//
// This is how a searching bot plays from what its seat may see: it searches
// on determinized forks, never on the match itself. Pack code that keeps
// hidden facts elsewhere (a variable naming another player's cards) is not
// hidden by it.
func (m *Match) Determinize(seat int, seed uint64) *Match {
	f := m.Fork()
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
			if hiddenFrom(c, seat) {
				hidden = append(hidden, j)
			}
		}
		if len(hidden) < 2 {
			continue
		}
		w := f.deckW(i)
		for k := len(hidden) - 1; k > 0; k-- { // Fisher-Yates over the faces
			a, b := &w.cards[hidden[k]], &w.cards[hidden[next()%uint64(k+1)]]
			a.typ, b.typ = b.typ, a.typ
			a.typeArg, b.typeArg = b.typeArg, a.typeArg
		}
	}
	f.st.rng = next()
	return f
}

// hiddenFrom reports whether seat cannot see which card c is.
func hiddenFrom(c dcard, seat int) bool {
	if c.loc == "hand" && c.arg == seat+1 {
		return false
	}
	for _, l := range HiddenLocations {
		if c.loc == l {
			return true
		}
	}
	return false
}
