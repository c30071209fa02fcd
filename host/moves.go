package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"go.starlark.net/starlark"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
	"github.com/rulestudio/studio/preview/scene"
)

// actionJSON is one action a seat can take now, as its page picks it
// (preview's pick model: one parameter after the other, a "choose k"
// parameter as k elements in any order).
type actionJSON struct {
	Action string      `json:"action"`
	Params []paramJSON `json:"params"`
	// Values are the values (or choose-k elements) the moves name, each
	// once; a move names them by index.
	Values []valueJSON `json:"values"`
	Moves  []moveJSON  `json:"moves"`
}

type paramJSON struct {
	Name   string `json:"name"`
	Choose int    `json:"choose,omitempty"`
}

// valueJSON is one value a parameter can take, as the seat knows it.
type valueJSON struct {
	// JSON is the value as the move posted names it (a card the seat does
	// not see by its opaque id).
	JSON json.RawMessage `json:"json"`
	// Label is how a button shows it: a card's face as the table writes
	// it ("Q♥"), "a card" for one the seat does not see.
	Label string `json:"label"`
	// Targets are the scene ids ("deck:hand/1:4", "board:board:1,2",
	// "object:5") whose box a click chooses it by.
	Targets []string `json:"targets,omitempty"`
}

// moveJSON is one legal move: its args as posted back, and per parameter
// the indexes in Values of its value (of each element, for choose-k).
type moveJSON struct {
	Args   json.RawMessage `json:"args,omitempty"`
	Values [][]int         `json:"values"`
}

// seatMoves writes seat's (0-based) legal moves of m, grouped by action,
// and returns them in the order written (the n-th move of the actions, one
// after the other, is the n-th returned).
func seatMoves(pack *graph.Pack, m *engine.Match, seat int, sc *scene.Scene, legal []engine.Move) ([]actionJSON, []engine.Move, error) {
	targets := sceneTargets(sc)
	var out []actionJSON
	var order []engine.Move
	for _, am := range preview.GroupMoves(pack, legal) {
		a := actionJSON{Action: am.Action}
		for _, p := range am.Params {
			a.Params = append(a.Params, paramJSON{Name: p.Name, Choose: p.Choose})
		}
		index := map[string]int{}
		order = append(order, am.Moves...)
		for _, mv := range am.Moves {
			mine, err := m.EncodeMoveFor(seat, mv)
			if err != nil {
				return nil, nil, err
			}
			mj := moveJSON{Args: mine.Args}
			args := split(mine.Args, '{', '}')
			if len(args) != len(am.Params) {
				return nil, nil, fmt.Errorf("host: move %s does not read back", mine)
			}
			for i, p := range am.Params {
				vals, els := []starlark.Value{mv.Args[i]}, []json.RawMessage{args[i]}
				if p.Choose > 0 {
					vals, els = items(mv.Args[i]), split(args[i], '[', ']')
				}
				var idx []int
				for k, v := range vals {
					if k >= len(els) {
						return nil, nil, fmt.Errorf("host: move %s: its argument %s does not read back", mine, p.Name)
					}
					j, ok := index[string(els[k])]
					if !ok {
						j = len(a.Values)
						index[string(els[k])] = j
						a.Values = append(a.Values, describe(v, els[k], opaque(els[k]), targets))
					}
					idx = append(idx, j)
				}
				mj.Values = append(mj.Values, idx)
			}
			a.Moves = append(a.Moves, mj)
		}
		out = append(out, a)
	}
	return out, order, nil
}

// split returns the values of a JSON object (open '{') or array ('['), in
// order, as the engine writes them (compact: no space between tokens); an
// object's keys are skipped. Empty args (no parameter) have none.
func split(raw json.RawMessage, open, close byte) []json.RawMessage {
	if len(raw) < 2 || raw[0] != open || raw[len(raw)-1] != close {
		return nil
	}
	var out []json.RawMessage
	depth, inString, start := 0, false, 1
	for i := 1; i < len(raw)-1; i++ {
		c := raw[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		case c == ':' && depth == 0 && open == '{':
			start = i + 1
		case c == ',' && depth == 0:
			out = append(out, raw[start:i])
			start = i + 1
		}
	}
	if len(raw) > 2 {
		out = append(out, raw[start:len(raw)-1])
	}
	return out
}

