package bga

import (
	"fmt"

	"github.com/rulestudio/studio/graph"
)

// NotDeclarativeError reports a states.inc.php file that computes its state
// machine (a loop, a call into the game, a run-time condition, a mutation of
// $machinestates the importer cannot follow) instead of writing it as literal
// arrays. The importer refuses such a file rather than guess a wrong graph.
type NotDeclarativeError struct {
	File      string    // the file, as given to Import
	Pos       graph.Pos // where the construct starts
	Construct string    // what was found, e.g. "foreach" or "call to $this->getStateService()"
}

// Error returns "file:line:col: not declarative: construct".
func (e *NotDeclarativeError) Error() string {
	return fmt.Sprintf("%s:%d:%d: not declarative: %s", e.File, e.Pos.Line, e.Pos.Column, e.Construct)
}

func posErrorf(file string, p graph.Pos, format string, args ...any) error {
	return &graph.PosError{File: file, Pos: p, Msg: fmt.Sprintf(format, args...)}
}
