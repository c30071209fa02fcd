package engine

import (
	"fmt"

	"go.starlark.net/starlark"
)

// What a seat knows of a card beyond the pack's visibility is one bit per
// seat in the card itself (dcard.known): reveal() sets it, and the card
// keeps it while it stays where it is or goes where the seat sees it
// anyway. It is part of the match state like the card's place, so forks,
// At, step-back and replays keep it, and seesFace (visibility.go) reads
// it, so views, SeesCard and Determinize keep a shown card with no code of
// their own.

// put moves card id of deck (being written) to the place (loc, arg). A card
// that changes place has left the old one (leftPlace); one "moved" where it
// already is has not.
func (m *Match) put(deck, id int, loc string, arg int) {
	c := &m.st.decks[deck].cards[id-1]
	if c.loc == loc && c.arg == arg {
		return
	}
	m.places(deck).place(id, loc, arg)
	m.leftPlace(c)
}

// leftPlace is what a card going to a new place (c.loc, c.arg already
// written) does to what seats know of it: each seat shown it forgets it
// unless the new place is one it sees, and it starts a new epoch, so that the
// opaque id a seat that does not see it knows it by is drawn again
// (SeatCardID): nobody can tell it from the other cards it went among.
func (m *Match) leftPlace(c *dcard) {
	c.epoch++
	if c.known != 0 {
		c.known &= m.sightSeats(*c)
	}
}

// sightSeats returns the seats (bit per 0-based seat) that see the faces of
// the cards at c's place by the pack's visibility alone.
func (m *Match) sightSeats(c dcard) uint64 {
	switch m.p.vis.sight(c.loc) {
	case sightEveryone:
		return m.allSeats()
	case sightOwner:
		if c.arg >= 1 && c.arg <= m.seats {
			return 1 << (c.arg - 1)
		}
	}
	return 0
}

// allSeats returns a bit for every seat of the match.
func (m *Match) allSeats() uint64 {
	if m.seats == 64 {
		return ^uint64(0)
	}
	return 1<<m.seats - 1
}

// biReveal is reveal(card, to=None): the card (or each card of a list or
// tuple) is shown to player to, or to every player when to is None, and
// stays known to each until it goes to a place that player does not see
// (leftPlace). It changes only what seats see: the card stays where it is.
func biReveal(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var what starlark.Value
	var to starlark.Value = starlark.None
	if err := starlark.UnpackArgs(fn, args, kw, "card", &what, "to?", &to); err != nil {
		return nil, err
	}
	if err := m.needBody(fn); err != nil {
		return nil, err
	}
	seats, whom := m.allSeats(), "every player"
	if to != starlark.None {
		seat, err := m.seatOf(fn, to)
		if err != nil {
			return nil, err
		}
		seats, whom = 1<<seat, m.names[seat]
	}
	cards, err := revealed(fn, what)
	if err != nil {
		return nil, err
	}
	for _, c := range cards {
		dk := m.deckW(c.deck.idx)
		dk.cards[c.id-1].known |= seats
		if m.rec {
			m.emitShown(c, whom)
		}
	}
	return starlark.None, nil
}

// emitShown logs card c shown to whom. The designer's text names the card
// by its id; a seat's names it by its face if the seat sees it now (shown
// to it, or its own), else "a card": an id tells a face (ids follow the
// order of creation), so a look another seat was given must not.
func (m *Match) emitShown(c *cardValue, whom string) {
	e := Event{Kind: EvObject, Name: c.deck.name}
	if !m.texting() {
		m.emit(e)
		return
	}
	e.Detail = fmt.Sprintf("card %d shown to %s", c.id, whom)
	t := &markedText{}
	t.detail = m.markValue(t, c) + " shown to " + whom
	m.emitNoted(e, seatNote{text: t})
}

// revealed reads reveal's first argument: a card, or a list or tuple of
// cards.
func revealed(fn string, v starlark.Value) ([]*cardValue, error) {
	if c, ok := v.(*cardValue); ok {
		return []*cardValue{c}, nil
	}
	var items []starlark.Value
	switch x := v.(type) {
	case starlark.Tuple:
		items = x
	case *starlark.List:
		for i := 0; i < x.Len(); i++ {
			items = append(items, x.Index(i))
		}
	default:
		return nil, fmt.Errorf("%s: want a card or a list of cards, not %s", fn, v.Type())
	}
	out := make([]*cardValue, len(items))
	for i, it := range items {
		c, ok := it.(*cardValue)
		if !ok {
			return nil, fmt.Errorf("%s: want a card or a list of cards, not a list holding a %s", fn, it.Type())
		}
		out[i] = c
	}
	return out, nil
}
