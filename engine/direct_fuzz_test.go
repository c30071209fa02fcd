package engine

import (
	"slices"
	"testing"
)

// directAtoms and directOps are what fuzzExpr builds expressions of: values
// of most types direct code meets, and its operators, unary and binary.
var (
	directAtoms = []string{"0", "1", "-2", "7", "2.5", `"a"`, `""`, "True", "False", "None", "[1, 2]", "(1,)", "()",
		"player.no", "player.score", "board.width()", "len(board.empty())", "board.get(0, 0)", "helper(1)", "FROZEN", `b"z"`, `{"k": 1}`, "{}"}
	directBinary = []string{"+", "-", "*", "//", "%", "/", "<", "<=", "==", "!=", ">", "and", "or", "in", "not in", "|", "&", "^", "<<"}
	directUnary  = []string{"-", "not ", "+", "~"}
)

// fuzzExpr builds an expression from data: each byte chooses the next part.
func fuzzExpr(data []byte, depth int) (string, []byte) {
	return fuzzExprOf(directAtoms, false, data, depth)
}

// fuzzExprOf is fuzzExpr with atoms, and list comprehensions when comp is
// set: [e for v in xs if c], some of them as any()'s or all()'s argument,
// for v any of i, j and k (an atom where the
// comprehension names it, an undefined name elsewhere, which does not compile).
func fuzzExprOf(atoms []string, comp bool, data []byte, depth int) (string, []byte) {
	if len(data) == 0 {
		return "1", data
	}
	b, data := data[0], data[1:]
	if depth > 4 {
		return atoms[int(b)%len(atoms)], data
	}
	sub := func(data []byte) (string, []byte) { return fuzzExprOf(atoms, comp, data, depth+1) }
	n := byte(8)
	if comp {
		n = 10
	}
	switch b % n {
	case 0, 1, 2:
		return atoms[int(b/n)%len(atoms)], data
	case 3:
		x, rest := sub(data)
		return "(" + directUnary[int(b/n)%len(directUnary)] + x + ")", rest
	case 4:
		c, rest := sub(data)
		x, rest := sub(rest)
		y, rest := sub(rest)
		return "(" + x + " if " + c + " else " + y + ")", rest
	case 5:
		x, rest := sub(data)
		return "[" + x + ", " + atoms[int(b/n)%len(atoms)] + "]", rest
	case 8, 9:
		v := []string{"i", "j", "k"}[int(b/n)%3]
		xs, rest := sub(data)
		e, rest := sub(rest)
		// Some are asked any() or all() of, which direct code answers
		// without making the list.
		wrap := []string{"", "", "any", "all"}[int(b/n/3)%4]
		comp := "[" + e + " for " + v + " in " + xs + "]"
		if b%n == 9 {
			var c string
			c, rest = sub(rest)
			comp = "[" + e + " for " + v + " in " + xs + " if " + c + "]"
		}
		if wrap != "" {
			comp = wrap + "(" + comp + ")"
		}
		return comp, rest
	default:
		x, rest := sub(data)
		y, rest := sub(rest)
		return "(" + x + " " + directBinary[int(b/n)%len(directBinary)] + " " + y + ")", rest
	}
}

// FuzzDirect: an action that computes an expression built from the input,
// adds it to a list in place and tells it, gives the same events and the
// same error (message, place, backtrace) with direct evaluation as through
// Starlark's interpreter. go test -fuzz FuzzDirect ./engine explores further.
func FuzzDirect(f *testing.F) {
	for _, seed := range []string{"", "\x06\x01\x02", "\x0e\x13\x2b", "\x04\x08\x10\x18", "\x03\x3b\x01", "\xfe\xfd\xfc\xfb\xfa", "\x16\x1e\x05\x07"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		expr, _ := fuzzExpr(data, 0)
		body := "x = " + expr + "\nl = [x]\nl += [x]\nnotify(str(l))\nnext_state(\"go\")"
		bodyBothWays(t, expr, body, "")
	})
}

// comprehensionAtoms are directAtoms and the names comprehensions bind, and
// iterables: ranges, a string (not iterable), the players, dir(player) (and
// a name it holds: x in dir(y) has a direct form of its own).
var comprehensionAtoms = append(slices.Clip(directAtoms), "i", "j", "k", "i", "j", "range(3)", "range(-1, 2)", "players", `"ab"`, "board.empty()", "dir(player)", `"no"`)

// FuzzDirectComprehension: a domain, pure code, of one value computed by an
// expression with list comprehensions built from the input lists the same
// legal moves (their values) or fails with the same error with direct
// evaluation as through Starlark's interpreter.
func FuzzDirectComprehension(f *testing.F) {
	for _, seed := range []string{"", "\x08\x05\x00\x01", "\x09\x12\x00\x03\x0b", "\x12\x09\x32\x01\x00\x1b\x08", "\x31\x3b\x44\x09", "\x08\x04\x1c\x08\x13\x00\x02"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		expr, _ := fuzzExprOf(comprehensionAtoms, true, data, 0)
		p, err := Parse([]byte(comprehensionPack("True", "["+expr+"]", "")), "fuzz.yaml")
		if err != nil {
			return // a name outside its comprehension, 1 // 0 folded...: nothing to compare
		}
		if p.directHooks != p.hooks {
			t.Fatalf("%s: no direct form", expr)
		}
		if d, i := legalBoth(t, p); d != i {
			t.Fatalf("%s:\ndirect:      %s\ninterpreted: %s", expr, d, i)
		}
	})
}

