package engine

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"go.starlark.net/syntax"
)

// gotRE finds the token a Starlark parse error names: "got int literal,
// want ','", "got ')' after expression, want EOF".
var gotRE = regexp.MustCompile(`^got (.+?)(?:,| after| want|$)`)

// tokenStart moves a parse error's position from just past the token it
// names, where Starlark's parser reports it (its scanner has read the
// token), to the token's first character, where Go and Python point. src is
// the text parsed. An error Starlark already places at the token (want
// primary expression), one about a newline or an indentation, and a token
// not found before the position keep their position.
func tokenStart(msg string, pos syntax.Position, src string) syntax.Position {
	m := gotRE.FindStringSubmatch(msg)
	if m == nil || strings.Contains(msg, "want primary expression") {
		return pos
	}
	lines := strings.Split(src, "\n")
	if pos.Line < 1 || int(pos.Line) > len(lines) {
		return pos
	}
	line := []rune(lines[pos.Line-1])
	end := int(pos.Col) - 1 // the token's last rune is line[end-1]
	if end < 1 || end > len(line) {
		return pos
	}
	start := -1
	switch tok := m[1]; {
	case len(tok) > 2 && tok[0] == '\'' && tok[len(tok)-1] == '\'': // punctuation: its text
		if t := []rune(tok[1 : len(tok)-1]); end >= len(t) && string(line[end-len(t):end]) == string(t) {
			start = end - len(t)
		}
	case tok == "string literal" || tok == "bytes literal":
		if q := line[end-1]; q == '"' || q == '\'' {
			for i := end - 2; i >= 0; i-- {
				if line[i] == q {
					start = i
					break
				}
			}
			for start > 0 && strings.ContainsRune("rRbB", line[start-1]) {
				start--
			}
		}
	case tok == "identifier" || tok == "int literal" || tok == "float literal" || isKeyword(tok):
		start = end
		for start > 0 && (line[start-1] == '_' || line[start-1] == '.' || unicode.IsLetter(line[start-1]) || unicode.IsDigit(line[start-1])) {
			start--
		}
	}
	if start < 0 || start >= end {
		return pos
	}
	pos.Col = int32(start + 1)
	return pos
}

// isKeyword reports whether tok, as Starlark's parser names a token, is a
// keyword (its name is its text).
func isKeyword(tok string) bool {
	switch tok {
	case "and", "break", "continue", "def", "elif", "else", "for", "if", "in", "lambda", "load", "not", "or", "pass", "return", "while":
		return true
	}
	return false
}

// unclosed finds, for a parse error at the end of the code (Starlark's "got
// end of file" or "got outdent", which come after the last line, out of the
// designer's sight), the innermost bracket opened at or after line from and
// not closed before the error, and says so there, as Python does ("'(' was
// never closed"). ok is false when the error is another or no bracket is
// open.
func unclosed(msg string, pos syntax.Position, src string, from int32) (syntax.Position, string, bool) {
	if !strings.HasPrefix(msg, "got end of file") && !strings.HasPrefix(msg, "got outdent") {
		return pos, msg, false
	}
	type open struct {
		line, col int32
		ch        rune
	}
	var stack []open
	closer := map[rune]rune{')': '(', ']': '[', '}': '{'}
	for i, line := range strings.Split(src, "\n") {
		ln := int32(i + 1)
		if ln > pos.Line {
			break
		}
		rs := []rune(line)
		for j := 0; j < len(rs); j++ {
			if ln == pos.Line && int32(j+1) >= pos.Col {
				break
			}
			switch c := rs[j]; c {
			case '#':
				j = len(rs) // a comment, to the end of the line
			case '"', '\'':
				j = stringEnd(rs, j) // a string on one line; a triple-quoted one ends the scan of its line
			case '(', '[', '{':
				if ln >= from {
					stack = append(stack, open{ln, int32(j + 1), c})
				}
			case ')', ']', '}':
				if n := len(stack); n > 0 && stack[n-1].ch == closer[c] {
					stack = stack[:n-1]
				}
			}
		}
	}
	if len(stack) == 0 {
		return pos, msg, false
	}
	top := stack[len(stack)-1]
	pos.Line, pos.Col = top.line, top.col
	return pos, fmt.Sprintf("'%c' was never closed", top.ch), true
}

// stringEnd returns the index of the quote closing the string that starts at
// rs[j], or the line's last index when it does not close on the line.
func stringEnd(rs []rune, j int) int {
	q := rs[j]
	for k := j + 1; k < len(rs); k++ {
		switch rs[k] {
		case '\\':
			k++
		case q:
			return k
		}
	}
	return len(rs)
}
