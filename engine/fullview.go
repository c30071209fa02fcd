package engine

import (
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
	for k, x := range m.st.vars {
		if v.Variables == nil {
			v.Variables = map[string]any{}
		}
		v.Variables[k] = toGo(x, nil)
	}
	v.Players = nil
	for s, vars := range m.st.pvars {
		for k, x := range vars {
			if v.Players == nil {
				v.Players = make([]map[string]any, m.seats)
				for i := range v.Players {
					v.Players[i] = map[string]any{}
				}
			}
			v.Players[s][k] = toGo(x, nil)
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
	byPlace := map[string][]dcard{}
	var keys []string
	for _, c := range dk.cards {
		key := c.loc
		if sg := m.p.vis.sight(c.loc); sg == sightOwner || c.loc == "hand" || c.loc == "cardsontable" || c.loc == "cardswon" {
			key += "/" + strconv.Itoa(c.arg)
		}
		if _, ok := byPlace[key]; !ok {
			keys = append(keys, key)
		}
		byPlace[key] = append(byPlace[key], c)
	}
	dv := DeckView{Counts: make(map[string]int, len(keys)), Cards: make(map[string][]string, len(keys))}
	for _, key := range keys {
		cs := byPlace[key]
		sort.SliceStable(cs, func(a, b int) bool { return cs[a].arg < cs[b].arg })
		faces := make([]string, len(cs))
		for i, c := range cs {
			faces[i] = face(c)
		}
		dv.Counts[key], dv.Cards[key] = len(cs), faces
	}
	return dv
}

// Names returns the players' names, one per seat.
func (m *Match) Names() []string { return append([]string(nil), m.names...) }

// Clocked reports whether the match's players have clocks (Options.Clock).
func (m *Match) Clocked() bool { return m.opts.Clock > 0 }
