package project

import (
	"bytes"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mattn/go-sqlite3"
	"github.com/rulestudio/studio/graph"
)

// Errors a refused Open wraps; test them with errors.Is. The message of the
// returned error names the file and says what is wrong in the designer's words.
var (
	// ErrNotProject: the file is not an SQLite database, or is another
	// application's.
	ErrNotProject = errors.New("not a Rule Studio project")
	// ErrNewer: the file was made by a newer studio.
	ErrNewer = errors.New("made by a newer version of Rule Studio")
	// ErrDamaged: the file fails SQLite's quick_check, or its latest revision
	// no longer reads as a rule pack.
	ErrDamaged = errors.New("the file is damaged")
	// ErrLocked: another studio holds the file for writing (see [LockedError]).
	ErrLocked = errors.New("held by another studio")
	// ErrReadOnly: a write to a project opened read-only.
	ErrReadOnly = errors.New("opened read-only")
	// ErrNotFound: no revision, match or breakpoint with that id.
	ErrNotFound = errors.New("not found")
	// ErrEmpty: the project has no revision yet.
	ErrEmpty = errors.New("the project has no revision yet")
)

// errHotJournal: a save was interrupted and its journal must be rolled back
// before the file can be read.
var errHotJournal = errors.New("hot journal")

// sqliteHeader is the magic string at the start of every SQLite database.
const sqliteHeader = "SQLite format 3\x00"

// check runs Open's checks on a connection that cannot write and returns the
// latest revision's pack (nil for a project without revisions) and its id.
func check(db *sql.DB, path string) (*graph.Pack, int64, error) {
	var appID, version int64
	err := db.QueryRow("PRAGMA application_id").Scan(&appID)
	if err == nil {
		err = db.QueryRow("PRAGMA user_version").Scan(&version)
	}
	if err != nil {
		return nil, 0, openError(path, err)
	}
	if err := checkIdentity(path, appID, version); err != nil {
		return nil, 0, err
	}
	rows, err := db.Query("PRAGMA quick_check")
	if err != nil {
		return nil, 0, openError(path, err)
	}
	var problems []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return nil, 0, openError(path, err)
		}
		for _, line := range strings.Split(s, "\n") {
			if !strings.HasPrefix(line, "*** in database") {
				problems = append(problems, line)
			}
		}
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return nil, 0, openError(path, err)
	}
	rows.Close()
	if len(problems) != 1 || problems[0] != "ok" {
		first := "no result"
		if len(problems) > 0 {
			first = problems[0]
		}
		if len(problems) > 1 {
			first += fmt.Sprintf(", and %d more problems", len(problems)-1)
		}
		return nil, 0, fmt.Errorf("open %s: %w (quick_check: %s)", path, ErrDamaged, first)
	}
	rev, err := latestRevision(db)
	if err != nil {
		return nil, 0, openError(path, err)
	}
	if rev == 0 {
		return nil, 0, nil
	}
	docs, err := readDocuments(db, rev, int(version))
	if err != nil {
		return nil, 0, openError(path, err)
	}
	pack, err := graph.JoinDocuments(docs)
	if err != nil {
		return nil, 0, fmt.Errorf("open %s: %w (revision %d does not read back: %v)", path, ErrDamaged, rev, err)
	}
	pack.Source = path
	return pack, rev, nil
}

// checkIdentity refuses another application's file and a newer schema.
func checkIdentity(path string, appID, version int64) error {
	if appID != ApplicationID {
		return fmt.Errorf("open %s: %w (an SQLite database of another application)", path, ErrNotProject)
	}
	if version > int64(SchemaVersion) {
		return fmt.Errorf("open %s: %w (schema %d, this studio reads up to %d)", path, ErrNewer, version, SchemaVersion)
	}
	return nil
}

// checkHeader runs the identity checks on the file's first 100 bytes, read
// directly: used only when SQLite cannot read the file before recovering it.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", path, unwrapPathError(err))
	}
	defer f.Close()
	h := make([]byte, 100)
	if _, err := io.ReadFull(f, h); err != nil || !bytes.HasPrefix(h, []byte(sqliteHeader)) {
		return fmt.Errorf("open %s: %w (not an SQLite database)", path, ErrNotProject)
	}
	version := int64(int32(binary.BigEndian.Uint32(h[60:])))
	appID := int64(binary.BigEndian.Uint32(h[68:]))
	return checkIdentity(path, appID, version)
}

// openError turns an SQLite error met while checking a file into a refusal in
// the designer's words.
func openError(path string, err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) {
		switch {
		case se.Code == sqlite3.ErrNotADB:
			return fmt.Errorf("open %s: %w (not an SQLite database)", path, ErrNotProject)
		case se.ExtendedCode == sqlite3.ErrReadonlyRollback:
			return errHotJournal
		case se.Code == sqlite3.ErrCorrupt:
			return fmt.Errorf("open %s: %w (%v)", path, ErrDamaged, se)
		}
	}
	return fmt.Errorf("open %s: %w", path, err)
}
