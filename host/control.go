package host

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rulestudio/studio/graph"
)

// errPaused is what a paused match answers a move with (423 in the API).
var errPaused = errors.New("the designer has paused the match: wait until they go on, then play again")

// Control is the designer's hold on a server's matches, for the studio's
// window (Play > Host Match…): it follows a match's moves ([Control.Record],
// [Control.Changed]), pauses it, and takes over a person's seat, whose link
// then stops working (403, as a wrong token) while the window plays the
// seat ([Control.Play]). Its [Control.Handler] must serve the pages in
// place of [Server.Handler]: it is what refuses a paused match's moves and
// a taken seat's link. Its methods are safe from any goroutine.
type Control struct {
	s *Server

	mu     sync.Mutex
	paused map[int]bool     // by match, from 0
	taken  map[seatRef]bool // seats the designer plays
}

// NewControl returns the designer's hold on s, with nothing paused or taken.
func NewControl(s *Server) *Control {
	return &Control{s: s, paused: map[int]bool{}, taken: map[seatRef]bool{}}
}

// Handler serves s.Handler's page and API, except that a request with the
// token of a seat taken over is refused 403 with an empty body (the link
// stops working: its player is told nothing the spectator would not be),
// and a move posted to a paused match 423 Locked, saying it is paused.
func (c *Control) Handler() http.Handler {
	inner := c.s.Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
			if ref, found := c.s.tokens.lookup(strings.TrimSpace(tok)); found {
				c.mu.Lock()
				taken, paused := c.taken[ref], c.paused[ref.match]
				c.mu.Unlock()
				if taken {
					w.WriteHeader(http.StatusForbidden)
					return
				}
				if paused && r.Method == http.MethodPost && r.URL.Path == "/api/matches/"+strconv.Itoa(ref.match+1)+"/move" {
					http.Error(w, errPaused.Error(), http.StatusLocked)
					return
				}
			}
		}
		inner.ServeHTTP(w, r)
	})
}

// match returns match n (from 1), or an error naming it.
func (c *Control) match(n int) (*match, error) {
	if n < 1 || n > len(c.s.ms) {
		return nil, fmt.Errorf("host: no match %d (the server hosts %d)", n, len(c.s.ms))
	}
	return c.s.ms[n-1], nil
}

// Record returns match n's (from 1) record as it is now: every move
// accepted, bots' too, in their text form. An unknown match has none.
func (c *Control) Record(n int) graph.Record {
	m, err := c.match(n)
	if err != nil {
		return graph.Record{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sess.Record()
}

// Changed returns a channel closed the next time match n (from 1) moves;
// nil (which never closes) for an unknown match.
func (c *Control) Changed(n int) <-chan struct{} {
	m, err := c.match(n)
	if err != nil {
		return nil
	}
	return m.snap.Load().changed
}

// Pause stops match n (from 1): moves posted are refused (423) and its bots
// wait, until Resume. A match whose record failed cannot be paused: it has
// stopped for good.
func (c *Control) Pause(n int) error {
	m, err := c.match(n)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.paused[n-1] = true
	c.mu.Unlock()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.broken != nil {
		return fmt.Errorf("match %d: %w", n, errStopped)
	}
	if moved, err := m.passTime(); err != nil || moved { // the clocks count up to the pause
		m.stepped(err)
	}
	m.paused = true
	m.arm()            // stops the clocks' timer
	return m.publish() // the pages learn of it now, not at their next move
}

// Resume lets match n (from 1) go on after Pause: its bots move at once if
// it waits for one.
func (c *Control) Resume(n int) {
	m, err := c.match(n)
	if err != nil {
		return
	}
	c.mu.Lock()
	delete(c.paused, n-1)
	c.mu.Unlock()
	m.mu.Lock()
	m.paused = false
	m.restart(time.Now()) // no clock ran while paused
	m.arm()
	if err := m.publish(); err != nil {
		m.srv.logf("match %d: %v", m.index+1, err)
	}
	m.mu.Unlock()
	m.kick()
}

// Paused reports whether match n (from 1) is paused.
func (c *Control) Paused(n int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.paused[n-1]
}

// TakeOver gives seat (from 1) of match n (from 1) to the designer: its
// link stops working from now on (the server's journal keeps the token, so
// a server started again by `studio serve` on the same folder opens it
// again). A bot's seat has no link and cannot be taken.
func (c *Control) TakeOver(n, seat int) error {
	if _, err := c.match(n); err != nil {
		return err
	}
	toks := c.s.state.Tokens[n-1]
	if seat < 1 || seat >= len(toks) || toks[seat] == "" {
		return fmt.Errorf("host: seat %d of match %d is not a person's", seat, n)
	}
	c.mu.Lock()
	c.taken[seatRef{match: n - 1, seat: seat}] = true
	c.mu.Unlock()
	return nil
}

// Taken reports whether the designer has taken over seat (from 1) of match
// n (from 1).
func (c *Control) Taken(n, seat int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.taken[seatRef{match: n - 1, seat: seat}]
}

// Play takes the designer's move gm (its Player the seat, from 1) in match
// n (from 1), as a post of that seat's page would: it must be a seat taken
// over, the match not paused, and gm one of its legal moves at the newest
// step. It is stored before Play returns; the bots then move.
func (c *Control) Play(n int, gm graph.Move) error {
	m, err := c.match(n)
	if err != nil {
		return err
	}
	switch {
	case !c.Taken(n, gm.Player):
		return fmt.Errorf("seat %d is played from its link: take it over first", gm.Player)
	case c.Paused(n):
		return errPaused
	}
	m.mu.Lock()
	step := m.snap.Load().step
	mv, err := m.sess.Match().DecodeMove(gm)
	var mine graph.Move
	if err == nil {
		mine, err = m.sess.Match().EncodeMoveFor(gm.Player-1, mv)
	}
	m.mu.Unlock()
	if err != nil {
		return fmt.Errorf("move %s: %w", gm, err)
	}
	_, err = m.take(gm.Player-1, step, mine.Action, mine.Args)
	return err
}
