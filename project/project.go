package project

import (
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"github.com/rulestudio/studio/internal/input"
	"io/fs"
	"os"
	"sort"
	"strings"
	"syscall"

	"github.com/mattn/go-sqlite3"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/atomicfile"
)

// ApplicationID is the PRAGMA application_id of every project file: the bytes
// "RStd" (0x52537464) at offset 68 of the SQLite header. It tells the studio,
// and file(1) with a magic entry, that an SQLite file is a Rule Studio project:
//
//	68	belong	0x52537464	Rule Studio project
const ApplicationID = 0x52537464

// Extension is the file name extension of a project file.
const Extension = ".rulestudio"

//go:embed migrations/*.sql
var migrationFS embed.FS

// migrations are the schema's migrations in order; migration i (0-based) takes a
// file from user_version i to i+1.
var migrations = func() []string {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	out := make([]string, len(names))
	for i, n := range names {
		b, err := migrationFS.ReadFile(n)
		if err != nil {
			panic(err)
		}
		if !strings.HasPrefix(n, fmt.Sprintf("migrations/%03d_", i+1)) {
			panic("project: migration " + n + " is out of sequence")
		}
		out[i] = string(b)
	}
	return out
}()

// SchemaVersion is the newest schema this package reads and writes (the
// user_version of a file it creates or upgrades).
var SchemaVersion = len(migrations)

// Options say how to open a project.
type Options struct {
	// ReadOnly opens the file without the writer's lock: the project can be
	// read while another studio holds it, and nothing is ever written.
	ReadOnly bool
}

// Project is an open project file. Its methods are safe for use by one
// goroutine at a time.
type Project struct {
	path     string
	db       *sql.DB
	lock     *lock // nil when read-only
	readOnly bool
	closed   bool
	version  int         // the file's schema version
	first    *graph.Pack // the pack read by Open's checks, handed out once by Pack
	firstRev int64
}

const driverName = "rulestudio-sqlite3"

func init() {
	sql.Register(driverName, &sqlite3.SQLiteDriver{
		ConnectHook: func(c *sqlite3.SQLiteConn) error {
			// F_FULLFSYNC on macOS, where fsync alone does not reach the disk;
			// ignored elsewhere.
			_, err := c.Exec("PRAGMA fullfsync = ON", nil)
			return err
		},
	})
}

// dsn is the SQLite URI of the file at path.
//
// Read-write connections use the rollback journal (journal_mode=DELETE) rather
// than WAL: between saves the project is then the one file the designer sees,
// complete, so copying it, mailing it or syncing it never leaves committed data
// behind in a -wal file, and it works on network file systems where WAL's shared
// memory does not. synchronous=FULL syncs the journal before the file is changed
// and the file before the journal is deleted, so a save survives power loss once
// it returns. BEGIN IMMEDIATE (_txlock) takes the write lock at the start of a
// save, so a save never fails half way for a lock.
func dsn(path string, readOnly bool) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	if readOnly {
		return "file:" + esc + "?mode=ro&_busy_timeout=5000"
	}
	return "file:" + esc + "?mode=rw&_busy_timeout=5000&_txlock=immediate&_foreign_keys=1&_synchronous=FULL&_journal_mode=DELETE"
}

func openDB(path string, readOnly bool) (*sql.DB, error) {
	db, err := sql.Open(driverName, dsn(path, readOnly))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one connection: pragmas and locks stay put
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	return db, nil
}

// Create makes a new, empty project file at path (an error wrapping
// fs.ErrExist if a file is already there) and opens it for writing. The
// project has no revision until the first [Project.Save]; [CreateFrom] makes
// one holding a pack. The file appears at path only once its schema is whole
// (see [CreateFrom]).
func Create(path string) (*Project, error) {
	return create(path, SchemaVersion)
}

// CreateFrom makes a new project file at path holding pack as its first
// revision (positions included), with message, and opens it for writing.
// The file is built under a temporary name in path's folder and put at path
// only once it is whole and synced (internal/atomicfile), so a studio killed
// meanwhile leaves no file at path, never an empty project or one whose save
// was interrupted. It is an error wrapping fs.ErrExist if a file is already
// at path; on any error no file is left.
func CreateFrom(path string, pack *graph.Pack, message string) (*Project, error) {
	return build(path, SchemaVersion, false, saver(pack, message))
}

// Replace is [CreateFrom] over the file at path, if any (Save As onto a
// file the designer chose to replace): the new project is built beside it
// and renamed over it, so until then the old file stays whole, and a kill
// leaves one or the other. The writer's lock on path is taken first: a
// project another studio holds is not replaced (*[LockedError]). A save of
// the old file that was interrupted is rolled back first, so that its
// journal cannot be applied to the new file.
func Replace(path string, pack *graph.Pack, message string) (*Project, error) {
	return build(path, SchemaVersion, true, saver(pack, message))
}

// saver is the fill of a new project holding pack as its first revision.
func saver(pack *graph.Pack, message string) func(*Project) error {
	return func(p *Project) error {
		_, err := p.Save(pack, message)
		return err
	}
}

// create makes an empty project file at schema version upTo (tests make
// old files).
func create(path string, upTo int) (*Project, error) { return build(path, upTo, false, nil) }

