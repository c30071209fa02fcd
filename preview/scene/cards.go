package scene

import (
	"sort"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
)

// place is one place of a deck as a view counts it: a location, and the
// seat its cards belong to (location_arg) or -1 when counted together.
type place struct {
	key string // as the view writes it: "hand/2", "deck"
	loc string
	arg int
}

// places returns the places of counts in a stable order: by location, then
// argument.
func places(counts map[string]int) []place {
	out := make([]place, 0, len(counts))
	for key := range counts {
		p := place{key: key, loc: key, arg: -1}
		if i := strings.LastIndexByte(key, '/'); i > 0 {
			if n, err := strconv.Atoi(key[i+1:]); err == nil {
				p.loc, p.arg = key[:i], n
			}
		}
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].loc != out[j].loc {
			return out[i].loc < out[j].loc
		}
		return out[i].arg < out[j].arg
	})
	return out
}

// decks adds every deck's places to the areas: a place whose cards belong
// to a seat in that seat's area (unless its hint says centre, where the
// places of one location are gathered in one row, each card keeping its
// owner), the others in the centre. A place lists the faces the view shows
// and a back for each other card it counts.
func (b *builder) decks() {
	for _, deck := range b.pack.Decks {
		dv, ok := b.v.Decks[deck]
		if !ok {
			continue
		}
		hint, hinted := b.hints.Card(deck)
		seen := b.m.SeenCardIDs(b.seat-1, deck) // the designer (0) is -1
		gathered := map[string]int{}            // location -> its index in the centre's
		centre := b.areas[0]
		total := 0
		for _, n := range dv.Counts {
			total += n
		}
		pool := make([]Card, total) // every place's cards, one allocation
		for _, p := range places(dv.Counts) {
			faces, cardIDs := dv.Cards[p.key], seen[p.key]
			if p.loc == "hand" && p.arg == b.seat && b.seat > 0 {
				faces = dv.Hand
			}
			owner := 0
			if p.arg >= 1 && p.arg <= b.n {
				owner = p.arg
			}
			at, as := b.lies(p.loc, owner, len(faces) > 0)
			locID := deck + ":" + p.key
			count := dv.Counts[p.key]
			cards := pool[:count:count]
			pool = pool[count:]
			ids := placeIDs(locID, count)
			args := make([]int, len(faces)) // the faces' type_args, one allocation
			for i := range cards {
				cards[i] = Card{ID: ids[i], Owner: owner, Hidden: true}
				if i < len(faces) {
					cards[i] = readCard(cards[i], faces[i], hint, hinted, &args[i])
				}
				if i < len(faces) && i < len(cardIDs) {
					cards[i].Card = cardIDs[i]
				}
			}
			if at == graph.AtCentre && owner > 0 {
				i, ok := gathered[p.loc]
				if !ok {
					i = len(centre.Locations)
					gathered[p.loc] = i
					centre.Locations = append(centre.Locations, Location{ID: deck + ":" + p.loc, Deck: deck, Name: p.loc, As: as})
				}
				l := &centre.Locations[i]
				l.Count += len(cards)
				l.Cards = append(l.Cards, cards...)
				continue
			}
			l := Location{ID: locID, Deck: deck, Name: p.loc, Owner: owner, As: as, Count: len(cards), Cards: cards}
			if at == graph.AtCentre {
				owner = 0
			}
			a := b.area(owner)
			a.Locations = append(a.Locations, l)
		}
	}
	b.topOfPiles()
}

// topOfPiles keeps only the top card (the last listed: the highest
// location_arg) of each pile.
func (b *builder) topOfPiles() {
	for i := range b.sc.Areas {
		for j := range b.sc.Areas[i].Locations {
			l := &b.sc.Areas[i].Locations[j]
			if l.As == graph.AsPile && len(l.Cards) > 1 {
				l.Cards = l.Cards[len(l.Cards)-1:]
			}
		}
	}
}

// lies says where a location or zone lies and how its cards lie: as its
// hint says, else a hand fanned in its owner's area, a place the viewer
// sees no face of piled, any other in a row; in its owner's area when it
// has one, else in the centre.
func (b *builder) lies(loc string, owner int, faces bool) (at, as string) {
	h, _ := b.hints.Location(loc)
	at, as = h.At, h.As
	if at == "" || at == graph.AtSeat && owner == 0 {
		at = graph.AtSeat
		if owner == 0 {
			at = graph.AtCentre
		}
	}
	if as == "" {
		switch {
		case loc == "hand":
			as = graph.AsFan
		case !faces:
			as = graph.AsPile
		default:
			as = graph.AsRow
		}
	}
	return at, as
}

// readCard fills c from face ("type/type_arg", as a view writes it) and
// the deck's hint: with a hint the card reads as its type_arg's text then
// its type's ("Q♥"), in the type's colour; without, as the face.
// The card's type_arg is stored in *arg, so that the cards of a place
// share one array.
func readCard(c Card, face string, hint graph.CardHint, hinted bool, arg *int) Card {
	c.Hidden = false
	typ, argText := face, ""
	if i := strings.LastIndexByte(face, '/'); i >= 0 {
		typ, argText = face[:i], face[i+1:]
	}
	c.Type = typ
	if n, err := strconv.Atoi(argText); err == nil {
		*arg = n
		c.TypeArg = arg
	}
	c.Text = face
	if !hinted {
		return c
	}
	typeText, rank := typ, argText
	if f, ok := graph.Lookup(hint.Types, typ); ok {
		typeText, c.Color = f.Text, f.Color
	}
	if f, ok := graph.Lookup(hint.Args, argText); ok {
		rank = f.Text
	}
	c.Text = rank + typeText
	if hint.Image.Path != "" {
		c.Image = strings.NewReplacer("{type}", typ, "{type_arg}", argText).Replace(hint.Image.Path)
	}
	return c
}

// placeIDs returns the ids of a place's n cards, "LOC:0" to "LOC:n-1",
// written into one string that they share.
func placeIDs(loc string, n int) []string {
	var sb strings.Builder
	sb.Grow(n * (len(loc) + 4))
	ends := make([]int, n+1)
	for i := 0; i < n; i++ {
		sb.WriteString(loc)
		sb.WriteByte(':')
		sb.WriteString(strconv.Itoa(i))
		ends[i+1] = sb.Len()
	}
	all := sb.String()
	ids := make([]string, n)
	for i := range ids {
		ids[i] = all[ends[i]:ends[i+1]]
	}
	return ids
}

// CardText is how a card of deck with face ("type/type_arg", as a seat's
// view and preview.Label write it) reads under the pack's display hints
// ("Q♥"), or face itself when the pack has no hint for deck. The Play
// panel's pickers name cards with it, as the table draws them.
func CardText(pack *graph.Pack, deck, face string) string {
	hint, ok := pack.Display.Card(deck)
	if !ok {
		return face
	}
	var arg int
	return readCard(Card{}, face, hint, true, &arg).Text
}
