package engine

import (
	"fmt"
	"slices"
	"strconv"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// dcard is one card of a Deck (BGA: id, type, type_arg, location,
// location_arg).
type dcard struct {
	typ     starlark.Value
	typeArg int
	loc     string
	arg     int
	known   uint64 // seats (bit per 0-based seat) shown it by reveal(), until it goes out of their sight
	epoch   uint32 // places it has left: a new epoch draws its opaque ids again (cardid.go)
}

// deck is BGA's Deck component: cards by id (id = index + 1), each in a named
// location with an integer argument (a player number in "hand", the order in a
// pile: the top card has the highest location_arg). Copied on write.
type deck struct {
	gen   uint64
	ver   uint64 // version of the cards (reads.go)
	cards []dcard
}

func newDeck(gen uint64) *deck { return &deck{gen: gen} }

func (d *deck) clone(gen uint64) *deck {
	return &deck{gen: gen, cards: cloneSlice(d.cards)}
}

// deckValue is the Starlark face of a declared deck:
//
//	deck.create(cards, location="deck")  cards: [{"type":..., "type_arg":..., "nbr":...}]
//	deck.shuffle(location="deck")
//	deck.pick(n, player, location="deck")          -> the cards, now in "hand" of player
//	deck.pick_for_location(n, from, to, arg=0)     -> the cards
//	deck.move(card, location, arg=0)
//	deck.move_all(from, to, from_arg=None, to_arg=0)
//	deck.count(location=None, arg=None)
//	deck.cards(location, arg=None)                 -> cards, ordered by location_arg then id
//	deck.top(location)                             -> the top card or None
//	deck.card(id)
type deckValue struct {
	name    string
	idx     int
	methods map[string]*starlark.Builtin
}

var deckMethods = []string{"card", "cards", "count", "create", "move", "move_all", "pick", "pick_for_location", "shuffle", "top"}

func newDeckValue(name string, idx int) *deckValue {
	dv := &deckValue{name: name, idx: idx, methods: map[string]*starlark.Builtin{}}
	for _, n := range deckMethods {
		dv.methods[n] = starlark.NewBuiltin(name+"."+n, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
			m := matchOf(th)
			if m == nil {
				return nil, fmt.Errorf("%s: no match is running", b.Name())
			}
			return dv.call(m, n, b.Name(), args, kw)
		})
	}
	return dv
}

func (d *deckValue) String() string        { return "<deck " + d.name + ">" }
func (d *deckValue) Type() string          { return "deck" }
func (d *deckValue) Freeze()               {}
func (d *deckValue) Truth() starlark.Bool  { return true }
func (d *deckValue) Hash() (uint32, error) { return starlark.String(d.name).Hash() }
func (d *deckValue) AttrNames() []string   { return deckMethods }
func (d *deckValue) Attr(name string) (starlark.Value, error) {
	if b, ok := d.methods[name]; ok {
		return b, nil
	}
	return nil, nil
}

// locArg reads an optional location_arg: None (any), an int or a player.
func locArg(m *Match, fn string, v starlark.Value) (int, bool, error) {
	switch x := v.(type) {
	case nil, starlark.NoneType:
		return 0, false, nil
	case *playerValue:
		return x.seat + 1, true, nil
	}
	var n int
	if err := starlark.AsInt(v, &n); err != nil {
		return 0, false, fmt.Errorf("%s: a location_arg is an int or a player, not %s", fn, v.Type())
	}
	return n, true, nil
}

func (d *deckValue) cardID(m *Match, fn string, v starlark.Value) (int, error) {
	switch x := v.(type) {
	case *cardValue:
		return x.id, nil
	case starlark.Int:
		n, _ := x.Int64()
		if n >= 1 && int(n) <= len(m.st.decks[d.idx].cards) {
			return int(n), nil
		}
	}
	return 0, fmt.Errorf("%s: want a card of %s, got %s", fn, d.name, v)
}

func (d *deckValue) list(m *Match, ids []int32) *starlark.List {
	out := make([]starlark.Value, len(ids))
	for i, id := range ids {
		out[i] = m.card(d, int(id))
	}
	return starlark.NewList(out)
}

// card is the value of card id of deck d in m: one per card and match (a
// card's value only names it), made at its first use.
func (m *Match) card(d *deckValue, id int) *cardValue {
	dc := m.caches()
	if d.idx < len(dc.cardVals) && id < len(dc.cardVals[d.idx]) {
		if v := dc.cardVals[d.idx][id]; v != nil {
			return v // the common case: no write (a pointer write is a barrier while the GC marks)
		}
	}
	for len(dc.cardVals) <= d.idx {
		dc.cardVals = append(dc.cardVals, nil)
	}
	vals := dc.cardVals[d.idx]
	for len(vals) <= id {
		vals = append(vals, nil)
	}
	dc.cardVals[d.idx] = vals
	if vals[id] == nil {
		vals[id] = &cardValue{m: m, deck: d, id: id}
	}
	return vals[id]
}

