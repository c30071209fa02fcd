package bga

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/rulestudio/studio/graph"
)

// tokKind is the kind of a PHP token.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tIdent           // a name, possibly namespaced (Foo\Bar) and case-preserving
	tVar             // $name (text without the $)
	tInt             // decimal, hex, octal or binary integer literal
	tFloat           // float literal
	tString          // quoted string; text holds the decoded value
	tPunct           // operator or punctuation; text holds it
	tOpenTag         // <?php or <?= (only reported by the lexer to itself)
)

// token is one PHP token with the place it starts.
type token struct {
	kind tokKind
	text string
	pos  graph.Pos
	off  int  // byte offset of the token's start
	dq   bool // a double-quoted string
}

// lexer splits PHP source into tokens. It understands the outer HTML mode
// (text outside <?php ... ?> is skipped), comments, strings with their escapes,
// numbers, names and operators.
type lexer struct {
	src  []byte
	off  int
	line int
	col  int
	php  bool // inside <?php ... ?>
	file string
	// code is set for State-class files, whose method bodies hold any PHP: it
	// reports #[ as a token (attributes matter there), reads heredoc and
	// nowdoc strings, and turns a character it has no use for ($ of $$x, `)
	// into a punctuation token instead of an error.
	code bool
}

func newLexer(src []byte, file string) *lexer {
	return &lexer{src: src, line: 1, col: 1, file: file}
}

func (lx *lexer) pos() graph.Pos { return graph.Pos{Line: lx.line, Column: lx.col} }

// advance moves over n bytes, keeping line and column.
func (lx *lexer) advance(n int) {
	for i := 0; i < n && lx.off < len(lx.src); i++ {
		if lx.src[lx.off] == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
		lx.off++
	}
}

func (lx *lexer) peekByte(i int) byte {
	if lx.off+i < len(lx.src) {
		return lx.src[lx.off+i]
	}
	return 0
}

func (lx *lexer) hasPrefix(s string) bool {
	rest := lx.src[lx.off:]
	return len(rest) >= len(s) && string(rest[:len(s)]) == s
}

func (lx *lexer) hasPrefixFold(s string) bool {
	end := lx.off + len(s)
	if end > len(lx.src) {
		return false
	}
	return strings.EqualFold(string(lx.src[lx.off:end]), s)
}

func (lx *lexer) errorf(p graph.Pos, format string, args ...any) error {
	return posErrorf(lx.file, p, format, args...)
}

// next returns the next token of PHP code.
func (lx *lexer) next() (token, error) {
	for {
		if !lx.php {
			// HTML mode: skip to the next open tag.
			i := bytes.Index(lx.src[lx.off:], []byte("<?"))
			if i < 0 {
				lx.advance(len(lx.src) - lx.off)
				return token{kind: tEOF, pos: lx.pos(), off: lx.off}, nil
			}
			lx.advance(i)
			switch {
			case lx.hasPrefixFold("<?php"):
				lx.advance(5)
			case lx.hasPrefix("<?="):
				return token{}, lx.errorf(lx.pos(), "unexpected <?= (echo tag)")
			default:
				lx.advance(2)
			}
			lx.php = true
			continue
		}
		if err := lx.skipSpaceAndComments(); err != nil {
			return token{}, err
		}
		if lx.off >= len(lx.src) {
			return token{kind: tEOF, pos: lx.pos(), off: lx.off}, nil
		}
		if lx.hasPrefix("?>") {
			// A closing tag ends a statement like ';' does.
			p, off := lx.pos(), lx.off
			lx.advance(2)
			if lx.peekByte(0) == '\n' {
				lx.advance(1)
			}
			lx.php = false
			return token{kind: tPunct, text: ";", pos: p, off: off}, nil
		}
		off := lx.off
		t, err := lx.scan()
		t.off = off
		if err == nil && (t.kind == tString || t.kind == tIdent) && !utf8.ValidString(t.text) {
			return t, lx.errorf(t.pos, "text is not valid UTF-8")
		}
		return t, err
	}
}

func (lx *lexer) skipSpaceAndComments() error {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			lx.advance(1)
		case c == '#' && lx.peekByte(1) == '[' && lx.code:
			return nil // reported as a token
		case c == '#' && lx.peekByte(1) == '[':
			// PHP 8 attribute: #[...] — skip it like a comment.
			p := lx.pos()
			depth := 0
			for lx.off < len(lx.src) {
				ch := lx.src[lx.off]
				lx.advance(1)
				if ch == '[' {
					depth++
				} else if ch == ']' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if depth != 0 {
				return lx.errorf(p, "unterminated attribute #[")
			}
		case c == '#' || (c == '/' && lx.peekByte(1) == '/'):
			// Line comment: ends at a newline or before ?>.
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' && !lx.hasPrefix("?>") {
				lx.advance(1)
			}
		case c == '/' && lx.peekByte(1) == '*':
			p := lx.pos()
			i := bytes.Index(lx.src[lx.off+2:], []byte("*/"))
			if i < 0 {
				return lx.errorf(p, "unterminated comment")
			}
			lx.advance(i + 4)
		default:
			return nil
		}
	}
	return nil
}

