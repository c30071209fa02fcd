package input

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync/atomic"
)

// Kind is a kind of file the studio reads, with the most bytes it reads of
// one such file.
type Kind struct {
	Name    string // the name --max-size and RULESTUDIO_MAX_SIZE know it by
	What    string // what it is, in errors: "a rule pack"
	Default int64  // the limit in bytes until SetLimit changes it
	limit   atomic.Int64
}

// The kinds of file and their default limits. The sizes are about a hundred
// times the largest real file of each kind the studio has met, and small
// enough that reading one (which takes some tens of times its size in
// memory, for YAML) fits in a laptop's memory: see docs/limits.md.
var (
	// Pack is a YAML rule pack: one file, or one document of a pack folder.
	Pack = newKind("pack", "a rule pack file", 32<<20)
	// Scenario is a scenario test file or its transcript (.events).
	Scenario = newKind("scenario", "a scenario file", 8<<20)
	// Record is a match record or a file of moves (play --moves, a
	// scenario's from:).
	Record = newKind("record", "a match record", 16<<20)
	// Part is a result of `simulate -o`, read by merge and report.
	Part = newKind("part", "a simulate result", 16<<20)
	// BGA is a BGA source file: a states.inc.php, a State class, the
	// constants file they include.
	BGA = newKind("bga", "a BGA source file", 32<<20)
	// Project is a project file (*.rulestudio). It is never read whole
	// (SQLite reads pages); the limit keeps a stray huge file from being
	// taken for one.
	Project = newKind("project", "a project file", 4<<30)
)

// Kinds lists every kind, in the order docs/limits.md gives them.
var Kinds = []*Kind{Pack, Scenario, Record, Part, BGA, Project}

func newKind(name, what string, def int64) *Kind {
	k := &Kind{Name: name, What: what, Default: def}
	k.limit.Store(def)
	return k
}

// Limit is the most bytes of one file of kind k that are read.
func (k *Kind) Limit() int64 { return k.limit.Load() }

// SetLimit sets the limit of kind k to n bytes (n > 0) and returns the
// previous one, for tests to put back.
func (k *Kind) SetLimit(n int64) int64 { return k.limit.Swap(n) }

// TooBigError is a file over its kind's limit.
type TooBigError struct {
	Kind *Kind
	Size int64 // the file's size in bytes; 0 when it grew past the limit as it was read
}

func (e *TooBigError) Error() string {
	size, more := "it grew", 2*e.Kind.Limit()
	if e.Size > 0 {
		size, more = FormatSize(e.Size), max(more, e.Size)
	}
	return fmt.Sprintf("%s is larger than %s may be (%s, the limit is %s; raise it with --max-size %s=%s, or the environment variable %s)",
		"the file", e.Kind.What, size, FormatSize(e.Kind.Limit()), e.Kind.Name, FormatSize(roundUp(more)), EnvLimits)
}

// NotFileError is a path that is not a regular file where one is expected.
type NotFileError struct {
	Mode fs.FileMode
}

func (e *NotFileError) Error() string {
	return modeWords(e.Mode) + ", not a file: the studio reads only regular files"
}

func modeWords(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	}
	return "not a regular file (" + m.Type().String() + ")"
}

// Read reads the whole regular file at path, if it is at most k's limit.
// Errors name the path: a *NotFileError (a folder, FIFO, device or socket,
// refused before the file is opened), a *TooBigError, or os's errors.
func Read(path string, k *Kind) ([]byte, error) {
	data, err := read(k, func() (fs.File, error) { return os.Open(path) }, func() (fs.FileInfo, error) { return os.Stat(path) })
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, err // os names the path already
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// ReadFS is [Read] for the file name of fsys. Its errors do not name the
// file: the caller names it as it shows it.
func ReadFS(fsys fs.FS, name string, k *Kind) ([]byte, error) {
	data, err := read(k, func() (fs.File, error) { return fsys.Open(name) }, func() (fs.FileInfo, error) { return fs.Stat(fsys, name) })
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return data, err
}

// Check says whether the file at path may be opened as kind k: it is a
// regular file of at most k's limit. A missing file is no error (the
// opener says what it does with one).
func Check(path string, k *Kind) error {
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := CheckInfo(info, k); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// CheckInfo is [Check] on what os.Stat said of a file: a *NotFileError or a
// *TooBigError, not naming the file.
func CheckInfo(info fs.FileInfo, k *Kind) error {
	if !info.Mode().IsRegular() {
		return &NotFileError{Mode: info.Mode()}
	}
	if info.Size() > k.Limit() {
		return &TooBigError{Kind: k, Size: info.Size()}
	}
	return nil
}

// read looks at the file before it opens it (opening a FIFO waits for a
// writer), then reads at most the limit and one byte more: a file that grew
// after it was looked at is refused too.
func read(k *Kind, open func() (fs.File, error), stat func() (fs.FileInfo, error)) ([]byte, error) {
	info, err := stat()
	if err != nil {
		return nil, err
	}
	if err := CheckInfo(info, k); err != nil {
		return nil, err
	}
	f, err := open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := k.Limit()
	data := make([]byte, 0, min(info.Size(), limit)+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if int64(len(data)) > limit {
			return nil, &TooBigError{Kind: k}
		}
		if errors.Is(err, io.EOF) {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}