func (d *deckValue) call(m *Match, name, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	dk := m.st.decks[d.idx]
	m.note(rdDeck, d.idx, dk.ver)
	switch name {
	case "card":
		var v starlark.Value
		if err := starlark.UnpackPositionalArgs(fn, args, kw, 1, &v); err != nil {
			return nil, err
		}
		id, err := d.cardID(m, fn, v)
		if err != nil {
			return nil, err
		}
		return m.card(d, id), nil
	case "cards", "count", "top":
		loc, arg, hasArg, err := locRead(m, fn, args, kw)
		if err != nil {
			return nil, err
		}
		if name == "count" {
			return starlark.MakeInt(m.count(d.idx, loc, arg, hasArg)), nil
		}
		ids := m.inLoc(d.idx, loc, arg, hasArg)
		if name == "top" {
			if len(ids) == 0 {
				return starlark.None, nil
			}
			return m.card(d, int(ids[len(ids)-1])), nil
		}
		return d.list(m, ids), nil
	}
	if err := m.mutable(fn); err != nil {
		return nil, err
	}
	switch name {
	case "create":
		return d.create(m, fn, args, kw)
	case "shuffle":
		loc, err := shuffleArgs(fn, args, kw)
		if err != nil {
			return nil, err
		}
		dk = m.deckW(d.idx)
		// The location's cards in id order, dealt places 0, 1, ... in the
		// shuffled order: which is then their order in the index.
		ids := m.places(d.idx).inLoc(loc, 0, false)
		slices.Sort(ids)
		m.shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		for pos, id := range ids {
			c := &dk.cards[id-1]
			c.arg = pos
			m.leftPlace(c) // even where pos is its old place: nobody may follow it through a shuffle
		}
		if m.rec {
			e := Event{Kind: EvRandom, Name: d.name + ".shuffle"}
			if m.texting() {
				e.Detail = fmt.Sprintf("%s: %s", loc, cardsText(len(ids)))
			}
			m.emit(e)
		}
		return starlark.None, nil
	case "pick", "pick_for_location":
		n, from, to, argV, err := pickArgs(name, fn, args, kw)
		if err != nil {
			return nil, err
		}
		arg, _, err := locArg(m, fn, argV)
		if err != nil {
			return nil, err
		}
		dk = m.deckW(d.idx)
		// The top n, top first, copied: each move changes the index.
		top := m.places(d.idx).inLoc(from, 0, false)
		top = top[len(top)-min(max(n, 0), len(top)):]
		picked := make([]int32, len(top))
		for i, id := range top {
			picked[len(top)-1-i] = id
		}
		cm := m.cardMoves(false)
		for _, id := range picked {
			if cm != nil {
				cm.add(m, dk.cards[id-1], to, arg)
			}
			m.put(d.idx, int(id), to, arg)
		}
		if m.rec && len(picked) > 0 {
			e := Event{Kind: EvObject, Name: d.name}
			if m.texting() {
				e.Detail = fmt.Sprintf("%s from %s to %s %d", cardsText(len(picked)), from, to, arg)
			}
			m.emitMoves(e, cm, from, to)
		}
		return d.list(m, picked), nil
	case "move":
		v, loc, argV, err := deckMoveArgs(fn, args, kw)
		if err != nil {
			return nil, err
		}
		id, err := d.cardID(m, fn, v)
		if err != nil {
			return nil, err
		}
		arg, _, err := locArg(m, fn, argV)
		if err != nil {
			return nil, err
		}
		dk = m.deckW(d.idx)
		from := dk.cards[id-1].loc
		cm := m.cardMoves(true)
		if cm != nil {
			cm.add(m, dk.cards[id-1], loc, arg)
		}
		m.put(d.idx, id, loc, arg)
		if m.rec {
			e := Event{Kind: EvObject, Name: d.name}
			if m.texting() {
				e.Detail = fmt.Sprintf("card %d to %s %d", id, loc, arg)
			}
			m.emitMoves(e, cm, from, loc)
		}
		return starlark.None, nil
	case "move_all":
		from, to, fromV, toV, err := moveAllArgs(fn, args, kw)
		if err != nil {
			return nil, err
		}
		fa, hasFrom, err := locArg(m, fn, fromV)
		if err != nil {
			return nil, err
		}
		ta, _, err := locArg(m, fn, toV)
		if err != nil {
			return nil, err
		}
		dk = m.deckW(d.idx)
		// The cards in id order, copied: each move changes the index.
		ix := m.places(d.idx)
		dc := m.caches()
		dc.deckIDs = append(dc.deckIDs[:0], ix.inLoc(from, fa, hasFrom)...)
		ids := dc.deckIDs
		if !hasFrom {
			slices.Sort(ids)
		}
		cm := m.cardMoves(false)
		for _, id := range ids {
			if cm != nil {
				cm.add(m, dk.cards[id-1], to, ta)
			}
			if from == to { // a card already at (to, ta) stays, in its epoch
				m.put(d.idx, int(id), to, ta)
			}
		}
		if from != to {
			ix.placeAll(ids, from, fa, hasFrom, to, ta)
			for _, id := range ids {
				m.leftPlace(&dk.cards[id-1])
			}
		}
		moved := len(ids)
		if m.rec && moved > 0 {
			e := Event{Kind: EvObject, Name: d.name}
			if m.texting() {
				e.Detail = fmt.Sprintf("%s from %s to %s %d", cardsText(moved), from, to, ta)
			}
			m.emitMoves(e, cm, from, to)
		}
		return starlark.None, nil
	}
	return nil, fmt.Errorf("%s: unknown method", fn)
}

