package engine

import (
	"testing"

	"go.starlark.net/syntax"
)

// TestTokenStart: a parse error points at the first character of the token
// it names, however Starlark's parser placed it (issue 19, item 23).
func TestTokenStart(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int32 // the column of the error
	}{
		{"foo(1 2)", 7},
		{"x = 1 2.5", 7},
		{"f(a b)", 5},
		{"notify('a' r'b')", 12},
		{"x = [1 if]", 10},
		{"f(x) )", 6},
		{"x == 1 y", 8},
		{"f(1 ** 2)", 5},
		{"é = f(1 2)", 9},
		{"x = (1\n", 0}, // a newline: left where Starlark says
	} {
		_, err := syntax.LegacyFileOptions().Parse("t.star", c.src, 0)
		se, ok := err.(syntax.Error)
		if !ok {
			t.Errorf("%q: %v, want a syntax error", c.src, err)
			continue
		}
		got := tokenStart(se.Msg, se.Pos, c.src)
		want := c.want
		if want == 0 {
			want = se.Pos.Col
		}
		if got.Col != want || got.Line != se.Pos.Line {
			t.Errorf("%q (%s at %d): column %d, want %d", c.src, se.Msg, se.Pos.Col, got.Col, want)
		}
	}
}

// FuzzTokenStart: any message, place and text give a place on the same
// line, never past the one Starlark gave.
func FuzzTokenStart(f *testing.F) {
	f.Add("got int literal, want ','", 1, 9, "foo(1 2)")
	f.Add("got string literal, want ','", 1, 17, "notify('a' r'b')")
	f.Add("got '**', want ','", 1, 7, "f(1 ** 2)")
	f.Add("got end of file, want ')'", 2, 1, "f(a, [1,\n")
	f.Add("got outdent, want ','", 3, 1, "x = {'a': \"(\",\n  # (\n")
	f.Fuzz(func(t *testing.T, msg string, line, col int, src string) {
		pos := syntax.MakePosition(nil, int32(line), int32(col))
		got := tokenStart(msg, pos, src)
		if got.Line != pos.Line || got.Col > pos.Col || got.Col < 1 && got.Col != pos.Col {
			t.Errorf("tokenStart(%q, %d:%d, %q) = %d:%d", msg, line, col, src, got.Line, got.Col)
		}
		if at, _, ok := unclosed(msg, pos, src, 1); ok && (at.Line > pos.Line || at.Line == pos.Line && at.Col >= pos.Col || at.Col < 1) {
			t.Errorf("unclosed(%q, %d:%d, %q) = %d:%d, not a bracket before the error", msg, line, col, src, at.Line, at.Col)
		}
	})
}
