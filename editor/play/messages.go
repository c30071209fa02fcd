package play

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rulestudio/studio/editor/place"
	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// This file words what the engine says for the Play and Debugger panels: a
// designer reads "line 1, column 4: undefined: x", not the command line's
// "<console>:1:4: console: undefined: x".

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

// failure words an error of the pack's code for the Play panel: the piece
// of the pack it is in (a script by its name, or an element's field) with
// the line and column the code editor numbers and opens it at, then the
// calls that led there, innermost last, placed the same way. The engine's
// own text places it in the pack's file, whose lines mean nothing in the
// window (a project file has none).
func failure(pk *graph.Pack, err error) string {
	var re *engine.RunError
	if !errors.As(err, &re) || pk == nil {
		return "Error in rule code: " + fmt.Sprint(err)
	}
	var b strings.Builder
	b.WriteString("Error in rule code: in " + placeText(pk, re, re.File, re.Pos) + ": " + re.Msg)
	var calls []string
	for _, fr := range re.Trace {
		if !fr.Pos.IsValid() { // a builtin: the message names it
			continue
		}
		call := "  " + placeText(pk, re, fr.File, fr.Pos)
		if fr.Func != "<code>" {
			call += ", in " + fr.Func
		}
		calls = append(calls, call)
	}
	if len(calls) > 0 {
		b.WriteString("\nTraceback (most recent call last):\n" + strings.Join(calls, "\n"))
	}
	return b.String()
}

// placeText names the code of the pack a position of re's match falls in,
// as the code editor numbers it: "script main, line 3, column 9", "action
// mark body, line 2, column 5"; re's own words for its place when the
// position is in no code of the pack.
func placeText(pk *graph.Pack, re *engine.RunError, file string, pos graph.Pos) string {
	t, ok := codeAt(pk, re.Source, file, pos)
	if !ok {
		return re.What
	}
	name := place.Title(pk, t)
	if t.Field != "" {
		name += " " + t.Field
	}
	if t.Line > 0 {
		name += fmt.Sprintf(", line %d, column %d", t.Line, t.Column)
	}
	return name
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
