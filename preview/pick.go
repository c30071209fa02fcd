package preview

import (
	"fmt"
	"slices"
	"strings"

	"go.starlark.net/starlark"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// ActionMoves is one action a seat can take now, with its legal moves.
type ActionMoves struct {
	Action string
	Params []PickParam   // the action's parameters, in order
	Moves  []engine.Move // its legal moves, in the engine's order
	pack   *graph.Action // nil when the pack does not declare it
}

// PickParam is one parameter of an action as a player picks it.
type PickParam struct {
	Name string
	// Choose is k for a "choose k" parameter (Hearts' three cards to give):
	// every legal value is a tuple or list of k distinct elements, no two
	// of them the same set, and the player picks k elements in any order.
	// It is 0 for a parameter picked as one value.
	Choose int
}

// GroupMoves groups a seat's legal moves by action, in the order their
// actions first appear among moves, each with its parameters named as pack
// declares them ("arg1"… for an action it does not declare).
func GroupMoves(pack *graph.Pack, moves []engine.Move) []ActionMoves {
	var out []ActionMoves
	at := map[string]int{} // action -> index in out (lookups only)
	for _, mv := range moves {
		i, ok := at[mv.Action]
		if !ok {
			i = len(out)
			at[mv.Action] = i
			out = append(out, ActionMoves{Action: mv.Action, pack: pack.Actions.Lookup(mv.Action)})
		}
		out[i].Moves = append(out[i].Moves, mv)
	}
	for i := range out {
		out[i].Params = pickParams(&out[i])
	}
	return out
}

// pickParams names a's parameters and finds its "choose k" ones.
func pickParams(a *ActionMoves) []PickParam {
	n := len(a.Moves[0].Args)
	ps := make([]PickParam, n)
	for i := range ps {
		ps[i].Name = fmt.Sprintf("arg%d", i+1)
		domain := ""
		if a.pack != nil && i < len(a.pack.Params) {
			ps[i].Name, domain = a.pack.Params[i].Name, a.pack.Params[i].Domain.Src
		}
		ps[i].Choose = chooseK(a.Moves, i, strings.Contains(domain, "combinations("))
	}
	return ps
}

// chooseK returns k when every move's argument i is a tuple or list of k
// distinct elements (k >= 2) and no two moves' argument i are the same set,
// so that a set of picked elements names one value; 0 otherwise. Tuples of
// whole numbers alone are coordinates (a cell (2, 3)) unless the domain
// says combinations.
func chooseK(moves []engine.Move, i int, combinations bool) int {
	k := -1
	ints := true
	sets := map[string][][]starlark.Value{} // by setKey: the values seen
	for _, mv := range moves {
		if i >= len(mv.Args) {
			return 0
		}
		els, ok := elements(mv.Args[i])
		if !ok || len(els) < 2 || (k >= 0 && len(els) != k) || !distinct(els) {
			return 0
		}
		k = len(els)
		for _, e := range els {
			if _, isInt := e.(starlark.Int); !isInt {
				ints = false
			}
		}
		key := setKey(els)
		for _, o := range sets[key] {
			if subset(els, o) {
				return 0
			}
		}
		sets[key] = append(sets[key], els)
	}
	if k < 0 || (ints && !combinations) {
		return 0
	}
	return k
}

// valueKey is a key equal values share: the value's hash, or for a value
// that has none (a list) its printed form.
func valueKey(v starlark.Value) string {
	if h, err := v.Hash(); err == nil {
		return string([]byte{'#', byte(h >> 24), byte(h >> 16), byte(h >> 8), byte(h)})
	}
	return "=" + v.String()
}

// setKey is a key the same elements share in any order.
func setKey(els []starlark.Value) string {
	keys := make([]string, len(els))
	for i, e := range els {
		keys[i] = valueKey(e)
	}
	slices.Sort(keys)
	return strings.Join(keys, "\x00")
}

// valueSet holds distinct values in the order they were added; equal values
// are found through valueKey buckets, then Starlark's ==.
type valueSet struct {
	vals    []starlark.Value
	buckets map[string][]int // valueKey -> indexes into vals
}

// add adds v unless an equal value is there; it reports whether it added.
func (s *valueSet) add(v starlark.Value) bool {
	if s.buckets == nil {
		s.buckets = map[string][]int{}
	}
	key := valueKey(v)
	for _, j := range s.buckets[key] {
		if equal(s.vals[j], v) {
			return false
		}
	}
	s.buckets[key] = append(s.buckets[key], len(s.vals))
	s.vals = append(s.vals, v)
	return true
}

// elements returns the items of a tuple or list.
func elements(v starlark.Value) ([]starlark.Value, bool) {
	switch x := v.(type) {
	case starlark.Tuple:
		return x, true
	case *starlark.List:
		out := make([]starlark.Value, x.Len())
		for i := range out {
			out[i] = x.Index(i)
		}
		return out, true
	}
	return nil, false
}

// equal is Starlark's ==, false for values that cannot be compared.
func equal(a, b starlark.Value) bool {
	ok, err := starlark.Equal(a, b)
	return err == nil && ok
}

func index(vs []starlark.Value, v starlark.Value) int {
	for i, x := range vs {
		if equal(x, v) {
			return i
		}
	}
	return -1
}

func distinct(vs []starlark.Value) bool {
	for i, v := range vs {
		if index(vs[:i], v) >= 0 {
			return false
		}
	}
	return true
}

// subset reports whether every element of a is in b.
func subset(a, b []starlark.Value) bool {
	for _, v := range a {
		if index(b, v) < 0 {
			return false
		}
	}
	return true
}

// Pick is a seat's move in the making: the values picked so far for an
// action's parameters, first to last. Only values that complete to some
// legal move are offered; the move is complete when every parameter is
// picked, and it is then the legal move the picks name (its own values).
type Pick struct {
	ActionMoves
	picks [][]starlark.Value // per parameter picked: its value, or a choose-k param's elements so far
}

// NewPick starts picking the arguments of a.
func NewPick(a ActionMoves) *Pick { return &Pick{ActionMoves: a} }

// Option is one value offered for a parameter.
type Option struct {
	Value  starlark.Value
	Label  string // the value's display text (Label)
	Chosen bool   // picked now (a choose-k element picked, or the value picked)
	Open   bool   // picking it (or unpicking it) leads to a legal move
}

// Current returns the index of the first parameter not fully picked
// (len(Params) when all are).
func (p *Pick) Current() int {
	for i, prm := range p.Params {
		if i >= len(p.picks) || len(p.picks[i]) < max(prm.Choose, 1) {
			return i
		}
	}
	return len(p.Params)
}

// Picked returns the values picked for parameter i (the elements so far for
// a choose-k parameter).
func (p *Pick) Picked(i int) []starlark.Value {
	if i < len(p.picks) {
		return p.picks[i]
	}
	return nil
}

// consistent returns the legal moves that agree with the picks of the
// parameters before n.
func (p *Pick) consistent(n int) []engine.Move {
	var out []engine.Move
	for _, mv := range p.Moves {
		if p.agrees(mv, n) {
			out = append(out, mv)
		}
	}
	return out
}

func (p *Pick) agrees(mv engine.Move, n int) bool {
	for i := 0; i < n && i < len(p.picks); i++ {
		if p.Params[i].Choose > 0 {
			els, _ := elements(mv.Args[i])
			if !subset(p.picks[i], els) {
				return false
			}
		} else if len(p.picks[i]) > 0 && !equal(mv.Args[i], p.picks[i][0]) {
			return false
		}
	}
	return true
}

// Options returns the values offered for parameter i (at most Current):
// every value (or element, for a choose-k parameter) among the legal moves
// that agree with the earlier parameters' picks, in the order they first
// appear there. An element is Open when it is picked (unpicking it is always
// allowed) or when, with those already picked, it is still part of some
// legal move.
func (p *Pick) Options(i int) []Option {
	if i < 0 || i > p.Current() || i >= len(p.Params) {
		return nil
	}
	moves := p.consistent(i)
	mine := p.Picked(i)
	var out []Option
	var seen valueSet
	for _, mv := range moves {
		items := []starlark.Value{mv.Args[i]}
		if p.Params[i].Choose > 0 {
			items, _ = elements(mv.Args[i])
		}
		for _, v := range items {
			if !seen.add(v) {
				continue
			}
			chosen := index(mine, v) >= 0
			out = append(out, Option{Value: v, Label: Label(v), Chosen: chosen, Open: chosen || p.completes(moves, i, v)})
		}
	}
	return out
}

// completes reports whether picking v for parameter i leaves some move of
// moves (those agreeing with the earlier picks) legal.
func (p *Pick) completes(moves []engine.Move, i int, v starlark.Value) bool {
	if p.Params[i].Choose == 0 {
		return true // every value of an agreeing move is one
	}
	want := append(append([]starlark.Value(nil), p.Picked(i)...), v)
	if len(want) > p.Params[i].Choose {
		return false
	}
	for _, mv := range moves {
		if els, _ := elements(mv.Args[i]); subset(want, els) {
			return true
		}
	}
	return false
}

// Choose picks v for parameter i (at most Current): a value replaces the
// parameter's pick; an element of a choose-k parameter is added, or removed
// when already picked. The picks of later parameters are dropped (what they
// may be depends on it). A value not offered, or not Open, is an error and
// changes nothing.
func (p *Pick) Choose(i int, v starlark.Value) error {
	var opt *Option
	for _, o := range p.Options(i) {
		if equal(o.Value, v) {
			opt = &o
			break
		}
	}
	if opt == nil || !opt.Open {
		return fmt.Errorf("%s: %s is not offered for %s", p.Action, Label(v), p.Params[max(i, 0)].Name)
	}
	for len(p.picks) <= i {
		p.picks = append(p.picks, nil)
	}
	p.picks = p.picks[:i+1]
	switch {
	case p.Params[i].Choose == 0:
		p.picks[i] = []starlark.Value{v}
	case opt.Chosen:
		j := index(p.picks[i], v)
		p.picks[i] = append(p.picks[i][:j:j], p.picks[i][j+1:]...)
	default:
		p.picks[i] = append(p.picks[i][:len(p.picks[i]):len(p.picks[i])], v)
	}
	return nil
}

// Move returns the legal move the picks name, once every parameter is
// picked (a choose-k parameter's elements matched to the legal value in
// any order: the move carries the legal value itself).
func (p *Pick) Move() (engine.Move, bool) {
	if p.Current() < len(p.Params) {
		return engine.Move{}, false
	}
	moves := p.consistent(len(p.Params))
	if len(moves) == 0 {
		return engine.Move{}, false
	}
	return moves[0], true
}

// Label is a value's display text: a string as it is, a card as its
// "type/type_arg" (as a seat's view shows a hand), a tuple or list of cards
// item by item, anything else as Starlark prints it.
func Label(v starlark.Value) string {
	switch x := v.(type) {
	case starlark.String:
		return string(x)
	case starlark.Tuple, *starlark.List:
		els, _ := elements(x)
		parts := make([]string, len(els))
		for i, e := range els {
			parts[i] = Label(e)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	if v.Type() == "card" {
		if h, ok := v.(starlark.HasAttrs); ok {
			t, err1 := h.Attr("type")
			a, err2 := h.Attr("type_arg")
			if err1 == nil && err2 == nil && t != nil && a != nil {
				return Label(t) + "/" + Label(a)
			}
		}
	}
	return v.String()
}

// CanBranch reports whether [Session.Branch] can take another move at step
// of the current line: a step where the match waited for a decision (a move
// was taken there), or the newest step of a line that has not failed (there
// Take is the way).
func (s *Session) CanBranch(step int) bool {
	l := s.cur
	if step == l.m.History() && l.err == nil {
		return true
	}
	for _, t := range l.taken {
		if t.step == step && t.move.Action != "" {
			return true
		}
	}
	return false
}
