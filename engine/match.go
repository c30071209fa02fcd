package engine

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rulestudio/studio/graph"
	"go.starlark.net/starlark"
)

// Options configure a match. The zero value records everything with default
// limits.
type Options struct {
	// Seed seeds the match's random source (rand, shuffle, decks): the only
	// randomness a match has.
	Seed uint64
	// Names are the players' names, one per seat (default "Player 1", ...).
	Names []string
	// NoHistory turns off events and per-step snapshots: for bots, playouts and
	// perft, which need only the current state.
	NoHistory bool
	// NoSnapshots records events but keeps no per-step snapshots, for runs
	// that read the events and never step back (statistics, transcripts):
	// History is 0, At reaches only step 0, and StepEvents sees the events
	// since the start as the present step's. [Match.Play] then stops at an
	// error where it happened, as with NoHistory, dropping the failed
	// action's events as the undo of a recorded match would; [Match.Apply]
	// still undoes a failed action.
	NoSnapshots bool
	// NoEventText records events without the text made for people, for runs
	// that count events by their identities (StateID, Clause, Object, Target,
	// Field; see [Event]): Detail is empty, and so is Name on
	// variable_changed, object_changed, random_drawn, notification,
	// wrapper_applied and wrapper_removed events, whose Name is formatted
	// from values. The events of the steps the engine watches for a trigger
	// loop (the last 64 before Options.StepLimit) keep their text, so that a
	// trigger loop's error quotes them as with text.
	NoEventText bool
	// EventBuf, when its capacity is not 0, is the array the match records
	// its events into (from its start, whatever its length), so that a run
	// of many matches reuses one array instead of growing a new one each
	// match. The match owns it: reuse it only once the match and what was
	// read of its Events are dropped.
	EventBuf []Event
	// Budget is the number of Starlark execution steps one piece of code may
	// take before it fails as an endless loop (default 1,000,000). The code
	// the engine runs inside it (a wrapper of a property it reads, a
	// condition of objects()) has a budget of its own and does not use up
	// its caller's.
	Budget uint64
	// AllocLimit is the number of bytes of values one piece of code may
	// make before it fails as using too much memory (default
	// [DefaultAllocLimit], or what [SetAllocLimit] set). Like Budget it is counted, not measured: each
	// builtin and operation that makes a value of a size its arguments
	// decide (list(), sorted(), x * n, s + t, "sep".join(xs), str(x), a
	// domain's choices...) adds that size before making it (see alloc.go).
	// The code the engine runs inside it has a limit of its own.
	AllocLimit uint64
	// StepLimit is the number of steps a match may take without a player action
	// before it stops as a trigger loop (default 10,000).
	StepLimit int
	// Clock is each player's time bank in virtual time (0: no clocks). Clocks
	// run only through [Match.Tick].
	Clock time.Duration
	// Zombie chooses the action of a player whose clock ran out when the pack
	// has no timeout rule (BGA's zombie turn). Default: the first legal action.
	Zombie Bot
	// StopAtError keeps a match that met an error of the pack's code where
	// the error happened, for a debugger to show, instead of undoing the
	// action: [Program.NewMatch] returns the match with the error, and
	// [Match.Apply], [Match.Play] and [Match.Tick] leave it stopped (Err
	// returns the error; History holds every step completed before it, and
	// At reaches each of them). The state left is the failing step's, part
	// done. [Match.Exec] still undoes statements that fail.
	StopAtError bool
	// Interpret runs every piece of the pack's code through Starlark's
	// interpreter, even code that has a direct form (see engine/direct.go):
	// for tests that compare the two, which give the same results.
	Interpret bool
}

// Match is one running game of a [Program]. A Match is not safe for concurrent
// use; run many matches on many goroutines instead.
type Match struct {
	p       *Program
	opts    Options
	seats   int
	names   []string
	thread  *starlark.Thread
	blk     *matchBlock // the block the match is in, if any (see Release)
	gameVal boundGame   // what game is

	st   *mstate
	prev *mstate // state at the start of the last step: what before() reads

	// explaining: a refusal is being explained, and require() keeps the
	// reasons of the conditions it finds false in reasons (reason.go).
	reasons []string

	history0 *mstate // the state before the first step
	marks    []int   // len(events) when each snapshot was taken: marks[0] for history0, marks[i] for history[i-1]

	pvals        []*playerValue
	playersTuple starlark.Tuple
	players      starlark.Value // playersTuple made an interface at its first use (see playersValue)
	spares       *spares        // during Perft, the containers of its dead lines (recycle.go); else a step's dead state stack (statereuse.go)
	bulk         *uint64        // while Perft lists its last ply: where the cells it counts go (countCells)
	bmoves       *[2]movesCache // per colour, the last moves found on a board, made at the first (legalboard.go)
	game         *boundGame

	pure     int    // >0 while pure code runs
	pureWhat string // which pure place, for errors
	ctx      bodyCtx

	// The match's bools, side by side: a step back allocates a Match, and
	// each alone between wider fields would take a word.
	explaining bool
	relaxed    bool // while explaining a domain: require() holds, keeping the reason
	rec        bool // events are recorded (not NoHistory)
	hist       bool // per-step snapshots are kept (rec and not NoSnapshots)
	text       bool // events carry their text (rec and not NoEventText)
	redoable   bool // bodies that may stop partway run directly (see Match.redoable)
	redo       bool // one did stop: what redoable runs must run again
	stale      bool // progression not computed (NoHistory)
	// lendCombos: the combinations() about to run may give a list of its
	// cache's tuples without copying them: legal reads the domain's list
	// and drops it, and nothing else sees it (hook.lendsCombos).
	lendCombos bool
	// countCombos: the combinations() about to run may give a comboSeq,
	// which enumerate keeps counted in segs (counted.go).
	countCombos bool
	over        int32 // steps taken past the budget (see onMaxSteps): at most 65, beside the bools

	beforeLog *[]string // while firedBefore asks a condition again: what before() answers
	events    []Event
	notes     []seatNote // what seats' texts of events are written from (seatlog.go), by position
	history   []*mstate
	calls     []MethodCall // calls through method wrappers, with the history (ExplainChain)
	starts    []*mstate    // per step kept in history of a pack with clauses or before(): the state as it began, after its settle (what before() read in the next step)
	idle      int
	running   uint64 // players whose clock runs (last recorded)
	argbuf    []starlark.Value
	dstack    []starlark.Value // the locals of the running direct calls (see dfn)
	kwbuf     []starlark.Tuple // the keyword arguments of the running direct builtin calls
	dret      starlark.Value   // what a direct call's return statement gave
	dsteps    uint64           // the running direct call's bound of steps so far (direct_loop.go)
	dlimit    uint64           // the bound at which it stops (maxDirectSteps, or the budget for a body)
	plog      *playLog         // Play's buffers, made at its first use (see playBufs)
	maxSteps  uint64           // the thread's step limit (see callStarlark)
	choices   uint64           // the domains' values legal has tried (see choose)
	mem       allocator        // the bytes of values the running code made (see alloc.go)
	next      *mstate          // state at the start of the running step: prev once it ends
	cur       *mstate          // the present, while before() reads the past
	spare     *mstate          // a past no step reads any more, for the next snapshot (statereuse.go)

	wrapValue, wrapInner starlark.Value    // value and inner of a running wrapper
	arena                []starlark.Value  // backing store of Move.Args from legal
	argScratch           []starlark.Value  // the arguments legal is choosing
	moves                []Move            // Play's buffer of legal moves
	dcache               *deckCaches       // what reads of decks and cards keep, made at the first (deckcaches.go)
	combos               *comboCache       // the tuples of the last combinations() of cards, made at the first
	segs                 *[]moveSeg        // while Play lists for an IndexBot: its counted segments
	wseq                 uint64            // the last version handed out (reads.go)
	rd                   *[]read           // where reads are noted while a condition runs under track
	rdGen, rdGens        uint64            // the running track's stamp, and the last handed out (see Match.add)
	rdSeen               []uint64          // per object id, present and past: the stamp of the track that last noted it
	objMemos, frameMemos [][]clauseMemo    // settle's last answer of each clause, by object id and frame (reads.go)
	ovals                []*objectValue    // objValue's values, by id
	objsMemo             *objectsMemos     // objects()'s last answers and the last tag named, made on first use
	sink                 [1]starlark.Value // what any([...]) and all([...]) point at once decided (see anyAll)
	evals, reused        int               // clause answers settle computed and reused
	sbuf                 *settleBufs       // settle's buffers and its last pass, made at the first (settlebufs.go)
	settlePasses         int               // settle passes run in full (tests)
	looping              []looped          // what ran in the steps before a trigger loop (see watch)
	err                  error
	prov                 *provenance // who wrote each field: the leak check's probes only (provenance.go)

	// lent: the lists direct code's deck.cards lends (direct_lend.go), made
	// at the first lend: a match that never lends (a fork, a step back's
	// copy) carries a pointer, not the slots.
	lent *[lendSlots]lentList
	// lendTo: what the running direct call's caller asks of its return
	// (direct_lendcall.go)
	lendTo lendReq
	// oix: the present objects by the values of the variables loops over
	// objects() compare first (objindex.go), made at the first such loop.
	oix *objMarks
}

