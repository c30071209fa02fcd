// Package preview runs debug sessions over the engine: a match of a frozen
// copy of a rule pack that a designer steps through forward and back,
// branches, stops at breakpoints, replays from a record and re-runs on rules
// just edited; and the bots and the simulation pool behind `studio play` and
// `studio simulate`. It has no user interface: the editor's panels and the
// command line show what it returns.
//
// # Sessions
//
// [New] compiles a frozen copy of a pack ([graph.Pack.Clone]: later edits do
// not reach it) and starts a match with a [Config]: the seats (a name, and
// a bot or "" for a person), the seed, the clocks. The match runs with the
// engine's copy-on-write history, so every step it has taken stays there to
// be shown again; a session is a cursor over that history:
//
//   - [Session.Step] moves one engine step forward: through the history when
//     the cursor is behind its newest step, else by a new step, a bot taking
//     the decision the match waits for. Where only a person can act it stops
//     ([NeedsPerson], with the seats) without moving.
//   - [Session.Continue] steps until a breakpoint holds, a person must act,
//     the match ends or fails; [Session.RunTo] until a given step.
//   - [Session.Back] and [Session.JumpTo] move the cursor back (or to any
//     step taken): the engine's At forks the history at that step, sharing
//     it, so a step back costs the same early or late in a long match (see
//     BenchmarkStepBack).
//   - [Session.Take] / [Session.TakeText] take a person's move at the newest
//     step; [Session.Wait] lets virtual time pass on the clocks.
//   - [Session.Branch] takes another move at an earlier step where the match
//     waited ([Session.CanBranch]): a new [Line] from there, the old one
//     kept. [Session.Lines] and [Session.Switch] show either.
//
// # Picking a move
//
// A seat's legal moves can be hundreds (Hearts' giveCards: every three
// cards of thirteen, 286). [GroupMoves] groups them by action, and a [Pick]
// lets a person choose one argument at a time (pick.go): the values offered
// for a parameter are those of the legal moves that agree with the values
// picked for the earlier ones, in the order the moves list them. A
// parameter whose every legal value is a tuple or list of k distinct
// elements, no two the same set, is picked as a set ("choose k"): its
// elements are offered, each while some legal move still holds it with
// those already chosen, and the set matches the legal value in any order
// (the move carries the legal value itself). Tuples of whole numbers alone
// are a cell, one value, unless the domain says combinations. The move is
// complete when every parameter is picked ([Pick.Move]).
//
// Every call that moves returns a [Stop]: the step reached and why it
// stopped there. At the cursor, [Session.Match] is the match as it was
// (a fork: reading it or even changing it changes nothing in the session)
// and [Session.StepEvents] the events of that step; the engine reads what a
// debugger shows from that match:
//
//   - the state stack (engine.Match.Frames: each frame's state by id and
//     name, its parameters, who has ended and who decides, private states);
//   - the execution stack (ExecStack: each pending body, its clause's path
//     and object);
//   - the objects (Objects: variables, tags, properties) and, for any
//     property, variable, method or tag, its wrapper chain (Chain: the base
//     value, each active wrapper with its owner, clause and the value after
//     it, the final value);
//   - what each seat sees (View), its legal moves (Legal), and why each of
//     the other actions is not available (WhyNot: which of who, deciding,
//     domain or precondition said no);
//   - a watch or console (Eval; Exec on the fork).
//
// Events name states by their id as written, clauses by their path in the
// pack ("object_types/creature/whenever/lord") and objects by id, as
// breakpoints and the editor's canvas do (see engine.Event).
//
// An error of the pack's code stops the match at the step where it happened
// ([Failed], [Session.Err]: an *engine.RunError with the Starlark error, the
// path of the code, the file's line and column and the call stack); the
// steps before it can be shown, and [Session.FailedEvents] are what the
// failing step did before it failed.
//
// # Breakpoints
//
// [Session.SetBreakpoints] takes graph.Breakpoint values (plain data, so the
// project stores them) after checking each. They are checked at every step
// the cursor reaches going forward, on the step's events and its state and
// the state before it:
//
//   - enter / leave a state (by id as written or by name; a call enters, a
//     return leaves), call / return: the step's state events;
//   - clause: a clause fired whose path is the breakpoint's, or under it
//     ("object_types/healer" for all the Healer's clauses);
//   - variable: a variable_changed event of the target ("game.turns",
//     "player.life", "wood_elf.zone", "#3.zone", or a name of any owner);
//   - property: the target's value, wrappers applied, differs from the step
//     before on an object that exists at both;
//   - condition: the expression is true at this step and was not at the step
//     before (an error counts as not true);
//   - depth: the state stack became deeper than N frames;
//   - clock: a player's clock fell under N milliseconds.
//
// A condition on any other kind narrows it: it stops only when it also
// holds. Each [Hit] says what it saw.
//
// # Records, replays and live re-runs
//
// [Session.Record] is the current line as a graph.Record: the pack's name
// and content hash, seed, seats and bots, clocks, and every move in its text
// form (graph.Move, JSON), bots' included. [Replay] plays a record's moves
// again, in order, asking no bot: the same pack, seed, seats and moves give
// the same event log, byte for byte; a move the rules refuse is a
// *[MoveError] naming it and why. [Session.Rerun] plays the current line
// again on new rules (the designer has just edited them) and reports the
// first step whose events differ, the move they now refuse, or that the
// rules no longer load and why ([Rerun]); the other lines of play are
// played again too, with their ids, each as far as its moves are taken.
//
// # Finding a match
//
// [Find] looks for a match that reaches a breakpoint ("show me a match
// where this happens") and returns its record, the shortest it found, and
// how long it looked and how much (positions, matches). Where the space is
// small it is exact: breadth first over positions, one move a ply, the
// positions reached twice merged by engine.Match.Hash, so the match found
// is a shortest one (tic-tac-toe's gameEnd in 5 moves, Connect Four's
// first-seat win in 7). When the next depth would hold more positions than
// FindConfig.MaxPositions it plays random matches instead, with restarts:
// rounds of 64 matches by the configured bots, each from its own seed, cut
// at a length doubling each round, a move that reaches the breakpoint at
// once always taken (a heart on Hearts' first trick). It takes a context
// (Cancel) and reports progress through a callback, for a window's progress
// bar; the match found is played again in a Session to check it, and the
// step where the breakpoint holds is given with the record.
//
// # Why
//
// why.go answers the designer's three "why" questions at a step: why a
// whenever or when clause did or did not fire ([Session.WhyClause]: per
// owner in scope, the condition's value broken down by sub-expression and
// before()'s answers, as the settle that began the step asked it), why a
// value is what it is ([Session.WhyValue]: the wrapper chain with what
// made each while condition true, and the calls through a method's
// wrappers), and why a move is refused ([WhyRefused], for a page that
// sends moves in their text form: the rule, its place, the designer's
// words or its code's value broken down). [ClauseLines], [ChainLines]
// and [RefusalLines] write them as `studio why` prints them and the
// debugger's Why tab shows them.
//
// # Bots and simulations
//
// A [Bot] chooses one of a seat's legal moves from a [Decision]: the seat,
// the moves, a seeded random source of its own (never the match's), the
// seat's view and, for a search bot, a fork of the match. [RandomBot] is
// registered as "random"; [RegisterBot] adds others by name. When several
// seats can act (a multipleactiveplayer state) the lowest seat with a bot
// acts first; a session asks people only when no bot can act. The bots of a
// match share one source seeded with the match's seed, so `studio play
// --seed S --bots random` plays the match `studio simulate --seed S` plays
// first.
//
// [Play] plays many matches on a pool of workers that take the next match
// from an atomic counter; results come in the order of their seeds, handed
// to Simulation.Each as they end through a reorder buffer of a few results
// per worker, and do not depend on the number of jobs. It keeps none, so its
// memory does not grow with the matches; [Simulate] is Play keeping them all,
// for small runs. With Record each result holds its match's record, for
// `studio replay`.
//
// # The leak check
//
// [CheckLeaks] (`studio leaks`, docs/model.md "Hidden information") plays
// matches with random bots and, at every decision and for every seat,
// compares what the seat receives (its view, legal moves, the step's
// notifications and the lines of its event log, engine.Match.EventsFor)
// with copies of the match in which the cards it cannot see are dealt
// again (engine.Match.Probe) and the move then taken. A difference a body
// announced (a value without a card's face, engine.Program.FaceFlow) sets
// the copy aside, and a log whose step went another way is not compared
// line by line (leaklog.go); any other difference is a [Leak]: the
// seat, the step, the field, the rule that wrote it, and the record of the
// match up to that step. It runs on the calling goroutine; a context
// cancels it and a callback reports each match done, for a window's
// progress bar.
//
// # Search bots
//
// Besides "random", the registry has two search bots (a simulation's
// --bots random,mcts gives seat 1 the random bot and seat 2 MCTS):
//
//   - flatmc ([FlatMC]): flat Monte Carlo. Each legal move in turn, round
//     robin, is followed by a random playout to the end; the move with the
//     best mean reward is taken.
//   - mcts ([MCTS]): Monte Carlo tree search with UCT (UCB1 with the
//     exploration constant √2): select by UCB1, add one node, play out at
//     random, back the rewards up; the most visited move is taken.
//
// Both search bots think for a [Budget]: a number of playouts (default
// 1000), optionally a wall-clock time, and a cap on a playout's length. A
// spec may set them after the name: "mcts:200" (200 playouts), "mcts:50ms"
// (a time budget), "mcts:200:c=0.5" (another exploration constant),
// "flatmc:500:plies=60" (playouts cut after 60 actions: Hearts to 100
// points is about 600); [NewBot] reads these specs.
//
// Rewards come from the engine's end of a match: the seats with the best
// score ([engine.Match.Winners]) share 1, the others get 0; a two-player draw
// gives each ½. A playout cut short by the budget's MaxPlies is scored on the
// scores it reached. With more than two seats every seat maximizes its own
// reward (max^n): a tree node holds each seat's reward sum and is judged by
// the seat that chose its move. In a state where several seats act, as in
// a simulation, the lowest seat with moves acts first.
//
// Hidden information: a search bot never searches on the match itself.
// Each playout (flatmc) or iteration (mcts) starts from a determinization
// ([Decision.Determinize], [engine.Match.Determinize]): a fork where the
// cards the seat does not see (other hands, the draw pile, cards passed face
// down) are dealt again among their places from the bot's source, and the
// match's own random source is reseeded, so later chance is unknown too.
// The deal depends only on what the seat sees, so two matches that differ
// only in hidden cards get the same choice (the Hearts test swaps two cards
// between other hands). MCTS keeps one tree across the determinizations,
// keyed by the moves' text (single-observer information-set MCTS): a
// child's exploration term counts the iterations where its move was legal.
// In a game of perfect information the determinization is the match itself
// and this is plain UCT.
//
// Determinism: a search bot draws only from its decision's source (the
// determinizations, the playouts' random bots, the choice among untried
// moves) and never iterates a map, so a seed gives the same moves, on any
// machine, unless a time budget is set.
//
// Parallel search: "mcts:1000:jobs=2" ([MCTS].Jobs) searches two trees at
// once on two goroutines (root parallelism), each with half the playouts, a
// fork of the match and a source of its own, the sources drawn from the
// decision's in job order before any starts; the root moves' visits and
// rewards are summed over the trees. The moves depend on the seed and the
// number of jobs, never on the machine or on which job finishes first; a
// bot on one job (the default) draws as before jobs existed. A simulation
// already plays its matches on --jobs goroutines: its bots are best left on
// one job each.
//
// Strength and cost (go test ./preview, 2 cores): MCTS with 50 playouts a
// move beats the random bot at Connect Four in 99 of 100 matches as the
// first player and 96 of 100 as the second (200 playouts: 100 of 100 from
// each seat; flatmc with 50: 99 and 98); a 1000-playout decision on the
// empty board takes about 0.17 s (about 6000 playouts a second, most of it
// the engine playing the pack's Starlark; BenchmarkMCTSConnectFour).
//
// # The table
//
// Package scene (preview/scene) says what the table looks like to one seat
// or to the designer at the cursor: scene.Build(Session.Pack(),
// Session.Match(), seat) reads only that seat's view. Package picture
// (preview/scene/picture) draws scenes as SVG or PNG and says where each
// card, cell and object lies (picture.Boxes), for `studio scene` and for a
// window's table.
//
// # Goroutines
//
// A Session is used by one goroutine at a time; the editor runs it off the
// UI goroutine and shows copies of what it returns. Play runs its own
// goroutines and calls Simulation.Progress, Decide and Observe from them;
// Each from any of them, one call at a time.
//
// The package imports graph and engine; it must never import Fyne, SQLite,
// the project or the editor.
package preview
