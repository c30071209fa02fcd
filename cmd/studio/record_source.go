package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// A record's source is read from a file someone may have sent: it must not
// make the studio read the recipient's other files (/etc/passwd, /dev/zero,
// a FIFO). So a record names its pack as a bundled pack's name or a path in
// the record's own folder, and replay reads nothing else without --pack.

// recordSource is source (where a record's pack was read from) as a record
// file in the folder recordDir names it: relative to that folder when the
// pack is in it, so that replay finds it; else as it is (a bundled pack's
// name, or a path that replay will refuse, asking for --pack).
func recordSource(recordDir, source string) string {
	if source == "" || !filepath.IsAbs(source) {
		return source
	}
	dir, err := filepath.Abs(recordDir)
	if err != nil {
		return source
	}
	if rel, err := filepath.Rel(dir, source); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return source
}

// loadRecordSource reads the pack that the record at recordPath names as
// source: a file in the record's folder (a local path, no symbolic link
// leading out of the folder, a regular file within the pack size limit),
// else a bundled pack of that name.
func loadRecordSource(recordPath, source string, stderr io.Writer) (*graph.Pack, string, error) {
	refuse := func(why string) error {
		return fmt.Errorf("%s names its pack %q%s", recordPath, source, why)
	}
	outside := ", which is not in the record's folder: a record names only a bundled pack or a file beside it; give the pack with --pack PACK"
	local := filepath.FromSlash(source)
	if !filepath.IsLocal(local) {
		return nil, "", refuse(outside)
	}
	dir, err := filepath.Abs(filepath.Dir(recordPath))
	if err != nil {
		return nil, "", err
	}
	path := filepath.Join(dir, local)
	if _, err := os.Lstat(path); err != nil {
		if data, ok := assets.Pack(source); ok {
			p, err := graph.Parse(data, source+".yaml")
			return p, source, err
		}
		return nil, "", refuse(": no such file beside the record, and no bundled pack of that name (give the pack with --pack PACK)")
	}
	if !inside(dir, path) {
		return nil, "", refuse(outside)
	}
	p, warnings, err := loadPack(path)
	if err != nil {
		return nil, "", err
	}
	for _, d := range warnings {
		fmt.Fprintln(stderr, d)
	}
	return p, path, nil
}

// inside reports whether path, its symbolic links followed, is in dir (its
// own followed too).
func inside(dir, path string) bool {
	realDir, err1 := filepath.EvalSymlinks(dir)
	realPath, err2 := filepath.EvalSymlinks(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(realDir, realPath)
	return err == nil && filepath.IsLocal(rel) && !strings.HasPrefix(rel, "..")
}

// absPath is path made absolute, or path when it cannot be.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}