// FuzzDirectLoop: an action whose body computes an expression with list
// comprehensions and index expressions built from the input in a for loop,
// appends it and the length of two lent comprehensions over the list to
// the list and tells it, gives the same events and error with
// direct evaluation as through Starlark's interpreter.
func FuzzDirectLoop(f *testing.F) {
	for _, seed := range []string{"", "\x08\x05\x00\x01", "\x09\x12\x00\x03\x0b", "\x31\x3b\x44\x09", "\x06\x01\x02"} {
		f.Add([]byte(seed))
	}
	atoms := append(slices.Clip(comprehensionAtoms), "l[0]", "l[-1]", "FROZEN[i % 2]", `{"a": i}["a"]`, "before(lambda: player.score)", "before(lambda: i * 2)")
	f.Fuzz(func(t *testing.T, data []byte) {
		expr, _ := fuzzExprOf(atoms, true, data, 0)
		// y is a lent comprehension (only measured), the second reading
		// the list it replaces.
		body := "l = [0]\nfor i in range(3):\n    x = " + expr + "\n    y = [v for v in l if v != x]\n    y = [v for v in y if v != i]\n    l += [x, len(y)]\nnotify(str(l))\nnext_state(\"go\")"
		bodyBothWays(t, expr, body, "")
	})
}

// lendingScript is what FuzzLentCalls's expressions call: functions that
// return a comprehension (lst, maybe, nested), a lent local (evens) or a
// list made of lists they used in place (loc).
const lendingScript = `def lst(n):
    return [i for i in range(n)]
def evens(n):
    x = [i for i in range(n) if i % 2 == 0]
    return x
def maybe(n):
    if n % 3 == 1:
        return None
    return [i * 2 for i in lst(n)]
def nested(n):
    return [len(lst(i)) + len(evens(i)) for i in lst(n) if lst(i) or not evens(i)]
def loc(n):
    t = lst(n)
    u = evens(n)
    return [v for v in t if v not in u] + [t[0] if t else -1]`

// FuzzLentCalls: an action whose body computes an expression built from
// the input with calls of functions that return lists, used in place
// (iterated, measured, tested, looked in, indexed) or kept, in a for loop
// whose body uses such calls at other places again, keeps what it computed
// and tells it: the events and the error are the interpreter's, however
// the lists are lent and given back.
func FuzzLentCalls(f *testing.F) {
	for _, seed := range []string{"", "\x08\x05\x00\x01", "\x09\x12\x00\x03\x0b", "\x31\x3b\x44\x09", "\x06\x01\x02", "\x13\x2d\x1b\x08\x3c", "\x03\x41\x07\x29"} {
		f.Add([]byte(seed))
	}
	// The calls first: fuzzExprOf reaches the first atoms most.
	atoms := append([]string{"lst(3)", "lst(i)", "lst(0)", "evens(4)", "evens(i)", "nested(3)",
		"maybe(i)", "maybe(2)", "loc(4)", "len(lst(i))", "len(maybe(i))", "lst(3)[i]", "lst(2)[-1]", "evens(i)[0]",
		"any(lst(i))", "all(maybe(i))", "any(evens(3))", "i in lst(3)", "i not in maybe(i)", "lst(i) or evens(3)"}, comprehensionAtoms...)
	f.Fuzz(func(t *testing.T, data []byte) {
		expr, _ := fuzzExprOf(atoms, true, data, 0)
		body := "l = [0]\nfor i in range(3):\n    x = " + expr + "\n    for v in lst(i + 1):\n        if lst(v) or not evens(v):\n            l += [v]\n" +
			"    t = lst(i)\n    l += [x, len(t), t[0] if t else -1, [w for w in nested(i) if w in lst(4)]]\nnotify(str(l))\nnext_state(\"go\")"
		bodyBothWays(t, expr, body, lendingScript)
	})
}

// bodyBothWays plays the first move of bodyPack(body, script) directly and
// through Starlark's interpreter and fails when the events or the error
// (with its backtrace) differ; expr names the input. A body that does not
// compile (1 // 0 folded...) has nothing to compare.
func bodyBothWays(t *testing.T, expr, body, script string) {
	t.Helper()
	p, err := Parse([]byte(bodyPack(body, script)), "fuzz.yaml")
	if err != nil {
		return
	}
	if p.directHooks != p.hooks {
		t.Fatalf("%s: no direct form", expr)
	}
	play := func(interpret bool) string {
		m := newMatch(t, p, 2, Options{Seed: 1, Interpret: interpret})
		err := applyFirst(t, m)
		return eventLines(m.Events()) + errText(err)
	}
	if d, i := play(false), play(true); d != i {
		t.Fatalf("%s:\ndirect:\n%s\ninterpreted:\n%s", expr, d, i)
	}
}
