package engine

import (
	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

func (m *Match) compileConsole(src string, expr bool) (*hook, error) {
	c := &compiler{p: &Program{Pack: m.p.Pack, file: "<console>", typeIdx: m.p.typeIdx}, predeclared: m.p.predeclared}
	h := c.compile(graph.Code{Src: src, Pos: graph.Pos{Line: 1, Column: 1}}, "console", expr, nil)
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	return h, nil
}

// Eval evaluates a pure expression in the match as it is now (the debugger's
// watch): the context names are bound as in the top state's code (player is
// the active player). It changes nothing.
func (m *Match) Eval(src string) (starlark.Value, error) {
	h, err := m.compileConsole(src, true)
	if err != nil {
		return nil, err
	}
	return m.call(h, m.st.active, nil)
}

// Exec runs statements as a body of the top state, acting as the active player
// (the debugger's console, and tests that set up a position), as one step; then
// the match takes every step up to the next decision. An error undoes it.
func (m *Match) Exec(src string) error {
	h, err := m.compileConsole(src, false)
	if err != nil {
		return err
	}
	saved, savedPrev, nev, nhist := m.save(), m.prev, len(m.events), len(m.history)
	m.beginStep()
	m.idle = 0
	err = m.runBody(h, bodyCtx{frame: len(m.st.frames) - 1, seat: m.st.active}, nil)
	if err == nil {
		m.endStep()
		err = m.run()
	}
	if err != nil {
		m.restore(saved)
		m.prev, m.events, m.history, m.marks, m.err = savedPrev, m.events[:nev], m.history[:nhist], m.marks[:nhist+1], nil
	}
	return err
}
