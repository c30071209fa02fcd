package graph

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Load reads the rule pack in the YAML file at path.
func Load(path string) (*Pack, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// Parse reads a rule pack from YAML text. file names the text in errors and
// becomes the pack's Source. Errors are *PosError values (file:line:col: msg)
// where the YAML library gives a place. Unknown keys are errors.
func Parse(data []byte, file string) (*Pack, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	p := new(Pack)
	if err := dec.Decode(p); err != nil {
		return nil, yamlError(file, err)
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

var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// yamlError turns a YAML library error into a *PosError naming file and line.
func yamlError(file string, err error) error {
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
		return &PosError{File: file, Pos: Pos{Line: line, Column: 1}, Msg: m[2]}
	}
	return &PosError{File: file, Msg: msg}
}
