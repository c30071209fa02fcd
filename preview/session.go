package preview

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

// Config says which match a [Session] plays.
type Config struct {
	// Seats are the players in seat order: a name ("" for "Player N") and a
	// bot ("" for a person). Empty: the pack's least number of players, all
	// people.
	Seats []graph.Seat
	// Seed seeds the match's random source and its bots' (SEMANTICS.md:
	// the same seed gives the same match).
	Seed uint64
	// Clock is each player's time bank (0: no clocks); time passes only
	// through [Session.Wait].
	Clock time.Duration
	// Source is where the pack was read from, kept in records.
	Source string
	// MaxSteps bounds Continue and RunTo: the steps they take at most in
	// one call (default 1,000,000), for rules whose bots never end a match.
	MaxSteps int
}

// Session is a debug session: one match of a frozen copy of a pack that can
// be stepped forward and back, branched, and stopped at breakpoints. It is
// not safe for concurrent use: a UI runs it off its own goroutine and shows
// what it returns.
type Session struct {
	pack *graph.Pack
	prog *engine.Program
	hash string
	cfg  Config
	bots []Bot

	lines  []*Line
	cur    *Line
	cursor int

	bps []graph.Breakpoint

	atStep  int // the step atMatch shows (-1 none)
	atLine  *Line
	atMatch *engine.Match
}

// Line is one line of play of a session: the first, or a branch made by
// taking another action at an earlier step of another line.
type Line struct {
	ID     int // from 1, in the order lines were made
	Parent int // the line it branched from (0 for the first)
	At     int // the step of Parent it branched at

	m     *engine.Match // the newest step: its history holds every step
	taken []taken
	src   *splitmix // the bots' source, as it is at the newest step
	rand  *rand.Rand
	err   error // the error the match stopped on
}

// taken is one move of a line: the step the match waited at when it was
// taken, the move, and the bots' source state before it (to branch there).
type taken struct {
	step int
	move graph.Move
	bot  bool
	src  uint64
}

// New starts a session on a frozen copy of pack (later edits of pack do not
// reach it): it compiles the copy, makes the seats' bots and runs the match
// to its first decision. Compile errors (engine.Errors, at file:line:col)
// and unknown bots are errors; an error of the pack's code while the match
// sets up is not: the session stops there (see [Session.Err]).
func New(pack *graph.Pack, cfg Config) (*Session, error) {
	frozen := pack.Clone()
	prog, err := engine.Compile(frozen)
	if err != nil {
		return nil, err
	}
	hash, err := graph.PackHash(frozen)
	if err != nil {
		return nil, err
	}
	return start(frozen, prog, hash, cfg)
}

// start starts a session of a frozen pack already compiled, whose hash is
// given (New, and a search playing again a match it found).
func start(frozen *graph.Pack, prog *engine.Program, hash string, cfg Config) (*Session, error) {
	if len(cfg.Seats) == 0 {
		n := 2
		if pl := frozen.Players; pl != nil && pl.Min > 0 {
			n = pl.Min
		}
		cfg.Seats = make([]graph.Seat, n)
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = 1_000_000
	}
	botNames := make([]string, len(cfg.Seats))
	for i, s := range cfg.Seats {
		botNames[i] = s.Bot
	}
	bots, err := seatBots(botNames)
	if err != nil {
		return nil, err
	}
	s := &Session{pack: frozen, prog: prog, hash: hash, cfg: cfg, bots: bots, atStep: -1}
	m, err := prog.NewMatch(len(cfg.Seats), s.matchOptions())
	if m == nil {
		return nil, err
	}
	src := newSplitmix(cfg.Seed)
	l := &Line{ID: 1, m: m, src: src, rand: rand.New(src), err: err}
	s.lines, s.cur = []*Line{l}, l
	return s, nil
}

// matchOptions are the options every line's match starts with.
func (s *Session) matchOptions() engine.Options {
	names := make([]string, len(s.cfg.Seats))
	for i, st := range s.cfg.Seats {
		names[i] = st.Name
	}
	return engine.Options{Seed: s.cfg.Seed, Names: names, Clock: s.cfg.Clock, StopAtError: true}
}

