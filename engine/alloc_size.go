package engine

import (
	"math/bits"
	"strings"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// The sizes charged for values (see alloc.go): what go.starlark.net's
// values take on a 64-bit machine, rounded up, so that a limit in bytes
// means about what it says.
const (
	slotBytes  = 16 // a starlark.Value: an element of a list or tuple, a boxed string
	seqBytes   = 32 // a list's or tuple's own header
	entryBytes = 64 // an entry of a dict or set: hash, key, value and links
)

// sizeFn is the bytes a builtin called with args and kw would make; left
// is what the code may still make, which a size that must walk a value
// (str) need not count past.
type sizeFn func(args starlark.Tuple, kw []starlark.Tuple, left uint64) uint64

// mul and add saturate instead of overflowing: a size past 2^64 is over
// any limit.
func mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return ^uint64(0)
	}
	return lo
}

func add(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return ^uint64(0)
	}
	return s
}

// elems is the size of a list or tuple of n elements.
func elems(n int) uint64 { return add(seqBytes, mul(slotBytes, uint64(max(n, 0)))) }

// length is the number of elements x holds, 0 when unknown (an iterable
// the engine makes, bounded by the match itself).
func length(x starlark.Value) uint64 { return uint64(max(starlark.Len(x), 0)) }

// binarySize is the size of x op y for the operations whose result may be
// larger than their operands together (*, % formatting) or doubles a value
// in a loop (+).
func binarySize(op syntax.Token, x, y starlark.Value, left uint64) uint64 {
	switch op {
	case syntax.PLUS:
		switch x := x.(type) {
		case starlark.String:
			if y, ok := y.(starlark.String); ok {
				return slotBytes + uint64(len(x)) + uint64(len(y))
			}
		case starlark.Bytes:
			if y, ok := y.(starlark.Bytes); ok {
				return slotBytes + uint64(len(x)) + uint64(len(y))
			}
		case *starlark.List:
			if y, ok := y.(*starlark.List); ok {
				return elems(x.Len() + y.Len())
			}
		case starlark.Tuple:
			if y, ok := y.(starlark.Tuple); ok {
				return elems(len(x) + len(y))
			}
		}
	case syntax.STAR:
		if n, ok := y.(starlark.Int); ok {
			return repeatSize(x, n)
		}
		if n, ok := x.(starlark.Int); ok {
			return repeatSize(y, n)
		}
	case syntax.PERCENT:
		if f, ok := x.(starlark.String); ok {
			return formatSize(string(f), y, left)
		}
	}
	return 0
}

// augmentedSize is the size of x op= y: a list += iterable extends the list
// in place by y's elements, anything else is x op y.
func augmentedSize(op syntax.Token, x, y starlark.Value, left uint64) uint64 {
	if _, ok := x.(*starlark.List); ok && op == syntax.PLUS {
		if _, ok := y.(starlark.Iterable); ok {
			return mul(slotBytes, length(y))
		}
	}
	return binarySize(op, x, y, left)
}

// repeatSize is the size of seq * n: a string, bytes, list or tuple n
// times, or the product of two integers.
func repeatSize(seq starlark.Value, n starlark.Int) uint64 {
	if n.Sign() <= 0 {
		return 0
	}
	k, ok := n.Uint64()
	if !ok {
		k = ^uint64(0)
	}
	switch s := seq.(type) {
	case starlark.String:
		return add(slotBytes, mul(uint64(len(s)), k))
	case starlark.Bytes:
		return add(slotBytes, mul(uint64(len(s)), k))
	case *starlark.List:
		return add(seqBytes, mul(mul(slotBytes, uint64(s.Len())), k))
	case starlark.Tuple:
		return add(seqBytes, mul(mul(slotBytes, uint64(len(s))), k))
	case starlark.Int:
		// A product of integers has the bits of both: squaring in a loop
		// doubles them.
		if _, small := s.Int64(); small && ok && k < 1<<31 {
			return 0
		}
		return uint64(s.BigInt().BitLen()+n.BigInt().BitLen())/8 + slotBytes
	}
	return 0
}

// formatSize bounds the size of f % y: f and the text of each value a
// directive may print (a tuple's elements once each; a dict's largest value
// once per directive, as %(key)s may repeat a key).
func formatSize(f string, y starlark.Value, left uint64) uint64 {
	size := slotBytes + uint64(len(f))
	switch y := y.(type) {
	case starlark.Tuple:
		for _, v := range y {
			size = add(size, strSize(v, left))
		}
	case *starlark.Dict:
		var most uint64
		for _, kv := range y.Items() {
			most = max(most, strSize(kv[1], left))
		}
		size = add(size, mul(uint64(strings.Count(f, "%")), most))
	default:
		size = add(size, strSize(y, left))
	}
	return size
}

