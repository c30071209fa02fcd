// Package atomicfile is how every file of the studio is written: whole or not
// at all. A killed process, a full disk or a power cut leaves the file that
// was there before (or none), never an empty or half-written one.
//
// Every entry point works the same way: the file is made under a temporary
// name in the target's own folder (".NAME.tmp-RANDOM", hidden, on the same
// file system so that the rename is atomic), synced to disk, renamed or linked
// into place, and the folder synced so that the new name survives a power
// cut too. On an error the temporary file is removed; a killed process may
// leave one behind, which nothing reads and which [RemoveStale] removes for
// a caller that holds a lock on the target.
//
//   - [Write] writes a file through an io.Writer, replacing what is at the
//     path (a replaced file keeps its permissions).
//   - [Create] makes a new file that a library writes by name (an SQLite
//     database): it is built at the temporary path and put into place only if
//     nothing is at the target by then; [Replace] puts it over what is there.
//
// "-" is refused as a path: on the command line it means standard output,
// which a caller writes itself (if out == "-" { return write(os.Stdout) }).
//
// github.com/google/renameio/v2 does the same for [Write]; it is not used
// because it does not sync the folder (it promises atomicity, not
// durability), has no form for a file that another library writes by name,
// and does not build on Windows.
//
// The package imports only the standard library, so every package of the
// module (graph and its subpackages included) may import it.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
)

// ErrStdout is returned for the path "-", which the command line uses for
// standard output: the caller must write to os.Stdout itself.
var ErrStdout = errors.New(`"-" names standard output, not a file`)

// Write writes the file at path with what write writes, atomically (see the
// package comment). A new file gets mode 0644; a file replaced keeps its
// mode. On any error path is left as it was. Errors are *fs.PathError values
// naming path (or the error write returned, as it is).
func Write(path string, write func(io.Writer) error) (err error) {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
		}
		mode = fi.Mode().Perm()
	}
	tmp, err := newTemp(path)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// Create makes a new file at path, mode 0644: build writes it at the
// temporary path it is given (an empty file in path's folder; build may
// also make files beside it named after it, such as an SQLite journal,
// which it must remove or leave empty). The file is then synced and put at
// path only if nothing is there: otherwise the error wraps fs.ErrExist and
// the file built is removed, as on any error. The build does not hold path,
// so a caller that must keep others out meanwhile takes its own lock.
func Create(path string, build func(tmp string) error) error {
	if _, err := os.Lstat(path); err == nil {
		return &fs.PathError{Op: "create", Path: path, Err: syscall.EEXIST}
	}
	return buildFile(path, build, place)
}

// Replace is [Create] that puts the file built over whatever is at path
// (a folder excepted), as one rename: until then the old file is whole.
func Replace(path string, build func(tmp string) error) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	}
	return buildFile(path, build, os.Rename)
}

// buildFile is Create and Replace: put gives the file built its name.
func buildFile(path string, build func(tmp string) error, put func(tmp, path string) error) (err error) {
	f, err := newTemp(path)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := build(tmp); err != nil {
		return err
	}
	if err := syncFile(tmp); err != nil {
		return err
	}
	if err := put(tmp, path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// newTemp creates the temporary file for path, in path's folder.
func newTemp(path string) (*os.File, error) {
	if path == "-" {
		return nil, &fs.PathError{Op: "write", Path: path, Err: ErrStdout}
	}
	return os.CreateTemp(filepath.Dir(path), tempPrefix(path)+"*")
}

// tempPrefix is the start of the name of every temporary file for path.
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// RemoveStale removes the temporary files a killed writer left for path
// (and files named after them, such as an SQLite journal) and returns how
// many it removed. Only a caller that keeps every other writer of path out
// (a project's lock) may call it: another writer's file in progress would
// go too.
func RemoveStale(path string) (int, error) {
	// Not filepath.Glob: it would read "[" or "*" in path as a pattern.
	dir, prefix := filepath.Dir(path), tempPrefix(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return n, err
		}
		n++
	}
	return n, nil
}

// place gives the file tmp the name path unless something is there already:
// a hard link fails rather than replace a file that appeared meanwhile; on a
// file system without hard links it is a rename after a last look.
func place(tmp, path string) error {
	err := os.Link(tmp, path)
	switch {
	case err == nil:
		return os.Remove(tmp)
	case errors.Is(err, fs.ErrExist):
		return &fs.PathError{Op: "create", Path: path, Err: syscall.EEXIST}
	}
	if _, err := os.Lstat(path); err == nil {
		return &fs.PathError{Op: "create", Path: path, Err: syscall.EEXIST}
	}
	return os.Rename(tmp, path)
}

// syncFile flushes the file at path to disk.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// syncDir flushes a folder's entries to disk, so that a name just given
// survives a power cut. Windows has no such call (a rename there is
// durable once it returns), and some file systems refuse it on a folder
// (EINVAL): both are not errors.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	return nil
}