// Pack returns the frozen copy of the pack the session plays (read it, do
// not change it).
func (s *Session) Pack() *graph.Pack { return s.pack }

// Program returns the compiled pack.
func (s *Session) Program() *engine.Program { return s.prog }

// Config returns the session's configuration.
func (s *Session) Config() Config { return s.cfg }

// Cursor returns the step shown: 0 is the start, before any step.
func (s *Session) Cursor() int { return s.cursor }

// Head returns the newest step of the current line.
func (s *Session) Head() int { return s.cur.m.History() }

// Err returns the error the current line's match stopped on, if any (an
// *engine.RunError as a rule: its Source, Pos and Trace say where).
func (s *Session) Err() error { return s.cur.err }

// Match returns the match as it is at the cursor: a fork of the line's
// match, with the events up to the cursor, on which Eval, View, Frames,
// Objects, Chain and WhyNot read that step. Changing it (Apply, Exec)
// changes nothing in the session. The same fork is returned until the
// cursor moves.
func (s *Session) Match() *engine.Match {
	if s.atStep != s.cursor || s.atLine != s.cur {
		s.atMatch, s.atLine, s.atStep = s.matchAt(s.cursor), s.cur, s.cursor
	}
	return s.atMatch
}

// matchAt returns a fork of the current line at step: the line's match
// itself (forked) at its newest step, whose state may hold what the last
// settle did after the last snapshot, unless it stopped on an error part way
// through a step (then the last whole step's snapshot).
func (s *Session) matchAt(step int) *engine.Match {
	m := s.cur.m
	if step >= m.History() && s.cur.err == nil {
		return m.Fork()
	}
	at, err := m.At(step)
	if err != nil { // step is in range by construction
		panic(err)
	}
	return at
}

// StepEvents returns the events of step: those of the step after which the
// match is as [Session.Match] shows it at that step (0: the setup state
// entered). The slice is shared: do not change it.
func (s *Session) StepEvents(step int) []engine.Event { return s.cur.m.StepEvents(step) }

// FailedEvents returns the events of the step the match stopped in on an
// error (nil when it did not): what that step did before it failed.
func (s *Session) FailedEvents() []engine.Event {
	if s.cur.err == nil {
		return nil
	}
	return s.cur.m.StepEvents(s.cur.m.History() + 1)
}

// Log returns every event up to the cursor (shared: do not change it).
func (s *Session) Log() []engine.Event { return s.Match().Events() }

// LogFor returns the events up to the cursor as seat (0-based) sees them
// ([engine.Match.EventsFor]): what a per-seat event list shows.
func (s *Session) LogFor(seat int) []engine.Event { return s.Match().EventsFor(seat) }

// FailedEventsFor is [Session.FailedEvents] as seat sees them.
func (s *Session) FailedEventsFor(seat int) []engine.Event {
	if s.cur.err == nil {
		return nil
	}
	return s.cur.m.StepEventsFor(s.cur.m.History()+1, seat)
}

// Moves returns seat's legal moves at the cursor.
func (s *Session) Moves(seat int) ([]engine.Move, error) { return s.Match().Legal(seat) }

// Deciding returns the seats that can act at the cursor (seat order).
func (s *Session) Deciding() ([]int, error) {
	moves, err := s.Match().LegalAll()
	if err != nil {
		return nil, err
	}
	var seats []int
	for _, mv := range moves {
		if len(seats) == 0 || seats[len(seats)-1] != mv.Seat {
			seats = append(seats, mv.Seat)
		}
	}
	return seats, nil
}

// Reason says why a session stopped moving.
type Reason string

// The reasons a Step, Continue or RunTo stops.
const (
	Stepped      Reason = "step"       // one step taken, nothing else to say
	AtBreakpoint Reason = "breakpoint" // a breakpoint holds at this step (Stop.Hits)
	NeedsPerson  Reason = "decision"   // a person must act (Stop.Seats); no bot can
	Ended        Reason = "end"        // the match is over
	Failed       Reason = "error"      // the pack's code failed (Stop.Err)
	TooLong      Reason = "limit"      // Config.MaxSteps steps without stopping
	Arrived      Reason = "arrived"    // RunTo reached its step
)