// strSize is the length of str(v) for a value that is not a string, or
// more than limit once it is known to be more (a list that holds the same
// list a thousand times, a thousand times over, prints a billion elements
// from a few kilobytes). A container already being printed prints as
// "[...]", as Starlark's str does.
func strSize(v starlark.Value, limit uint64) uint64 {
	w := strWalk{limit: limit}
	w.walk(v)
	return w.n
}

type strWalk struct {
	n, limit uint64
	path     []starlark.Value // the containers being printed
}

func (w *strWalk) walk(v starlark.Value) {
	if w.n > w.limit {
		return
	}
	switch v := v.(type) {
	case starlark.String:
		w.n = add(w.n, uint64(len(v))+2)
	case starlark.Bytes:
		w.n = add(w.n, 4*uint64(len(v))+3)
	case starlark.Int:
		if _, ok := v.Int64(); ok {
			w.n += 20
		} else {
			w.n = add(w.n, uint64(v.BigInt().BitLen()/3+2))
		}
	case starlark.Tuple:
		w.n += 2
		for _, x := range v {
			w.walk(x)
			w.n += 2
		}
	case *starlark.List:
		w.container(v, v.Len(), func(i int) { w.walk(v.Index(i)) })
	case *starlark.Dict:
		items := v.Items()
		w.container(v, len(items), func(i int) { w.walk(items[i][0]); w.walk(items[i][1]); w.n += 2 })
	case *starlark.Set:
		w.container(v, v.Len(), nil)
		if w.n <= w.limit && !w.onPath(v) {
			w.path = append(w.path, v)
			iter := v.Iterate()
			var x starlark.Value
			for iter.Next(&x) && w.n <= w.limit {
				w.walk(x)
				w.n += 2
			}
			iter.Done()
			w.path = w.path[:len(w.path)-1]
		}
	default:
		w.n = add(w.n, uint64(len(v.String())))
	}
}

// container walks the n elements of c, a list or dict, with each(i), or
// counts "[...]" when c is already being printed.
func (w *strWalk) container(c starlark.Value, n int, each func(int)) {
	if w.onPath(c) {
		w.n += 5
		return
	}
	w.n += 2
	if each == nil {
		return
	}
	w.path = append(w.path, c)
	for i := 0; i < n && w.n <= w.limit; i++ {
		each(i)
		w.n += 2
	}
	w.path = w.path[:len(w.path)-1]
}

func (w *strWalk) onPath(c starlark.Value) bool {
	for _, p := range w.path {
		if p == c {
			return true
		}
	}
	return false
}

// universeSizes are the sizes of the values Starlark's builtins make from
// their arguments, by name (range and the string iterators are lazy).
var universeSizes = map[string]sizeFn{
	"list":     firstArg(func(x starlark.Value) uint64 { return elems(int(length(x))) }),
	"tuple":    firstArg(func(x starlark.Value) uint64 { return elems(int(length(x))) }),
	"sorted":   firstArg(func(x starlark.Value) uint64 { return elems(int(length(x))) }),
	"reversed": firstArg(func(x starlark.Value) uint64 { return elems(int(length(x))) }),
	"set":      firstArg(func(x starlark.Value) uint64 { return mul(entryBytes, length(x)) }),
	"enumerate": firstArg(func(x starlark.Value) uint64 {
		return add(elems(int(length(x))), mul(length(x), elems(2)))
	}),
	"dict": func(args starlark.Tuple, kw []starlark.Tuple, _ uint64) uint64 {
		n := uint64(len(kw))
		if len(args) > 0 {
			n = add(n, length(args[0]))
		}
		return mul(entryBytes, n)
	},
	"zip": func(args starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
		n := ^uint64(0)
		for _, x := range args {
			n = min(n, length(x))
		}
		if len(args) == 0 {
			return 0
		}
		return add(elems(int(min(n, 1<<40))), mul(n, elems(len(args))))
	},
	"str": func(args starlark.Tuple, _ []starlark.Tuple, left uint64) uint64 {
		if len(args) != 1 {
			return 0
		}
		if _, ok := args[0].(starlark.String); ok {
			return 0 // str of a string is itself
		}
		return strSize(args[0], left)
	},
	"print": textOfArgs,
	"fail":  textOfArgs,
	"repr": func(args starlark.Tuple, _ []starlark.Tuple, left uint64) uint64 {
		if len(args) != 1 {
			return 0
		}
		return strSize(args[0], left)
	},
}

// textOfArgs is the size of the text print and fail make of their
// arguments.
func textOfArgs(args starlark.Tuple, kw []starlark.Tuple, left uint64) uint64 {
	size := uint64(slotBytes)
	for _, a := range args {
		size = add(size, strSize(a, left))
	}
	for _, p := range kw {
		size = add(size, strSize(p[1], left))
	}
	return size
}

