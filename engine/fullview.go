package engine

import (
	"slices"
	"sort"
	"strconv"

	"go.starlark.net/starlark"
)

// FullView is what the designer sees of the match: a [View] in which nothing
// is hidden. Seat is -1; every deck place is counted and its faces listed in
// Cards (hands too: Hand is empty), in the order a seat's view lists them;
// every object has all its variables and tags, every game and player
// variable is there; Description is the state's description (never the
// descriptionmyturn of one seat) and PrivateArgs is empty; Legal holds every
// seat's legal moves. The table view draws it for the designer.
func (m *Match) FullView() (*View, error) {
	v, err := m.View(m.st.active)
	if err != nil {
		return nil, err
	}
	v.Seat, v.PrivateArgs = -1, nil
	f := m.top()
	args := map[string]starlark.Value{}
	if f.st.args != nil {
		if a, err := m.call(f.st.args, m.st.active, nil); err == nil {
			if d, ok := a.(*starlark.Dict); ok {
				for _, it := range d.Items() {
					if k, ok := it[0].(starlark.String); ok && k != "_private" {
						args[string(k)] = it[1]
					}
				}
			}
		}
	}
	v.Description = m.describe(f.st.s.Description, m.st.active, args, nil) // real ids
	for i, dk := range m.st.decks {
		v.Decks[m.p.decks[i]] = m.fullDeck(dk)
	}
	v.Objects = nil
	for _, ob := range m.st.objs {
		ov := ObjectView{ID: ob.id, Type: ob.typ.name, Variables: map[string]any{}}
		for name, bit := range m.p.tags {
			if m.hasTag(ob, name, bit) {
				ov.Tags = append(ov.Tags, name)
			}
		}
		sort.Strings(ov.Tags)
		for i, vr := range ob.typ.t.Variables {
			ov.Variables[vr.Name] = toGo(ob.vars[i], nil)
		}
		for k, x := range ob.extra {
			ov.Variables[k] = toGo(x, nil)
		}
		v.Objects = append(v.Objects, ov)
	}
	v.Variables = nil
	for _, kv := range m.st.vars {
		if v.Variables == nil {
			v.Variables = map[string]any{}
		}
		v.Variables[kv.name] = toGo(kv.v, nil)
	}
	v.Players = nil
	for s, vars := range m.st.pvars {
		for _, kv := range vars {
			if v.Players == nil {
				v.Players = make([]map[string]any, m.seats)
				for i := range v.Players {
					v.Players[i] = map[string]any{}
				}
			}
			v.Players[s][kv.name] = toGo(kv.v, nil)
		}
	}
	moves, err := m.LegalAll()
	if err != nil {
		return nil, err
	}
	v.Legal = v.Legal[:0]
	for _, mv := range moves {
		gm, err := m.EncodeMove(mv)
		if err != nil {
			return nil, err
		}
		v.Legal = append(v.Legal, gm)
	}
	return v, nil
}

// fullDeck is dk as the designer sees it: every place a seat's view keys
// ("location", or "location/arg" where the cards belong to a seat),
// counted, with every face, by location_arg then id.
func (m *Match) fullDeck(dk *deck) DeckView {
	all := m.allCards(dk)
	dv := DeckView{Counts: make(map[string]int, len(all)), Cards: make(map[string][]string, len(all))}
	for key, ids := range all {
		dv.Counts[key], dv.Cards[key] = len(ids), faces(dk, ids)
	}
	return dv
}

// allCards returns the ids of every card of dk by place as fullDeck keys
// them, in its order (location_arg, then id).
func (m *Match) allCards(dk *deck) map[string][]int {
	byPlace := map[string][]int{}
	for i, c := range dk.cards {
		key := c.loc
		if sg := m.p.vis.sight(c.loc); sg == sightOwner || c.loc == "hand" || c.loc == "cardsontable" || c.loc == "cardswon" {
			key += "/" + strconv.Itoa(c.arg)
		}
		byPlace[key] = append(byPlace[key], i+1)
	}
	for _, ids := range byPlace {
		sort.SliceStable(ids, func(a, b int) bool { return dk.cards[ids[a]-1].arg < dk.cards[ids[b]-1].arg })
	}
	return byPlace
}

// SeenCardIDs returns the ids of the cards of deck whose faces seat
// (0-based; -1 the designer) sees, by place as its view keys them, in the
// order of the view's faces: a place of [DeckView].Cards (every place for
// the designer, as [Match.FullView]), and the seat's own hand under
// "hand/N" (N its number from 1), in the order of DeckView.Hand. A table
// tells two cards of one face apart by these ids, which are the ids the
// seat's legal moves name them by (a card it sees is named by its real id,
// [Match.SeatCardID]). It is nil for a deck or seat the match does not
// have.
func (m *Match) SeenCardIDs(seat int, deck string) map[string][]int {
	i := slices.Index(m.p.decks, deck)
	if i < 0 || seat < -1 || seat >= m.seats {
		return nil
	}
	dk := m.st.decks[i]
	if seat < 0 {
		return m.allCards(dk)
	}
	_, ids := m.seenCards(dk, seat)
	if hand := m.inLoc(i, "hand", seat+1, true); len(hand) > 0 {
		if ids == nil {
			ids = map[string][]int{}
		}
		own := make([]int, len(hand)) // the caller's: never the deck's index
		for k, id := range hand {
			own[k] = int(id)
		}
		ids["hand/"+strconv.Itoa(seat+1)] = own
	}
	return ids
}

// Names returns the players' names, one per seat.
func (m *Match) Names() []string { return append([]string(nil), m.names...) }

// Clocked reports whether the match's players have clocks (Options.Clock).
func (m *Match) Clocked() bool { return m.opts.Clock > 0 }