// Stop is where and why a session stopped.
type Stop struct {
	Reason Reason
	Step   int   // the cursor
	Hits   []Hit // AtBreakpoint: the breakpoints that hold
	Seats  []int // NeedsPerson: the seats that can act
	Err    error // Failed
}

// Back moves the cursor one step back; it reports false at the start.
func (s *Session) Back() bool {
	if s.cursor == 0 {
		return false
	}
	s.cursor--
	return true
}

// JumpTo moves the cursor to any step the current line has taken, without
// checking breakpoints.
func (s *Session) JumpTo(step int) error {
	if step < 0 || step > s.Head() {
		return fmt.Errorf("jump to step %d: the line has steps 0 to %d", step, s.Head())
	}
	s.cursor = step
	return nil
}

// Step takes one step: forward in the line's history when the cursor is
// behind its newest step, else a new one, a bot taking its decision when
// the match waits for one. It stops without moving where a person must act,
// at the end, or on an error; a breakpoint holding at the new step says so.
func (s *Session) Step() (Stop, error) {
	l := s.cur
	if s.cursor < l.m.History() {
		s.cursor++
		return s.arrive()
	}
	switch {
	case l.err != nil:
		return Stop{Reason: Failed, Step: s.cursor, Err: l.err}, nil
	case l.m.Over():
		return Stop{Reason: Ended, Step: s.cursor}, nil
	}
	moves, err := l.m.LegalAll()
	if err != nil { // the pack's code failed listing them: the match cannot go on
		l.err = err
		return Stop{Reason: Failed, Step: s.cursor, Err: err}, nil
	}
	seat, mine := botTurn(s.bots, moves)
	if seat < 0 {
		st := Stop{Reason: NeedsPerson, Step: s.cursor}
		for _, mv := range moves {
			if len(st.Seats) == 0 || st.Seats[len(st.Seats)-1] != mv.Seat {
				st.Seats = append(st.Seats, mv.Seat)
			}
		}
		if len(moves) == 0 {
			return Stop{Reason: Failed, Step: s.cursor, Err: errors.New("no player can act and the match is not over (a dead end)")}, nil
		}
		return st, nil
	}
	state := l.src.state
	d := &Decision{Seat: seat, Moves: mine, Rand: l.rand, m: l.m}
	i := s.bots[seat].Choose(d)
	if i < 0 || i >= len(mine) {
		return Stop{}, fmt.Errorf("step: the bot of seat %d chose move %d of %d", seat+1, i, len(mine))
	}
	return s.take(mine[i], true, state)
}

// take applies mv at the newest step of the current line, records it, and
// moves the cursor one step (the action's). A refusal changes nothing and
// is returned as an error (an *engine.IllegalError). A move whose values
// belong to another match (a fork: Session.Match, another line) is read
// again, through its text form, on the line's match: the values an action
// body changes must be its own (bot says it came from the line's match).
func (s *Session) take(mv engine.Move, bot bool, src uint64) (Stop, error) {
	l := s.cur
	gm, err := l.m.EncodeMove(mv)
	if err != nil {
		return Stop{}, err
	}
	if !bot {
		if mv, err = l.m.DecodeMove(gm); err != nil {
			return Stop{}, fmt.Errorf("move %s: %w", gm, err)
		}
	}
	step := l.m.History()
	err = l.m.Apply(mv)
	var ie *engine.IllegalError
	if errors.As(err, &ie) {
		return Stop{}, err
	}
	l.taken = append(l.taken, taken{step: step, move: gm, bot: bot, src: src})
	if err != nil {
		l.err = err
		if l.m.History() == step { // failed in the action's own step
			return Stop{Reason: Failed, Step: s.cursor, Err: err}, nil
		}
	}
	s.cursor++
	return s.arrive()
}