// firstArg is a size decided by a builtin's first positional argument.
func firstArg(f func(starlark.Value) uint64) sizeFn {
	return func(args starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
		if len(args) == 0 {
			return 0
		}
		return f(args[0])
	}
}

// methodSize is the size of the value a method of one of Starlark's types
// makes, called on recv with args and kw.
type methodSize func(recv starlark.Value, args starlark.Tuple, kw []starlark.Tuple, left uint64) uint64

// methodSizes are the methods of strings, lists, dicts and sets whose
// result's size their arguments decide, by name; the engine's own values
// (players, objects, boards, decks) have methods of those names that make
// nothing larger than the match, and are not charged.
var methodSizes = map[string]methodSize{
	"join": func(recv starlark.Value, args starlark.Tuple, _ []starlark.Tuple, left uint64) uint64 {
		sep, ok := recv.(starlark.String)
		if !ok || len(args) != 1 {
			return 0
		}
		it, ok := args[0].(starlark.Iterable)
		if !ok {
			return 0
		}
		size, n := uint64(slotBytes), uint64(0)
		iter := it.Iterate()
		defer iter.Done()
		var x starlark.Value
		for iter.Next(&x) && size <= left {
			if s, ok := x.(starlark.String); ok {
				size = add(size, uint64(len(s)))
			}
			if n++; n > 1 {
				size = add(size, uint64(len(sep)))
			}
		}
		return size
	},
	"replace": func(recv starlark.Value, args starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
		s, ok := recv.(starlark.String)
		if !ok || len(args) < 2 {
			return 0
		}
		old, ok1 := args[0].(starlark.String)
		repl, ok2 := args[1].(starlark.String)
		if !ok1 || !ok2 {
			return 0
		}
		n := uint64(len(s) + 1) // an empty old is replaced between every character
		if old != "" {
			n = uint64(strings.Count(string(s), string(old)))
		}
		if len(args) > 2 {
			if c, ok := args[2].(starlark.Int); ok && c.Sign() >= 0 {
				if c, ok := c.Uint64(); ok {
					n = min(n, c)
				}
			}
		}
		return add(slotBytes+uint64(len(s)), mul(n, uint64(len(repl))))
	},
	"format": func(recv starlark.Value, args starlark.Tuple, kw []starlark.Tuple, left uint64) uint64 {
		f, ok := recv.(starlark.String)
		if !ok {
			return 0
		}
		var most uint64
		for _, a := range args {
			most = max(most, strSize(a, left))
		}
		for _, p := range kw {
			most = max(most, strSize(p[1], left))
		}
		return add(slotBytes+uint64(len(f)), mul(uint64(strings.Count(string(f), "{")), most))
	},
	"split":      splitSize,
	"rsplit":     splitSize,
	"splitlines": splitSize,
	"extend": func(recv starlark.Value, args starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
		if _, ok := recv.(*starlark.List); !ok || len(args) != 1 {
			return 0
		}
		return mul(slotBytes, length(args[0]))
	},
	"update": func(recv starlark.Value, args starlark.Tuple, kw []starlark.Tuple, _ uint64) uint64 {
		n := uint64(len(kw))
		for _, a := range args {
			n = add(n, length(a))
		}
		return mul(entryBytes, n)
	},
	"items": func(recv starlark.Value, _ starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
		return add(elems(int(length(recv))), mul(length(recv), elems(2)))
	},
	"keys": func(recv starlark.Value, _ starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
		return elems(int(length(recv)))
	},
	"values": func(recv starlark.Value, _ starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
		return elems(int(length(recv)))
	},
	"union":                setSize,
	"intersection":         setSize,
	"difference":           setSize,
	"symmetric_difference": setSize,
	"upper":                copySize,
	"lower":                copySize,
	"title":                copySize,
	"capitalize":           copySize,
}

// splitSize bounds the list of strings split, rsplit and splitlines make:
// one part per separator found (a space for split() without one), and one
// more.
func splitSize(recv starlark.Value, args starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
	s, ok := recv.(starlark.String)
	if !ok {
		return 0
	}
	n := uint64(len(s)) + 1 // splitlines, split(): at most a part per character
	if len(args) > 0 {
		if sep, ok := args[0].(starlark.String); ok && sep != "" {
			n = uint64(strings.Count(string(s), string(sep))) + 1
		}
	}
	return add(seqBytes, mul(n, 2*slotBytes))
}

// setSize is the size of a set made of recv and the iterables args.
func setSize(recv starlark.Value, args starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
	n := length(recv)
	for _, a := range args {
		n = add(n, length(a))
	}
	return mul(entryBytes, n)
}

// copySize is the size of a copy of a string.
func copySize(recv starlark.Value, _ starlark.Tuple, _ []starlark.Tuple, _ uint64) uint64 {
	return slotBytes + length(recv)
}
