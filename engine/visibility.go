package engine

import "github.com/rulestudio/studio/graph"

// sight is who sees the faces of a deck location's cards, compiled from the
// pack's words (graph.SeenByEveryone, ...).
type sight uint8

const (
	sightEveryone sight = iota // face up
	sightOwner                 // the seat whose number is location_arg; others count
	sightCount                 // face down: counted, never seen
	sightNobody                // neither seen nor counted
)

var sightOf = map[string]sight{
	graph.SeenByEveryone: sightEveryone,
	graph.SeenByOwner:    sightOwner,
	graph.SeenByCount:    sightCount,
	graph.SeenByNobody:   sightNobody,
}

// visibility is a pack's visibility section compiled once: what views,
// determinization and everything else that asks who sees what consult,
// through the Match methods below and nothing else.
type visibility struct {
	locs     map[string]sight // the named locations and the defaults; any other is face up
	zones    map[string]sight // the named object zones; any other is face up
	privVars map[string]bool  // variable names private to their owner
	privTags uint64           // bits of the tags private to their object's controller
}

// newVisibility compiles pack's visibility; tags maps tag names to bits.
// Compile has refused the words graph.Check refuses (visibility-word).
func newVisibility(pack *graph.Pack, tags map[string]int) *visibility {
	v := &visibility{locs: map[string]sight{}, privVars: map[string]bool{}}
	for loc, w := range graph.DefaultLocations {
		v.locs[loc] = sightOf[w]
	}
	if pv := pack.Visibility; pv != nil {
		for _, s := range pv.Locations {
			v.locs[s.Name] = sightOf[s.Word]
		}
		for _, s := range pv.Zones {
			if v.zones == nil {
				v.zones = map[string]sight{}
			}
			v.zones[s.Name] = sightOf[s.Word]
		}
		for _, s := range pv.Variables {
			v.privVars[s.Name] = s.Word == graph.KnownToOwner
		}
		for _, s := range pv.Tags {
			if bit, ok := tags[s.Name]; ok && s.Word == graph.KnownToOwner {
				v.privTags |= 1 << bit
			}
		}
	}
	return v
}

// sight returns who sees the faces of location loc's cards.
func (v *visibility) sight(loc string) sight { return v.locs[loc] } // absent: sightEveryone

// seesFace reports whether seat (0-based) sees which card c is: where the
// pack's visibility shows it, or because it was shown to seat (reveal) and
// has not left seat's sight since (reveal.go). Views list exactly these
// faces, a seat knows the others by opaque ids only (cardid.go) and
// determinization deals them again.
func (m *Match) seesFace(seat int, c dcard) bool {
	switch m.p.vis.sight(c.loc) {
	case sightEveryone:
		return true
	case sightOwner:
		if c.arg == seat+1 {
			return true
		}
	}
	return c.known>>seat&1 != 0
}

// SeesCard reports whether seat (0-based) sees the face of card id (1-based)
// of deck: where the pack's visibility shows it, or because reveal() showed
// it to seat and it has not gone where seat cannot see since (docs/model.md
// "Hidden information"). It is false for a deck or card that does not
// exist.
func (m *Match) SeesCard(seat int, deck string, id int) bool {
	for i, name := range m.p.decks {
		if name == deck {
			cs := m.st.decks[i].cards
			return id >= 1 && id <= len(cs) && m.seesFace(seat, cs[id-1])
		}
	}
	return false
}

// seesVariable reports whether seat sees variable name of owner (a 0-based
// seat, or -1 for none: the game's variables, an object without a
// controller): always when it is public, else only when seat owns it.
func (m *Match) seesVariable(seat, owner int, name string) bool {
	return !m.p.vis.privVars[name] || seat == owner
}

// seesTag is seesVariable for the tag of the given bit.
func (m *Match) seesTag(seat, owner, bit int) bool {
	return m.p.vis.privTags&(1<<bit) == 0 || seat == owner
}

// ownerOf returns the seat ob's controller variable names, or -1.
func (m *Match) ownerOf(ob *object) int {
	if v, ok := m.varOf(ob, "controller"); ok {
		if p, ok := v.(*playerValue); ok {
			return p.seat
		}
	}
	return -1
}

// seesObject reports whether seat (0-based) sees ob's face: its type, tags
// and variables but its place (zone and controller), which every seat that
// may count it sees. An object whose zone variable is not a string, or
// names a zone the pack does not declare, is face up. Views show exactly
// these faces and determinization deals all others again.
func (m *Match) seesObject(seat int, ob *object) bool {
	if m.p.vis.zones == nil { // most packs: objects are public
		return true
	}
	switch m.p.vis.zones[zoneOf(ob)] {
	case sightEveryone:
		return true
	case sightOwner:
		return m.ownerOf(ob) == seat
	}
	return false
}

// SeesObject reports whether seat (0-based) sees the face of object id, as
// the pack's visibility.zones says (docs/model.md "Hidden information"). It
// is false for an object that does not exist.
func (m *Match) SeesObject(seat, id int) bool {
	ob := m.lookup(id)
	return ob != nil && m.seesObject(seat, ob)
}
