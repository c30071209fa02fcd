package engine

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// View is what one player sees of a match: the state, its description for that
// player, the public args and the player's own _private args, scores, boards and
// the player's legal actions.
type View struct {
	Seat        int                 `json:"seat"` // 0-based
	Step        int                 `json:"step"`
	State       string              `json:"state"`
	StateID     int                 `json:"state_id"`
	Stack       []string            `json:"stack"`
	Private     string              `json:"private_state,omitempty"` // the player's private parallel state
	Description string              `json:"description"`
	Args        map[string]any      `json:"args,omitempty"`
	PrivateArgs map[string]any      `json:"private_args,omitempty"`
	Active      []int               `json:"active"` // 0-based seats whose ending condition is unmet
	Scores      []int               `json:"scores"`
	Progression int                 `json:"progression"`
	Boards      map[string][][]int  `json:"boards,omitempty"`
	Decks       map[string]DeckView `json:"decks,omitempty"`
	Objects     []ObjectView        `json:"objects,omitempty"`
	Variables   map[string]any      `json:"variables,omitempty"`
	Players     []map[string]any    `json:"player_variables,omitempty"` // by seat: each player's public variables, and the seat's own private ones
	Legal       []graph.Move        `json:"legal,omitempty"`            // the seat's legal moves in the move text form an --actions file holds
	Over        bool                `json:"over"`
	Winners     []int               `json:"winners,omitempty"`
}

// DeckView is what a player sees of a deck: how many cards each location
// holds ("location" or "location/arg"), and the cards of their own hand
// (location "hand", location_arg = their seat number) as "type/type_arg".
type DeckView struct {
	Counts map[string]int      `json:"counts"`
	Hand   []string            `json:"hand,omitempty"`
	Cards  map[string][]string `json:"cards,omitempty"` // the faces the seat sees, by place, but its own hand's
}

// ObjectView is one live object: its id, type, tags (its own and those while
// clauses grant it) and variables. Granted maps each granted tag to the while
// clauses granting it, oldest first, as [Match.Wrappers] labels them
// ("Bauble#6 while artifact-flying on Sky Drake#3.flying"): the debugger
// shows where a tag comes from.
type ObjectView struct {
	ID        int                 `json:"id"`
	Type      string              `json:"type"`
	Tags      []string            `json:"tags,omitempty"`
	Granted   map[string][]string `json:"granted,omitempty"`
	Variables map[string]any      `json:"variables,omitempty"`
}