// bodyCtx is where a running body belongs: next_state and end_turn act on it.
type bodyCtx struct {
	active  bool
	frame   int
	seat    int
	private bool
	call    *callReq
}

type callReq struct {
	st     *cstate
	params []starlark.Value
}

// Move is a player's action with its arguments.
type Move struct {
	Seat   int              // 0-based seat of the acting player
	Action string           // action name
	Args   []starlark.Value // one value per action parameter, in order
}

// String formats m as "p1 playDisc((2, 3))".
func (mv Move) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "p%d %s(", mv.Seat+1, mv.Action)
	for i, a := range mv.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(a.String())
	}
	b.WriteByte(')')
	return b.String()
}

// IllegalError is the refusal of an action: the reason, and no change to the
// match.
type IllegalError struct {
	Move   Move
	Reason string
	// Refusal is the reason with the rule that bars the move: which
	// part, the designer's words, where the rule is written.
	Refusal Refusal
}

// Error says which action was refused and why.
func (e *IllegalError) Error() string { return fmt.Sprintf("illegal action %s: %s", e.Move, e.Reason) }

// CheckSeats says why a match of p cannot have seats players: more than the
// engine's 64, or outside the pack's players. NewMatch refuses the same, so a
// command playing many matches can refuse them all before the first.
func (p *Program) CheckSeats(seats int) error {
	if seats < 1 || seats > 64 {
		return fmt.Errorf("new match: %d seats (1 to 64)", seats)
	}
	if pl := p.Pack.Players; pl != nil && (seats < pl.Min || (pl.Max > 0 && seats > pl.Max)) {
		return fmt.Errorf("new match: %s is for %d to %d players, not %d", p.Pack.Name, pl.Min, pl.Max, seats)
	}
	return nil
}

// NewMatch starts a match of p for the given number of seats: it runs state 1
// (gameSetup) and every step that needs no player, and stops at the first
// decision. Errors of the pack's code are *[RunError] values.
func (p *Program) NewMatch(seats int, opts Options) (*Match, error) {
	if err := p.CheckSeats(seats); err != nil {
		return nil, err
	}
	if opts.Budget == 0 {
		opts.Budget = 1_000_000
	}
	if opts.StepLimit == 0 {
		opts.StepLimit = 10_000
	}
	if opts.AllocLimit == 0 {
		opts.AllocLimit = processAllocLimit()
	}
	m, blk := newMatchIn(p, seats)
	m.p, m.opts, m.seats, m.rec = p, opts, seats, !opts.NoHistory
	m.mem = allocator{max: opts.AllocLimit}
	m.hist, m.text = m.rec && !opts.NoSnapshots, m.rec && !opts.NoEventText
	if m.rec && cap(opts.EventBuf) > 0 {
		m.events = opts.EventBuf[:0]
	}
	m.setup(playerNames(seats, opts.Names), blk)
	blk.stacks(m)
	g := gens.Add(1)
	st := blk.state(seats)
	// The new state owns the containers it made; the variable lists are made
	// at their first write.
	st.gen, st.owned, st.pvOwned, st.rng = g, ^uint32(0)&^ownVars, 0, opts.Seed^0x9E3779B97F4A7C15
	for i := range st.clocks {
		st.clocks[i] = opts.Clock.Milliseconds()
	}
	if st.boards = blk.boardsFor(p, g); st.boards == nil {
		for i, b := range p.boards {
			st.boards = append(st.boards, newBoard(g, b.Width, b.Height, p.masks[i]))
		}
	}
	for range p.decks {
		st.decks = append(st.decks, newDeck(g))
	}
	m.st = st
	st.frames = blk.firstFrame(m.frameOf(p.setup, nil))
	m.emit(Event{Kind: EvStateEntered, State: p.setup.name, StateID: p.setup.sid})
	if m.hist || p.clauses || p.usesBefore {
		// Without snapshots only before() and the triggers' past read it
		// (see beginStep); the snapshot would make every container's first
		// write a copy.
		m.history0 = m.snapshot()
	}
	m.marks = blk.firstMark(len(m.events))
	m.prev = m.history0
	if err := m.runFirst(); err != nil {
		if opts.StopAtError {
			return m, err
		}
		return nil, err
	}
	return m, nil
}

