package graph

import "fmt"

// Pos is a place in a source file: a 1-based line and column. The zero Pos means
// "unknown". The file itself is carried by the [Pack] (its Source field) or by the
// error or diagnostic that holds the Pos.
type Pos struct {
	Line   int
	Column int
}

// IsValid reports whether p names a real place.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as "line:col", or "-" when p is unknown.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// PosError is an error at a place in a file. Its message reads
// "file:line:col: msg", the form compilers and editors understand.
type PosError struct {
	File string
	Pos  Pos
	Msg  string
}

// Error implements error.
func (e *PosError) Error() string {
	switch {
	case e.File != "" && e.Pos.IsValid():
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Column, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Pos.IsValid():
		return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg)
	}
	return e.Msg
}
