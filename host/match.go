package host

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/preview"
)

// The refusals of a move, each with its HTTP status in the API.
var (
	errStale    = errors.New("the match has moved on since that step")    // 409
	errFinished = errors.New("the match is over")                         // 409
	errIllegal  = errors.New("not one of your legal moves at this step")  // 422
	errStopped  = errors.New("the match cannot go on: its record failed") // 503
)

// match is one hosted match: its session (the one goroutine at a time it
// allows holds mu), what is stored of it, and its viewers' snapshot.
type match struct {
	srv   *Server
	index int // from 0

	mu     sync.Mutex
	sess   *preview.Session
	stored int       // moves the store holds
	broken error     // the store failed: no move is taken any more
	paused bool      // the designer paused it (Control.Pause): no move is taken until it goes on
	since  time.Time // when the time the clocks have not yet counted began (clock.go); set by restart
	// sinceNS is since in Unix nanoseconds, read by state requests without mu.
	sinceNS atomic.Int64
	timer   *time.Timer // fires when the first running clock runs out
	closed  bool        // the server closed: no timer moves the match

	snap atomic.Pointer[snapshot]
	wake chan struct{} // the bots may have a move to make
}

// publish makes the snapshot of the session's newest step (mu held) and
// tells those waiting on the last one. It returns no error since the
// viewers' states are built, and fail, at their first read (snapshot.view).
func (m *match) publish() error {
	m.show(m.snapshot())
	return nil
}

// snapshot makes what the viewers see of the session's newest step (mu
// held).
func (m *match) snapshot() *snapshot {
	snap := makeSnapshot(m.srv.pack, m.sess.Match(), m.index, m.sess.Head(), m.sess.Err() != nil, m.paused)
	snap.draw = m.srv.images.options(m.index + 1)
	return snap
}

// show makes snap the one requests read and tells those waiting on the
// last one (mu held).
func (m *match) show(snap *snapshot) {
	if old := m.snap.Swap(snap); old != nil {
		close(old.changed)
	}
}

// persist stores the moves taken since the last call, and the whole record
// once the match is over (mu held). A store that fails stops the match.
func (m *match) persist() error {
	return m.save()()
}

// save starts storing what persist stores and returns the wait for its end
// (mu held from the call to the end of the wait). The store runs on its own
// goroutine with a copy of the record, so that the caller may use the
// session meanwhile.
func (m *match) save() (wait func() error) {
	rec := m.sess.Record()
	over := m.sess.Match().Over()
	if len(rec.Moves) == m.stored && !over {
		return func() error { return nil }
	}
	done := make(chan error, 1)
	go func() {
		if over {
			done <- m.srv.store.Finish(m.index, rec)
		} else {
			done <- m.srv.store.Save(m.index, rec)
		}
	}()
	return func() error {
		if err := <-done; err != nil {
			m.broken = err
			return err
		}
		m.stored = len(rec.Moves)
		return nil
	}
}

// commit is persist then publish (mu held), the snapshot made while the
// store waits for the disk, and shown only once the moves are stored: no
// page sees a move that a kill could still lose. After a store that
// failed nothing is shown, and m.broken is set.
func (m *match) commit() error {
	wait := m.save()
	snap := m.snapshot()
	if err := wait(); err != nil {
		return err
	}
	m.show(snap)
	return nil
}

// take plays seat's (0-based) move, given by its action and args as the
// seat knows them, at step: it must be the match's newest step and the move
// one of the seat's legal moves there. The move is stored before take
// returns; the bots then move on their own.
func (m *match) take(seat, step int, action string, args []byte) (int, error) {
	if _, err := moveKey(action, args); err != nil {
		return 0, errIllegal // not JSON, or not an object
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	snap := m.snap.Load()
	switch {
	case m.broken != nil:
		return 0, errStopped
	case m.paused:
		return 0, errPaused
	case snap.over || snap.failed:
		return 0, errFinished
	case step != snap.step:
		return 0, errStale
	}
	if moved, err := m.passTime(); err != nil || moved {
		// A clock ran out before the move came: the step it was chosen
		// at is gone.
		if err == nil {
			err = m.commit()
		}
		m.arm()
		m.kick()
		if err != nil {
			return 0, fmt.Errorf("%w: %v", errStopped, err)
		}
		return 0, errStale
	}
	vw, err := snap.view(seat + 1)
	if err != nil {
		return 0, err
	}
	if snap.stuck {
		return 0, errFinished // its legal moves could not be listed
	}
	mv, ok := vw.legal(action, args)
	if !ok {
		return 0, errIllegal
	}
	if _, err := m.sess.Take(mv); err != nil {
		var ie *engine.IllegalError
		if errors.As(err, &ie) {
			return 0, errIllegal
		}
		return 0, err
	}
	m.toHead()
	m.restart(time.Now())
	if err := m.commit(); err != nil {
		if m.broken != nil {
			return 0, fmt.Errorf("%w: %v", errStopped, err)
		}
		return 0, err
	}
	m.arm()
	m.kick()
	return m.snap.Load().step, nil
}

// toHead moves the session's cursor to its newest step: a move may take
// the match through several steps (states that wait for no one), and the
// session's cursor moves by one (mu held).
func (m *match) toHead() {
	m.sess.JumpTo(m.sess.Head()) // in range by construction
}

// kick wakes the bots' goroutine.
func (m *match) kick() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// run plays the bots' moves whenever woken, until ctx ends.
func (m *match) run(ctx context.Context, done *sync.WaitGroup) {
	defer done.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case <-m.wake:
		}
		for ctx.Err() == nil && m.botStep() {
		}
	}
}

// botStep lets a bot take the move the match waits for, if a bot can; it
// reports whether one did.
func (m *match) botStep() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.broken != nil || m.paused || m.sess.Err() != nil || m.sess.Match().Over() {
		return false
	}
	st, err := m.sess.Step()
	if err != nil {
		m.srv.logf("match %d: %v", m.index+1, err)
		return false
	}
	if st.Reason == preview.NeedsPerson {
		return false
	}
	m.toHead()
	m.restart(time.Now()) // a bot's time to choose is not counted on anyone's clock
	if !m.stepped(nil) {
		return false
	}
	return st.Reason == preview.Stepped || st.Reason == preview.AtBreakpoint
}

// stepped stores and shows a step the match took outside a request (mu
// held) and sets the clocks' timer; it reports whether the match can go
// on.
func (m *match) stepped(err error) bool {
	if err != nil {
		m.srv.logf("match %d: %v", m.index+1, err)
		return false
	}
	if err := m.commit(); err != nil {
		m.srv.logf("match %d: %v", m.index+1, err) // a store that failed stops the match
		return false
	}
	m.arm()
	return true
}