// setup makes the match's thread and the values code sees for the players
// and the game, in blk when not nil.
func (m *Match) setup(names []string, blk *matchBlock) {
	m.names = names
	if blk != nil {
		m.thread = &blk.th
	} else {
		m.thread = new(starlark.Thread)
	}
	m.thread.Uncancel()
	if m.thread.Local("match") != m { // not a released block's thread
		m.thread.Name = "match"
		m.thread.SetLocal("match", m)
		m.thread.OnMaxSteps = onMaxSteps
	}
	m.setMaxSteps(math.MaxUint64) // no code is running: no budget
	var pvs []playerValue
	pvs, m.pvals, m.playersTuple = blk.players(m.seats)
	for i := range pvs {
		pvs[i] = playerValue{m: m, seat: i}
		m.pvals[i], m.playersTuple[i] = &pvs[i], &pvs[i]
	}
	m.gameVal = boundGame{m: m}
	m.game = &m.gameVal
}

// defaultNames are the players' names when Options.Names gives none.
var defaultNames = func() []string {
	ns := make([]string, 64)
	for i := range ns {
		ns[i] = "Player " + strconv.Itoa(i+1)
	}
	return ns
}()

// playerNames returns the names of seats players: those given, else "Player N".
func playerNames(seats int, given []string) []string {
	if len(given) == 0 {
		return defaultNames[:seats:seats]
	}
	names := make([]string, seats)
	for i := range names {
		names[i] = defaultNames[i]
		if i < len(given) && given[i] != "" {
			names[i] = given[i]
		}
	}
	return names
}

// Program returns the compiled pack the match runs.
func (m *Match) Program() *Program { return m.p }

// Seats returns the number of players.
func (m *Match) Seats() int { return m.seats }

// Over reports whether the match reached state 99 (gameEnd).
func (m *Match) Over() bool { return m.st.over }

// Err returns the error that stopped the match, if any.
func (m *Match) Err() error { return m.err }

// Scores returns each seat's score.
func (m *Match) Scores() []int { return append([]int(nil), m.st.scores...) }

// Winners returns the seats with the best score once the match is over (all
// seats on a draw), or nil while it runs.
func (m *Match) Winners() []int {
	if !m.st.over {
		return nil
	}
	best := m.st.scores[0]
	for _, s := range m.st.scores {
		best = max(best, s)
	}
	var out []int
	for i, s := range m.st.scores {
		if s == best {
			out = append(out, i)
		}
	}
	return out
}

// Step returns the number of steps the match has taken.
func (m *Match) Step() int { return m.st.step }

// Events returns the events recorded so far (nil with NoHistory).
func (m *Match) Events() []Event { return m.events }

// StateName returns the name of the top state of the state stack.
func (m *Match) StateName() string {
	if t := m.top(); t != nil {
		return t.st.name
	}
	return ""
}

// StateID returns the id, as written in the pack, of the top state of the
// state stack ("" when there is none): what FrameInfo.StateID of the last of
// [Match.Frames] says, without evaluating anything.
func (m *Match) StateID() string {
	if t := m.top(); t != nil {
		return t.st.sid
	}
	return ""
}

// Stack returns the names of the states on the state stack, bottom first.
func (m *Match) Stack() []string {
	var out []string
	for i := range m.st.frames {
		out = append(out, m.frameAt(i).st.name)
	}
	return out
}

// Active returns the BGA active player's seat.
func (m *Match) Active() int { return m.st.active }

func (m *Match) emit(e Event) {
	if !m.rec {
		return
	}
	e.Step = m.st.step
	if e.State == "" {
		if t := m.top(); t != nil {
			e.State, e.StateID = t.st.name, t.st.sid
		}
	}
	m.events = append(m.events, e)
}

// texting reports whether the event about to be emitted carries its text:
// with NoEventText only in the steps watched for a trigger loop, whose error
// quotes the last events.
func (m *Match) texting() bool { return m.text || (m.rec && m.watching()) }

// mutable fails when pure code tries to change the match.
func (m *Match) mutable(what string) error {
	if m.pure > 0 {
		return fmt.Errorf("%s: cannot change the match in a pure place (%s)", what, m.pureWhat)
	}
	return nil
}

// call runs a hook with the context of seat (player), self (object id, 0 none)
// and extra arguments.
func (m *Match) call(h *hook, seat int, self starlark.Value, extra ...starlark.Value) (starlark.Value, error) {
	if h.native != nil && h.pure {
		return m.callNative(h, seat)
	}
	// Arguments live on a per-match stack: a Starlark function copies them into
	// its locals on entry, so the slots are free again once the call starts.
	// Every slot is set below; the stale values above the stack's length are
	// left for the next calls to overwrite, as builtinCall.eval leaves its
	// (a clear is a bulk write the collector's barrier doubles while it marks).
	n := len(h.ctx) + len(extra)
	base := len(m.argbuf)
	m.argbuf = grow(m.argbuf, n)
	args := starlark.Tuple(m.argbuf[base : base+n : base+n])
	for i, k := range h.ctx {
		switch k {
		case ctxPlayer:
			m.noteActive() // code under track runs as the active player
			if seat >= 0 {
				args[i] = m.pvals[seat]
			} else {
				args[i] = starlark.None
			}
		case ctxActive:
			m.noteActive()
			args[i] = m.pvals[m.st.active]
		case ctxState:
			if h.direct != nil && h.direct.byName&(1<<i) != 0 {
				args[i] = m.sharedState()
			} else {
				args[i] = m.stateValue()
			}
		case ctxSelf:
			if self == nil {
				self = starlark.None
			}
			args[i] = self
		case ctxValue:
			args[i] = orNone(m.wrapValue)
		case ctxInner:
			args[i] = orNone(m.wrapInner)
		case ctxGame:
			args[i] = m.game
		case ctxPlayers:
			args[i] = m.playersValue()
		default:
			args[i] = starlark.None
		}
	}
	copy(args[len(h.ctx):], extra)
	var v starlark.Value
	var err error
	if m.runsDirect(h) {
		v, err = m.callDirect(h, args)
	} else {
		v, err = m.callStarlark(h, args)
	}
	m.argbuf = m.argbuf[:base]
	if err != nil {
		m.thread.Uncancel()
		err = runError(m.p.file, h.what, err)
		if re, ok := err.(*RunError); ok {
			if strings.HasSuffix(re.Msg, "too many steps") {
				re.Msg = fmt.Sprintf("too many steps (more than %d: an endless loop?)", m.opts.Budget)
			}
			if re.Source == "" { // the innermost code that failed names it
				re.Source = h.path
			}
		}
		return nil, err
	}
	return v, nil
}

// callStarlark calls h's function with args through Starlark, with a budget
// of its own: the steps it takes count against the code that runs it (a
// wrapper inside a condition) no more than the steps of the engine do.
func (m *Match) callStarlark(h *hook, args starlark.Tuple) (starlark.Value, error) {
	if h.pure {
		if m.pure == 0 {
			m.pureWhat = h.what
		}
		m.pure++
	}
	outer := m.budget()
	v, err := starlark.Call(m.thread, h.fn, args, nil)
	m.endBudget(outer)
	if h.pure {
		m.pure--
	}
	return v, err
}

