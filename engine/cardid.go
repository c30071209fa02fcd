package engine

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"encoding/binary"
	"strconv"
	"strings"

	"go.starlark.net/starlark"
)

// A card's real id is its place in creation order, so it tells its face (the
// same id is the same Guard in every match of a pack). A seat that does not
// see a card (seesFace) is shown it by an opaque id instead, in its views
// and its legal moves: a number that says nothing of the face, different
// for each seat and each match, and drawn again each time the card leaves a
// place (dcard.epoch, bumped by leftPlace), so a seat cannot follow a card
// out of its sight and back, nor through a shuffle.
//
// The id is not drawn from the match's random source: a draw would change
// what every later rand() and shuffle gives, so every playout would play
// differently (playouts.golden, stats.golden), and an id must be the same
// each time it is asked for (a view, then the move read back), which a draw
// is not. It is a function instead: a keyed permutation of the number
// epoch<<cardBits | id, so two cards never share an opaque id and an opaque
// id is read back by inverting it. The permutation is a Feistel network
// whose round function is AES keyed by a hash of the match's seed, so that
// the ids a seat collects (even with the real ids some turned out to be)
// tell it nothing of the others: reading them is as hard as knowing the
// seed, which tells every shuffle anyway.
const (
	opaqueBits = 52              // an opaque id is opaqueBase + a 52-bit number: below 2^53, exact as a JSON number anywhere
	opaqueBase = 1 << opaqueBits // above every real id, so the two never meet
	cardBits   = 22              // the real id's part of the permuted number (decks up to 4,194,304 cards); the epoch has the other 30
	halfBits   = opaqueBits / 2
	halfMask   = 1<<halfBits - 1
	rounds     = 8 // Feistel rounds: with 26-bit halves, more rounds than the 4 a wide block needs

	// maxDeck is the most cards a deck holds (deck.create refuses more):
	// the ids the opaque ids have room for.
	maxDeck = 1<<cardBits - 1
)

// idCipher returns the AES block keyed by the match's seed, made at first
// use (a Program-free cache: the seed is the match's).
func (m *Match) idCipher() cipher.Block {
	dc := m.caches()
	if dc.ids == nil {
		var seed [8]byte
		binary.LittleEndian.PutUint64(seed[:], m.opts.Seed)
		key := sha256.Sum256(append([]byte("rulestudio opaque card ids\x00"), seed[:]...))
		dc.ids, _ = aes.NewCipher(key[:16]) // a 16-byte key is always accepted
	}
	return dc.ids
}

// round is the Feistel round function: 26 bits of AES(seat, deck, round, x).
func (m *Match) round(seat, deck, r int, x uint64) uint64 {
	b := &m.caches().idBuf
	binary.LittleEndian.PutUint32(b[0:], uint32(seat))
	binary.LittleEndian.PutUint32(b[4:], uint32(deck))
	binary.LittleEndian.PutUint32(b[8:], uint32(r))
	binary.LittleEndian.PutUint32(b[12:], uint32(x))
	m.idCipher().Encrypt(b[16:], b[:16])
	return binary.LittleEndian.Uint64(b[16:]) & halfMask
}

// opaqueID is the opaque id of card id (1-based) of deck (index) in epoch,
// for seat.
func (m *Match) opaqueID(seat, deck, id int, epoch uint32) int {
	x := uint64(epoch)<<cardBits | uint64(id)&(1<<cardBits-1)
	l, r := x>>halfBits&halfMask, x&halfMask
	for i := 0; i < rounds; i++ {
		l, r = r, l^m.round(seat, deck, i, r)
	}
	return opaqueBase + int(l<<halfBits|r)
}

