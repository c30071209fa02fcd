package engine

import (
	"slices"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// A seat's event log (BGA's notifyPlayer and per-player logs, OpenSpiel's
// observations) is the designer's log with what the seat may not know left
// out: each event carries its Audience, decided when it happens by
// visibility.go's rules, and an event whose text names cards carries a
// note (seatNote) from which each seat's text is written when asked, so
// that recording stays cheap: only the cards' faces and who saw them are
// kept at the moment, never a seat's text.

// Audience is who may see an event: everyone (the zero value), or only the
// seats of a set, possibly none (a private game variable's change is the
// designer's only). Seats are 0-based; a match has at most 64.
type Audience struct {
	only  bool
	seats uint64 // bit s: seat s, when only
}

// Everyone reports whether every seat may see the event.
func (a Audience) Everyone() bool { return !a.only }

// Sees reports whether seat (0-based) may see the event.
func (a Audience) Sees(seat int) bool {
	return !a.only || seat >= 0 && seat < 64 && a.seats&(1<<seat) != 0
}

// String says who: "everyone", "seats 1, 3" (1-based), "no seat".
func (a Audience) String() string {
	if !a.only {
		return "everyone"
	}
	var seats []string
	for s := 0; s < 64; s++ {
		if a.seats&(1<<s) != 0 {
			seats = append(seats, strconv.Itoa(s+1))
		}
	}
	switch len(seats) {
	case 0:
		return "no seat"
	case 1:
		return "seat " + seats[0]
	}
	return "seats " + strings.Join(seats, ", ")
}

// noSeat is a seat that owns nothing: a variable or tag it sees is public.
const noSeat = -2

// audience asks sees of every seat: everyone when a seat that owns
// nothing sees it, else the seats that do.
func (m *Match) audience(sees func(seat int) bool) Audience {
	if sees(noSeat) {
		return Audience{}
	}
	a := Audience{only: true}
	for s := 0; s < m.seats; s++ {
		if sees(s) {
			a.seats |= 1 << s
		}
	}
	return a
}

// varAudience is who sees a change of variable name of owner (a 0-based
// seat, or -1: the game's, an object without controller).
func (m *Match) varAudience(owner int, name string) Audience {
	return m.audience(func(s int) bool { return m.seesVariable(s, owner, name) })
}

// objVarAudience is who sees a change of ob's variable name.
func (m *Match) objVarAudience(ob *object, name string) Audience {
	if m.seesVariable(noSeat, -1, name) {
		return Audience{}
	}
	return m.varAudience(m.ownerOf(ob), name)
}

// wrapAudience is who sees a while clause's wrapper w come or go: who sees
// the tag it grants or the variable it wraps (a property or method is
// public).
func (m *Match) wrapAudience(w wrapInst) Audience {
	ob := m.obj(w.target)
	if ob == nil {
		return Audience{}
	}
	if bit, ok := m.p.tags[w.name]; ok {
		return m.tagAudience(ob, bit)
	}
	return m.objVarAudience(ob, w.name)
}

// tagAudience is who sees a change of the tag of bit on ob.
func (m *Match) tagAudience(ob *object, bit int) Audience {
	if m.seesTag(noSeat, -1, bit) {
		return Audience{}
	}
	owner := m.ownerOf(ob)
	return m.audience(func(s int) bool { return m.seesTag(s, owner, bit) })
}

// seers returns the seats that see card c's face, as a bit set.
func (m *Match) seers(c dcard) uint64 {
	var b uint64
	for s := 0; s < m.seats; s++ {
		if m.seesFace(s, c) {
			b |= 1 << s
		}
	}
	return b
}

// seatNote is what a seat's text of the event at position at of the log
// is written from: a text naming cards (marked), or a deck's moves.
type seatNote struct {
	at    int
	text  *markedText
	moves *cardMoves
}

// emitNoted emits e with n, the note its seats' texts are written from.
func (m *Match) emitNoted(e Event, n seatNote) {
	if !m.rec {
		return
	}
	n.at = len(m.events)
	// Notes past the log's end are of events an undo cut off.
	k := len(m.notes)
	for k > 0 && m.notes[k-1].at >= n.at {
		k--
	}
	if k < len(m.notes) {
		m.notes = m.notes[:k:k] // forks may share what follows
	}
	m.notes = append(m.notes, n)
	e.seat = true
	m.emit(e)
}

// noteAt returns the note of the event at position at.
func (m *Match) noteAt(at int) seatNote {
	lo, hi := 0, len(m.notes)
	for lo < hi {
		mid := (lo + hi) / 2
		if m.notes[mid].at < at {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(m.notes) && m.notes[lo].at == at {
		return m.notes[lo]
	}
	return seatNote{}
}

// EventsFor returns the event log as seat (0-based) sees it: the events it
// may see ([Event.To]), a hidden card's move as "a card from deck to hand
// 2", the cards it sees by their faces ("card 2/9"), never by id (an id
// tells a face: ids follow creation). It is nil for a seat the match does
// not have. The designer's log ([Match.Events]) is unchanged.
func (m *Match) EventsFor(seat int) []Event { return m.seatEvents(m.events, 0, seat) }

// StepEventsFor is [Match.StepEvents] as seat sees it (see EventsFor):
// what a debugger's per-seat event list shows of a step.
func (m *Match) StepEventsFor(step, seat int) []Event {
	es := m.StepEvents(step)
	if len(es) == 0 {
		return nil
	}
	base := 0
	if step > 0 {
		base = m.marks[step-1]
	}
	return m.seatEvents(es, base, seat)
}

// seatEvents renders es, which begin at position base of the log, for seat.
func (m *Match) seatEvents(es []Event, base, seat int) []Event {
	if seat < 0 || seat >= m.seats {
		return nil
	}
	out := make([]Event, 0, len(es))
	for i, e := range es {
		if !e.To.Sees(seat) {
			continue
		}
		if e.seat {
			n := m.noteAt(base + i)
			switch {
			case n.text != nil:
				n.text.render(&e, seat)
			case n.moves != nil:
				d, ok := n.moves.render(seat)
				if !ok {
					continue
				}
				e.Detail = d
			}
			e.seat = false
		}
		out = append(out, e)
	}
	return out
}

// seenCard is a card an event names: its face then, and who saw it.
type seenCard struct {
	deck, id int
	c        dcard
	seers    uint64
}

// say is the card as seat sees it.
func (c seenCard) say(seat int) string {
	if c.seers&(1<<seat) != 0 {
		return "card " + face(c.c)
	}
	return "a card"
}

// markedText is an event's Detail with each card it names replaced by a
// mark ("\x00" index "\x00") into cards: a seat's text puts in what it
// sees of the card. A notification's is its message tmpl and its
// arguments by key, each as the message (said) and the detail (strs) write
// it, marked: its Name and Detail are written when a seat's are asked for.
type markedText struct {
	detail           string
	tmpl             string
	keys, said, strs []string
	cards            []seenCard
}

// render writes t into e as seat sees it.
func (t *markedText) render(e *Event, seat int) {
	if t.keys == nil {
		e.Detail = t.fill(t.detail, seat)
		return
	}
	name := t.tmpl
	parts := make([]string, len(t.keys))
	for i, k := range t.keys {
		name = strings.ReplaceAll(name, "${"+k+"}", t.fill(t.said[i], seat))
		parts[i] = k + "=" + t.fill(t.strs[i], seat)
	}
	e.Name, e.Detail = name, strings.Join(parts, ", ")
}

func (t *markedText) fill(s string, seat int) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, 0)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i+1:], 0) + i + 1
		k, _ := strconv.Atoi(s[i+1 : j])
		b.WriteString(s[:i])
		b.WriteString(t.cards[k].say(seat))
		s = s[j+1:]
	}
}