// budget gives the code about to run Options.Budget steps from now and
// Options.AllocLimit bytes of new values; it returns what endBudget needs to
// give the code that runs it back its own.
func (m *Match) budget() (outer outerBudget) {
	outer = outerBudget{m.maxSteps, m.thread.ExecutionSteps(), m.mem}
	m.over = 0
	m.setMaxSteps(outer.steps + m.opts.Budget)
	m.mem = allocator{max: m.opts.AllocLimit}
	return outer
}

// outerBudget is what the code running code had left when it began.
type outerBudget struct {
	maxSteps, steps uint64
	mem             allocator
}

// endBudget puts back the budget of the code that ran the code budget was
// called for, which has as many steps and bytes left as before it.
func (m *Match) endBudget(outer outerBudget) {
	m.mem = outer.mem
	used := m.thread.ExecutionSteps() - outer.steps
	if outer.maxSteps > math.MaxUint64-used {
		m.setMaxSteps(math.MaxUint64)
		return
	}
	m.setMaxSteps(outer.maxSteps + used)
}

// setMaxSteps sets the step at which the running code is out of budget.
func (m *Match) setMaxSteps(n uint64) {
	m.maxSteps = n
	m.thread.SetMaxExecutionSteps(n)
}

// callNative runs a hook that only calls a native component (see
// compiler.nativeCall), with the same purity and errors as the Starlark path.
func (m *Match) callNative(h *hook, seat int) (starlark.Value, error) {
	n := h.native
	base := len(m.argbuf)
	for _, a := range n.args {
		var v starlark.Value
		switch a.ctx {
		case ctxPlayer:
			m.noteActive() // code under track runs as the active player
			if seat < 0 {
				v = starlark.None
			} else {
				v = m.pvals[seat]
			}
		case ctxActive:
			m.noteActive()
			v = m.pvals[m.st.active]
		default:
			v = a.lit
		}
		m.argbuf = append(m.argbuf, v)
	}
	args := starlark.Tuple(m.argbuf[base:len(m.argbuf):len(m.argbuf)])
	if m.pure == 0 {
		m.pureWhat = h.what
	}
	m.pure++
	v, err := n.fn.CallInternal(m.thread, args, nil)
	m.pure--
	clear(args)
	m.argbuf = m.argbuf[:base]
	if err != nil {
		return nil, &RunError{File: m.p.file, Pos: h.pos, What: h.what, Msg: err.Error(), Source: h.path, Err: err}
	}
	if n.not {
		return !v.Truth(), nil
	}
	return v, nil
}

func orNone(v starlark.Value) starlark.Value {
	if v == nil {
		return starlark.None
	}
	return v
}

// stateValue is `state` for code: the parameters of the frame a body runs
// in, else of the top frame (None when there is none).
func (m *Match) stateValue() starlark.Value {
	st, values := m.stateNow()
	if st == nil {
		return starlark.None
	}
	return &paramsValue{m: m, st: st, values: values}
}

// stateNow returns the state and parameters stateValue gives (st nil for
// None), noting the read.
func (m *Match) stateNow() (st *cstate, values []starlark.Value) {
	m.note(rdFrames, 0, m.st.framesVer)
	t := m.top()
	if t == nil {
		return nil, nil
	}
	if m.ctx.active && m.ctx.frame < len(m.st.frames) {
		t = m.frameAt(m.ctx.frame)
	}
	return t.st, t.params
}

// sharedState is stateValue for code that reads its state only as
// state.NAME (dfn.byName): such code cannot tell one value from another of
// the same state and parameters, so the last one made is given again, not
// changed (a call may still read the one it was given). It is kept in the
// match's block (Match is at its size class's end: TestMatchSize); a match
// without one makes a new value each time.
func (m *Match) sharedState() starlark.Value {
	blk := m.blk
	if blk == nil {
		return m.stateValue()
	}
	st, values := m.stateNow()
	if st == nil {
		return starlark.None
	}
	if c := blk.lastState; c != nil && c.m == m && c.st == st && len(c.values) == len(values) && (len(values) == 0 || &c.values[0] == &values[0]) {
		return c
	}
	blk.lastState = &paramsValue{m: m, st: st, values: values}
	return blk.lastState
}

func (m *Match) truth(h *hook, seat int, self starlark.Value, extra ...starlark.Value) (bool, error) {
	v, err := m.call(h, seat, self, extra...)
	if err != nil {
		return false, err
	}
	return bool(v.Truth()), nil
}

// runBody runs a procedure or action body with ctx, then pushes a state it called.
func (m *Match) runBody(h *hook, ctx bodyCtx, self starlark.Value, extra ...starlark.Value) error {
	if h == nil {
		return nil
	}
	saved := m.ctx
	ctx.active = true
	m.ctx = ctx
	_, err := m.call(h, ctx.seat, self, extra...)
	c := m.ctx.call
	m.ctx = saved
	if err != nil {
		return err
	}
	if c != nil {
		m.pushFrame(c)
	}
	return nil
}

func (m *Match) pushFrame(c *callReq) {
	m.pushState(c.st, c.params)
	if m.rec {
		e := Event{Kind: EvStateCalled, State: c.st.name, StateID: c.st.sid}
		if m.texting() {
			e.Detail = paramsString(c.st, c.params)
		}
		m.emit(e)
	}
}

func paramsString(s *cstate, vals []starlark.Value) string {
	var parts []string
	for i, p := range s.params {
		if i < len(vals) {
			parts = append(parts, p.Name+"="+vals[i].String())
		}
	}
	return strings.Join(parts, ", ")
}

// deciding reports whether seat's ending condition in frame f is unmet.
func (m *Match) deciding(f *frame, seat int) (bool, error) {
	if f.ended&(1<<seat) != 0 {
		return false, nil
	}
	if f.st.ending != nil {
		met, err := m.truth(f.st.ending, seat, nil)
		return !met, err
	}
	switch f.st.typ {
	case graph.ActivePlayer:
		return seat == m.st.active, nil
	case graph.MultipleActivePlayer, graph.Private:
		return m.st.multi&(1<<seat) != 0, nil
	}
	return false, nil
}

func (m *Match) allMet(f *frame) (bool, error) {
	if f.st.ending == nil {
		switch f.st.typ {
		case graph.ActivePlayer:
			return f.ended&(1<<m.st.active) != 0, nil
		case graph.MultipleActivePlayer:
			return m.st.multi&^f.ended == 0, nil
		case graph.Game, graph.Manager:
			return true, nil
		}
	}
	for s := 0; s < m.seats; s++ {
		d, err := m.deciding(f, s)
		if err != nil || d {
			return false, err
		}
	}
	return true, nil
}

// run takes steps until the match waits for a player or ends.
func (m *Match) run() error {
	for !m.st.over {
		did, err := m.step()
		if err != nil {
			m.err = err
			return err
		}
		if !did {
			return nil
		}
		m.idle++
		if m.idle > m.opts.StepLimit {
			m.err = m.loopError()
			return m.err
		}
	}
	return nil
}