// build makes a project file at schema version upTo and runs fill on it
// before it is put at path (over a file there when replace). The writer's lock on path is
// taken first, so no other studio opens the file between its arrival and
// the open that returns it.
func build(path string, upTo int, replace bool, fill func(*Project) error) (_ *Project, err error) {
	if _, err := os.Lstat(path); err == nil && !replace {
		return nil, fmt.Errorf("create %s: %w", path, syscall.EEXIST)
	}
	l, err := acquireLock(path)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, unwrapPathError(err))
	}
	defer func() {
		if err != nil {
			l.release()
		}
	}()
	// What a studio killed while building this file left: no one else
	// builds it while we hold the lock.
	atomicfile.RemoveStale(path)
	put := atomicfile.Create
	if replace {
		put = atomicfile.Replace
		if _, err := os.Stat(path + "-journal"); err == nil {
			if err := rollBack(path); err != nil {
				return nil, fmt.Errorf("create %s: %w", path, err)
			}
		}
	}
	err = put(path, func(tmp string) error {
		db, err := openDB(tmp, false)
		if err != nil {
			return err
		}
		err = migrate(db, upTo)
		if err == nil && fill != nil {
			// Named path in its messages: the temporary name means nothing
			// to the designer.
			err = fill(&Project{path: path, db: db, version: upTo})
		}
		return errors.Join(err, db.Close())
	})
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, unwrapPathError(err))
	}
	db, err := openDB(path, false)
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	return &Project{path: path, db: db, lock: l, version: upTo}, nil
}

// Open opens the project file at path. Before anything is written it checks the
// file on a read-only connection, and refuses with an error naming the file when
// the file is not an SQLite database, is another application's SQLite file, was
// made by a newer studio (its schema is newer than [SchemaVersion]), fails
// PRAGMA quick_check, or holds a latest revision whose YAML no longer reads.
// A refused file is left byte for byte as it was.
//
// Unless opt.ReadOnly, Open then takes the writer's lock (an error of type
// *[LockedError] says who holds it; the caller may then open read-only),
// upgrades an older schema, one migration per transaction, and returns a
// project that can be saved.
//
// A save interrupted by a crash left a hot journal next to the file. Open
// lets SQLite roll it back (the file returns to its last committed revision)
// after checking the file's header, then runs the other checks. A read-only
// Open does so too, holding the writer's lock meanwhile, when the file and
// its folder can be written (that is the only write it makes); otherwise it
// refuses with the command that will recover the file.
func Open(path string, opt Options) (*Project, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, unwrapPathError(err))
	}
	if err := input.CheckInfo(info, input.Project); err != nil && !info.IsDir() {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if info.Size() == 0 { // SQLite would take it for an empty database
		return nil, fmt.Errorf("open %s: %w (an empty file)", path, ErrNotProject)
	}
	if info.IsDir() {
		return nil, fmt.Errorf("open %s: %w (a directory)", path, ErrNotProject)
	}
	db, err := openDB(path, true)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	pack, rev, err := check(db, path)
	hot := errors.Is(err, errHotJournal)
	if hot && opt.ReadOnly {
		db.Close()
		if err := recoverSave(path); err != nil {
			return nil, err
		}
		if db, err = openDB(path, true); err != nil {
			return nil, fmt.Errorf("open %s: %w", path, err)
		}
		pack, rev, err = check(db, path)
		hot = errors.Is(err, errHotJournal)
	}
	if err != nil && (!hot || opt.ReadOnly) {
		db.Close()
		if hot {
			return nil, fmt.Errorf("open %s: a save was interrupted; open it read-write once to recover the last saved revision", path)
		}
		return nil, err
	}
	if opt.ReadOnly {
		p := &Project{path: path, db: db, readOnly: true, first: pack, firstRev: rev}
		if p.version, err = p.Version(); err != nil {
			db.Close()
			return nil, err
		}
		return p, nil
	}
	db.Close()
	if hot {
		// SQLite will roll the journal back into the file: check first that
		// the file is ours and not newer, from its header alone.
		if err := checkHeader(path); err != nil {
			return nil, err
		}
	}
	l, err := acquireLock(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	p := &Project{path: path, lock: l}
	if p.db, err = openDB(path, false); err != nil {
		l.release()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if hot {
		pack, rev, err = check(p.db, path)
		if err != nil {
			p.Close()
			return nil, err
		}
	}
	p.first, p.firstRev = pack, rev
	if err := migrate(p.db, SchemaVersion); err != nil {
		p.Close()
		return nil, fmt.Errorf("open %s: upgrading the file: %w", path, err)
	}
	p.version = SchemaVersion
	return p, nil
}

// Close closes the file and releases the writer's lock. Closing a closed
// project does nothing.
func (p *Project) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	err := p.db.Close()
	if p.lock != nil {
		p.lock.release()
		p.lock = nil
	}
	if err != nil {
		return fmt.Errorf("close %s: %w", p.path, err)
	}
	return nil
}

// Path returns the file's path as given to [Open] or [Create].
func (p *Project) Path() string { return p.path }

// ReadOnly reports whether the project was opened read-only.
func (p *Project) ReadOnly() bool { return p.readOnly }

// Version returns the file's schema version (PRAGMA user_version).
func (p *Project) Version() (int, error) {
	var v int
	if err := p.db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return 0, p.wrap("schema version", err)
	}
	return v, nil
}

// migrate brings the file to schema version upTo, one transaction per
// migration; PRAGMA application_id and user_version change in the same
// transaction as the schema.
func migrate(db *sql.DB, upTo int) error {
	var v int
	if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	for ; v < upTo; v++ {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		if _, err := tx.Exec(migrations[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
		if _, err := tx.Exec(fmt.Sprintf("PRAGMA application_id = %d; PRAGMA user_version = %d", ApplicationID, v+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %d: %w", v+1, err)
		}
	}
	return nil
}

// wrap gives an error the project's context: "project PATH: what: err".
func (p *Project) wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("project %s: %s: %w", p.path, what, err)
}

// unwrapPathError drops the *fs.PathError around err, whose message repeats the
// path the caller already names.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