// opaqueCard finds a card written by its id in a value's JSON.
var opaqueCard = regexp.MustCompile(`"card":(\d+)`)

// opaque reports whether a value's JSON names a card by an opaque id (one
// the seat does not see: engine.Match.SeatCardID's are 2^52 and more).
func opaque(raw json.RawMessage) bool {
	for _, m := range opaqueCard.FindAllSubmatch(raw, -1) {
		if n, err := strconv.ParseUint(string(m[1]), 10, 64); err != nil || n >= 1<<52 {
			return true
		}
	}
	return false
}

// items returns the elements of a tuple or list.
func items(v starlark.Value) []starlark.Value {
	it, ok := v.(starlark.Iterable)
	if !ok {
		return nil
	}
	var out []starlark.Value
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		out = append(out, x)
	}
	return out
}

// describe returns value v, written raw for the seat, with its label and
// the scene things a click chooses it by; a value naming a card the seat
// does not see (hidden) is "a card", with no target.
func describe(v starlark.Value, raw json.RawMessage, hidden bool, t *targetIndex) valueJSON {
	if hidden {
		return valueJSON{JSON: raw, Label: "a card"}
	}
	out := valueJSON{JSON: raw, Label: preview.Label(v)}
	switch x := v.(type) {
	case starlark.Int:
		if n, ok := x.Int64(); ok && t.objects["object:"+strconv.FormatInt(n, 10)] {
			out.Targets = append(out.Targets, "object:"+strconv.FormatInt(n, 10))
		}
	case starlark.Tuple:
		if len(x) == 2 {
			cx, okX := starlark.AsInt32(x[0])
			cy, okY := starlark.AsInt32(x[1])
			if okX == nil && okY == nil {
				for _, b := range t.boards {
					if cx >= 0 && cy >= 0 && cx < b.Width && cy < b.Height {
						out.Targets = append(out.Targets, scene.CellID(b.Name, cx, cy))
					}
				}
			}
		}
	}
	if v.Type() == "card" {
		for _, c := range t.cards[out.Label] {
			out.Targets = append(out.Targets, c.ID)
			if c.Text != "" {
				out.Label = c.Text
			}
		}
	}
	return out
}

// targetIndex is what of a scene a value can name: its cards seen by their
// face ("type/type_arg", as preview.Label writes a card), its boards and
// its objects.
type targetIndex struct {
	cards   map[string][]scene.Card
	boards  []scene.Board
	objects map[string]bool
}

func sceneTargets(sc *scene.Scene) *targetIndex {
	t := &targetIndex{cards: map[string][]scene.Card{}, objects: map[string]bool{}}
	if sc == nil {
		return t
	}
	for _, a := range sc.Areas {
		t.boards = append(t.boards, a.Boards...)
		for _, l := range a.Locations {
			for _, c := range l.Cards {
				if !c.Hidden && c.TypeArg != nil {
					face := c.Type + "/" + strconv.Itoa(*c.TypeArg)
					t.cards[face] = append(t.cards[face], c)
				}
			}
		}
		for _, z := range a.Zones {
			for _, o := range z.Objects {
				t.objects[o.ID] = true
			}
		}
	}
	return t
}

// moveKey is the key a move is found by: its action and its args as
// canonical JSON (keys sorted, no spaces, numbers as written), so that a
// page may post them in any key order or spacing.
func moveKey(action string, args json.RawMessage) (string, error) {
	if len(bytes.TrimSpace(args)) == 0 {
		return action, nil
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	if _, ok := v.(map[string]any); !ok && v != nil {
		return "", fmt.Errorf("args must be an object")
	}
	data, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	if string(data) == "null" || string(data) == "{}" {
		return action, nil
	}
	return action + "\x00" + string(data), nil
}
