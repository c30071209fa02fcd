package engine

import (
	"math"
	"slices"

	"go.starlark.net/starlark"
)

// Hash returns a 64-bit hash of the match's position: everything that
// decides what happens next (the state stack with each frame's parameters,
// pending transition, who ended and private states; the active and
// multiactive players; scores; game, player and object variables, tags and
// fired when-clauses; boards; decks; active wrappers; pending bodies; clocks;
// the random source; the next object id) and nothing that only says how
// the match got there (the step, the events, the history). Two matches of
// one program in the same position hash the same whatever order their moves
// came in, so a search can merge transpositions (preview.Find); the same
// position hashes the same in every run.
//
// It is a hash, not an identity: two positions may share one, with a
// chance of about n²/2⁶⁵ among n positions. The values a pending body's
// before() reads are not in it (a match waiting for a move has no pending
// body). A dict's entries count in their order.
func (m *Match) Hash() uint64 {
	h := hasher(14695981039346656037)
	s := m.st
	h.bool(s.over)
	h.int(s.active)
	h.u64(s.multi)
	h.u64(s.rng)
	h.int(s.nextObj)
	h.ints(s.scores)
	h.int(len(s.clocks))
	for _, c := range s.clocks {
		h.u64(uint64(c))
	}
	h.int(len(s.frames))
	for i := range s.frames {
		h.frame(m.frameAt(i))
	}
	h.varList(s.vars)
	for _, pv := range s.pvars {
		h.varList(pv)
	}
	for _, b := range s.boards {
		h.int(len(b.cells))
		for _, c := range b.cells {
			h.u64(uint64(uint8(c)))
		}
	}
	for _, d := range s.decks {
		h.int(len(d.cards))
		for _, c := range d.cards {
			h.value(c.typ)
			h.int(c.typeArg)
			h.str(c.loc)
			h.int(c.arg)
		}
	}
	h.int(len(s.objs))
	for _, o := range s.objs {
		h.int(o.id)
		h.str(o.typ.name)
		h.u64(o.tags)
		h.u64(o.fired)
		for _, v := range o.vars {
			h.value(v)
		}
		h.vars(o.extra)
	}
	h.int(len(s.wraps))
	for _, w := range s.wraps {
		h.int(w.src)
		h.int(w.clause)
		h.int(w.target)
		h.str(w.name)
		h.int(w.ts)
	}
	h.int(len(s.exec))
	for i := range s.exec {
		e := &s.exec[i]
		h.str(e.h.path)
		var buf [64]byte
		h.bytes(e.appendWhat(buf[:0])) // as h.str(e.what()), without the string
		h.int(e.self)
		h.int(e.player)
		h.int(e.frame)
	}
	return uint64(h)
}

// hasher is FNV-1a over 64-bit words and strings: fixed, so a position hashes
// the same in every run (Starlark's own string hash is seeded per process).
type hasher uint64

func (h *hasher) u64(x uint64) {
	for i := 0; i < 8; i++ {
		*h = (*h ^ hasher(x&0xff)) * 1099511628211
		x >>= 8
	}
}

func (h *hasher) int(x int) { h.u64(uint64(x)) }

func (h *hasher) bool(b bool) {
	if b {
		h.u64(1)
	} else {
		h.u64(0)
	}
}

func (h *hasher) str(s string) {
	h.int(len(s))
	for i := 0; i < len(s); i++ {
		*h = (*h ^ hasher(s[i])) * 1099511628211
	}
}

// bytes hashes b as str hashes a string of its bytes.
func (h *hasher) bytes(b []byte) {
	h.int(len(b))
	for _, c := range b {
		*h = (*h ^ hasher(c)) * 1099511628211
	}
}

func (h *hasher) ints(xs []int) {
	h.int(len(xs))
	for _, x := range xs {
		h.int(x)
	}
}

func (h *hasher) frame(f *frame) {
	h.int(f.st.idx)
	h.bool(f.entered)
	h.bool(f.hasPending)
	if f.pending != nil {
		h.int(f.pending.idx)
	} else {
		h.int(-1)
	}
	h.str(f.pendName)
	h.u64(f.ended)
	h.int(len(f.params))
	for _, p := range f.params {
		h.value(p)
	}
	h.int(len(f.priv))
	for _, p := range f.priv {
		h.int(int(p))
	}
}

// vars hashes a map of variables by sorted name: a map's order is random.
func (h *hasher) vars(vs map[string]starlark.Value) {
	names := make([]string, 0, len(vs))
	for k := range vs {
		names = append(names, k)
	}
	slices.Sort(names)
	h.int(len(names))
	for _, k := range names {
		h.str(k)
		h.value(vs[k])
	}
}

// varList hashes vs as vars hashes a map of the same variables (a list is
// in the order of its names).
func (h *hasher) varList(vs varList) {
	h.int(len(vs))
	for _, kv := range vs {
		h.str(kv.name)
		h.value(kv.v)
	}
}

// value hashes a frozen Starlark value by its content; a value of a type
// the engine does not know by its type and printed form.
func (h *hasher) value(v starlark.Value) {
	switch x := v.(type) {
	case nil:
		h.str("nil")
	case starlark.NoneType:
		h.str("None")
	case starlark.Bool:
		h.str("bool")
		h.bool(bool(x))
	case starlark.Int:
		h.str("int")
		if i, ok := x.Int64(); ok {
			h.u64(uint64(i))
		} else {
			h.str(x.BigInt().Text(16))
		}
	case starlark.Float:
		h.str("float")
		h.u64(math.Float64bits(float64(x)))
	case starlark.String:
		h.str("string")
		h.str(string(x))
	case starlark.Tuple:
		h.str("tuple")
		h.seq(x.Len(), x.Index)
	case *starlark.List:
		h.str("list")
		h.seq(x.Len(), x.Index)
	case *starlark.Dict:
		h.str("dict")
		items := x.Items()
		h.int(len(items))
		for _, kv := range items {
			h.value(kv[0])
			h.value(kv[1])
		}
	case *starlark.Set:
		h.str("set")
		h.int(x.Len())
		it := x.Iterate()
		defer it.Done()
		var e starlark.Value
		for it.Next(&e) {
			h.value(e)
		}
	case *objectValue:
		h.str("object")
		h.int(x.id)
	case *playerValue:
		h.str("player")
		h.int(x.seat)
	case *cardValue:
		h.str("card")
		h.int(x.deck.idx)
		h.int(x.id)
	default:
		h.str(v.Type())
		h.str(v.String())
	}
}

func (h *hasher) seq(n int, at func(int) starlark.Value) {
	h.int(n)
	for i := 0; i < n; i++ {
		h.value(at(i))
	}
}
