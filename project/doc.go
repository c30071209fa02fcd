// Package project is Rule Studio's application file: one SQLite file per game
// (name.rulestudio) holding a rule pack, its history, and what the editor and the
// preview keep (node layout, open tabs, the autosaved state, recorded matches,
// breakpoints, watched expressions). It follows SQLite's "SQLite As An
// Application File Format".
//
// Entry points: [Create], [CreateFrom] (a new project holding a pack),
// [Replace] (the same over an existing file) and [Open] give a [Project];
// [Project.Save] stores a pack
// as a new [Revision] and [Project.Pack] reads the latest one back;
// [Project.Revisions], [Project.Diff] and [Project.Restore] work with history.
//
// # The file
//
//   - PRAGMA application_id is [ApplicationID] ("RStd"), so the studio and
//     file(1) recognise a project; PRAGMA user_version is the schema version.
//   - The schema is built by the numbered SQL files in migrations/, embedded in
//     the binary and run one per transaction (user_version changes in the same
//     transaction). A file with a newer schema than [SchemaVersion] is refused,
//     untouched.
//   - A pack is stored as the canonical YAML documents of graph.Documents
//     (pack.yaml, states.yaml, object_types/NAME.yaml, ...). Each document is
//     cut into chunks (a top-level key, one state of states.yaml) and each
//     chunk's text is stored once by its SHA-256 (table blob) however many
//     revisions hold it, so editing one state of a large pack stores that
//     state, and a thousand revisions stay small. Since the YAML is canonical,
//     a save that changes nothing writes nothing.
//   - The image files the pack's display hints name (from schema 8, table
//     image): the newest bytes by pack-relative path, with the revision that
//     was latest when they came in ([Project.PutImages], [CreateWithImages]),
//     each checked by graph.CheckImage (a PNG or SVG of at most
//     graph.MaxImage bytes). [Project.Images] gives them as an fs.FS, which
//     the picture package reads in place of the pack's folder, so a project
//     moved alone keeps its pictures.
//   - Editor positions are not part of a revision: they live in the layout table.
//   - Recorded matches ([Match]) hold a graph.Record beside the revision it
//     was played on, its moves in graph.Move's JSON form (and, from schema 6,
//     the bots' source after them; NULL before); breakpoints hold a
//     graph.Breakpoint. Both are plain data of package graph, so the preview
//     that makes them and this package that keeps them share no code.
//   - The debugger's watched expressions ([Project.SaveWatches]) are a list
//     of Starlark texts in order, replaced whole at each change; like the
//     breakpoints they are not part of the pack's revisions.
//   - Scenario tests ([Scenario], package preview/scenario) are kept by name:
//     their YAML as written (comments kept, so not re-formatted; LF line ends)
//     and their blessed event transcript, each text once in blob. Putting or
//     deleting one adds a row, so each scenario keeps its history
//     ([Project.ScenarioHistory]); they are not part of the pack's revisions.
//   - foreign_keys=ON; the rollback journal (journal_mode=DELETE, not WAL, so the
//     one file is complete between saves) with synchronous=FULL; every save is
//     one transaction begun with BEGIN IMMEDIATE. A crash at any moment leaves
//     the last committed revision (see the crash test).
//   - A new file is never built in place: [Create], [CreateFrom] and
//     [Replace] build it under a temporary name in the same folder, sync it
//     and rename it into place (internal/atomicfile), so a studio killed
//     meanwhile leaves no file, or the old one, never an empty project or
//     one without its first revision. [Project.PutScenarios] stores several
//     scenarios in one transaction.
//
// # Opening
//
// Open checks a file on a read-only connection before anything can be written
// to it (not SQLite, another application's SQLite file, a newer schema, a failed
// quick_check, a latest revision that no longer reads back) and refuses with an
// error naming the file that wraps [ErrNotProject], [ErrNewer] or [ErrDamaged].
// A save interrupted by a crash is rolled back first, by a read-only Open too
// when the file and its folder can be written (its only write); where they
// cannot, the error gives the command that recovers the file.
// One studio writes a project at a time: the writer holds an flock on
// PROJECT.lock, which also says who it is; a second writer gets a *[LockedError]
// ("held by user@host pid N since ...") and may open the project read-only.
//
// The package imports graph and SQLite (github.com/mattn/go-sqlite3, the only
// package of the module that may); it must never import Fyne, the engine or the
// editor.
package project