// loopWindow is how many steps before a trigger loop is declared are watched
// to say what kept running.
const loopWindow = 64

// looped is one body that ran in the watched steps of a trigger loop.
type looped struct {
	what string
	pos  graph.Pos
	n    int
}

// watch records a body run in one of the last loopWindow steps before the
// step limit, so that a trigger loop can name what kept running.
func (m *Match) watch(what string, pos graph.Pos) {
	if !m.watching() {
		return
	}
	for i := range m.looping {
		if m.looping[i].what == what {
			m.looping[i].n++
			return
		}
	}
	m.looping = append(m.looping, looped{what: what, pos: pos, n: 1})
}

// hookPath is where h's code is in the pack ("" for none).
func hookPath(h *hook) string {
	if h == nil {
		return ""
	}
	return h.path
}

func hookPos(h *hook) graph.Pos {
	if h == nil {
		return graph.Pos{}
	}
	return h.pos
}

// watching reports whether the match is in the last steps before a trigger
// loop would be declared, where watch records what runs.
func (m *Match) watching() bool { return m.idle >= m.opts.StepLimit-loopWindow }

// loopError is the error of a trigger loop: the clauses, objects and
// procedures that kept running in its last steps, the most frequent first,
// at the place of that one's code.
func (m *Match) loopError() error {
	ls := append([]looped(nil), m.looping...)
	sort.SliceStable(ls, func(i, j int) bool { return ls[i].n > ls[j].n })
	var b strings.Builder
	fmt.Fprintf(&b, "more than %d steps without a player action", m.opts.StepLimit)
	var pos graph.Pos
	if len(ls) > 0 {
		pos = ls[0].pos
		b.WriteString("; in its last steps these kept running:")
		for i, l := range ls {
			if i > 0 {
				b.WriteByte(',')
			}
			times := fmt.Sprintf("%d times", l.n)
			if l.n == 1 {
				times = "once"
			}
			fmt.Fprintf(&b, " %s (%s", l.what, times)
			if l.pos.IsValid() {
				fmt.Fprintf(&b, ", at %d:%d", l.pos.Line, l.pos.Column)
			}
			b.WriteByte(')')
		}
	}
	if n := len(m.events); n > 0 {
		b.WriteString("; last events:")
		for _, e := range m.events[max(0, n-8):] {
			b.WriteString("\n  " + e.String())
		}
	}
	return &RunError{File: m.p.file, Pos: pos, What: "trigger loop", Msg: b.String()}
}

// beginStep marks the start of a step. before() reads the state at the start
// of the previous step throughout this step (conditions checked when it
// began and the bodies they pushed agree); once the step ends, it reads this
// step's start.
func (m *Match) beginStep() {
	if m.hist || m.p.clauses || m.p.usesBefore {
		m.next = m.snapshotPast()
		m.st.owned |= startCopy
	}
}

// endStep records the step's snapshot.
func (m *Match) endStep() {
	start := m.next
	if m.next != nil {
		old := m.prev
		m.setPrev(m.next)
		m.next = nil
		m.dropPast(old)
	}
	if m.rec {
		m.clockEvents() // the step's own events: emitted before its number moves on
	}
	m.st.step++ // not logged (writelog.go)
	if m.hist {
		m.history = append(m.history, m.st)
		if m.p.clauses || m.p.usesBefore { // nothing else reads a step's start (At's before())
			m.starts = append(m.starts, start)
		}
		m.marks = append(m.marks, len(m.events))
		m.snapshot()
	}
}

// step takes one step of SEMANTICS.md "One step"; it reports false when the
// match waits for a player.
func (m *Match) step() (bool, error) {
	if m.p.clauses {
		if err := m.settle(); err != nil {
			return false, err
		}
	}
	top := len(m.st.frames) - 1
	f := m.frameAt(top) // read again after a body ran (see frames.go)
	// 1. The execution stack.
	if n := len(m.st.exec); n > 0 {
		m.beginStep()
		it := m.popExec()
		if m.rec { // the name is made only for the event
			m.emit(Event{Kind: EvStackPopped, Player: it.player + 1, Name: it.what(), Clause: hookPath(it.h), Object: it.self})
		}
		if m.watching() {
			m.watch(it.what(), hookPos(it.h))
		}
		var self starlark.Value
		if it.self != 0 {
			self = m.objValue(it.self)
		}
		fr := min(it.frame, top)
		priv := false
		if pf := m.frameAt(fr); pf.priv != nil && it.player >= 0 && pf.priv[it.player] >= 0 {
			priv = true
		}
		prev := m.prev
		if it.past != nil {
			m.setPrev(it.past)
		}
		err := m.runBody(it.h, bodyCtx{frame: fr, seat: it.player, private: priv}, self)
		m.setPrev(prev)
		if err != nil {
			return false, err
		}
		m.endStep()
		return true, nil
	}
	// 2. A frame just entered runs its start procedure.
	if !f.entered {
		cs := f.st // the frame's state: entering it does not change it
		m.beginStep()
		m.setEntered(top)
		if cs.s.UpdateGameProgression && m.p.progression != nil && !m.rec {
			m.stale = true
		} else if cs.s.UpdateGameProgression && m.p.progression != nil {
			v, err := m.call(m.p.progression, m.st.active, nil)
			if err != nil {
				return false, err
			}
			var n int
			if err := starlark.AsInt(v, &n); err != nil {
				return false, &RunError{File: m.p.file, Pos: m.p.progression.pos, What: "progression", Source: "progression", Msg: "must give an int 0-100, not " + v.Type()}
			}
			m.st.progression = n
		}
		if cs.action != nil {
			m.watch(cs.action.what, cs.action.pos)
			m.emit(Event{Kind: EvProcedure, Name: "action", Clause: cs.action.path})
			if err := m.runBody(cs.action, bodyCtx{frame: top, seat: m.st.active}, nil); err != nil {
				return false, err
			}
		}
		if ip := cs.initPriv; ip != nil {
			m.enterPrivate(top, ip)
		}
		m.endStep()
		return true, nil
	}
	// 3. A pending transition, or every ending condition holds.
	met := f.hasPending
	if !met {
		var err error
		if met, err = m.allMet(f); err != nil {
			return false, err
		}
	}
	if met {
		m.beginStep()
		if f.st.endaction != nil {
			m.watch(f.st.endaction.what, f.st.endaction.pos)
			m.emit(Event{Kind: EvProcedure, Name: "endaction", Clause: f.st.endaction.path})
			if err := m.runBody(f.st.endaction, bodyCtx{frame: top, seat: m.st.active}, nil); err != nil {
				return false, err
			}
			if len(m.st.exec) > 0 || len(m.st.frames) != top+1 {
				// The end procedure queued work or called a state: do it first.
				m.endStep()
				return true, nil
			}
			f = m.frameAt(top)
		}
		switch {
		case f.hasPending:
			m.transition(top, f.pending, f.pendName)
		case f.st.id == graph.EndID:
			m.st.over = true
			if m.rec {
				e := Event{Kind: EvGameEnd}
				if m.texting() {
					e.Detail = fmt.Sprint(m.st.scores)
				}
				m.emit(e)
			}
		case top > 0:
			cs := f.st
			m.popFrame(top)
			m.emit(Event{Kind: EvStateReturned, State: cs.name, StateID: cs.sid})
		case len(f.st.trans) == 1:
			m.transition(top, f.st.trans[0].to, f.st.trans[0].name)
		default:
			return false, &RunError{File: m.p.file, Pos: f.st.s.Pos, What: fmt.Sprintf("state %d (%s)", f.st.id, f.st.name), Source: "states/" + f.st.sid,
				Msg: "every ending condition holds but no transition was taken (call next_state)"}
		}
		m.endStep()
		return true, nil
	}
	return false, nil
}

