package graph

import (
	"bytes"
	"errors"
	"strings"

	goyaml "github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/parser"
)

// SyntaxError returns the first YAML syntax error of data at its line and
// the column of the token that is wrong, as a second YAML parser
// (goccy/go-yaml) finds it, or nil when that parser reads data.
// go.yaml.in/yaml/v3, which reads packs, says only a line, and for most
// errors the line where the enclosing block starts, counted from 0 (a bad
// line 24 came out as 23), so its errors are placed with this one.
func SyntaxError(file string, data []byte) (pe *PosError) {
	defer func() {
		if recover() != nil {
			pe = nil // a parser's bug must not hide the first parser's error
		}
	}()
	_, err := parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
	var se *goyaml.SyntaxError
	if !errors.As(err, &se) || se.Token == nil || se.Token.Position == nil {
		return nil
	}
	msg := se.Message
	if strings.Contains(msg, "'\t'") {
		msg = "a tab character: YAML indents with spaces only"
	}
	return &PosError{File: file, Pos: Pos{Line: se.Token.Position.Line, Column: se.Token.Position.Column}, Msg: msg}
}

// valueColumn returns the column of value on line (1-based) of data, after
// the line's key: where the library says a value of the wrong type is; 1
// when it is not found there.
func valueColumn(data []byte, line int, value string) int {
	lines := bytes.Split(data, []byte("\n"))
	if line < 1 || line > len(lines) || value == "" {
		return 1
	}
	text := lines[line-1]
	from := 0
	if i := bytes.Index(text, []byte(": ")); i >= 0 {
		from = i + 2
	}
	if i := bytes.Index(text[from:], []byte(value)); i >= 0 {
		return from + i + 1
	}
	return 1
}
