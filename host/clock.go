package host

import (
	"time"
)

// Clocks. A match with clocks (Config.Clock) lets wall time pass for the
// players who must act: before a move is taken, and when the first of their
// clocks would run out (a timer), the time since the newest step began is
// passed to the session as a wait move (preview.Session.Wait), stored like
// any move, so a record replays the same clocks and timeouts. No time
// passes while a match is paused or the server is down.

// clockAgeHeader is the header of a state read of a match whose clocks
// run (Config.Clock): the milliseconds since the time they have not yet
// counted began, the clocks the state shows being as they were then, so
// that a page, opened mid-turn too, counts the player's clock down from
// the server's time. It tells a seat nothing hidden: the same number goes
// to every viewer.
const clockAgeHeader = "Clock-Age"

// restart makes t the moment from which the clocks have not yet counted
// the time (mu held).
func (m *match) restart(t time.Time) {
	m.since = t
	m.sinceNS.Store(t.UnixNano())
}

// clockAge is the time since the clocks last counted, for a state read of
// snap (without mu); false when no clock runs: none, paused, or over.
func (m *match) clockAge(snap *snapshot) (time.Duration, bool) {
	if m.srv.cfg.Clock == 0 || snap.paused || snap.over || snap.failed {
		return 0, false
	}
	return max(time.Since(time.Unix(0, m.sinceNS.Load())), 0), true
}

// passTime lets the time since m.since pass (mu held) and reports whether
// the match moved on (a clock ran out and its timeout rule played).
func (m *match) passTime() (moved bool, err error) {
	if m.srv.cfg.Clock == 0 || m.closed || m.paused || m.broken != nil || m.sess.Err() != nil || m.sess.Match().Over() {
		return false, nil
	}
	now := time.Now()
	d := now.Sub(m.since).Truncate(time.Millisecond)
	if d <= 0 {
		return false, nil
	}
	m.restart(now)
	head := m.sess.Head()
	if _, err := m.sess.Wait(d); err != nil {
		return false, err
	}
	m.toHead()
	return m.sess.Head() != head, nil
}

// arm sets the match's timer to the moment the first running clock runs
// out (mu held); no timer without clocks, while paused or at the end.
func (m *match) arm() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	if m.srv.cfg.Clock == 0 || m.closed || m.paused || m.broken != nil || m.sess.Err() != nil || m.sess.Match().Over() {
		return
	}
	mt := m.sess.Match()
	first := time.Duration(-1)
	for _, s := range mt.ClocksRunning() {
		if left := mt.Clock(s); first < 0 || left < first {
			first = left
		}
	}
	if first < 0 {
		return
	}
	wait := first - time.Since(m.since)
	m.timer = time.AfterFunc(max(wait, time.Millisecond), m.expire)
}

// expire is the timer's: it lets the time pass, so that a clock that ran
// out plays its timeout rule, stores and shows what that did, and wakes
// the bots.
func (m *match) expire() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return
	}
	moved, err := m.passTime()
	if err == nil {
		err = m.commit()
	}
	if err != nil {
		m.srv.logf("match %d: %v", m.index+1, err)
		return
	}
	m.arm()
	if moved {
		m.kick()
	}
}
