package editor

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rulestudio/studio/engine"
)

// This file words what the engine says for the window: a designer reads
// "line 1, column 4: undefined: x", not the command line's
// "<console>:1:4: console: undefined: x".

// count is n and the noun, plural but for one: "1 diagnostic", "3 states".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// consoleError words an error of a watch or the console's text: its place
// in that text ("column 4", with the line when it has several) and what is
// wrong; an error in the pack's code it called names that code and line.
func consoleError(err error) string {
	var many engine.Errors
	if errors.As(err, &many) {
		parts := make([]string, len(many))
		for i, e := range many {
			parts[i] = consoleError(e)
		}
		return strings.Join(parts, "; ")
	}
	var ce *engine.CompileError
	if errors.As(err, &ce) {
		if ce.File == engine.ConsoleFile {
			return consolePlace(ce.Pos.Line, ce.Pos.Column) + ce.Msg
		}
		return fmt.Sprintf("in %s, line %d: %s", ce.What, ce.Pos.Line, ce.Msg)
	}
	var re *engine.RunError
	if errors.As(err, &re) {
		switch {
		case re.File == engine.ConsoleFile && re.Pos.IsValid():
			return consolePlace(re.Pos.Line, re.Pos.Column) + re.Msg
		case re.File == engine.ConsoleFile || !re.Pos.IsValid():
			return re.Msg
		}
		return fmt.Sprintf("in %s, line %d: %s", re.What, re.Pos.Line, re.Msg)
	}
	return err.Error()
}

// consolePlace is a place in a watch's or the console's text, which is one
// line but for a pasted block.
func consolePlace(line, col int) string {
	if line > 1 {
		return fmt.Sprintf("line %d, column %d: ", line, col)
	}
	return fmt.Sprintf("column %d: ", col)
}

// refusalLines words the seat's refusals (engine.Match.WhyNot) a line per
// reason, the actions it refuses first: "playCard, draw, pass: player 2
// decides nothing in playerTurn (their ending condition holds)". The
// rule's part name ("deciding") is the engine's, not the designer's.
func refusalLines(rs []engine.Refusal) []string {
	var out []string
	var acts []string
	for i, r := range rs {
		if r.Action != "" {
			acts = append(acts, r.Action)
		}
		if i+1 < len(rs) && rs[i+1].Reason == r.Reason {
			continue
		}
		if len(acts) > 0 {
			out = append(out, strings.Join(acts, ", ")+": "+r.Reason)
		} else {
			out = append(out, r.Reason)
		}
		acts = acts[:0]
	}
	return out
}
