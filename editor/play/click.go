package play

import (
	"slices"
	"strconv"
	"strings"

	"go.starlark.net/starlark"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
	"github.com/rulestudio/studio/preview/scene/picture"
)

// clickTable plays what the point (x, y) of the table's picture shows when
// a legal move's parameter names it: a card whose face the viewer sees (a
// parameter valued that very card: its deck and id, so that two cards of
// one face are told apart), a board's cell (a parameter valued (x, y)), an
// object (valued its id) or a seat's area (valued that player).
// A choose-k parameter's card (Hearts' three to give) toggles, and Take
// stays the designer's. The value is chosen through the
// pick model as its button would be (pick.go): the seat's move being
// picked, else the first action of a deciding person's seat that offers
// it; a complete move is taken. A click on anything else does nothing.
func (p *Panels) clickTable(x, y float64) {
	if p.sess == nil {
		return
	}
	b, ok := picture.At(p.table.boxes, x, y, "")
	if !ok {
		return
	}
	want, ok := p.table.names(b)
	if !ok {
		return
	}
	for seat := range p.sess.Config().Seats {
		if p.elsewhere(seat) != "" {
			continue
		}
		if pk := p.picking.picks[seat]; pk != nil {
			if p.choose(seat, pk, want) {
				return
			}
			continue
		}
		for _, a := range p.picking.acts[seat] {
			if len(a.Params) > 0 && p.choose(seat, preview.NewPick(a), want) {
				return
			}
		}
	}
}

// names returns what a parameter's value must be to name the thing of
// box b; false for a thing no value names (a card's back, a location).
func (t *table) names(b picture.Box) (func(starlark.Value) bool, bool) {
	if c, deck, isCard := t.card(b); isCard {
		return cardValue(deck, c)
	}
	return clicked(b.ID)
}

// choosable returns the boxes of the table that a click would choose now,
// to ring: the things named by the open values of each deciding person's
// parameter being picked (of every action's first, before an action is
// picked); a choose-k parameter's values chosen are marked so.
func (p *Panels) choosable() []mark {
	if p.sess == nil {
		return nil
	}
	var vals []starlark.Value
	chosen := map[int]bool{} // indexes in vals
	add := func(pk *preview.Pick) {
		if len(pk.Params) == 0 {
			return
		}
		i := pickingAt(pk)
		for _, o := range pk.Options(i) {
			if o.Open && (!o.Chosen || pk.Params[i].Choose > 0) {
				chosen[len(vals)] = o.Chosen
				vals = append(vals, o.Value)
			}
		}
	}
	for seat := range p.sess.Config().Seats {
		if p.elsewhere(seat) != "" {
			continue
		}
		if pk := p.picking.picks[seat]; pk != nil {
			add(pk)
			continue
		}
		for _, a := range p.picking.acts[seat] {
			if len(a.Params) > 0 {
				add(preview.NewPick(a))
			}
		}
	}
	if len(vals) == 0 {
		return nil
	}
	var out []mark
	boxes := p.table.boxes
	for i, b := range boxes {
		want, ok := p.table.names(b)
		if !ok {
			continue
		}
		if j := slices.IndexFunc(vals, want); j >= 0 {
			out = append(out, mark{Box: shown(b, boxes[i+1:]), chosen: chosen[j]})
		}
	}
	return out
}

// pickingAt returns the index of the parameter pk picks now: the current
// one, or the last once all are picked (its values can be chosen again, a
// choose-k one's toggled, as its buttons can).
func pickingAt(pk *preview.Pick) int {
	return min(pk.Current(), len(pk.Params)-1)
}

// shown returns the part of box b that the box drawn next (the first of
// after) leaves seen: a fanned card's left strip, so that the rings of a
// hand do not run into one another.
func shown(b picture.Box, after []picture.Box) picture.Box {
	if len(after) == 0 {
		return b
	}
	n := after[0]
	loc := b.ID[:strings.LastIndexByte(b.ID, ':')+1]
	if loc == "" {
		return b // an area: no card's strip
	}
	if strings.HasPrefix(n.ID, loc) && n.Scene == b.Scene && n.Y == b.Y && n.X > b.X && n.X < b.X+b.W {
		b.W = n.X - b.X
	}
	return b
}

// choose chooses, for pk's parameter being picked, the open value want
// matches; a complete move is taken, else the pickers show the choice.
func (p *Panels) choose(seat int, pk *preview.Pick, want func(starlark.Value) bool) bool {
	if len(pk.Params) == 0 {
		return false
	}
	i := pickingAt(pk)
	for _, o := range pk.Options(i) {
		toggles := pk.Params[i].Choose > 0
		if !o.Open || o.Chosen && !toggles || !want(o.Value) {
			continue
		}
		if err := pk.Choose(i, o.Value); err != nil {
			p.message.SetText(err.Error())
			return true
		}
		if mv, ok := pk.Move(); ok && !toggles {
			p.Take(mv)
			return true
		}
		p.picking.picks[seat] = pk
		p.drawActions()
		return true
	}
	return false
}

// clicked returns what a parameter's value must be to name the thing of
// scene id: a cell "board:NAME:x,y" is (x, y) or [x, y]; an object
// "object:N" is N; a seat's area "seat-N" is the player of seat N.
func clicked(id string) (func(starlark.Value) bool, bool) {
	if rest, ok := strings.CutPrefix(id, "seat-"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil {
			return nil, false
		}
		return seatValue(n), true
	}
	if rest, ok := strings.CutPrefix(id, "object:"); ok {
		n, err := strconv.Atoi(rest)
		if err != nil {
			return nil, false
		}
		return func(v starlark.Value) bool { return isInt(v, n) }, true
	}
	if !strings.HasPrefix(id, "board:") {
		return nil, false
	}
	xy := id[strings.LastIndexByte(id, ':')+1:]
	xs, ys, ok := strings.Cut(xy, ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if !ok || errX != nil || errY != nil {
		return nil, false
	}
	return func(v starlark.Value) bool {
		s, ok := v.(starlark.Indexable)
		return ok && s.Len() == 2 && isInt(s.Index(0), x) && isInt(s.Index(1), y)
	}, true
}

// cardValue returns what a parameter's value must be to name card c of
// deck: that very card (engine.CardOf), never another of its face; false
// for a card seen from the back, whose id the viewer does not know.
func cardValue(deck string, c scene.Card) (func(starlark.Value) bool, bool) {
	if c.Hidden || c.Card == 0 {
		return nil, false
	}
	want := engine.CardRef{Deck: deck, ID: c.Card}
	return func(v starlark.Value) bool {
		ref, ok := engine.CardOf(v)
		return ok && ref == want
	}, true
}

// seatValue returns what a parameter's value must be to name the player of
// seat (from 1): a player value whose number (p.no) is seat.
func seatValue(seat int) func(starlark.Value) bool {
	return func(v starlark.Value) bool {
		h, ok := v.(starlark.HasAttrs)
		if !ok || v.Type() != "player" {
			return false
		}
		no, err := h.Attr("no")
		return err == nil && no != nil && isInt(no, seat)
	}
}

// isInt reports whether v is the whole number n.
func isInt(v starlark.Value, n int) bool {
	i, ok := v.(starlark.Int)
	if !ok {
		return false
	}
	got, ok := i.Int64()
	return ok && got == int64(n)
}
