package engine

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"go.starlark.net/starlark"
)

// Determinize returns a fork of the match that seat cannot tell from this
// one, everything seat does not see dealt again:
//
//   - the cards whose faces seat does not see (the pack's visibility, by
//     default BGA's Deck conventions, graph.DefaultLocations: other hands,
//     the draw pile, cards given face down; see [Match.SeesCard]) among the
//     places they are in (location and location_arg: another hand, a place
//     in the draw pile, a pile no seat sees), each place keeping its number
//     of cards; a card keeps its id and face (an id, fixed when the deck was
//     created, would tell its face);
//   - the faces of the objects seat does not see (visibility.zones, see
//     [Match.SeesObject]) among their places: each keeps its id, zone and
//     controller and takes the type, tags and other variables of another,
//     a player's objects among that player's only;
//   - the match's random source, reseeded, so what chance brings later is
//     unknown too.
//
// What seat sees is kept: its own hand, the public cards and objects,
// boards, variables, scores, how many cards and objects each place holds.
// The values the match derives from its state (the while clauses' wrappers
// and the tags they grant; properties are computed on reading) are then
// computed again from the new deal, so that none is left from the real
// hidden cards: the fork is a state that could be the real one. The fork
// records no events or snapshots from here on (as with Options.NoHistory):
// it is for playing ahead, thousands of times a decision. The deal is a
// function of seed and of what seat sees only: two matches seat cannot tell
// apart give the same deal for the same seed. It draws from seed
// (SplitMix64), never from the match's source, and the match is unchanged.
//
// This is how a searching bot plays from what its seat may see: it searches
// on determinized forks, never on the match itself. Pack code that keeps
// hidden facts elsewhere (a variable naming another player's cards) is not
// hidden by it.
//
// The fork lists its moves into the buffers of a match released before
// ([Match.Release]); releasing the fork once done with it hands them on to
// the next, so that a search's thousands of forks do not each grow their own.
func (m *Match) Determinize(seat int, seed uint64) *Match {
	f := m.determinize(seat, seed, nil, nil)
	f.borrowBuffers()
	return f
}

// determinize is Determinize, keeping where they are the cards keep reports
// (deck and card index; nil: none) and the objects keepObj reports (by id;
// nil: none), as if seat saw them: the leak check keeps what the seat is
// about to see.
func (m *Match) determinize(seat int, seed uint64, keep func(deck, card int) bool, keepObj func(id int) bool) *Match {
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
	f.redealCards(seat, next, keep)
	f.redealObjects(seat, next, keepObj)
	f.st.rng = next()
	f.rederive()
	return f
}

// redealCards deals the cards seat does not see (see seesFace) again among
// the places they are in, each place keeping its number of cards, drawing
// from next; the cards keep reports (nil: none) stay where they are.
func (m *Match) redealCards(seat int, next func() uint64, keep func(deck, card int) bool) {
	for i, dk := range m.st.decks {
		var hidden []int // card indexes, deck order
		for j, c := range dk.cards {
			if !m.seesFace(seat, c) && (keep == nil || !keep(i, j)) {
				hidden = append(hidden, j)
			}
		}
		if len(hidden) < 2 {
			continue
		}
		w := m.deckW(i)
		places := make([]dcard, len(hidden)) // (loc, arg, known) of each hidden card
		for k, j := range hidden {
			places[k] = w.cards[j]
		}
		// Sorted first, so that the deal depends on what seat knows (which
		// cards are hidden and the places they fill), never on which card
		// really is where.
		sort.SliceStable(places, func(a, b int) bool {
			pa, pb := places[a], places[b]
			return pa.loc < pb.loc || pa.loc == pb.loc && (pa.arg < pb.arg || pa.arg == pb.arg && pa.known < pb.known)
		})
		for k := len(places) - 1; k > 0; k-- { // Fisher-Yates
			j := next() % uint64(k+1)
			places[k], places[j] = places[j], places[k]
		}
		for k, j := range hidden {
			// What other seats were shown goes with the place (a Priest's
			// look at a hand knows whichever card that hand holds here).
			w.cards[j].loc, w.cards[j].arg, w.cards[j].known = places[k].loc, places[k].arg, places[k].known
		}
		m.forgetPlaces(i)
	}
}