// puncts lists multi-byte operators, longest first.
var puncts = []string{
	"<<=", ">>=", "**=", "...", "<=>", "===", "!==", "??=", "?->",
	"=>", "::", "->", "==", "!=", "<>", "<=", ">=", "&&", "||", "++", "--",
	"+=", "-=", "*=", "/=", ".=", "%=", "&=", "|=", "^=", "<<", ">>", "??", "**",
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

func (lx *lexer) scan() (token, error) {
	p := lx.pos()
	c := lx.src[lx.off]
	switch {
	case c == '$' && isIdentStart(lx.peekByte(1)):
		lx.advance(1)
		start := lx.off
		for lx.off < len(lx.src) && isIdentChar(lx.src[lx.off]) {
			lx.advance(1)
		}
		return token{kind: tVar, text: string(lx.src[start:lx.off]), pos: p}, nil
	case isIdentStart(c) || c == '\\' && isIdentStart(lx.peekByte(1)):
		start := lx.off
		for lx.off < len(lx.src) && (isIdentChar(lx.src[lx.off]) || lx.src[lx.off] == '\\' && isIdentStart(lx.peekByte(1))) {
			lx.advance(1)
		}
		name := string(lx.src[start:lx.off])
		if lx.hasPrefix("<<<") {
			return token{}, lx.errorf(p, "heredoc strings are not supported")
		}
		return token{kind: tIdent, text: name, pos: p}, nil
	case isDigit(c) || c == '.' && isDigit(lx.peekByte(1)):
		return lx.scanNumber(p)
	case c == '\'':
		return lx.scanSingle(p)
	case c == '"':
		return lx.scanDouble(p)
	case c == '#' && lx.peekByte(1) == '[':
		lx.advance(2)
		return token{kind: tPunct, text: "#[", pos: p}, nil
	case c == '`' && !lx.code:
		return token{}, lx.errorf(p, "unexpected ` (shell command)")
	}
	if lx.hasPrefix("<<<") {
		if lx.code {
			return lx.scanHeredoc(p)
		}
		return token{}, lx.errorf(p, "heredoc strings are not supported")
	}
	for _, op := range puncts {
		if lx.hasPrefix(op) {
			lx.advance(len(op))
			return token{kind: tPunct, text: op, pos: p}, nil
		}
	}
	if strings.IndexByte("()[]{},;=.+-*/%!?:<>&|^~@\\", c) >= 0 {
		lx.advance(1)
		return token{kind: tPunct, text: string(c), pos: p}, nil
	}
	r, n := utf8.DecodeRune(lx.src[lx.off:])
	if lx.code {
		lx.advance(n)
		return token{kind: tPunct, text: string(r), pos: p}, nil
	}
	return token{}, lx.errorf(p, "unexpected character %q", r)
}

// scanHeredoc reads a heredoc (<<<ID) or nowdoc (<<<'ID') string up to its
// closing identifier, which may be indented (PHP 7.3). The text is kept as
// written: State-class files only need to get past it.
func (lx *lexer) scanHeredoc(p graph.Pos) (token, error) {
	lx.advance(3)
	for lx.peekByte(0) == ' ' || lx.peekByte(0) == '\t' {
		lx.advance(1)
	}
	quote := lx.peekByte(0)
	if quote == '\'' || quote == '"' {
		lx.advance(1)
	} else {
		quote = 0
	}
	start := lx.off
	for lx.off < len(lx.src) && isIdentChar(lx.src[lx.off]) {
		lx.advance(1)
	}
	id := string(lx.src[start:lx.off])
	if id == "" || quote != 0 && lx.peekByte(0) != quote {
		return token{}, lx.errorf(p, "malformed heredoc")
	}
	if quote != 0 {
		lx.advance(1)
	}
	bodyStart := lx.off
	for lx.off < len(lx.src) {
		// At the start of each line: optional indentation, then the identifier
		// not followed by a name character ends the string.
		nl := bytes.IndexByte(lx.src[lx.off:], '\n')
		if nl < 0 {
			break
		}
		lx.advance(nl + 1)
		i := lx.off
		for i < len(lx.src) && (lx.src[i] == ' ' || lx.src[i] == '\t') {
			i++
		}
		if bytes.HasPrefix(lx.src[i:], []byte(id)) && (i+len(id) == len(lx.src) || !isIdentChar(lx.src[i+len(id)])) {
			text := string(lx.src[bodyStart:lx.off])
			lx.advance(i + len(id) - lx.off)
			return token{kind: tString, text: text, pos: p}, nil
		}
	}
	return token{}, lx.errorf(p, "unterminated heredoc")
}

func (lx *lexer) scanNumber(p graph.Pos) (token, error) {
	start := lx.off
	isFloat := false
	if lx.src[lx.off] == '0' && strings.IndexByte("xXbBoO", lx.peekByte(1)) >= 0 {
		lx.advance(2)
		for lx.off < len(lx.src) && (isIdentChar(lx.src[lx.off])) {
			lx.advance(1)
		}
		return token{kind: tInt, text: string(lx.src[start:lx.off]), pos: p}, nil
	}
	for lx.off < len(lx.src) {
		ch := lx.src[lx.off]
		switch {
		case isDigit(ch) || ch == '_':
			lx.advance(1)
		case ch == '.' && !isFloat && isDigit(lx.peekByte(1)):
			isFloat = true
			lx.advance(1)
		case ch == 'e' || ch == 'E':
			n := 1
			if lx.peekByte(1) == '+' || lx.peekByte(1) == '-' {
				n = 2
			}
			if !isDigit(lx.peekByte(n)) {
				return token{}, lx.errorf(p, "malformed number")
			}
			isFloat = true
			lx.advance(n)
			for lx.off < len(lx.src) && isDigit(lx.src[lx.off]) {
				lx.advance(1)
			}
			return token{kind: tFloat, text: string(lx.src[start:lx.off]), pos: p}, nil
		default:
			if isIdentStart(ch) {
				return token{}, lx.errorf(p, "malformed number")
			}
			k := tInt
			if isFloat {
				k = tFloat
			}
			return token{kind: k, text: string(lx.src[start:lx.off]), pos: p}, nil
		}
	}
	k := tInt
	if isFloat {
		k = tFloat
	}
	return token{kind: k, text: string(lx.src[start:lx.off]), pos: p}, nil
}

// scanSingle reads a single-quoted string: only \' and \\ are escapes.
func (lx *lexer) scanSingle(p graph.Pos) (token, error) {
	lx.advance(1)
	var b strings.Builder
	for {
		if lx.off >= len(lx.src) {
			return token{}, lx.errorf(p, "unterminated string")
		}
		c := lx.src[lx.off]
		switch {
		case c == '\'':
			lx.advance(1)
			return token{kind: tString, text: b.String(), pos: p}, nil
		case c == '\\' && (lx.peekByte(1) == '\'' || lx.peekByte(1) == '\\'):
			b.WriteByte(lx.peekByte(1))
			lx.advance(2)
		default:
			b.WriteByte(c)
			lx.advance(1)
		}
	}
}

// scanDouble reads a double-quoted string, decoding PHP's escapes. Variable
// interpolation is not performed: "${you}" keeps its text, as BGA authors mean it
// (BGA replaces ${you} in descriptions on the client).
func (lx *lexer) scanDouble(p graph.Pos) (token, error) {
	lx.advance(1)
	var b strings.Builder
	for {
		if lx.off >= len(lx.src) {
			return token{}, lx.errorf(p, "unterminated string")
		}
		c := lx.src[lx.off]
		if c == '"' {
			lx.advance(1)
			return token{kind: tString, text: b.String(), pos: p, dq: true}, nil
		}
		if c != '\\' {
			b.WriteByte(c)
			lx.advance(1)
			continue
		}
		e := lx.peekByte(1)
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'v':
			b.WriteByte('\v')
		case 'f':
			b.WriteByte('\f')
		case 'e':
			b.WriteByte(0x1b)
		case '\\', '"', '$':
			b.WriteByte(e)
		case 0:
			return token{}, lx.errorf(p, "unterminated string")
		case 'x':
			n, v := 0, 0
			for n < 2 && isHex(lx.peekByte(2+n)) {
				v = v*16 + hexVal(lx.peekByte(2+n))
				n++
			}
			if n == 0 {
				b.WriteByte('\\')
				lx.advance(1)
				continue
			}
			b.WriteByte(byte(v))
			lx.advance(2 + n)
			continue
		case 'u':
			if lx.peekByte(2) == '{' {
				// Any number of digits (leading zeros), as long as the value
				// is a code point.
				n, v := 0, 0
				for isHex(lx.peekByte(3 + n)) {
					v = min(v*16+hexVal(lx.peekByte(3+n)), utf8.MaxRune+1)
					n++
				}
				if n == 0 || lx.peekByte(3+n) != '}' || v > utf8.MaxRune {
					return token{}, lx.errorf(lx.pos(), "invalid UTF-8 codepoint escape sequence")
				}
				b.WriteRune(rune(v))
				lx.advance(4 + n)
				continue
			}
			b.WriteByte('\\')
			lx.advance(1)
			continue
		default:
			// Keep other sequences as written, as PHP does for unknown escapes.
			if e >= '0' && e <= '7' {
				n, v := 0, 0
				for n < 3 && lx.peekByte(1+n) >= '0' && lx.peekByte(1+n) <= '7' {
					v = v*8 + int(lx.peekByte(1+n)-'0')
					n++
				}
				b.WriteByte(byte(v))
				lx.advance(1 + n)
				continue
			}
			b.WriteByte('\\')
			lx.advance(1)
			continue
		}
		lx.advance(2)
	}
}
