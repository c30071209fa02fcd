package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// EncodeMove returns mv in its text form, a [graph.Move]: the player from 1,
// the action, and its arguments by parameter name in the parameters' order,
// each value written as graph.Move describes (a player as {"player": 2}, an
// object as {"object": 5}, a card as {"deck": "cards", "card": 12}, tuples
// and lists as arrays). A value that has no text form (a board, a function)
// is an error. It is the designer's text: cards by their real ids, what
// records and replays hold.
func (m *Match) EncodeMove(mv Move) (graph.Move, error) { return m.encodeMove(mv, nil) }

// EncodeMoveFor is [Match.EncodeMove] as seat (0-based) knows the move: a
// card it does not see is written by the opaque id it knows it by
// ([Match.SeatCardID]), so a seat's view can list its moves without telling
// it the faces of the cards they name. [Match.DecodeMove] reads it back.
func (m *Match) EncodeMoveFor(seat int, mv Move) (graph.Move, error) {
	return m.encodeMove(mv, &idMap{m: m, seat: seat})
}

// encodeMove writes mv with cards by the ids ids gives (nil: real ids).
func (m *Match) encodeMove(mv Move, ids *idMap) (graph.Move, error) {
	a := m.p.actions[mv.Action]
	if a == nil {
		return graph.Move{}, fmt.Errorf("encode move: the pack has no action %q", mv.Action)
	}
	if len(mv.Args) != len(a.params) {
		return graph.Move{}, fmt.Errorf("encode move: %s takes %d arguments, not %d", a.name, len(a.params), len(mv.Args))
	}
	gm := graph.Move{Player: mv.Seat + 1, Action: mv.Action}
	if len(a.params) == 0 {
		return gm, nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, prm := range a.params {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(&b, prm.Name)
		b.WriteByte(':')
		if err := writeValue(&b, mv.Args[i], 0, ids); err != nil {
			return graph.Move{}, fmt.Errorf("encode move %s: argument %s: %w", mv, prm.Name, err)
		}
	}
	b.WriteByte('}')
	gm.Args = b.Bytes()
	return gm, nil
}

func writeString(b *bytes.Buffer, s string) {
	data, _ := json.Marshal(s) // a string always marshals
	b.Write(data)
}

// writeValue writes v as JSON (depth guards against cycles), cards by the
// ids ids gives (nil: real ids).
func writeValue(b *bytes.Buffer, v starlark.Value, depth int, ids *idMap) error {
	if depth > 64 {
		return fmt.Errorf("a value nested more than 64 deep")
	}
	switch x := v.(type) {
	case starlark.NoneType:
		b.WriteString("null")
	case starlark.Bool:
		b.WriteString(strconv.FormatBool(bool(x)))
	case starlark.Int:
		b.WriteString(x.String())
	case starlark.Float:
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("%s has no JSON form", x)
		}
		data, _ := json.Marshal(f)
		b.Write(data)
		if f == math.Trunc(f) && !bytes.ContainsAny(data, ".eE") {
			b.WriteString(".0") // stays a float when read back
		}
	case starlark.String:
		writeString(b, string(x))
	case *playerValue:
		fmt.Fprintf(b, `{"player":%d}`, x.seat+1)
	case *objectValue:
		fmt.Fprintf(b, `{"object":%d}`, x.id)
	case *cardValue:
		b.WriteString(`{"deck":`)
		writeString(b, x.deck.name)
		fmt.Fprintf(b, `,"card":%d}`, ids.id(x))
	case starlark.Tuple:
		return writeList(b, x, depth, ids)
	case *starlark.List:
		items := make([]starlark.Value, x.Len())
		for i := range items {
			items[i] = x.Index(i)
		}
		return writeList(b, items, depth, ids)
	case *starlark.Dict:
		b.WriteByte('{')
		for i, it := range x.Items() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, plain(it[0]))
			b.WriteByte(':')
			if err := writeValue(b, it[1], depth+1, ids); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("a %s has no JSON form", v.Type())
	}
	return nil
}