// cardValue is one card as code sees it: c.id, c.type, c.type_arg,
// c.location, c.location_arg (read from the match as it is now).
type cardValue struct {
	m    *Match
	deck *deckValue
	id   int
}

var (
	_ starlark.HasAttrs   = (*cardValue)(nil)
	_ starlark.Comparable = (*cardValue)(nil)
)

// CardOf returns the deck and id of card value v, as a legal move's
// argument holds it; false for any other value. A table names the card
// clicked by these, never by its face, which two cards can share.
func CardOf(v starlark.Value) (CardRef, bool) {
	c, ok := v.(*cardValue)
	if !ok {
		return CardRef{}, false
	}
	return CardRef{Deck: c.deck.name, ID: c.id}, true
}

func (c *cardValue) get() dcard { return *c.at() }

// at is the card as it is now, to be read before the match next changes
// (Attr reads one field of it: no copy of the whole card).
func (c *cardValue) at() *dcard {
	dk := c.m.st.decks[c.deck.idx]
	c.m.note(rdDeck, c.deck.idx, dk.ver)
	return &dk.cards[c.id-1]
}

func (c *cardValue) String() string {
	d := c.get()
	return fmt.Sprintf("card(%d: %s/%d)", c.id, d.typ, d.typeArg)
}
func (c *cardValue) Type() string          { return "card" }
func (c *cardValue) Freeze()               {}
func (c *cardValue) Truth() starlark.Bool  { return true }
func (c *cardValue) Hash() (uint32, error) { return uint32(c.id*31 + c.deck.idx), nil }
func (c *cardValue) AttrNames() []string {
	return []string{"id", "location", "location_arg", "type", "type_arg"}
}
func (c *cardValue) Attr(name string) (starlark.Value, error) {
	d := c.at()
	switch name {
	case "id":
		return starlark.MakeInt(c.id), nil
	case "type":
		return d.typ, nil
	case "type_arg":
		return starlark.MakeInt(d.typeArg), nil
	case "location":
		return starlark.String(d.loc), nil
	case "location_arg":
		return starlark.MakeInt(d.arg), nil
	}
	return nil, nil
}
func (c *cardValue) CompareSameType(op syntax.Token, y starlark.Value, depth int) (bool, error) {
	o := y.(*cardValue)
	same := c.id == o.id && c.deck.idx == o.deck.idx
	switch op {
	case syntax.EQL:
		return same, nil
	case syntax.NEQ:
		return !same, nil
	}
	return false, fmt.Errorf("cards support only == and !=")
}

