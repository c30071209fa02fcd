package engine

import (
	"errors"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// consoleFile names the console's text in errors: "<console>:1:3: ...".
const consoleFile = "<console>"

// ConsoleFile is the File of a CompileError or RunError in the text given
// to Eval or Exec (a watch, the debugger's console), not in the pack: a
// window names its place by line and column alone.
const ConsoleFile = consoleFile

func (m *Match) compileConsole(src string, expr bool) (*hook, error) {
	return m.compileText(src, expr, nil)
}

// compileWith compiles the pure expression src seeing the names extra (an
// action's parameters, given to call after the context).
func (m *Match) compileWith(src string, extra []string) (*hook, error) {
	return m.compileText(src, true, extra)
}

func (m *Match) compileText(src string, expr bool, extra []string) (*hook, error) {
	c := &compiler{p: &Program{Pack: m.p.Pack, file: consoleFile, typeIdx: m.p.typeIdx}, predeclared: m.p.predeclared}
	h := c.compile(graph.Code{Src: src, Pos: graph.Pos{Line: 1, Column: 1}}, "console", expr, extra)
	if len(c.errs) > 0 {
		for _, e := range c.errs {
			if ce, ok := e.(*CompileError); ok {
				ce.Pos = consolePos(ce.Pos)
			}
		}
		return nil, c.errs
	}
	return h, nil
}

// consolePos maps a position in the text the compiler parsed to the
// console's own: the compiler places code at line 2, column 2 at the
// earliest (its def line above it, one column of indentation).
func consolePos(p graph.Pos) graph.Pos {
	return graph.Pos{Line: max(p.Line-1, 1), Column: max(p.Column-1, 1)}
}

// consoleRunError makes a run error that happened in the console's own code
// name the console's line and column (the innermost frame in its text), not
// the pack's file; one in the pack's code called from the console keeps its
// place in the pack.
func consoleRunError(err error) error {
	var re *RunError
	if !errors.As(err, &re) {
		return err
	}
	pack := re.Pos.IsValid()
	for i := range re.Trace {
		if re.Trace[i].File == consoleFile {
			re.Trace[i].Pos = consolePos(re.Trace[i].Pos)
		}
	}
	for i := len(re.Trace) - 1; i >= 0; i-- {
		if re.Trace[i].File == consoleFile && !pack {
			re.File, re.Pos = consoleFile, re.Trace[i].Pos
			break
		}
	}
	return err
}

// Eval evaluates a pure expression in the match as it is now (the debugger's
// watch): the context names are bound as in the top state's code (player is
// the active player). It changes nothing.
func (m *Match) Eval(src string) (starlark.Value, error) {
	h, err := m.compileConsole(src, true)
	if err != nil {
		return nil, err
	}
	v, err := m.call(h, m.st.active, nil)
	return v, consoleRunError(err)
}

// Exec runs statements as a body of the top state, acting as the active player
// (the debugger's console, and tests that set up a position), as one step; then
// the match takes every step up to the next decision. An error undoes it.
func (m *Match) Exec(src string) error {
	h, err := m.compileConsole(src, false)
	if err != nil {
		return err
	}
	u := m.undoPoint()
	m.beginStep()
	m.idle = 0
	err = m.runBody(h, bodyCtx{frame: len(m.st.frames) - 1, seat: m.st.active}, nil)
	if err == nil {
		m.endStep()
		err = m.run()
	}
	if err != nil {
		m.undo(u)
	}
	return consoleRunError(err)
}