// Take applies a person's move at the newest step (the cursor must be
// there: to act at an earlier step, Branch). An illegal move changes
// nothing and returns an *engine.IllegalError saying why.
func (s *Session) Take(mv engine.Move) (Stop, error) {
	if s.cursor != s.Head() {
		return Stop{}, fmt.Errorf("take %s: the cursor is at step %d, not the newest step %d (branch to act at an earlier step)", mv, s.cursor, s.Head())
	}
	if s.cur.err != nil {
		return Stop{}, fmt.Errorf("take %s: the match stopped on an error: %w", mv, s.cur.err)
	}
	return s.take(mv, false, s.cur.src.state)
}

// TakeText applies a person's move given in its text form (graph.Move),
// as Take does; a move that does not read says why. A move with wait_ms
// first lets that much virtual time pass (Wait), and is recorded as one
// move with its wait.
func (s *Session) TakeText(gm graph.Move) (Stop, error) {
	if gm.Action == "" {
		return s.Wait(time.Duration(gm.WaitMS) * time.Millisecond)
	}
	if s.cursor != s.Head() {
		return s.Take(engine.Move{Seat: gm.Player - 1, Action: gm.Action}) // says why
	}
	if gm.WaitMS > 0 {
		step := s.Head()
		s.tick(time.Duration(gm.WaitMS) * time.Millisecond)
		if s.cur.err != nil || s.Head() != step { // a clock ran out and its rule acted
			s.record(graph.Move{WaitMS: gm.WaitMS}, step)
			return s.waited(step)
		}
	}
	mv, err := s.cur.m.DecodeMove(gm)
	if err == nil {
		n := len(s.cur.taken)
		var st Stop
		if st, err = s.Take(mv); len(s.cur.taken) > n {
			s.cur.taken[n].move.WaitMS = gm.WaitMS
			return st, err
		}
	}
	if gm.WaitMS > 0 { // the time passed even though the move was not taken
		s.record(graph.Move{WaitMS: gm.WaitMS}, s.Head())
	}
	if err != nil {
		err = fmt.Errorf("move %s: %w", gm, err)
	}
	return Stop{}, err
}

// Wait lets d of virtual time pass at the newest step: the clocks of the
// players who must act run down (a clock that runs out plays the pack's
// timeout rule). It is recorded as a move. Without clocks it does nothing.
func (s *Session) Wait(d time.Duration) (Stop, error) {
	if s.cursor != s.Head() || s.cur.err != nil || s.cfg.Clock == 0 || d <= 0 {
		return Stop{Reason: Stepped, Step: s.cursor}, nil
	}
	step := s.Head()
	s.tick(d)
	s.record(graph.Move{WaitMS: d.Milliseconds()}, step)
	return s.waited(step)
}

// tick runs the clocks for d at the newest step.
func (s *Session) tick(d time.Duration) {
	if s.cfg.Clock == 0 || d <= 0 || s.cur.err != nil {
		return
	}
	s.atStep = -1 // the newest step's fork (Match) is out of date
	if err := s.cur.m.Tick(d); err != nil {
		s.cur.err = err
	}
}

// record adds a move taken at step to the current line.
func (s *Session) record(gm graph.Move, step int) {
	s.cur.taken = append(s.cur.taken, taken{step: step, move: gm, src: s.cur.src.state})
}

// waited reports what time passing from step did: the steps a clock
// running out made, or nothing.
func (s *Session) waited(step int) (Stop, error) {
	if s.Head() > step {
		s.cursor++
		return s.arrive()
	}
	if s.cur.err != nil {
		return Stop{Reason: Failed, Step: s.cursor, Err: s.cur.err}, nil
	}
	return Stop{Reason: Stepped, Step: s.cursor}, nil
}

// arrive reports the cursor's new step: the breakpoints that hold there, or
// a plain step.
func (s *Session) arrive() (Stop, error) {
	hits, err := s.check(s.cursor)
	if err != nil {
		return Stop{}, err
	}
	if len(hits) > 0 {
		return Stop{Reason: AtBreakpoint, Step: s.cursor, Hits: hits}, nil
	}
	if s.cursor == s.Head() && s.cur.err != nil {
		return Stop{Reason: Failed, Step: s.cursor, Err: s.cur.err}, nil
	}
	return Stop{Reason: Stepped, Step: s.cursor}, nil
}

