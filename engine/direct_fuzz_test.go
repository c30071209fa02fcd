package engine

import "testing"

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
	if len(data) == 0 {
		return "1", data
	}
	b, data := data[0], data[1:]
	if depth > 4 {
		return directAtoms[int(b)%len(directAtoms)], data
	}
	switch b % 8 {
	case 0, 1, 2:
		return directAtoms[int(b/8)%len(directAtoms)], data
	case 3:
		x, rest := fuzzExpr(data, depth+1)
		return "(" + directUnary[int(b/8)%len(directUnary)] + x + ")", rest
	case 4:
		c, rest := fuzzExpr(data, depth+1)
		x, rest := fuzzExpr(rest, depth+1)
		y, rest := fuzzExpr(rest, depth+1)
		return "(" + x + " if " + c + " else " + y + ")", rest
	case 5:
		x, rest := fuzzExpr(data, depth+1)
		return "[" + x + ", " + directAtoms[int(b/8)%len(directAtoms)] + "]", rest
	default:
		x, rest := fuzzExpr(data, depth+1)
		y, rest := fuzzExpr(rest, depth+1)
		return "(" + x + " " + directBinary[int(b/8)%len(directBinary)] + " " + y + ")", rest
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
		p, err := Parse([]byte(bodyPack(body, "")), "fuzz.yaml")
		if err != nil {
			return // the expression does not compile (1 // 0 folded...): nothing to compare
		}
		if p.directHooks != p.hooks {
			t.Fatalf("%s: no direct form", expr)
		}
		play := func(interpret bool) (string, string) {
			m := newMatch(t, p, 2, Options{Seed: 1, Interpret: interpret})
			err := applyFirst(t, m)
			msg := ""
			if re, ok := err.(*RunError); ok {
				msg = re.Error() + "\n" + re.Backtrace
			} else if err != nil {
				msg = err.Error()
			}
			return eventLines(m.Events()), msg
		}
		de, derr := play(false)
		ie, ierr := play(true)
		if de != ie || derr != ierr {
			t.Fatalf("%s:\ndirect:\n%s%s\ninterpreted:\n%s%s", expr, de, derr, ie, ierr)
		}
	})
}
