// Package bga reads and writes the game state machine of a Board Game Arena
// game, as a [graph.Pack]: in its states.inc.php file (a $machinestates array)
// or in its State classes (modules/php/States/, BGA's newer form).
//
// Entry points:
//
//   - [Import] and [ImportFile] parse the declarative PHP these files use,
//     without running PHP: long and short array syntax, comments, define()
//     (also inside if (!defined(...)) guards), constants from files the importer
//     cannot see (kept as their names), class constants, helper $variables,
//     array union (+), concatenation (.), clienttranslate(), duplicate keys,
//     non-standard state keys (kept in State.Extra), require/use/namespace lines,
//     BGA's GameStateBuilder chains, and foreach loops that finish the machine
//     after the array (loop.go; run over the array's entries, with if,
//     in_array, array_key_exists, isset, appends and assignments in the body).
//     A file that computes its machine (other loops, calls into the game,
//     run-time conditions) is refused with a
//     [*NotDeclarativeError]; anything else the importer does not understand is a
//     *graph.PosError naming file, line and column.
//   - [ImportStates] reads BGA's newer form, one State class per state under
//     modules/php/States/ (phpfile.go reads a file's declarations, ctor.go
//     follows the constructors to GameState's, returns.go and infer.go find
//     the transitions the methods take by returning a state, marked
//     Inferred). [ImportPath] takes a states.inc.php, a game's folder (either
//     form, or both) or a States/ folder, and returns warnings (what could not
//     be followed without running the game) as diagnostics.
//   - [Export] writes a pack back as a states.inc.php that BGA accepts; importing
//     an export gives the same model. [ExportClasses] writes it as State
//     classes with stubs, and the constants file their ids need; importing
//     those gives the same states and transitions, declared and inferred.
//   - [WellKnownType] maps state type constants of other files (StateType::GAME,
//     ACTIVE_PLAYER, GAME_STATE_TYPE_MULTIPLE_ACTIVE_PLAYER, MULTI, ...) to types.
//
// The PHP lexer and evaluator are this package's own (lex.go, parse.go,
// expr.go, loop.go); the
// evaluator keeps, for every value, the constant it was written as, so that ids,
// types and names export as their author wrote them. docs/bga-import.md lists
// what is supported and the exact errors.
//
// Import and Export keep no state between calls and are safe for concurrent
// use. Evaluation is bounded (nesting depth, values built), so hostile input
// gives an error, not a hang; a panic would be a bug and is reported as an
// "internal error" rather than crashing the caller.
//
// Like package graph, this package uses only the standard library and graph; it
// must never import Fyne, SQLite, Starlark or other packages of this module.
package bga
