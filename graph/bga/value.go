package bga

import (
	"strconv"

	"github.com/rulestudio/studio/graph"
)

// pkind is the kind of a PHP value as the importer evaluates it.
type pkind uint8

const (
	pNull    pkind = iota
	pBool          // b
	pInt           // i
	pFloat         // f
	pString        // s
	pConst         // s: a constant whose value is not in the file (kept symbolic)
	pArray         // arr
	pBuilder       // arr: a GameStateBuilder chain under construction
)

// pval is a PHP value. name is the constant the value was written as, when it
// came from a constant the file defines: the importer keeps ids, types and names
// as their author wrote them.
type pval struct {
	k    pkind
	b    bool
	i    int64
	f    float64
	s    string
	name string
	arr  *parray
	pos  graph.Pos
	// built marks an array GameStateBuilder's ->build() made: BGA's state
	// object, whose properties ($state->possibleActions) are its keys.
	built bool
}

// pentry is one entry of a PHP array; key.pos is where the key is written (or
// the value, for an entry without a key).
type pentry struct {
	key, val pval
}

// parray is an ordered PHP array. Setting an existing key replaces the entry's
// value in place (PHP keeps the first position and the last value).
type parray struct {
	ents []pentry
	idx  map[pkey]int
	next int64 // the next integer key for an entry without a key
}

func newArray() *parray { return &parray{} }

// pkey is the identity of an array key: integers and integer-like strings are
// the same key, as in PHP; an unknown constant is its own key.
type pkey struct {
	c byte // 'i' integer, 's' string, 'c' constant
	i int64
	s string
}

// keyID returns the identity of an array key; ok is false for a value PHP cannot
// use as a key (an array).
func keyID(k pval) (pkey, bool) {
	switch k.k {
	case pInt:
		return pkey{c: 'i', i: k.i}, true
	case pString:
		if n, ok := intKey(k.s); ok {
			return pkey{c: 'i', i: n}, true
		}
		return pkey{c: 's', s: k.s}, true
	case pBool:
		if k.b {
			return pkey{c: 'i', i: 1}, true
		}
		return pkey{c: 'i'}, true
	case pNull:
		return pkey{c: 's'}, true
	case pFloat:
		return pkey{c: 'i', i: int64(k.f)}, true
	case pConst:
		return pkey{c: 'c', s: k.s}, true
	}
	return pkey{}, false
}

// intKey reports whether s is a canonical decimal integer, which PHP turns into
// an integer key ("5" but not "05" or "5.0").
func intKey(s string) (int64, bool) {
	if s == "" || len(s) > 19 {
		return 0, false
	}
	if s == "0" {
		return 0, true
	}
	i := 0
	if s[0] == '-' {
		i = 1
	}
	if i >= len(s) || s[i] < '1' || s[i] > '9' {
		return 0, false
	}
	for _, c := range s[i:] {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// set stores val under key. ok is false for a key PHP cannot use (an array).
func (a *parray) set(key, val pval) bool {
	id, ok := keyID(key)
	if !ok {
		return false
	}
	if i, dup := a.find(id); dup {
		a.ents[i] = pentry{key: key, val: val}
		return true
	}
	a.ents = append(a.ents, pentry{key: key, val: val})
	if a.idx != nil {
		a.idx[id] = len(a.ents) - 1
	} else if len(a.ents) > smallArray {
		a.idx = make(map[pkey]int, len(a.ents))
		for i, e := range a.ents {
			k, _ := keyID(e.key)
			a.idx[k] = i
		}
	}
	if n, isInt := intOf(key); isInt && n >= a.next {
		a.next = n + 1
	}
	return true
}

// smallArray is the size up to which an array has no index map: a linear search
// is cheaper, and most arrays of a states file are small.
const smallArray = 8

// find returns the position of the entry whose key has identity id.
func (a *parray) find(id pkey) (int, bool) {
	if a.idx != nil {
		i, ok := a.idx[id]
		return i, ok
	}
	for i, e := range a.ents {
		if k, _ := keyID(e.key); k == id {
			return i, true
		}
	}
	return 0, false
}

// push appends val under the next integer key.
func (a *parray) push(val pval) {
	a.set(pval{k: pInt, i: a.next, pos: val.pos}, val)
}

// get returns the value under key.
func (a *parray) get(key pval) (pval, bool) {
	id, ok := keyID(key)
	if !ok {
		return pval{}, false
	}
	i, found := a.find(id)
	if !found {
		return pval{}, false
	}
	return a.ents[i].val, true
}

// has reports whether the array has an entry under key.
func (a *parray) has(key pval) bool {
	_, ok := a.get(key)
	return ok
}

// intOf returns the integer a key stands for, if it is one.
func intOf(k pval) (int64, bool) {
	switch k.k {
	case pInt:
		return k.i, true
	case pString:
		return intKey(k.s)
	case pBool:
		if k.b {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// clone returns a deep copy of v (PHP arrays are values).
func (v pval) clone() pval {
	if v.arr == nil {
		return v
	}
	out := v
	out.arr = &parray{ents: make([]pentry, len(v.arr.ents)), next: v.arr.next}
	for i, e := range v.arr.ents {
		out.arr.ents[i] = pentry{key: e.key, val: e.val.clone()}
	}
	if v.arr.idx != nil {
		out.arr.idx = make(map[pkey]int, len(v.arr.idx))
		for k, i := range v.arr.idx {
			out.arr.idx[k] = i
		}
	}
	return out
}

// describe names the kind of v for error messages.
func (v pval) describe() string {
	switch v.k {
	case pNull:
		return "null"
	case pBool:
		return "a boolean"
	case pInt:
		return "an integer"
	case pFloat:
		return "a float"
	case pString:
		return "a string"
	case pConst:
		return "the constant " + v.s
	case pArray:
		return "an array"
	case pBuilder:
		return "a GameStateBuilder"
	}
	return "a value"
}