func (m *Match) transition(i int, to *cstate, name string) {
	from := m.frameAt(i).st
	if m.watching() {
		m.watch(fmt.Sprintf("transition %q of state %d (%s)", name, from.id, from.name), from.s.Pos)
	}
	m.emit(Event{Kind: EvStateLeft, State: from.name, StateID: from.sid, Name: name})
	m.replaceFrame(i, to)
	m.emit(Event{Kind: EvStateEntered, State: to.name, StateID: to.sid, Name: name})
}

// enterPrivate puts every multiactive player of frame i in the private state ip
// (a state_entered of the seat's, marked private) and queues its start
// procedure for each of them.
func (m *Match) enterPrivate(i int, ip *cstate) {
	priv := make([]int16, m.seats)
	for s := range priv {
		priv[s] = -1
		if m.st.multi&(1<<s) != 0 {
			priv[s] = int16(ip.idx)
			m.emit(Event{Kind: EvStateEntered, State: ip.name, StateID: ip.sid, Player: s + 1, Detail: "private"})
		}
	}
	m.setPrivates(i, priv)
	for s := m.seats - 1; s >= 0; s-- {
		if m.st.multi&(1<<s) != 0 && ip.action != nil {
			m.pushExec(execItem{h: ip.action, name: actionName(ip.name), player: s, frame: i})
		}
	}
}

// popExec takes the pending body on top of the execution stack. A pop
// writes nothing, so a stack shared with the past is not copied for it:
// it stays not owned, and a push after it copies before writing.
func (m *Match) popExec() execItem {
	n := len(m.st.exec)
	it := m.st.exec[n-1]
	m.st.exec = m.st.exec[:n-1]
	return it
}

func (m *Match) pushExec(it execItem) {
	ex := m.execW()
	m.st.exec = append(ex, it)
	if m.rec {
		m.emit(Event{Kind: EvStackPushed, Player: it.player + 1, Name: it.what(), Clause: hookPath(it.h), Object: it.self})
	}
}

// stateOf returns the state whose actions seat may take in frame f: its private
// state, or the frame's state.
func (m *Match) stateOf(f *frame, seat int) (*cstate, bool) {
	if f.priv != nil && f.priv[seat] >= 0 {
		return m.p.states[f.priv[seat]], true
	}
	return f.st, false
}

// Waiting reports whether the match waits for a player's action.
func (m *Match) Waiting() bool { return !m.st.over && m.err == nil }

// Legal returns every legal action of seat, in a stable order: the state's
// possibleactions order, then each argument's domain order.
func (m *Match) Legal(seat int) ([]Move, error) {
	return m.legal(seat, nil)
}

