package engine

import (
	"time"
)

// runningClocks returns the players whose ending condition is unmet in the top
// frame: their clocks run.
func (m *Match) runningClocks() uint64 {
	if m.st.over || len(m.st.frames) == 0 {
		return 0
	}
	f := m.top()
	var set uint64
	for s := 0; s < m.seats; s++ {
		if d, err := m.deciding(f, s); err == nil && d {
			set |= 1 << s
		}
	}
	return set
}

// clockEvents emits clock_started and clock_stopped for players whose clock
// changed state during the step.
func (m *Match) clockEvents() {
	if m.opts.Clock == 0 {
		return
	}
	now := m.runningClocks()
	for s := 0; s < m.seats; s++ {
		bit := uint64(1) << s
		switch {
		case now&bit != 0 && m.running&bit == 0:
			m.emit(Event{Kind: EvClockStarted, Player: s + 1})
		case now&bit == 0 && m.running&bit != 0:
			m.emit(Event{Kind: EvClockStopped, Player: s + 1})
		}
	}
	m.running = now
}

// Clock returns the virtual time seat has left.
func (m *Match) Clock(seat int) time.Duration {
	return time.Duration(m.st.clocks[seat]) * time.Millisecond
}

// Tick advances the match's virtual time by d: the clock of every player whose
// ending condition is unmet runs down. A player whose clock reaches zero times
// out: the pack's timeout rule runs with that player, or by default a zombie turn
// (BGA): Options.Zombie (default: the first legal action) acts for them. Tick does
// nothing when the match has no clocks (Options.Clock is zero).
func (m *Match) Tick(d time.Duration) error {
	if m.opts.Clock == 0 || !m.Waiting() {
		return nil
	}
	run := m.runningClocks()
	for s := 0; s < m.seats; s++ {
		if run&(1<<s) == 0 {
			continue
		}
		cl := m.clocksW()
		cl[s] -= d.Milliseconds()
		if cl[s] > 0 {
			continue
		}
		cl[s] = 0
		m.emit(Event{Kind: EvTimeout, Player: s + 1})
		if err := m.timeout(s); err != nil {
			return err
		}
		if !m.Waiting() {
			return nil
		}
	}
	return nil
}

func (m *Match) timeout(seat int) error {
	if m.p.timeout != nil {
		u := m.undoPoint()
		m.beginStep()
		err := m.runBody(m.p.timeout, bodyCtx{frame: len(m.st.frames) - 1, seat: seat}, nil)
		if err == nil {
			m.endStep()
			err = m.run()
		}
		switch {
		case err != nil && m.opts.StopAtError:
			m.err = err
		case err != nil:
			m.undo(u)
		}
		return err
	}
	moves, err := m.Legal(seat)
	if err != nil || len(moves) == 0 {
		return err
	}
	mv := moves[0]
	if m.opts.Zombie != nil {
		mv = m.opts.Zombie.Choose(m, moves)
	}
	return m.apply(mv)
}

// ClocksRunning returns the seats (from 0) whose clocks run now: those
// whose ending condition is unmet, who must act. Empty when the match has
// no clocks or is over.
func (m *Match) ClocksRunning() []int {
	if m.opts.Clock == 0 || !m.Waiting() {
		return nil
	}
	var out []int
	run := m.runningClocks()
	for s := 0; s < m.seats; s++ {
		if run&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}
