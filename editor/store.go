package editor

import (
	"errors"
	"io/fs"

	"github.com/rulestudio/studio/graph"
)

// ErrLocked is wrapped by Store.Open's error when another studio holds the
// project for writing; its message says who. The editor then offers to open the
// project read-only.
var ErrLocked = errors.New("the project is open in another studio")

// Store opens and creates project files (*.rulestudio). The editor never
// touches the file format itself: cmd/studio adapts the project package to this
// interface, so that editor does not depend on SQLite.
type Store interface {
	// Open opens the project at path for reading and writing. When another
	// studio holds it, the error wraps ErrLocked.
	Open(path string) (Project, error)
	// OpenReadOnly opens the project at path for reading only, even while
	// another studio holds it.
	OpenReadOnly(path string) (Project, error)
	// Create makes a project file at path holding p as its first revision
	// (positions included), with message, and opens it. A file at path is
	// replaced (Save As asks first), in one step: until the new file is
	// whole the old one stays as it was, and on an error no new file is left.
	Create(path string, p *graph.Pack, message string) (Project, error)
}

// Project is one open project file.
type Project interface {
	// Path is the project file's path.
	Path() string
	// Pack returns the pack as last saved (nil, nil for a new, empty project),
	// with its editor positions.
	Pack() (*graph.Pack, error)
	// Save stores p, positions included, as a new revision.
	Save(p *graph.Pack, message string) error
	// Close closes the file.
	Close() error
	// ReadOnly reports whether the project was opened read-only: Save and
	// autosave then refuse, and the pack can only be saved elsewhere.
	ReadOnly() bool
}

// ImageKeeper is implemented by projects that keep the images the display
// hints name (cmd/studio's project file), so that the window draws a
// project's images wherever the file was moved.
type ImageKeeper interface {
	// Images returns the kept images by pack-relative path (then the
	// folder beside the project, for a path it does not keep).
	Images() (fs.FS, error)
	// PutImages keeps images by pack-relative path, each a PNG or SVG
	// of at most graph.MaxImage bytes; an error names a file refused.
	PutImages(images map[string][]byte) error
}

// Autosaver is implemented by projects that keep an autosaved copy of the pack
// between saves, so that a crash or a closed window loses little.
type Autosaver interface {
	// Autosave keeps p as the project's autosaved state (no revision).
	Autosave(p *graph.Pack) error
	// Recover returns the autosaved pack and true when there is one newer than
	// the last save.
	Recover() (*graph.Pack, bool, error)
	// DiscardAutosave forgets the autosaved state.
	DiscardAutosave() error
}
