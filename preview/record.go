package preview

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// Record returns the current line's match record: the pack's name and
// hash, the seed, the seats and their bots, the clocks, every move taken
// on the line from the start (bots' too), in their text form, and the bots'
// source as it is after them.
func (s *Session) Record() graph.Record {
	r := graph.Record{Format: graph.RecordFormat, Pack: s.pack.Name, PackHash: s.hash, Source: s.cfg.Source,
		Seed: s.cfg.Seed, Seats: append([]graph.Seat(nil), s.cfg.Seats...), ClockMS: s.cfg.Clock.Milliseconds(),
		BotsSource: drawn(s.cur.src.state, s.cfg.Seed), Moves: []graph.Move{}}
	for _, t := range s.cur.taken {
		r.Moves = append(r.Moves, t.move)
	}
	return r
}

// MoveError is a recorded move that could not be taken: its place in the
// record (from 1), the move, and why (an *engine.IllegalError when the rules
// refuse it, another error when it does not read).
type MoveError struct {
	N    int
	Move graph.Move
	Err  error
}

// Error says which move and why.
func (e *MoveError) Error() string {
	var ie *engine.IllegalError
	if errors.As(e.Err, &ie) {
		return fmt.Sprintf("move %d %s refused: %s", e.N, e.Move, ie.Reason)
	}
	// TakeText says which move failed too; the move is said once here.
	why := strings.TrimPrefix(e.Err.Error(), fmt.Sprintf("move %s: ", e.Move))
	return fmt.Sprintf("move %d %s: %s", e.N, e.Move, why)
}

// Unwrap returns why.
func (e *MoveError) Unwrap() error { return e.Err }

// Replay starts a session of pack with a record's seed, seats, bots and
// clocks and takes its moves in order, whoever's they are (bots are not
// asked); then the bots' source is where the record's BotsSource says, so
// bots that go on choose as they did. The session is returned with its
// cursor at the newest step even when a move could not be taken: that
// move's *MoveError says why (the bots' source then stays at the seed's
// state). A pack whose hash differs from the record's is replayed all the
// same (see Rerun for what changed); compile errors return no session.
func Replay(pack *graph.Pack, rec graph.Record, source string) (*Session, error) {
	s, err := New(pack, Config{Seats: rec.Seats, Seed: rec.Seed, Clock: time.Duration(rec.ClockMS) * time.Millisecond, Source: source})
	if err != nil {
		return nil, err
	}
	err = s.replay(rec.Moves)
	s.restoreBots(rec)
	return s, err
}

// replay takes moves at the newest step, in order; it stops at the first
// that fails, or when the match stops on an error.
func (s *Session) replay(moves []graph.Move) error {
	for i, gm := range moves {
		if s.cur.err != nil {
			return &MoveError{N: i + 1, Move: gm, Err: fmt.Errorf("the match stopped on an error before it: %w", s.cur.err)}
		}
		s.cursor = s.Head()
		if _, err := s.TakeText(gm); err != nil {
			return &MoveError{N: i + 1, Move: gm, Err: err}
		}
	}
	s.cursor = s.Head()
	return nil
}
