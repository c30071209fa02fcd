// Package engine is Rule Studio's deterministic rules runtime: it compiles a rule
// pack ([graph.Pack]) once and runs matches of it exactly as SEMANTICS.md ("The
// rule model and how a match runs") describes. The preview, the debugger, bots,
// the command line and any game server that embeds Rule Studio stand on it.
//
// # Entry points
//
//   - [Compile] (or [Load] / [Parse] for YAML) turns a pack into a [Program]:
//     every piece of Starlark is compiled once; errors name the YAML file's
//     line and column ([CompileError]).
//   - [Check] reports every mistake in a pack's code that can be known before
//     a match runs (names, attributes, literal transitions and arguments,
//     purity, declared types, clauses) as diagnostics at their place; the
//     designer's reference of what it checks is docs/model.md.
//   - [Program.NewMatch] starts a [Match] for a number of seats with [Options]
//     (seed, history on or off, budgets, clocks) and runs it to the first
//     decision.
//   - [Match.Legal] / [Match.LegalAll] list every legal action ([Move]) with its
//     arguments in a stable order; [Match.Apply] takes one (an illegal one is
//     refused with an [IllegalError] and changes nothing). The legal moves
//     are exactly those Apply accepts: a domain value its parameter's type
//     refuses is a [RunError] at the domain, from both.
//   - [Match.View] is what one player sees (description, args with their own
//     _private part, scores, boards, legal actions); [Match.Events] is the
//     structured log ([Event]); [WriteEvents] serializes it. Each event
//     carries who may see it ([Event.To]); [Match.EventsFor] and
//     [Match.StepEventsFor] are the log as one seat sees it (hidden cards
//     without faces or ids, private changes and notify(..., to=player) to
//     their owner or recipient only).
//   - [Match.EncodeMove] and [Match.DecodeMove] turn a [Move] into its text
//     form (graph.Move, JSON: what records, files and the command line hold)
//     and back. [Match.EncodeMoveFor] writes it as one seat knows it: a
//     card the seat does not see by an opaque id ([Match.SeatCardID]), as
//     its view lists its moves; DecodeMove reads that form too.
//   - What a debugger shows at a step: [Match.Frames] (the state stack),
//     [Match.ExecStack], [Match.Objects] and [Match.Chain] (a property's
//     wrapper chain, value by value), [Match.WhyNot] (which rule refuses
//     each action), [Match.StepEvents]. Package preview builds debug
//     sessions on them.
//   - Why (whyclause.go, whychain.go, breakdown.go): [Match.AskClause]
//     asks a whenever or when clause again as the settle that began a
//     step did, per owner (held, fired, before()'s answers);
//     [Match.ExplainChain] adds to a chain what made each while
//     condition true and the calls made through a method's wrappers
//     ([MethodCall]); [Breakdown] breaks a condition down by
//     sub-expression ([Part]), as a scenario's failing expect shows it.
//   - [Match.At] and [Match.Fork] branch from any step of the history (they
//     share it: a fork costs the same at any step);
//     [Match.Perft] counts the legal-action tree; [Match.Hash] hashes a
//     position, not how it was reached (a search merges transpositions by
//     it); [Match.Play] lets a [Bot]
//     (such as [RandomBot]) play, an [IndexBot] without every move made; [Match.Tick] runs the virtual clocks;
//     [Match.Eval] and [Match.Exec] are the debugger's watch and console.
//   - [Match.Determinize] forks a match that one seat cannot tell from it
//     (the cards and objects it does not see dealt again, what is derived
//     from them computed again): what a searching bot plays ahead on. Who
//     sees what is the pack's visibility section, compiled once, and what
//     reveal() showed a seat (remembered in the match state until the card
//     goes out of the seat's sight); [Match.SeesCard], [Match.SeesObject],
//     views, opaque card ids and determinization all ask it.
//     [Match.SeenCardIDs] names the cards behind a view's faces (a table
//     tells two of one face apart by them), and [CardOf] reads a move's
//     card value as its deck and id.
//   - [Match.Probe] is the leak check's copy (package preview, `studio
//     leaks`): Determinize's deal keeping given cards, the same chance; a
//     traced probe names the statement that wrote each variable, tag and
//     notification ([Match.Writer], [Match.NotifyWriter]), and
//     [Program.FaceFlow] says whether that statement writes a card's face
//     or an outcome (faceflow.go). [Check]'s rule "hidden" warns of the
//     same flows read statically (hiddenwarn.go).
//
// # Code in a pack
//
// Every piece of code is Starlark. Pure places (who, domains, preconditions,
// args, ending conditions, conditions, properties, selectors, value wrappers,
// progression) hold an expression (or statements ending in return); they run
// with the match read-only, and any attempt to change it fails with "cannot
// change the match in a pure place (...)". Bodies (action bodies, state
// action/endaction, methods, whenever/when bodies, scripts' procedures) may
// change it. Each call of a piece of code has a step budget
// ([Options.Budget]): an endless loop becomes a [RunError] at the loop's line.
// It has a memory limit too ([Options.AllocLimit], [SetAllocLimit]): the
// builtins and operations that make a value of a size their arguments decide
// (list(), sorted(), x * n, s + t, join, str...) count its bytes before
// making it, and too much is a [RunError] at the operation (alloc.go).
// Code the engine runs inside other code (a wrapper of a property the code
// reads, a condition objects() asks) has a budget and a limit of its own.
//
// Code without while loops or nested functions (but before(lambda: ...))
// that calls only builtins, methods of values and such functions (most
// conditions, procedures, action bodies, their for loops and list
// comprehensions) runs directly: as Go closures built from its syntax tree, each doing what
// Starlark's interpreter does, with the same go.starlark.net operations; an
// error is Starlark's, with its message, place, backtrace and cause. It gives
// the same results as the interpreter ([Options.Interpret] runs everything
// through it, for the tests that compare the two) at a fraction of the cost
// of entering a Starlark function (see engine/direct.go). A direct loop over
// objects() whose first condition compares a variable with a constant
// ([c for c in objects(tag="card") if c.zone == "hand" and ...]) runs its
// clauses only for the objects whose value can equal it, counting the
// others' steps and reads as their iterations would (objindex.go,
// direct_objloop.go).
//
// The BGA fields action, args and endaction hold either the name of a
// top-level function of the pack's scripts (BGA style: "action: stNextPlayer")
// or inline Starlark (BGA's own stGameSetup, stGameEnd and argGameEnd do
// nothing unless scripts define them): a code string that is exactly an identifier naming a
// script function calls it (one naming a builtin, as in "endaction: end_game",
// calls that; one naming nothing is a compile error that says so); anything
// else is inline code. A script function
// receives the context names it declares as parameters (def stNextPlayer(game):).
//
// Context names, given to inline code when it mentions them: player (the
// acting or deciding player), active_player, state (the frame's parameters:
// state.source), self (the object of a clause), value (a property wrapper's
// inner value), inner (a method wrapper's inner method), game (match
// variables: game.x = 1; game.active_player, game.players, game.step) and
// players. Action parameters are bound by name.
//
// Builtins: next_state(t), call(state, **params), end_turn(), end_game(),
// set_active(p), activate_next_player(), player_after(p), player_no(n),
// set_all_multiactive(), set_multiactive(ps), is_multiactive(p),
// deactivate(p, t=""), rand(n), shuffle(xs), notify(msg, to=None, **args), before(fn),
// objects(type=, tag=), create(type, tags=, **vars), destroy(o),
// combinations(xs, k), require(cond, reason) (a refused move says reason:
// reason.go), reveal(card, to=None). Declared boards (pack "boards") and
// decks (pack "decks") are native components reached by name: board.get/set/play/flips/
// moves/has_move/count/line/empty/full/width/height, and BGA's Deck:
// deck.create/shuffle/pick/pick_for_location/move/move_all/count/cards/top/card.
// Players have no, id, name, score and free variables (p.life = 20). Values
// stored in the match (variables, parameters) are frozen: assign a new list
// rather than appending to a stored one.
//
// # How a match runs
//
// A match is a state stack of frames and an execution stack of pending bodies.
// Each step first settles clauses (while wrappers on and off, whenever/when
// pushed in the order active player first then seat order, object creation
// order, clause order; pushed in that order, so the last pushed runs first as
// in Magic) and then does one of: pop and run the execution stack; run a newly
// entered state's start procedure; when a transition is pending or every
// ending condition holds, run the end procedure then transition, return or
// end; otherwise wait for a player. Ending conditions default by BGA type:
// activeplayer waits for the active player to take a transition (or call
// end_turn), multipleactiveplayer for the multiactive set to empty, game and
// manager states wait for nobody. A state without transitions is a called
// state: a player's action there ends that player's turn, and the state returns
// to its caller once every condition holds. A transition taken by a body that
// also called a state waits until the call returns. A state with one transition
// takes it by itself when it ends. Private parallel states: a multiactive
// state with initialprivate puts each multiactive player in that private
// state; next_state in a private state's action moves that player only.
//
// Settling evaluates a clause's condition (and selector) again only when a
// part of the match it read has changed since its last answer (reads.go notes
// what pure code reads, with versions); conditions are pure, so the answer is
// the one a fresh evaluation gives, and a match plays exactly as if every
// condition in scope were evaluated at every step (testdata/playouts.golden
// holds matches played before answers were reused). A whole pass is skipped
// when nothing any of its answers read has changed since the last pass, which
// fired nothing (settleskip.go); a pass that runs follows the clauses the
// last one asked, where the owners are the same, asking again only the
// answers a write since may have reached (settleplan.go). Whether a part
// changed is mostly answered by a log of the parts written, not part by
// part (writelog.go).
//
// Errors of a running match are *[RunError] values: the place of the code in
// the YAML file, its path in the pack (Source, as events name code), the
// Starlark backtrace (as text, and frame by frame in Trace), and the Starlark
// error itself (errors.As reaches the *starlark.EvalError). An action whose
// code fails is undone; with [Options.StopAtError] the match stops where it
// failed instead, for a debugger to show. Declared variables are typed
// at run time: a wrong-type assignment fails there. A while clause may
// target a tag, which the object has while the clause holds ([ObjectView]
// Granted names its source).
//
// before(fn) evaluates fn in the state at the start of the previous step: a
// whenever condition "X > before(lambda: X)" fires once per change, and the
// body it pushes sees the same past, even when it runs steps later. An object
// created, or a game or player variable first assigned, since then reads as
// it is now (so a clause reading a variable set-up assigns works from the
// first step). More than [Options.StepLimit] steps
// without a player action stop the match as a trigger loop, with the last
// events.
//
// # Determinism and history
//
// The only randomness is the match's seeded source (rand, shuffle, deck
// shuffles); bots draw from their own. The same pack, seed, seats and actions
// give a byte-identical event log. Every step keeps a snapshot: the match state
// is copied on write, so a snapshot costs the parts the step changed (a few
// hundred bytes for a Reversi step). Options.NoHistory turns events and
// snapshots off for bots and perft; Options.NoSnapshots keeps the events
// without the snapshots, and Options.NoEventText leaves out the events' text
// for people, for runs that only count events (simulate's statistics).
//
// # Goroutines
//
// A [Program] is immutable and may serve many matches at once; a [Match] must
// be used by one goroutine at a time.
//
// The package imports only graph, Starlark and the standard library; it must
// never import Fyne, SQLite or the editor.
package engine
