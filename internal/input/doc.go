// Package input is the one place the studio reads a file someone gave it:
// a rule pack, a scenario, a match record, a simulate result, a BGA source
// file, a project file. It reads only regular files (a named pipe, a device,
// a socket or a folder where a file is expected is refused at once, before
// it is opened, so nothing blocks on a FIFO or reads /dev/zero forever), and
// at most a size per [Kind] of file, so that a huge file is refused with its
// size and the limit instead of taking the machine's memory.
//
// Entry points:
//
//   - [Read] reads the file at path as a kind ([Pack], [Scenario], [Record],
//     [Part], [BGA]); its errors name the path.
//   - [ReadFS] reads a file of an fs.FS (a BGA game's folder); its errors do
//     not name the file, which its callers name in their own words.
//   - [Check] says whether the file at path may be opened as a kind without
//     reading it: for [Project] files, which SQLite reads page by page.
//   - [Kind.SetLimit] and [ParseLimits] raise or lower a kind's limit: the
//     command line's --max-size flag and the environment variable
//     RULESTUDIO_MAX_SIZE ([EnvLimits], read by [FromEnv] when the program
//     starts) both go through them.
//
// The limits, their defaults and why are listed in docs/limits.md, which
// must be kept in step with [Kinds].
//
// The package imports only the standard library, so that every package of
// the module (graph and its subpackages included) may use it.
package input
