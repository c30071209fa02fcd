package graph

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/rulestudio/studio/internal/input"
	"go.yaml.in/yaml/v3"
)

// Load reads the rule pack in the YAML file at path.
func Load(path string) (*Pack, error) {
	data, err := input.Read(path, input.Pack)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse reads a rule pack from YAML text. file names the text in errors and
// becomes the pack's Source. Errors are *PosError values (file:line:col: msg)
// where the YAML library gives a place. Unknown keys are errors.
func Parse(data []byte, file string) (*Pack, error) {
	if err := CheckUTF8(data, file); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlError(file, err, data)
	}
	if aliasBomb(&doc) {
		return nil, &PosError{File: file, Pos: nodePos(&doc), Msg: fmt.Sprintf("the document's aliases expand to more than %d values", maxExpandedNodes)}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	p := new(Pack)
	if err := dec.Decode(p); err != nil {
		return nil, yamlError(file, err, data)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &PosError{File: file, Pos: nodePos(&extra), Msg: "a rule pack file holds one YAML document; this is a second one"}
	}
	if p.Format == 0 {
		return nil, &PosError{File: file, Msg: `missing "format" (the rule pack format version)`}
	}
	if p.Format > FormatVersion {
		return nil, &PosError{File: file, Msg: fmt.Sprintf("rule pack format %d is newer than this studio reads (%d)", p.Format, FormatVersion)}
	}
	p.Source = file
	fixBlockColumns(reflect.ValueOf(p), bytes.Split(data, []byte("\n")))
	return p, nil
}

// Marshal writes p as canonical YAML: keys in the Go field order, ordered mappings
// in the author's order, two-space indentation, multi-line code as literal blocks.
// Parse then Marshal of canonical text gives the same bytes.
func Marshal(p *Pack) ([]byte, error) {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var (
	yamlLine     = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	yamlUnknown  = regexp.MustCompile(`^field (\S+) not found in type (\S+)$`)
	yamlMismatch = regexp.MustCompile(`^cannot unmarshal !!(\w+) ` + "`" + `([^` + "`" + `]*)` + "`" + ` into (\S+)$`)
)

// yamlError turns a YAML library error into a *PosError naming file and line
// (data is the text, to find the column where the library gives only a line).
func yamlError(file string, err error, data []byte) error {
	var pe *PosError
	if errors.As(err, &pe) {
		out := *pe
		out.File = file
		return &out
	}
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		if m[2] == "mapping values are not allowed in this context" {
			if e := colonError(file, line, data); e != nil {
				return e
			}
		}
		pos := Pos{Line: line, Column: 1}
		if u := yamlUnknown.FindStringSubmatch(m[2]); u != nil {
			return unknownKeyError(file, line, u[1], u[2], data)
		}
		if te == nil {
			if se := SyntaxError(file, data); se != nil {
				return se
			}
		}
		if v := yamlMismatch.FindStringSubmatch(m[2]); v != nil {
			pos.Column = valueColumn(data, line, v[2])
		}
		return &PosError{File: file, Pos: pos, Msg: plainYAMLMessage(m[2])}
	}
	if se := SyntaxError(file, data); te == nil && se != nil && se.Pos.Line == 1 {
		return se // an error on the first line, which the library leaves without a line
	}
	return &PosError{File: file, Msg: msg}
}

// plainYAMLMessage rewords the YAML library's messages that name Go types into
// words a designer knows.
func plainYAMLMessage(msg string) string {
	if m := yamlUnknown.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("unknown key %q", m[1])
	}
	if m := yamlMismatch.FindStringSubmatch(msg); m != nil {
		kind := map[string]string{"str": "a string", "int": "an integer", "seq": "a list", "map": "a mapping", "bool": "a boolean", "float": "a number"}[m[1]]
		if kind == "" {
			kind = m[1]
		}
		return fmt.Sprintf("expected %s, found %s %q", goTypeWord(m[3]), kind, m[2])
	}
	return msg
}

// goTypeWord names a Go type the YAML library reports in designer's words.
func goTypeWord(t string) string {
	switch {
	case strings.HasPrefix(t, "[]") || t == "graph.Names":
		return "a list"
	case t == "int" || t == "int64":
		return "an integer"
	case t == "bool":
		return "true or false"
	case t == "string" || strings.HasSuffix(t, "StateType"):
		return "a string"
	case strings.HasPrefix(t, "map["):
		return "a mapping"
	}
	return "a mapping"
}

// colonError explains YAML's "mapping values are not allowed in this context"
// on line (1-based) of data: a plain value holding ": " (code such as
// "lambda: x" or "if x: y"), which YAML reads as a second key. It points at that
// colon and says to quote the value. It returns nil when the line does not
// look like that.
func colonError(file string, line int, data []byte) *PosError {
	lines := bytes.Split(data, []byte("\n"))
	if line < 1 || line > len(lines) {
		return nil
	}
	text := string(lines[line-1])
	key := strings.Index(text, ": ")
	if key < 0 {
		return nil
	}
	start := key + 2
	rest := text[start:]
	for len(rest) > 0 && rest[0] == ' ' {
		start, rest = start+1, rest[1:]
	}
	i := strings.Index(rest, ": ")
	if j := len(rest) - 1; i < 0 && j >= 0 && rest[j] == ':' {
		i = j
	}
	if i < 0 || rest == "" || strings.ContainsAny(rest[:1], "\"'{[|>") {
		return nil
	}
	value := strings.TrimSpace(rest)
	quoted := strconv.Quote(value)
	if strings.Contains(value, "\"") {
		quoted = "'" + strings.ReplaceAll(value, "'", "''") + "'"
	}
	return &PosError{File: file, Pos: Pos{Line: line, Column: start + i + 1},
		Msg: fmt.Sprintf("quote this value: YAML reads this \": \" as the start of a nested key (write %s, or the code as a | block)", quoted)}
}

// unknownKeyError is the YAML library's "field not found" at the key's own
// column, with the closest key of the Go type it names as a suggestion.
func unknownKeyError(file string, line int, key, goType string, data []byte) *PosError {
	pos := Pos{Line: line, Column: 1}
	if lines := bytes.Split(data, []byte("\n")); line >= 1 && line <= len(lines) {
		if i := bytes.Index(lines[line-1], []byte(key+":")); i >= 0 {
			pos.Column = i + 1
		}
	}
	err := &PosError{File: file, Pos: pos, Msg: fmt.Sprintf("unknown key %q", key)}
	if goType == "graph.Pack" {
		if e := checkKeys(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: key}, {Kind: yaml.ScalarNode}}}, reflect.TypeOf(Pack{})); e != nil {
			err.Msg = e.(*PosError).Msg
		}
	}
	return err
}
