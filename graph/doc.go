// Package graph is Rule Studio's rule model: a rule pack with its state graph
// (Board Game Arena's states.inc.php model extended with the seed model's state
// fields), its player actions, its object types and their clauses, and its shared
// Starlark scripts.
//
// Entry points:
//
//   - [Load] and [Pack.MarshalYAML] read and write the canonical YAML form of a pack
//     (stable key order; load then save is byte-identical).
//   - [Check] reports the static checks of SEMANTICS.md as [Diagnostic] values.
//   - [Edit] values change a pack reversibly (MoveStates, EditState,
//     AddTransition, EditObjectType, ...); a [History] applies them, merges
//     them into undo steps and knows whether the pack is as saved. The editor
//     changes a pack only this way.
//   - [Pack.Clone] makes a deep copy for another goroutine.
//   - [Diff] compares two packs by meaning: each piece added, removed or
//     changed, as a [Change] naming it by its path (`studio diff`).
//   - [Record] (a recorded match: pack hash, seed, seats, [Move] list, with
//     [ReadRecord], [Record.Marshal] and [ReadMoves]) and [Breakpoint] are the
//     plain data the preview makes and the project stores; [PackHash] names
//     the rules a record was played on. The formats are in docs/records.md.
//
// Subpackages, under the same import rule: graph/bga reads and writes BGA
// states.inc.php files; graph/layout places states for drawing (Graphviz or
// the built-in layered layout) and renders DOT pictures; graph/packfile opens
// and writes a pack in every form the studio knows.
//
// The package uses only the standard library and the YAML library. It must never
// import Fyne, SQLite, Starlark or any other package of this module.
package graph
