package engine

import "go.starlark.net/starlark"

// Bodies run again. A body (which may change the match) whose direct form
// may stop partway (dfn.loops: a loop past the budget's steps, a method
// found at run time that direct code cannot call) runs directly only where
// what ran it can run again from a point before it, with such bodies
// interpreted: Starlark then fails where it fails, at the same step, with
// the same error and the same match. Direct code counts a bound of its
// steps, not the steps themselves, and a body cannot be run again alone once
// it changed the match. Apply and NewMatch go back to their undo point
// (redo1); Play without history, which takes no snapshot per action, to one
// taken when it began, and takes the actions since again (takeLogged).

// canRedo reports whether bodies that may stop partway run directly at all:
// not when the pack's code may print, which would show twice.
func (m *Match) canRedo() bool {
	return m.p.redoBodies && !m.opts.Interpret && !m.p.prints && !m.redoable
}

// redo1 runs fn, which changes the match from u on, with the bodies that
// may stop partway running directly; if one stopped, it puts the match back
// at u and runs fn again with them interpreted.
func (m *Match) redo1(u undoState, fn func() error) error {
	if !m.canRedo() {
		return fn()
	}
	m.redoable = true
	err := fn()
	m.redoable = false
	if !m.redo {
		return err
	}
	m.redo = false
	m.undo(u)
	return fn()
}

// playLog is what Play without history took since it began: the state
// then, and each action (its arguments in one buffer, kept by the match);
// and the arena of Play's moves for a random bot (see Play).
type playLog struct {
	start undoState
	moves []loggedMove
	args  []starlark.Value
	arena []starlark.Value

	segs    []moveSeg // the counted parts of the decision listed for an IndexBot (counted.go)
	perSeat []int     // its moves per seat
	chosen  Move      // the move of a segment the bot chose

	plies, yields uint64 // plies Play took with these buffers, and its yields (yield.go)
}

// playBufs returns Play's buffers, made at the first use: a match that is
// never played (a view's, a search's copy) carries none.
func (m *Match) playBufs() *playLog {
	if m.plog == nil {
		m.plog = new(playLog)
	}
	return m.plog
}

type loggedMove struct {
	seat       int
	action     string
	start, end int // its arguments in args
}

// takeLogged takes mv as Play without history does (on error the match
// stays where it failed, without the action's events); first starts the log.
func (m *Match) takeLogged(mv Move, first bool) error {
	lg := m.playBufs()
	if first {
		lg.start = m.undoPoint()
		lg.moves, lg.args = lg.moves[:0], lg.args[:0]
	}
	nev := len(m.events)
	m.redoable = true
	err := m.take(mv)
	m.redoable = false
	if m.redo {
		m.redo = false
		m.undo(lg.start)
		for _, lm := range lg.moves { // they did not stop before: interpreted, they give the same
			if err := m.take(Move{Seat: lm.seat, Action: lm.action, Args: lg.args[lm.start:lm.end:lm.end]}); err != nil {
				return err
			}
		}
		nev = len(m.events)
		err = m.take(mv)
	}
	if err != nil {
		m.events = m.events[:nev]
		return err
	}
	lg.moves = append(lg.moves, loggedMove{mv.Seat, mv.Action, len(lg.args), len(lg.args) + len(mv.Args)})
	lg.args = append(lg.args, mv.Args...)
	return nil
}