// combinations(items, k) lists the k-element combinations of items as tuples,
// in lexicographic order of positions (for actions choosing several things).
func biCombinations(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	lend, count := m.lendCombos, m.countCombos
	m.lendCombos, m.countCombos = false, false
	it, k, err := combinationsArgs(fn, args, kw)
	if err != nil {
		return nil, err
	}
	if err := m.mem.charge(elems(int(length(it)))); err != nil {
		return nil, err
	}
	if l, ok := it.(*starlark.List); ok && !count && k >= 0 && k <= l.Len() {
		if out := m.combos.find(l, k); out != nil {
			// Charged as the tuples' first making was (see comboCache).
			if err := m.mem.charge(add(elems(len(out)), mul(uint64(len(out)), elems(k)))); err != nil {
				return nil, err
			}
			return comboList(out, lend), nil
		}
	}
	items := m.comboItems(it, count)
	if k < 0 || k > len(items) {
		return starlark.NewList(nil), nil
	}
	// The list and every tuple's elements in two allocations (Hearts'
	// giveCards domain is 286 tuples at every decision of every seat).
	n, ok := binomial(len(items), k, maxCombinations)
	if !ok {
		return nil, fmt.Errorf("%s: %d items taken %d at a time make more than %d combinations", fn, len(items), k, maxCombinations)
	}
	if err := m.mem.charge(add(elems(n), mul(uint64(n), elems(k)))); err != nil {
		return nil, err
	}
	if count { // charged as the tuples would be (see counted.go)
		return &comboSeq{items: items, k: k, n: n}, nil
	}
	out := make([]starlark.Value, 0, n)
	elems := make([]starlark.Value, n*k)
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	for c := 0; ; c++ {
		t := starlark.Tuple(elems[c*k : c*k+k : c*k+k])
		for i, j := range idx {
			t[i] = items[j]
		}
		out = append(out, t)
		i := k - 1
		for i >= 0 && idx[i] == len(items)-k+i {
			i--
		}
		if i < 0 {
			break
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
	if m.keepCombos(items, out, k) {
		return comboList(out, lend), nil
	}
	return starlark.NewList(out), nil
}

// combinationsArgs reads combinations(items, k) as UnpackPositionalArgs
// would, without the allocations of its pointers when the arguments are
// right; otherwise through it, for its errors.
func combinationsArgs(fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Iterable, int, error) {
	if len(args) == 2 && len(kw) == 0 {
		if it, ok := args[0].(starlark.Iterable); ok {
			if k, err := starlark.AsInt32(args[1]); err == nil {
				return it, k, nil
			}
		}
	}
	var it starlark.Iterable
	var k int
	err := starlark.UnpackPositionalArgs(fn, args, kw, 2, &it, &k)
	return it, k, err
}

// maxCombinations is the most combinations combinations() lists: more
// would take gigabytes, and no action chooses among so many.
const maxCombinations = 1 << 22

// binomial is n choose k, for 0 <= k <= n, and whether it is at most limit
// (false as soon as a partial product passes it: the exact value could
// overflow).
func binomial(n, k, limit int) (int, bool) {
	k = min(k, n-k)
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i // exact: c is C(n-k+i, i) after the step
		if c > limit {
			return 0, false
		}
	}
	return c, true
}

// create is deck.create(cards, location="deck"): nbr cards of each dict's
// type and type_arg put in location (BGA Deck's createCards). A function of
// its own: its deferred Done would make every deck call pay the runtime's
// defer bookkeeping (call's many returns keep it from being open-coded).
func (d *deckValue) create(m *Match, fn string, args starlark.Tuple, kw []starlark.Tuple) (starlark.Value, error) {
	var cards starlark.Iterable
	loc := "deck"
	if err := starlark.UnpackArgs(fn, args, kw, "cards", &cards, "location?", &loc); err != nil {
		return nil, err
	}
	dk := m.deckW(d.idx)
	ix := m.places(d.idx)
	if l, ok := cards.(starlark.Sequence); ok {
		// Room for a card a dict at once (most say nbr 1: BGA's idiom),
		// not the doubling appends of a 52-card deck, 8 KB a match.
		dk.cards = slices.Grow(dk.cards, min(l.Len(), maxDeck))
		ix.ids = slices.Grow(ix.ids, min(l.Len(), maxDeck))
	}
	had := len(dk.cards)
	it := cards.Iterate()
	defer it.Done()
	var v starlark.Value
	for it.Next(&v) {
		spec, ok := v.(*starlark.Dict)
		if !ok {
			return nil, fmt.Errorf("%s: each card is a dict with type, type_arg and nbr, not %s", fn, v.Type())
		}
		typ, _, _ := spec.Get(starlark.String("type"))
		if typ == nil {
			typ = starlark.None
		}
		typ.Freeze()
		targ, nbr := 0, 1
		if x, ok, _ := spec.Get(starlark.String("type_arg")); ok {
			if err := starlark.AsInt(x, &targ); err != nil {
				return nil, fmt.Errorf("%s: type_arg: %v", fn, err)
			}
		}
		if x, ok, _ := spec.Get(starlark.String("nbr")); ok {
			if err := starlark.AsInt(x, &nbr); err != nil {
				return nil, fmt.Errorf("%s: nbr: %v", fn, err)
			}
		}
		if nbr > maxDeck-len(dk.cards) {
			return nil, fmt.Errorf("%s: a deck holds at most %d cards", fn, maxDeck)
		}
		for i := 0; i < nbr; i++ {
			dk.cards = append(dk.cards, dcard{typ: typ, typeArg: targ, loc: loc, arg: len(dk.cards)})
			ix.index(len(dk.cards))
		}
	}
	if m.rec {
		e := Event{Kind: EvObject, Name: d.name}
		if m.texting() {
			e.Detail = "created " + cardsText(len(dk.cards)-had)
		}
		m.emit(e)
	}
	return starlark.None, nil
}

// cardsText is n cards as the log says it: "1 card", "3 cards".
func cardsText(n int) string {
	if n == 1 {
		return "1 card"
	}
	return strconv.Itoa(n) + " cards"
}