// rederive computes again, from the state as it now is, the values derived
// from it that the match keeps rather than computes on reading: the while
// clauses' wrappers and the tags they grant (properties are computed on
// every read). A re-deal calls it, so that no value computed from the real
// hidden cards outlives them. before() then reads the re-dealt present, as
// in a fork. A while condition that fails on the new state stops the match
// on that error (Err), as the real one would stop at its next step.
func (m *Match) rederive() {
	m.setPrev(m.snapshotPast()) // what before() reads while the clauses are asked
	if !m.p.clauses {
		return
	}
	sb := m.sb()
	want := sb.wantBuf[:0]
	var err error
	for i := range m.st.frames {
		if f := m.frameAt(i); err == nil && f.st.clauses.active() {
			want, err = m.wantWhile(want, nil, -1-i, f.st.clauses, &paramsValue{st: f.st, values: f.params})
		}
	}
	for _, ob := range m.st.objs {
		if err == nil && ob.typ.c.active() {
			want, err = m.wantWhile(want, nil, ob.id, ob.typ.c, m.objValue(ob.id))
		}
	}
	if err != nil {
		m.err = err
		return
	}
	old := m.st.wraps
	m.rewrap(want)
	sb.wantBuf, sb.lastWant = sb.lastWant[:0], want
	if !sameSlice(old, m.st.wraps) {
		m.setPrev(m.snapshotPast()) // the wrappers just made are the past's too
	}
}

// redealObjects deals the faces of the objects seat does not see (see
// seesObject) again among their places, drawing from next: each such object
// keeps its id, zone and controller and takes the type, tags and other
// variables of one of them. An object is dealt among its controller's only
// (a player's library holds that player's cards), those without one among
// themselves; the objects keep reports (nil: none) keep their faces.
func (m *Match) redealObjects(seat int, next func() uint64, keep func(id int) bool) {
	if m.p.vis.zones == nil {
		return
	}
	groups := map[int][]int{} // controller (-1 none) -> hidden objects' ids, in id order
	for _, ob := range m.st.objs {
		if !m.seesObject(seat, ob) && (keep == nil || !keep(ob.id)) {
			o := m.ownerOf(ob)
			groups[o] = append(groups[o], ob.id)
		}
	}
	owners := make([]int, 0, len(groups))
	for o := range groups {
		owners = append(owners, o)
	}
	slices.Sort(owners) // a map's order is not the seed's
	for _, o := range owners {
		ids := groups[o]
		if len(ids) < 2 {
			continue
		}
		faces := make([]object, len(ids)) // the faces, read before any is replaced
		keys := make([]string, len(ids))
		for k, id := range ids {
			faces[k] = *m.lookup(id)
			keys[k] = faceKey(&faces[k])
		}
		// Sorted first, so that the deal depends on what seat knows (the
		// places, the faces hidden in them), never on which face is where.
		order := make([]int, len(ids))
		for k := range order {
			order[k] = k
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
		for k := len(order) - 1; k > 0; k-- { // Fisher-Yates
			j := next() % uint64(k+1)
			order[k], order[j] = order[j], order[k]
		}
		for k, id := range ids {
			m.putFace(id, &faces[k], &faces[order[k]])
		}
	}
	m.st.memberVer = m.bump(rdMembers, 0) // types and tags changed: objects() answers otherwise
}

// putFace gives object id the face of face, keeping the place of place (its
// own face before the deal).
func (m *Match) putFace(id int, place, face *object) {
	ob := m.objW(id)
	ob.typ, ob.tags, ob.fired = face.typ, face.tags, face.fired
	ob.vars = slices.Clone(face.vars)
	ob.extra = nil
	for k, v := range face.extra {
		if ob.extra == nil {
			ob.extra = make(map[string]starlark.Value, len(face.extra))
		}
		ob.extra[k] = v
	}
	for _, name := range []string{zoneVar, controllerVar} {
		v, ok := m.varOf(place, name)
		if !ok {
			continue
		}
		if i, ok := ob.typ.varIdx[name]; ok {
			ob.vars[i] = v
		} else {
			if ob.extra == nil {
				ob.extra = map[string]starlark.Value{}
			}
			ob.extra[name] = v
		}
	}
}

// faceKey is a text of ob's face (its type, tags, variables but its place,
// when-clauses fired), to order faces by what they are.
func faceKey(ob *object) string {
	var b strings.Builder
	b.WriteString(ob.typ.name)
	fmt.Fprintf(&b, "|%x|%x", ob.tags, ob.fired)
	for i, v := range ob.vars {
		if name := ob.typ.t.Variables[i].Name; !isPlace(name) {
			fmt.Fprintf(&b, "|%s=%s", name, v)
		}
	}
	for _, k := range sortedKeys(ob.extra) {
		if !isPlace(k) {
			fmt.Fprintf(&b, "|%s=%s", k, ob.extra[k])
		}
	}
	return b.String()
}