// Continue steps until a breakpoint holds, a person must act, the match
// ends or fails, or Config.MaxSteps steps were taken.
func (s *Session) Continue() (Stop, error) {
	return s.runUntil(-1)
}

// RunTo steps forward until the cursor is at step (Reason Arrived), or
// stops earlier as Continue does. A step behind the cursor is jumped to.
func (s *Session) RunTo(step int) (Stop, error) {
	if step <= s.cursor {
		if err := s.JumpTo(step); err != nil {
			return Stop{}, err
		}
		return Stop{Reason: Arrived, Step: s.cursor}, nil
	}
	return s.runUntil(step)
}

func (s *Session) runUntil(target int) (Stop, error) {
	for i := 0; i < s.cfg.MaxSteps; i++ {
		st, err := s.Step()
		if err != nil || st.Reason != Stepped {
			return st, err
		}
		if s.cursor == target {
			return Stop{Reason: Arrived, Step: s.cursor}, nil
		}
	}
	return Stop{Reason: TooLong, Step: s.cursor}, nil
}

// LineInfo describes one line of a session.
type LineInfo struct {
	ID, Parent, At int
	Steps          int   // its newest step
	Moves          int   // moves taken on it, from the start
	Over           bool  // its match ended
	Err            error // the error its match stopped on
	Current        bool
}

// Lines returns every line of the session, oldest first.
func (s *Session) Lines() []LineInfo {
	out := make([]LineInfo, len(s.lines))
	for i, l := range s.lines {
		out[i] = LineInfo{ID: l.ID, Parent: l.Parent, At: l.At, Steps: l.m.History(), Moves: len(l.taken), Over: l.m.Over(), Err: l.err, Current: l == s.cur}
	}
	return out
}

// Switch makes line id the current line, its cursor where it was, or at the
// line's newest step if it has fewer.
func (s *Session) Switch(id int) error {
	for _, l := range s.lines {
		if l.ID == id {
			s.cur = l
			s.cursor = min(s.cursor, l.m.History())
			return nil
		}
	}
	return fmt.Errorf("switch: no line %d", id)
}

// Branch makes a new line: the current line up to step, where the match
// waited for a decision, then mv instead of what was taken there. The new
// line becomes the current one with the cursor on mv's step; the old line
// is kept as it was. A step where the match did not wait, and an illegal
// move (*engine.IllegalError), are errors and make no line.
func (s *Session) Branch(step int, mv engine.Move) (Stop, error) {
	old := s.cur
	src, waited := old.src.state, step == old.m.History() && old.err == nil
	keep := len(old.taken)
	for i, t := range old.taken {
		if t.step >= step {
			keep, waited, src = i, waited || (t.step == step && t.move.Action != ""), t.src
			break
		}
	}
	if !waited {
		return Stop{}, fmt.Errorf("branch at step %d: the match did not wait for a decision there", step)
	}
	m, err := old.m.At(step)
	if err != nil {
		return Stop{}, err
	}
	l := &Line{ID: len(s.lines) + 1, Parent: old.ID, At: step, m: m, src: &splitmix{state: src}}
	l.rand = rand.New(l.src)
	l.taken = append(l.taken, old.taken[:keep]...)
	prev, prevCursor := s.cur, s.cursor
	s.cur, s.cursor = l, step
	st, err := s.take(mv, false, src)
	if err != nil {
		s.cur, s.cursor = prev, prevCursor
		return Stop{}, err
	}
	s.lines = append(s.lines, l)
	return st, nil
}

// BranchText is Branch with a move in its text form.
func (s *Session) BranchText(step int, gm graph.Move) (Stop, error) {
	m, err := s.cur.m.At(step)
	if err != nil {
		return Stop{}, err
	}
	mv, err := m.DecodeMove(gm)
	if err != nil {
		return Stop{}, fmt.Errorf("move %s: %w", gm, err)
	}
	return s.Branch(step, mv)
}
