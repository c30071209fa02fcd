package project

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pragmas reads back how a project's connection is configured.
type pragmas struct {
	synchronous   int    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
	journalMode   string // "delete", "wal", ...
	foreignKeys   int
	applicationID uint32
	userVersion   int
	fullfsync     int
}

func readPragmas(t *testing.T, p *Project) pragmas {
	t.Helper()
	var got pragmas
	for _, q := range []struct {
		pragma string
		dst    any
	}{
		{"synchronous", &got.synchronous},
		{"journal_mode", &got.journalMode},
		{"foreign_keys", &got.foreignKeys},
		{"application_id", &got.applicationID},
		{"user_version", &got.userVersion},
		{"fullfsync", &got.fullfsync},
	} {
		if err := p.db.QueryRow("PRAGMA " + q.pragma).Scan(q.dst); err != nil {
			t.Fatalf("PRAGMA %s: %v", q.pragma, err)
		}
	}
	return got
}

// documented are the values package project's documentation promises (doc.go
// "The file"): the file says "RStd" at offset 68, its schema version is the
// number of migrations/*.sql files, and a connection that may write uses the
// rollback journal with synchronous=FULL, foreign keys on and, for macOS,
// fullfsync.
func documented(t *testing.T) pragmas {
	t.Helper()
	sqls, err := filepath.Glob("migrations/*.sql")
	if err != nil || len(sqls) == 0 {
		t.Fatalf("no migrations/*.sql: %v", err)
	}
	return pragmas{
		synchronous:   2, // FULL
		journalMode:   "delete",
		foreignKeys:   1,
		applicationID: binary.BigEndian.Uint32([]byte("RStd")),
		userVersion:   len(sqls),
		fullfsync:     1,
	}
}

// TestConnectionPragmas reads the configuration back from the connections
// Create and Open give. A crash test cannot see a missing fsync (a killed
// process does not lose the page cache), so this is what guards it.
func TestConnectionPragmas(t *testing.T) {
	want := documented(t)
	p := mustCreate(t)
	if got := readPragmas(t, p); got != want {
		t.Errorf("created project: %+v, want %+v", got, want)
	}
	mustSave(t, p, sketch(t), "one")
	if got := readPragmas(t, p); got != want { // still the one connection, after a transaction
		t.Errorf("after a save: %+v, want %+v", got, want)
	}
	path := p.Path()
	p.Close()

	q, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := readPragmas(t, q); got != want {
		t.Errorf("opened read-write: %+v, want %+v", got, want)
	}
	q.Close()
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Errorf("a -wal file is beside the project: not the rollback journal")
	}

	// Read-only: the same file (id, version, rollback journal), and a
	// connection that cannot write. synchronous and foreign keys matter only
	// to writes, so they are not asserted.
	r, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := readPragmas(t, r)
	if got.applicationID != want.applicationID || got.userVersion != want.userVersion || got.journalMode != want.journalMode {
		t.Errorf("opened read-only: %+v, want application_id %#x, user_version %d, journal_mode %s",
			got, want.applicationID, want.userVersion, want.journalMode)
	}
	_, err = r.db.Exec("PRAGMA user_version = 99")
	if err == nil || !strings.Contains(err.Error(), "readonly") {
		t.Errorf("a read-only connection wrote (err %v)", err)
	}
}