func writeList(b *bytes.Buffer, items []starlark.Value, depth int, ids *idMap) error {
	b.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeValue(b, it, depth+1, ids); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// DecodeMove reads a move's text form against the match as it is now. When
// the player has a legal move whose text form says the same (the same JSON
// values, whatever their spacing or key order), that move is returned, with
// the engine's own values. Otherwise the arguments are read by their
// parameters' types as well as they can be and the move is returned for
// [Match.Apply] to refuse with its reason (not in the domain, the
// precondition...). A move that cannot be read at all (an unknown action or
// parameter, a missing argument, a value of no known form) is an error.
//
// A card is named by its real id (the designer's text, [Match.EncodeMove])
// or by the opaque id the moving player knows it by ([Match.EncodeMoveFor]:
// what that seat's view lists), so a move a seat chose from its view plays.
func (m *Match) DecodeMove(gm graph.Move) (Move, error) {
	a := m.p.actions[gm.Action]
	if a == nil {
		names := make([]string, 0, len(m.p.actions))
		for n := range m.p.actions {
			names = append(names, n)
		}
		sort.Strings(names) // one suggestion among equals, always the same
		return Move{}, fmt.Errorf("the pack has no action %q%s", gm.Action, suggest(gm.Action, names))
	}
	if gm.Player < 1 || gm.Player > m.seats {
		return Move{}, fmt.Errorf("there is no player %d (the match has %d seats)", gm.Player, m.seats)
	}
	args, err := moveArgs(a, gm.Args)
	if err != nil {
		return Move{}, err
	}
	want, err := canonicalJSON(gm.Args)
	if err != nil {
		return Move{}, fmt.Errorf("args: %v", err)
	}
	seat := gm.Player - 1
	legal, err := m.Legal(seat)
	if err != nil {
		return Move{}, err
	}
	ids := &idMap{m: m, seat: seat}
	for _, mv := range legal {
		if mv.Action != gm.Action {
			continue
		}
		ids.hidden = false
		enc, err := m.encodeMove(mv, ids) // the seat's text: the designer's but for hidden cards
		if err != nil {
			continue
		}
		if got, _ := canonicalJSON(enc.Args); got == want {
			return mv, nil
		}
		if ids.hidden {
			if enc, err = m.EncodeMove(mv); err == nil {
				if got, _ := canonicalJSON(enc.Args); got == want {
					return mv, nil
				}
			}
		}
	}
	mv := Move{Seat: seat, Action: gm.Action}
	for i, prm := range a.params {
		v, err := m.readValue(args[i], prm.Type, seat)
		if err != nil {
			return Move{}, fmt.Errorf("argument %s: %v", prm.Name, err)
		}
		mv.Args = append(mv.Args, v)
	}
	return mv, nil
}

// moveArgs splits a move's args object into one value per parameter of a.
func moveArgs(a *caction, raw json.RawMessage) ([]any, error) {
	byName := map[string]any{}
	if len(bytes.TrimSpace(raw)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&byName); err != nil {
			return nil, fmt.Errorf("args must be a JSON object of the action's parameters by name: %v", err)
		}
	}
	out := make([]any, len(a.params))
	for i, prm := range a.params {
		v, ok := byName[prm.Name]
		if !ok {
			return nil, fmt.Errorf("%s needs argument %s", a.name, prm.Name)
		}
		out[i] = v
		delete(byName, prm.Name)
	}
	if len(byName) > 0 {
		names := make([]string, 0, len(byName))
		for k := range byName {
			names = append(names, k)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("%s has no parameter %q", a.name, names[0])
	}
	return out, nil
}

// canonicalJSON rewrites JSON text with sorted keys and no spaces, numbers
// as written ("" for no text).
func canonicalJSON(raw json.RawMessage) (string, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return "", nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	data, err := json.Marshal(v)
	return string(data), err
}

// readValue turns a JSON value (decoded with UseNumber) into the Starlark
// value it writes, for a parameter of type typ ("list" reads an array as a
// list; every other type reads it as a tuple), as seat (0-based) writes it:
// a card by its real id or by the opaque id seat knows it by.
func (m *Match) readValue(v any, typ string, seat int) (starlark.Value, error) {
	switch x := v.(type) {
	case nil:
		return starlark.None, nil
	case bool:
		return starlark.Bool(x), nil
	case json.Number:
		if n, err := strconv.ParseInt(string(x), 10, 64); err == nil {
			return starlark.MakeInt64(n), nil
		}
		f, err := x.Float64()
		if err != nil {
			return nil, fmt.Errorf("number %s: %v", x, err)
		}
		return starlark.Float(f), nil
	case string:
		return starlark.String(x), nil
	case []any:
		items := make([]starlark.Value, len(x))
		for i, e := range x {
			it, err := m.readValue(e, "", seat)
			if err != nil {
				return nil, err
			}
			items[i] = it
		}
		if typ == "list" {
			return starlark.NewList(items), nil
		}
		return starlark.Tuple(items), nil
	case map[string]any:
		return m.readObject(x, seat)
	}
	return nil, fmt.Errorf("no value of the form %v", v)
}

// readObject reads {"player": n}, {"object": id}, {"deck": name, "card": id}
// (a real id, or an opaque id of seat's) or any other object as a dict.
func (m *Match) readObject(x map[string]any, seat int) (starlark.Value, error) {
	num := func(key string) (int, bool) {
		n, ok := x[key].(json.Number)
		if !ok {
			return 0, false
		}
		i, err := strconv.Atoi(string(n))
		return i, err == nil
	}
	switch {
	case len(x) == 1 && x["player"] != nil:
		n, ok := num("player")
		if !ok || n < 1 || n > m.seats {
			return nil, fmt.Errorf("there is no player %v (the match has %d seats)", x["player"], m.seats)
		}
		return m.pvals[n-1], nil
	case len(x) == 1 && x["object"] != nil:
		id, ok := num("object")
		if !ok || id < 1 || m.obj(id) == nil {
			return nil, fmt.Errorf("there is no object #%v", x["object"])
		}
		return m.objValue(id), nil
	case len(x) == 2 && x["deck"] != nil && x["card"] != nil:
		name, _ := x["deck"].(string)
		dv, ok := m.p.predeclared[name].(*deckValue)
		id, idOK := num("card")
		if !ok {
			return nil, fmt.Errorf("there is no deck %v", x["deck"])
		}
		if idOK && id >= opaqueBase {
			id = m.cardOfOpaque(seat, dv.idx, id)
		}
		if !idOK || id < 1 || id > len(m.st.decks[dv.idx].cards) {
			return nil, fmt.Errorf("deck %s has no card %v", name, x["card"])
		}
		return m.card(dv, id), nil
	}
	d := starlark.NewDict(len(x))
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v, err := m.readValue(x[k], "", seat)
		if err != nil {
			return nil, err
		}
		if err := d.SetKey(starlark.String(k), v); err != nil {
			return nil, err
		}
	}
	return d, nil
}
