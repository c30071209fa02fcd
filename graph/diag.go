package graph

import "fmt"

// Severity says how bad a diagnostic is.
type Severity int

// Severities. An Error makes a pack unusable (validate exits 1); a Warning is
// worth a look; Info is a fact the designer may want (e.g. an external constant).
const (
	Error Severity = iota
	Warning
	Info
)

// String returns "error", "warning" or "info".
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "info"
}

// Diagnostic is one finding of [Check]: a rule broken at a place, optionally about
// one state (so the editor can select it).
type Diagnostic struct {
	File     string
	Pos      Pos
	Severity Severity
	Rule     string  // short rule name, e.g. "reserved-id"; stable, for filtering
	Message  string  // lower case, no trailing period
	State    StateID // the state concerned, if any
}

// String formats d as "file:line:col: severity: message", the form of
// `studio validate`.
func (d Diagnostic) String() string {
	loc := d.File
	if d.Pos.IsValid() {
		loc = fmt.Sprintf("%s:%d:%d", d.File, d.Pos.Line, d.Pos.Column)
	}
	return fmt.Sprintf("%s: %s: %s", loc, d.Severity, d.Message)
}