// hasCards reports whether v is or holds (in tuples, lists and dicts) a
// card: what a seat's text must write as that seat sees it.
func hasCards(v starlark.Value) bool {
	switch x := v.(type) {
	case *cardValue:
		return true
	case starlark.Tuple:
		for _, y := range x {
			if hasCards(y) {
				return true
			}
		}
	case *starlark.List:
		for i := 0; i < x.Len(); i++ {
			if hasCards(x.Index(i)) {
				return true
			}
		}
	case *starlark.Dict:
		for _, kv := range x.Items() {
			if hasCards(kv[0]) || hasCards(kv[1]) {
				return true
			}
		}
	}
	return false
}

// mark writes v as String does, each card as a mark into t.cards (its face
// and who sees it now).
func (m *Match) mark(b *strings.Builder, t *markedText, v starlark.Value) {
	switch x := v.(type) {
	case *cardValue:
		c := seenCard{deck: x.deck.idx, id: x.id, c: m.st.decks[x.deck.idx].cards[x.id-1]}
		c.seers = m.seers(c.c)
		b.WriteByte(0)
		b.WriteString(strconv.Itoa(len(t.cards)))
		b.WriteByte(0)
		t.cards = append(t.cards, c)
	case starlark.Tuple:
		b.WriteByte('(')
		for i, y := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			m.mark(b, t, y)
		}
		if len(x) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *starlark.List:
		b.WriteByte('[')
		for i := 0; i < x.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			m.mark(b, t, x.Index(i))
		}
		b.WriteByte(']')
	case *starlark.Dict:
		b.WriteByte('{')
		for i, kv := range x.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			m.mark(b, t, kv[0])
			b.WriteString(": ")
			m.mark(b, t, kv[1])
		}
		b.WriteByte('}')
	default:
		b.WriteString(v.String())
	}
}

// markValue returns v marked (see mark), or "" when v names no card.
func (m *Match) markValue(t *markedText, v starlark.Value) string {
	if !hasCards(v) {
		return ""
	}
	var b strings.Builder
	m.mark(&b, t, v)
	return b.String()
}

