package project

import (
	"bytes"
	"io/fs"
	"path"
	"sort"
	"time"

	"github.com/rulestudio/studio/graph"
)

// imagesSchema is the first schema that keeps images.
const imagesSchema = 8

// CreateWithImages is [CreateFrom] keeping images too (pack-relative path
// to bytes, as graph.ReadImages reads them from the pack's folder): the
// file appears whole with both, or not at all. A bad image (see
// [Project.PutImages]) leaves no file.
func CreateWithImages(path string, pack *graph.Pack, message string, images map[string][]byte) (*Project, error) {
	return build(path, SchemaVersion, false, saverWith(pack, message, images))
}

// ReplaceWithImages is [Replace] keeping images too (see [CreateWithImages]).
func ReplaceWithImages(path string, pack *graph.Pack, message string, images map[string][]byte) (*Project, error) {
	return build(path, SchemaVersion, true, saverWith(pack, message, images))
}

func saverWith(pack *graph.Pack, message string, images map[string][]byte) func(*Project) error {
	return func(p *Project) error {
		if err := saver(pack, message)(p); err != nil {
			return err
		}
		return p.PutImages(images)
	}
}

// PutImages keeps images (pack-relative path to bytes) in the project, in
// one transaction, each replacing the one kept at its path, marked with the
// latest revision. Every image is checked first (graph.CheckImage: a .png
// or .svg path, at most graph.MaxImage bytes, a PNG or SVG inside); one
// refused is an error naming its file, and nothing is put. Bytes already
// kept at their path write nothing.
func (p *Project) PutImages(images map[string][]byte) error {
	if len(images) == 0 {
		return nil
	}
	if p.readOnly {
		return p.wrap("keep images", ErrReadOnly)
	}
	names := make([]string, 0, len(images))
	for n := range images {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := graph.CheckImage(n, images[n]); err != nil {
			return p.wrap("keep images", err)
		}
	}
	tx, err := p.db.Begin()
	if err != nil {
		return p.wrap("keep images", err)
	}
	defer tx.Rollback()
	cur, err := latestRevision(tx)
	if err != nil {
		return p.wrap("keep images", err)
	}
	var rev any
	if cur != 0 {
		rev = cur
	}
	for _, n := range names {
		h := hashOf(images[n])
		if _, err := tx.Exec(`INSERT INTO image (path, revision, hash, data) VALUES (?, ?, ?, ?)
			ON CONFLICT (path) DO UPDATE SET revision = excluded.revision, hash = excluded.hash, data = excluded.data
			WHERE hash <> excluded.hash`, n, rev, h, images[n]); err != nil {
			return p.wrap("keep images", err)
		}
	}
	return p.wrap("keep images", tx.Commit())
}

// Images returns the images the project keeps as a read-only file system
// of their pack-relative paths (what picture.Options.Images reads, in
// place of the pack's folder), read into memory now: later puts do not
// change it. A file of a schema before images has none.
func (p *Project) Images() (fs.FS, error) {
	out := imageFS{}
	if p.version < imagesSchema {
		return out, nil
	}
	rows, err := p.db.Query("SELECT path, data FROM image")
	if err != nil {
		return nil, p.wrap("read images", err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var data []byte
		if err := rows.Scan(&name, &data); err != nil {
			return nil, p.wrap("read images", err)
		}
		out[name] = data
	}
	return out, p.wrap("read images", rows.Err())
}

// imageFS is the images by path: Open reads a file (not a folder), Glob
// matches paths as fs.Glob matches a folder's.
type imageFS map[string][]byte

func (m imageFS) Open(name string) (fs.File, error) {
	data, ok := m[name]
	if !ok || !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &imageFile{Reader: bytes.NewReader(data), info: imageInfo{name: path.Base(name), size: int64(len(data))}}, nil
}

// Glob is fs.GlobFS's: the kept paths pattern matches, sorted.
func (m imageFS) Glob(pattern string) ([]string, error) {
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, err
	}
	var out []string
	for n := range m {
		if ok, _ := path.Match(pattern, n); ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}

type imageFile struct {
	*bytes.Reader
	info imageInfo
}

func (f *imageFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *imageFile) Close() error               { return nil }

type imageInfo struct {
	name string
	size int64
}

func (i imageInfo) Name() string       { return i.name }
func (i imageInfo) Size() int64        { return i.size }
func (i imageInfo) Mode() fs.FileMode  { return 0o444 }
func (i imageInfo) ModTime() time.Time { return time.Time{} }
func (i imageInfo) IsDir() bool        { return false }
func (i imageInfo) Sys() any           { return nil }
