package engine

import "crypto/cipher"

// deckCaches is what a match keeps to read its decks and cards quickly,
// derived from its seed and present state and made at its first read of a
// card: a match that reads none (a step back's fork, a board game) carries
// one pointer, not the caches (a step back allocates a Match; its size is
// part of what a step back costs).
type deckCaches struct {
	ids      cipher.Block   // opaque card ids' cipher, keyed by the seed (cardid.go)
	idBuf    [32]byte       // its block in and out
	cardVals [][]*cardValue // card's values, by deck and id
	deckIDs  []int32        // the card ids deck.move_all moves, or a read found without an index
	decksIx  []deckIndex    // each deck's cards by place, for the present state (deckplace.go)
}

// caches returns the match's deckCaches, made at the first call.
func (m *Match) caches() *deckCaches {
	if m.dcache == nil {
		m.dcache = new(deckCaches)
	}
	return m.dcache
}

// deckIndexes returns the decks' indexes the match keeps (none before its
// first read of a deck).
func (m *Match) deckIndexes() []deckIndex {
	if m.dcache == nil {
		return nil
	}
	return m.dcache.decksIx
}