// cardOfOpaque inverts opaqueID: the card (1-based id) seat knows by sid in
// deck, when sid is the opaque id of a card seat does not see, in its
// present epoch; else 0.
func (m *Match) cardOfOpaque(seat, deck, sid int) int {
	if sid < opaqueBase || sid >= 2*opaqueBase {
		return 0
	}
	x := uint64(sid - opaqueBase)
	l, r := x>>halfBits, x&halfMask
	for i := rounds - 1; i >= 0; i-- {
		l, r = r^m.round(seat, deck, i, l), l
	}
	x = l<<halfBits | r
	id, epoch := int(x&(1<<cardBits-1)), uint32(x>>cardBits)
	cs := m.st.decks[deck].cards
	if id < 1 || id > len(cs) || cs[id-1].epoch&(1<<(opaqueBits-cardBits)-1) != epoch || m.seesFace(seat, cs[id-1]) {
		return 0
	}
	return id
}

// seatCardID is SeatCardID for a deck by index and a card that exists.
func (m *Match) seatCardID(seat, deck, id int) int {
	c := m.st.decks[deck].cards[id-1]
	if m.seesFace(seat, c) {
		return id
	}
	return m.opaqueID(seat, deck, id, c.epoch)
}

// SeatCardID returns the id by which seat (0-based) knows card id (1-based)
// of deck now: id itself when it sees the card's face ([Match.SeesCard]),
// else an opaque id. An opaque id is a number from 2^52 to 2^53-1 (never a
// card's real id, exact in JSON), the same at every call until the card
// changes place or its location is shuffled, then another; it differs
// between seats and between matches of other seeds, and two cards never
// share one. Views and a seat's legal moves ([Match.View], [Match.EncodeMoveFor])
// name cards by these ids; events that a seat sees should too.
// [Match.DecodeMove] reads a move naming a card by the mover's opaque id.
// It is 0 for a seat, deck or card that does not exist.
func (m *Match) SeatCardID(seat int, deck string, id int) int {
	if seat < 0 || seat >= m.seats {
		return 0
	}
	for i, name := range m.p.decks {
		if name == deck {
			if id < 1 || id > len(m.st.decks[i].cards) {
				return 0
			}
			return m.seatCardID(seat, i, id)
		}
	}
	return 0
}

// idMap writes cards as one seat knows them (seat -1: the designer, real
// ids), noting whether it wrote an opaque id.
type idMap struct {
	m      *Match
	seat   int
	hidden bool // an opaque id was written since the last reset
}

// id returns the id c is written by, for ids (real ids for a nil ids).
func (ids *idMap) id(c *cardValue) int {
	if ids == nil || ids.seat < 0 {
		return c.id
	}
	sid := ids.m.seatCardID(ids.seat, c.deck.idx, c.id)
	if sid != c.id {
		ids.hidden = true
	}
	return sid
}

// text returns c as views show it to ids' seat: as card values print
// (id, type and type_arg) when the seat sees it, "card(N)" with its
// opaque id when it does not.
func (ids *idMap) text(c *cardValue) string {
	if sid := ids.id(c); sid != c.id {
		return "card(" + strconv.Itoa(sid) + ")"
	}
	return c.String()
}

// plain is the package's plain (a value in a description) as ids' seat
// knows it: cards, also inside lists, tuples and dicts, by idMap.text.
func (ids *idMap) plain(v starlark.Value) string {
	switch v.(type) {
	case starlark.String, *playerValue:
		return plain(v)
	}
	return ids.repr(v)
}

// repr is v.String() with cards as ids' seat knows them.
func (ids *idMap) repr(v starlark.Value) string {
	var b strings.Builder
	list := func(open, close string, items []starlark.Value) {
		b.WriteString(open)
		for i, it := range items {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(ids.repr(it))
		}
		if len(items) == 1 && open == "(" {
			b.WriteByte(',')
		}
		b.WriteString(close)
	}
	switch x := v.(type) {
	case *cardValue:
		return ids.text(x)
	case starlark.Tuple:
		list("(", ")", x)
	case *starlark.List:
		items := make([]starlark.Value, x.Len())
		for i := range items {
			items[i] = x.Index(i)
		}
		list("[", "]", items)
	case *starlark.Dict:
		b.WriteByte('{')
		for i, it := range x.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(ids.repr(it[0]) + ": " + ids.repr(it[1]))
		}
		b.WriteByte('}')
	default:
		return v.String()
	}
	return b.String()
}