var descKey = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_.]*)\}`)

// View returns what seat sees now.
func (m *Match) View(seat int) (*View, error) {
	if seat < 0 || seat >= m.seats {
		return nil, fmt.Errorf("view: there is no seat %d", seat+1)
	}
	v := &View{Seat: seat, Step: m.st.step, Scores: m.Scores(), Over: m.st.over, Winners: m.Winners(), Stack: m.Stack()}
	ids := &idMap{m: m, seat: seat}
	f := m.top()
	st, priv := m.stateOf(f, seat)
	v.State, v.StateID = f.st.name, f.st.id
	if priv {
		v.Private = st.name
	}
	deciding := false
	for s := 0; s < m.seats; s++ {
		d, err := m.deciding(f, s)
		if err != nil {
			return nil, err
		}
		if d {
			v.Active = append(v.Active, s)
			deciding = deciding || s == seat
		}
	}
	if m.p.progression != nil {
		if pv, err := m.call(m.p.progression, m.st.active, nil); err == nil {
			var n int
			if starlark.AsInt(pv, &n) == nil {
				v.Progression = n
			}
		}
	}
	args := map[string]starlark.Value{}
	sources := []*cstate{f.st}
	if priv {
		sources = append(sources, st)
	}
	for _, as := range sources {
		if as.args == nil {
			continue
		}
		a, err := m.call(as.args, seat, nil)
		if err != nil {
			return nil, err
		}
		d, ok := a.(*starlark.Dict)
		if !ok {
			return nil, &RunError{File: m.p.file, Pos: as.args.pos, What: as.args.what, Source: as.args.path, Msg: "args must give a dict, not " + a.Type()}
		}
		for _, it := range d.Items() {
			k, ok := it[0].(starlark.String)
			if !ok {
				continue
			}
			if k == "_private" {
				if pd, ok := it[1].(*starlark.Dict); ok {
					for _, pit := range pd.Items() {
						mine := false
						switch key := pit[0].(type) {
						case starlark.String:
							mine = key == "active" && deciding
						case *playerValue:
							mine = key.seat == seat
						case starlark.Int:
							n, _ := key.Int64()
							mine = int(n) == seat+1
						}
						if mine {
							if md, ok := pit[1].(*starlark.Dict); ok {
								if v.PrivateArgs == nil {
									v.PrivateArgs = map[string]any{}
								}
								for _, x := range md.Items() {
									if ks, ok := x[0].(starlark.String); ok {
										v.PrivateArgs[string(ks)] = toGo(x[1], ids)
										args["_private."+string(ks)] = x[1]
									}
								}
							}
						}
					}
				}
				continue
			}
			args[string(k)] = it[1]
			if v.Args == nil {
				v.Args = map[string]any{}
			}
			v.Args[string(k)] = toGo(it[1], ids)
		}
	}
	ds := st.s
	if priv && ds.Description == "" && ds.DescriptionMyTurn == "" {
		ds = f.st.s // a private state without text shows its master's
	}
	desc := ds.Description
	if deciding && ds.DescriptionMyTurn != "" {
		desc = ds.DescriptionMyTurn
	}
	v.Description = m.describe(desc, seat, args, ids)
	for i, b := range m.st.boards {
		if v.Boards == nil {
			v.Boards = map[string][][]int{}
		}
		rows := make([][]int, b.h)
		for y := range rows {
			rows[y] = make([]int, b.w)
			for x := range rows[y] {
				rows[y][x] = int(b.at(x, y))
			}
		}
		v.Boards[m.p.boards[i].Name] = rows
	}
	for i, dk := range m.st.decks {
		if v.Decks == nil {
			v.Decks = map[string]DeckView{}
		}
		v.Decks[m.p.decks[i]] = m.deckView(i, dk, seat)
	}
	m.viewObjects(v, seat)
	for _, kv := range m.st.vars {
		k, x := kv.name, kv.v
		if !m.seesVariable(seat, -1, k) {
			continue
		}
		if v.Variables == nil {
			v.Variables = map[string]any{}
		}
		v.Variables[k] = toGo(x, ids)
	}
	v.Players = m.viewPlayers(seat)
	moves, err := m.Legal(seat)
	if err != nil {
		return nil, err
	}
	if v.Legal, err = m.seatMoves(moves, ids); err != nil {
		return nil, err
	}
	return v, nil
}

// seatMoves returns moves in their text form as ids' seat knows them
// (EncodeMoveFor). The moves of an action come in the order of its domain,
// which for cards is their real ids' (cards.cards sorts by id): where they
// name a card the seat does not see, they are listed in the order of their
// text instead, so that the order says nothing of which card is which.
func (m *Match) seatMoves(moves []Move, ids *idMap) ([]graph.Move, error) {
	var out []graph.Move
	start, hidden := 0, false
	for i, mv := range moves {
		if i > 0 && mv.Action != moves[i-1].Action {
			sortHidden(out[start:i], hidden)
			start, hidden = i, false
		}
		ids.hidden = false
		gm, err := m.encodeMove(mv, ids)
		if err != nil {
			return nil, err
		}
		hidden = hidden || ids.hidden
		out = append(out, gm)
	}
	sortHidden(out[start:], hidden)
	return out, nil
}

// sortHidden sorts the moves of one action by their arguments' text when
// one names a card by an opaque id.
func sortHidden(ms []graph.Move, hidden bool) {
	if hidden {
		sort.SliceStable(ms, func(a, b int) bool { return string(ms[a].Args) < string(ms[b].Args) })
	}
}

// deckView is what seat sees of dk: how many cards each place it may count
// holds, its own hand, and the faces it sees elsewhere, by place in the
// order cards.cards gives (location_arg, then id).
func (m *Match) deckView(i int, dk *deck, seat int) DeckView {
	counts, seen := m.seenCards(dk, seat)
	dv := DeckView{Counts: counts}
	for key, ids := range seen {
		if dv.Cards == nil {
			dv.Cards = map[string][]string{}
		}
		dv.Cards[key] = faces(dk, ids)
	}
	for _, id := range m.inLoc(i, "hand", seat+1, true) {
		dv.Hand = append(dv.Hand, face(dk.cards[id-1]))
	}
	return dv
}

// seenCards returns how many cards each place of dk that seat may count
// holds (keyed as views key them: "deck", "hand/2") and the ids of the
// cards there whose faces seat sees, but its own hand's, in the order
// cards.cards gives (location_arg, then id): a view's faces are these
// cards', and [Match.SeenCardIDs] names them.
func (m *Match) seenCards(dk *deck, seat int) (map[string]int, map[string][]int) {
	type place struct {
		loc string
		arg int // -1: the location's places counted together
	}
	type seen struct {
		n   int
		ids []int // the cards seat sees the faces of, by id
	}
	places := make(map[place]*seen, 16)
	for i, c := range dk.cards {
		sg := m.p.vis.sight(c.loc)
		if sg == sightNobody {
			continue
		}
		pl := place{c.loc, -1}
		if sg == sightOwner || c.loc == "hand" || c.loc == "cardsontable" || c.loc == "cardswon" {
			pl.arg = c.arg
		}
		s := places[pl]
		if s == nil {
			s = &seen{}
			places[pl] = s
		}
		s.n++
		if m.seesFace(seat, c) && (c.loc != "hand" || c.arg != seat+1) {
			s.ids = append(s.ids, i+1)
		}
	}
	counts := make(map[string]int, len(places))
	var ids map[string][]int
	for pl, s := range places {
		key := pl.loc
		if pl.arg >= 0 {
			key += "/" + strconv.Itoa(pl.arg)
		}
		counts[key] = s.n
		if len(s.ids) == 0 {
			continue
		}
		sort.SliceStable(s.ids, func(a, b int) bool { return dk.cards[s.ids[a]-1].arg < dk.cards[s.ids[b]-1].arg })
		if ids == nil {
			ids = map[string][]int{}
		}
		ids[key] = s.ids
	}
	return counts, ids
}

// faces returns the faces of dk's cards ids, in order.
func faces(dk *deck, ids []int) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = face(dk.cards[id-1])
	}
	return out
}

// face is a card as a view shows it: "type/type_arg" (Baron/3, not
// "Baron"/3).
func face(c dcard) string { return plain(c.typ) + "/" + strconv.Itoa(c.typeArg) }

// viewObjects adds every live object to v as seat sees it: private
// variables and tags only when seat is its controller, only the place of an
// object it does not see (objectBack).
func (m *Match) viewObjects(v *View, seat int) {
	ids := &idMap{m: m, seat: seat}
	tagNames := make([]string, len(m.p.tags))
	for name, bit := range m.p.tags {
		tagNames[bit] = name
	}
	for _, ob := range m.st.objs {
		if !m.seesObject(seat, ob) {
			if ov, ok := m.objectBack(ob); ok {
				v.Objects = append(v.Objects, ov)
			}
			continue
		}
		owner := m.ownerOf(ob)
		ov := ObjectView{ID: ob.id, Type: ob.typ.name, Variables: map[string]any{}}
		for bit, name := range tagNames {
			if !m.seesTag(seat, owner, bit) {
				continue
			}
			if ob.tags&(1<<bit) != 0 {
				ov.Tags = append(ov.Tags, name)
			} else if m.hasTag(ob, name, bit) {
				ov.Tags = append(ov.Tags, name)
				if ov.Granted == nil {
					ov.Granted = map[string][]string{}
				}
				ov.Granted[name] = m.seatWrappers(seat, ob.id, name)
			}
		}
		for i, vr := range ob.typ.t.Variables {
			if m.seesVariable(seat, owner, vr.Name) {
				ov.Variables[vr.Name] = toGo(ob.vars[i], ids)
			}
		}
		for k, x := range ob.extra {
			if m.seesVariable(seat, owner, k) {
				ov.Variables[k] = toGo(x, ids)
			}
		}
		v.Objects = append(v.Objects, ov)
	}
}

// viewPlayers returns each player's variables seat sees (its own private
// ones too), by seat; nil when no player has a variable.
func (m *Match) viewPlayers(seat int) []map[string]any {
	ids := &idMap{m: m, seat: seat}
	var out []map[string]any
	for s, vars := range m.st.pvars {
		for _, kv := range vars {
			k, x := kv.name, kv.v
			if !m.seesVariable(seat, s, k) {
				continue
			}
			if out == nil {
				out = make([]map[string]any, m.seats)
				for i := range out {
					out[i] = map[string]any{}
				}
			}
			out[s][k] = toGo(x, ids)
		}
	}
	return out
}

// describe substitutes ${actplayer}, ${you}, ${otherplayer} and args keys,
// cards as ids' seat knows them.
func (m *Match) describe(desc string, seat int, args map[string]starlark.Value, ids *idMap) string {
	return descKey.ReplaceAllStringFunc(desc, func(s string) string {
		key := s[2 : len(s)-1]
		switch key {
		case "actplayer":
			return m.names[m.st.active]
		case "you":
			return "You"
		case "otherplayer":
			if v, ok := args["otherplayer"]; ok {
				return ids.plain(v)
			}
			other := (seat + 1) % m.seats
			if other == m.st.active && m.seats > 2 {
				other = (other + 1) % m.seats
			}
			return m.names[other]
		}
		if v, ok := args[key]; ok {
			return ids.plain(v)
		}
		if f := m.top(); f != nil {
			for i, p := range f.st.params {
				if p.Name == key && i < len(f.params) {
					return ids.plain(f.params[i])
				}
			}
		}
		return s
	})
}

// toGo converts a Starlark value to plain Go data for views and JSON, cards
// as ids' seat knows them (idMap.text).
func toGo(v starlark.Value, ids *idMap) any {
	switch x := v.(type) {
	case starlark.NoneType:
		return nil
	case starlark.Bool:
		return bool(x)
	case starlark.Int:
		n, _ := x.Int64()
		return n
	case starlark.Float:
		return float64(x)
	case starlark.String:
		return string(x)
	case *playerValue:
		return map[string]any{"player": x.seat + 1}
	case starlark.Tuple:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toGo(e, ids)
		}
		return out
	case *starlark.List:
		out := make([]any, x.Len())
		for i := range out {
			out[i] = toGo(x.Index(i), ids)
		}
		return out
	case *starlark.Dict:
		out := map[string]any{}
		for _, it := range x.Items() {
			out[ids.plain(it[0])] = toGo(it[1], ids)
		}
		return out
	case *cardValue:
		return ids.text(x)
	}
	return v.String()
}

// History returns the number of snapshots kept: one per step (0 with
// NoHistory).
func (m *Match) History() int { return len(m.history) }

// At returns a new match forked from the snapshot taken after step (1-based;
// 0 is the start, not kept with NoHistory or NoSnapshots): a what-if branch that shares every unchanged part with
// this match. Its events are those recorded up to that snapshot: those of the
// steps up to step, so that the fork going on records each later event once.
// Its before() reads the start of step, as the match's did after it: a fork
// going on takes the next step as the match took it (a trigger on a change
// fires in both).
func (m *Match) At(step int) (*Match, error) {
	if step < 0 || step > len(m.history) {
		return nil, fmt.Errorf("at: step %d is not in the history (0..%d)", step, len(m.history))
	}
	var st *mstate
	if step == 0 {
		if st = m.history0; st == nil {
			return nil, fmt.Errorf("at: the start of a match played with NoHistory or NoSnapshots is not kept")
		}
	} else {
		st = m.history[step-1]
	}
	f := m.fork(st)
	f.share(m, step, m.marks[step])
	if step >= 1 && step <= len(m.starts) && m.starts[step-1] != nil {
		f.prev = m.starts[step-1] // before() reads the start of step, as the match's next settle did
	}
	return f, nil
}

// Fork returns a copy of the match in its current state, sharing structure.
func (m *Match) Fork() *Match {
	f := m.fork(m.st)
	f.share(m, len(m.history), len(m.events))
	if m.prev != nil {
		f.prev = m.prev // the same past: a step's start is never written again
		m.hold(m.prev)
	}
	return f
}

// share gives f the first ne events and the snapshots and marks of the
// first steps of m: the same arrays, capped, so that f's first append copies
// them and m's appends never reach f. (m only appends, or cuts back to where
// an operation began, which no fork made before it is past.) At and Fork so
// cost the same for a long match as for a short one.
func (f *Match) share(m *Match, steps, ne int) {
	f.events = m.events[:ne:ne]
	f.notes = m.notes[:len(m.notes):len(m.notes)] // those past ne are ignored
	f.history = m.history[:steps:steps]
	f.calls = callsUpTo(m.calls, steps)
	f.starts = m.starts[:min(steps, len(m.starts)):min(steps, len(m.starts))]
	f.marks = m.marks[: steps+1 : steps+1]
}

func (m *Match) fork(st *mstate) *Match {
	f := &Match{p: m.p, opts: m.opts, seats: m.seats, rec: m.rec, hist: m.hist, text: m.text, history0: m.history0, wseq: m.wseq}
	f.setup(m.names, nil)
	if m.st == st {
		m.snapshot() // st becomes immutable for both
	}
	m.hold(st)
	f.st = st
	f.prev = st
	f.snapshot()
	return f
}

// eventLines formats events one a line (for tests and error messages).
func eventLines(es []Event) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(e.String())
		b.WriteByte('\n')
	}
	return b.String()
}
