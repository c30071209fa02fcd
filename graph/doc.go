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
//   - The BGA importer and exporter read and write states.inc.php files.
//   - [Layout] places the states of a graph for drawing.
//
// The package uses only the standard library and the YAML library. It must never
// import Fyne, SQLite, Starlark or any other package of this module.
package graph