// emitValue emits e, whose Detail is v's text, with a note when v names
// cards.
func (m *Match) emitValue(e Event, v starlark.Value) {
	if m.texting() && hasCards(v) {
		t := &markedText{}
		t.detail = m.markValue(t, v)
		m.emitNoted(e, seatNote{text: t})
		return
	}
	m.emit(e)
}

// emitArgs emits e, an action taken with args, with a note when they name
// cards: a card passed face down is not another seat's to see.
func (m *Match) emitArgs(e Event, params []*graph.Param, args []starlark.Value) {
	if !slices.ContainsFunc(args, hasCards) {
		m.emit(e)
		return
	}
	t := &markedText{}
	var b strings.Builder
	for i, v := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(params[i].Name + "=")
		m.mark(&b, t, v)
	}
	t.detail = b.String()
	m.emitNoted(e, seatNote{text: t})
}

// notifyText starts the note of a notification of message tmpl with
// arguments kw, or returns nil when they name no card (every seat reads
// the designer's text).
func (m *Match) notifyText(tmpl string, kw []starlark.Tuple) *markedText {
	if !slices.ContainsFunc(kw, func(kv starlark.Tuple) bool { return hasCards(kv[1]) }) {
		return nil
	}
	t := &markedText{tmpl: tmpl, keys: make([]string, len(kw)), said: make([]string, len(kw)), strs: make([]string, len(kw))}
	for i, kv := range kw {
		if hasCards(kv[1]) {
			t.said[i] = m.markValue(t, kv[1])
			t.strs[i] = t.said[i]
		}
	}
	return t
}

// arg notes notification argument i, key k, as the designer's detail (s)
// and message (p) write it, unless it names cards (marked already).
func (t *markedText) arg(i int, k, s, p string) {
	if t == nil {
		return
	}
	t.keys[i] = k
	if t.strs[i] == "" {
		t.strs[i], t.said[i] = s, p
	}
}

// movedCard is one card a deck event moved: its face and place before, and
// the seats that saw its face before or after.
type movedCard struct {
	c     dcard
	seers uint64
}

// cardMoves is a deck event's moves (cards.pick, move, move_all): a seat
// sees the faces it saw at one end, and of the others only that a card
// moved, and nothing of a move between places it cannot even count.
type cardMoves struct {
	vis   *visibility
	one   bool // cards.move: the designer's text names the card
	cards []movedCard
	to    string
	toArg int
}

// cardMoves starts a deck event's note, or nil when the event carries no
// text.
func (m *Match) cardMoves(one bool) *cardMoves {
	if !m.rec || !m.texting() {
		return nil
	}
	return &cardMoves{vis: m.p.vis, one: one}
}

// add notes card c moved to location loc, arg.
func (cm *cardMoves) add(m *Match, c dcard, loc string, arg int) {
	after := c
	after.loc, after.arg = loc, arg
	cm.cards = append(cm.cards, movedCard{c: c, seers: m.seers(c) | m.seers(after)})
	cm.to, cm.toArg = loc, arg
}

// emitMoves emits e, a deck event moving cards from location from to
// location to, with cm (nil: no text). A move between places no seat may
// count is for no seat.
func (m *Match) emitMoves(e Event, cm *cardMoves, from, to string) {
	if m.p.vis.sight(from) == sightNobody && m.p.vis.sight(to) == sightNobody {
		e.To.only = true
	}
	if cm == nil || len(cm.cards) == 0 {
		m.emit(e)
		return
	}
	m.emitNoted(e, seatNote{moves: cm})
}

// place names a location as the designer's text does: "to hand 2", from
// "given 2" for one card, from "deck" for several; "" for a place no seat
// may count.
func (cm *cardMoves) place(loc string, arg int, withArg bool) string {
	switch {
	case cm.vis.sight(loc) == sightNobody:
		return ""
	case withArg:
		return loc + " " + strconv.Itoa(arg)
	}
	return loc
}

// render is the event's Detail as seat sees it, false when seat sees
// nothing of it.
func (cm *cardMoves) render(seat int) (string, bool) {
	first := cm.cards[0].c
	from, to := cm.place(first.loc, first.arg, cm.one), cm.place(cm.to, cm.toArg, true)
	var faces []string
	for _, c := range cm.cards {
		if c.seers&(1<<seat) != 0 {
			faces = append(faces, face(c.c))
		}
	}
	if from == "" && to == "" && len(faces) == 0 {
		return "", false
	}
	if from == "" {
		from = "a hidden place"
	}
	if to == "" {
		to = "a hidden place"
	}
	if cm.one {
		what := "a card"
		if len(faces) == 1 {
			what = "card " + faces[0]
		}
		return what + " from " + from + " to " + to, true
	}
	s := strconv.Itoa(len(cm.cards)) + " cards from " + from + " to " + to
	if len(faces) > 0 {
		s += ": " + strings.Join(faces, ", ")
		if n := len(cm.cards) - len(faces); n > 0 {
			s += " and " + strconv.Itoa(n) + " face down"
		}
	}
	return s, true
}
