// Package packfile is the one place that decides what a path holds and reads
// or writes a rule pack in every form the studio knows: a project file
// (*.rulestudio), a YAML rule pack (one document, or several as `studio
// export` writes them), a folder of YAML documents (`studio export --dir`), a
// BGA game (its states.inc.php, its folder or its States/ folder of State
// classes), BGA State classes (written as a folder), and a Graphviz DOT
// picture (written only). Every command
// of the studio and its window open and write packs through it, so a file
// that one of them accepts, all of them accept.
//
// Entry points:
//
//   - [Detect] says which [Form] a path holds: a folder with pack.yaml is
//     [Dir]; a folder without one that holds a BGA game (modules/php/States/,
//     a states.inc.php, such a game one level down, or State-class files: see
//     bga.IsGameFolder) is [BGA], any other folder [Dir]; *.php is [BGA];
//     *.dot and *.gv are [DOT]; a file with SQLite's header, or named
//     *.rulestudio, is a [Project]; anything else is read as [YAML] (whose
//     errors then say what is wrong with it).
//   - [Files.Read] reads a pack from any form; [Files.ReadWarnings] also
//     returns the BGA importer's warnings (what it could not follow in State
//     classes without running them), which the commands and the window show;
//     [Files.Write] writes one in a given form ([WriteClasses] for
//     [BGAClasses]); [Encode] writes the one-file forms to a stream (standard
//     output).
//   - [WriteFile] writes a file atomically (internal/atomicfile): a
//     temporary file in the same folder, synced, renamed over the target, the
//     folder synced, so a crash or a full disk leaves the old file or the new
//     one, never half of one. Every file this package writes goes through it;
//     a folder is written file by file.
//
// Project files are SQLite, which only package project may link: [Files]
// reaches them through its [Projects] field, which cmd/studio fills with an
// adapter over package project. A Files without one refuses project files
// with [ErrNoProjects]. (The window opens projects through editor.Store
// instead, for locking and autosave, and uses Files for every other form.)
//
// The package imports only the standard library, YAML and its sibling
// packages graph, graph/bga and graph/layout, like graph itself; it must never
// import Fyne, SQLite, Starlark or the engine.
package packfile