// LegalAll returns the legal actions of every seat, seat order.
func (m *Match) LegalAll() ([]Move, error) {
	var out []Move
	var err error
	for s := 0; s < m.seats; s++ {
		if out, err = m.legal(s, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (m *Match) legal(seat int, out []Move) ([]Move, error) {
	if !m.Waiting() || seat < 0 || seat >= m.seats {
		return out, nil
	}
	f := m.top()
	st, _ := m.stateOf(f, seat)
	m.choices = 0
	for _, a := range st.possible {
		ok, err := m.allowed(f, a, seat)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if len(a.params) == 0 {
			if a.precondition != nil {
				ok, err := m.truth(a.precondition, seat, nil)
				if err != nil {
					return nil, err
				}
				if !ok {
					continue
				}
			}
			out = append(out, Move{Seat: seat, Action: a.name})
			continue
		}
		if cap(m.argScratch) < len(a.params) {
			m.argScratch = make([]starlark.Value, 0, len(a.params))
		}
		// enumerate copies each full choice into the arena: the scratch is
		// free again once it returns.
		if out, err = m.enumerate(a, seat, m.argScratch[:0], out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (m *Match) allowed(f *frame, a *caction, seat int) (bool, error) {
	if a.who != nil {
		return m.truth(a.who, seat, nil)
	}
	return m.deciding(f, seat)
}

func (m *Match) enumerate(a *caction, seat int, args []starlark.Value, out []Move) ([]Move, error) {
	k := len(args)
	if k == len(a.params) {
		if a.precondition != nil {
			ok, err := m.truth(a.precondition, seat, nil, args...)
			if err != nil || !ok {
				return out, err
			}
		}
		if cap(m.arena)-len(m.arena) < k {
			m.arena = make([]starlark.Value, 0, max(min(2*cap(m.arena), 4096), 64, k))
		}
		i := len(m.arena)
		m.arena = append(m.arena, args...)
		return append(out, Move{Seat: seat, Action: a.name, Args: m.arena[i : i+k : i+k]}), nil
	}
	if d := a.domains[k]; d.pure && d.native != nil && d.native.empty != nil {
		return m.enumerateEmpty(a, seat, args, out, d.native.empty)
	}
	if d := a.domains[k]; d.pure && d.native != nil && d.native.moves != nil {
		if mv, ok := m.bbDomain(d, seat); ok {
			return m.enumerateCells(a, seat, args, out, d, mv)
		}
	}
	return m.enumerateCall(a, seat, args, out)
}

// enumerateCall is enumerate of a domain its code gives: it runs the code
// and tries each value. (A function of its own: enumerate's frame, which
// every move listed passes through, stays small.)
func (m *Match) enumerateCall(a *caction, seat int, args []starlark.Value, out []Move) ([]Move, error) {
	k := len(args)
	m.lendCombos = a.domains[k].lendsCombos
	m.countCombos = m.counting(a, k)
	dom, err := m.call(a.domains[k], seat, nil, args...)
	m.lendCombos, m.countCombos = false, false
	if err != nil {
		return nil, err
	}
	out, err = m.enumerateDomain(a, seat, args, out, dom)
	if a.domains[k].lendsReturn {
		m.giveBack(dom) // the list its call lent the engine (see lendReq)
	}
	return out, err
}

// enumerateDomain is enumerateCall's walk of dom, the values the domain of
// args' next parameter gave.
func (m *Match) enumerateDomain(a *caction, seat int, args []starlark.Value, out []Move, dom starlark.Value) (_ []Move, err error) {
	k := len(args)
	if seq, ok := dom.(*comboSeq); ok {
		kept, err := m.countSeq(a, seat, args, seq, out)
		if err != nil {
			return nil, err
		}
		if kept {
			return out, nil
		}
	}
	if l, ok := dom.(*starlark.List); ok { // the common case, without an iterator
		for i := 0; i < l.Len(); i++ {
			if err := m.choose(a.domains[k]); err != nil {
				return nil, err
			}
			if err := a.domainValue(m.p.file, k, l.Index(i)); err != nil {
				return nil, err
			}
			if out, err = m.enumerate(a, seat, append(args, l.Index(i)), out); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	it, ok := dom.(starlark.Iterable)
	if !ok {
		return nil, &RunError{File: m.p.file, Pos: a.domains[k].pos, What: a.domains[k].what, Source: a.domains[k].path, Msg: "a domain must be a list or another iterable, not " + dom.Type()}
	}
	return m.enumerateIter(a, seat, args, out, it)
}

// enumerateIter is enumerateDomain's walk of an iterable other than a list.
// (Apart, so that its deferred Done is in a function of few returns, where
// the compiler open-codes it: in one of many, the runtime keeps a record of
// the deferred call at every call of the function, listed moves or not.)
func (m *Match) enumerateIter(a *caction, seat int, args []starlark.Value, out []Move, it starlark.Iterable) (_ []Move, err error) {
	k := len(args)
	iter := it.Iterate()
	defer iter.Done()
	var v starlark.Value
	for iter.Next(&v) {
		if err := m.choose(a.domains[k]); err != nil {
			return nil, err
		}
		if err := a.domainValue(m.p.file, k, v); err != nil {
			return nil, err
		}
		if out, err = m.enumerate(a, seat, append(args, v), out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// enumerateEmpty is enumerate over a domain that is "board.empty()": the same
// cells in the same order as the list board.empty() gives, without the
// Starlark call and the list (the hot path of placement games). The choices
// below run only pure code, which cannot change the board, so the cells are
// read as the choices go.
func (m *Match) enumerateEmpty(a *caction, seat int, args []starlark.Value, out []Move, bv *boardValue) ([]Move, error) {
	b := m.st.boards[bv.idx]
	m.note(rdBoard, bv.idx, b.ver)
	k := len(args)
	if err := a.domainValue(m.p.file, k, bv.cells[0]); err != nil && slices.Contains(b.cells, 0) {
		return nil, err // every cell is a tuple (x, y): the first says for all
	}
	var err error
	for i, v := range b.cells {
		if v == 0 {
			if out, err = m.enumerate(a, seat, append(args, bv.cells[i]), out); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// check says why mv is not legal now (Part and Reason), or a zero
// Refusal when it is.
func (m *Match) check(mv Move) (Refusal, error) {
	if m.st.over {
		return Refusal{Part: "match", Reason: "the match is over"}, nil
	}
	if m.err != nil {
		return Refusal{Part: "match", Reason: "the match stopped on an error"}, nil
	}
	if mv.Seat < 0 || mv.Seat >= m.seats {
		return Refusal{Part: "seat", Reason: fmt.Sprintf("there is no seat %d", mv.Seat+1)}, nil
	}
	f := m.top()
	st, _ := m.stateOf(f, mv.Seat)
	var a *caction
	for _, x := range st.possible {
		if x.name == mv.Action {
			a = x
		}
	}
	if a == nil {
		if m.p.actions[mv.Action] == nil {
			return Refusal{Part: "action", Reason: fmt.Sprintf("the pack has no action %q", mv.Action)}, nil
		}
		return Refusal{Part: "state", Reason: fmt.Sprintf("state %s does not allow %s (possibleactions: %s)", st.name, mv.Action, strings.Join(st.s.PossibleActions, ", "))}, nil
	}
	ok, err := m.explain(func() (bool, error) { return m.allowed(f, a, mv.Seat) })
	if err != nil {
		return Refusal{}, err
	}
	if !ok {
		if a.who != nil {
			if r := m.because(a.who, "the who of "+a.name); r.Reason != "" {
				return r.as("who"), nil
			}
			r := m.ruleOf(a.who, "the who of "+a.name, a.a.Who.Src, mv.Seat, nil)
			r.Reason = fmt.Sprintf("player %d may not take %s (who: %s)", mv.Seat+1, a.name, a.a.Who.Src)
			return r.as("who"), nil
		}
		return Refusal{Part: "deciding", Reason: fmt.Sprintf("player %d is not deciding in %s", mv.Seat+1, st.name)}, nil
	}
	if len(mv.Args) != len(a.params) {
		return Refusal{Part: "arguments", Reason: fmt.Sprintf("%s takes %d arguments, not %d", a.name, len(a.params), len(mv.Args))}, nil
	}
	for k, prm := range a.params {
		if why := typeCheck(prm.Type, mv.Args[k]); why != "" {
			return Refusal{Part: "arguments", Reason: fmt.Sprintf("argument %s: %s", prm.Name, why)}, nil
		}
		dom, err := m.call(a.domains[k], mv.Seat, nil, mv.Args[:k]...)
		if err != nil {
			return Refusal{}, err
		}
		found := false
		it, ok := dom.(starlark.Iterable)
		if !ok {
			return Refusal{}, &RunError{File: m.p.file, Pos: a.domains[k].pos, What: a.domains[k].what, Source: a.domains[k].path, Msg: "a domain must be iterable, not " + dom.Type()}
		}
		// Every value is looked at, not only those before the argument's:
		// a value of the wrong type makes Legal fail, and so the move.
		iter := it.Iterate()
		var v starlark.Value
		for iter.Next(&v) {
			if err := a.domainValue(m.p.file, k, v); err != nil {
				iter.Done()
				return Refusal{}, err
			}
			if !found {
				found, _ = starlark.Equal(v, mv.Args[k])
			}
		}
		iter.Done()
		if !found {
			if r, err := m.domainBecause(a, k, mv); r.Reason != "" || err != nil {
				return r.as("domain"), err
			}
			r := m.ruleOf(a.domains[k], fmt.Sprintf("the domain of %s of %s", prm.Name, a.name), prm.Domain.Src, mv.Seat, nil)
			r.Reason = fmt.Sprintf("argument %s = %s is not in its domain (%s)", prm.Name, mv.Args[k], prm.Domain.Src)
			r.Why = nil // a domain is a list: its code says what it holds
			return r.as("domain"), nil
		}
	}
	if a.precondition != nil {
		ok, err := m.explain(func() (bool, error) { return m.truth(a.precondition, mv.Seat, nil, mv.Args...) })
		if err != nil {
			return Refusal{}, err
		}
		if !ok {
			if r := m.because(a.precondition, "the precondition of "+a.name); r.Reason != "" {
				return r.as("precondition"), nil
			}
			r := m.ruleOf(a.precondition, "the precondition of "+a.name, a.a.Precondition.Src, mv.Seat, a, mv.Args...)
			r.Reason = "precondition does not hold: " + a.a.Precondition.Src
			return r.as("precondition"), nil
		}
	}
	return Refusal{}, nil
}

// domainValue says, as an error at the domain of parameter k, that v is not
// of the parameter's type: a domain lists the values a move may take, so one
// the move would be refused for is the domain's mistake, found where the
// values are listed (Legal) and checked (Apply) alike.
func (a *caction) domainValue(file string, k int, v starlark.Value) error {
	prm := a.params[k]
	if typeCheck(prm.Type, v) == "" {
		return nil
	}
	d := a.domains[k]
	return &RunError{File: file, Pos: d.pos, What: d.what, Source: d.path,
		Msg: fmt.Sprintf("lists %s, %s, where %s is %s: no move can take it", v, article(v.Type()), prm.Name, article(prm.Type))}
}

func typeCheck(typ string, v starlark.Value) string {
	ok := true
	switch typ {
	case "int":
		_, ok = v.(starlark.Int)
	case "bool":
		_, ok = v.(starlark.Bool)
	case "string", "str":
		_, ok = v.(starlark.String)
	case "float":
		switch v.(type) {
		case starlark.Float, starlark.Int:
		default:
			ok = false
		}
	case "dict":
		_, ok = v.(*starlark.Dict)
	case "player":
		_, ok = v.(*playerValue)
	case "object":
		_, ok = v.(*objectValue)
	case "cell":
		t, isT := v.(starlark.Tuple)
		ok = isT && len(t) == 2
	case "card":
		_, ok = v.(*cardValue)
	case "list", "tuple":
		switch v.(type) {
		case starlark.Tuple, *starlark.List:
		default:
			ok = false
		}
	}
	if !ok {
		return fmt.Sprintf("want %s, got %s", typ, v.Type())
	}
	return ""
}

// runFirst runs a new match to its first decision, its bodies run directly
// as Apply runs them (see redo1).
func (m *Match) runFirst() error {
	if !m.canRedo() {
		return m.run()
	}
	return m.redo1(m.undoPoint(), m.run)
}

// Apply takes mv: it checks it (an illegal action returns an *[IllegalError]
// and changes nothing), runs the action's body, then every step up to the next
// decision. An error of the pack's code undoes the whole action.
func (m *Match) Apply(mv Move) error {
	if err := m.run(); err != nil { // a fork taken mid-way goes on to the next decision
		return err
	}
	r, err := m.check(mv)
	if err != nil {
		return err
	}
	if r.Reason != "" {
		r.Action = mv.Action
		return &IllegalError{Move: mv, Reason: r.Reason, Refusal: r}
	}
	return m.apply(mv)
}

// apply takes a move known to be legal (from Legal). An error undoes it, or
// with StopAtError stops the match where it happened.
func (m *Match) apply(mv Move) error {
	if m.opts.StopAtError && !m.canRedo() {
		if err := m.take(mv); err != nil {
			m.err = err
			return err
		}
		return nil
	}
	u := m.undoPoint()
	err := m.redo1(u, func() error { return m.take(mv) })
	if err != nil && !m.opts.StopAtError {
		m.undo(u)
	}
	if err != nil && m.opts.StopAtError {
		m.err = err
	}
	return err
}

// undoState is what undo needs to put a match back where undoPoint was
// taken: the state, the snapshot of the step before, and how long the event
// log and the history were.
type undoState struct {
	saved, prev  *mstate
	events, hist int
}

func (m *Match) undoPoint() undoState {
	m.hold(m.prev)
	return undoState{m.save(), m.prev, len(m.events), len(m.history)}
}

// undo puts the match back at u (an action, a timeout rule or the console's
// code that failed): its state, its log and its history, with no error.
func (m *Match) undo(u undoState) {
	m.restore(u.saved)
	m.prev, m.events, m.history, m.marks, m.err = u.prev, m.events[:u.events], m.history[:u.hist], m.marks[:u.hist+1], nil
	m.starts = m.starts[:min(u.hist, len(m.starts))]
	m.calls = callsUpTo(m.calls, u.hist)
}

func (m *Match) take(mv Move) error {
	a := m.p.actions[mv.Action]
	top := len(m.st.frames) - 1
	_, priv := m.stateOf(m.frameAt(top), mv.Seat)
	m.beginStep()
	m.idle, m.looping = 0, nil
	if m.rec {
		e := Event{Kind: EvAction, Player: mv.Seat + 1, Name: mv.Action, Clause: a.path}
		if m.texting() {
			var parts []string
			for i, v := range mv.Args {
				parts = append(parts, a.params[i].Name+"="+v.String())
			}
			e.Detail = strings.Join(parts, ", ")
			m.emitArgs(e, a.params, mv.Args)
		} else {
			m.emit(e)
		}
	}
	if err := m.runBody(a.body, bodyCtx{frame: top, seat: mv.Seat, private: priv}, nil, mv.Args...); err != nil {
		return err
	}
	// In a state without transitions (a called state), an action ends the
	// player's turn: the state returns once everyone is done.
	if top < len(m.st.frames) {
		if f := m.frameAt(top); len(f.st.trans) == 0 && !f.hasPending && !priv {
			m.endTurn(top, mv.Seat)
		}
	}
	m.endStep()
	return m.run()
}

// save returns the current state for restore; the match goes on with a copy.
func (m *Match) save() *mstate {
	s := m.snapshot()
	m.hold(s)
	return s
}

// restore returns the match to a state from save. The saved state stays
// unchanged, so it may be restored again.
func (m *Match) restore(s *mstate) {
	m.st = s
	m.forgetSettle() // its fired when clauses may be others (settleskip.go)
	m.snapshot()
	m.err = nil
}

// onMaxSteps cancels code that ran out of budget a few instructions late, so the
// error's position is an instruction of the loop body, not the function entry:
// the instructions that load names carry the position of the last one that
// has its own (a call, an operator), which is the function's at the top of
// a loop's body, so it waits (up to 64 instructions) for one that has.
func onMaxSteps(th *starlark.Thread) {
	m := matchOf(th)
	if m == nil {
		th.Cancel("too many steps")
		return
	}
	if m.over++; m.over > 4 && (m.over > 64 || !atEntry(th)) {
		th.Cancel("too many steps")
	}
}

// atEntry reports whether the running function's last instruction has the
// function's own position.
func atEntry(th *starlark.Thread) bool {
	fn, ok := th.DebugFrame(0).Callable().(*starlark.Function)
	return ok && samePlace(th.CallFrame(0).Pos, fn.Position())
}
