package project

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// recoverSave rolls back the journal a killed save left beside the file at
// path, for a read-only Open: the only write it makes, under the writer's
// lock, after checking from the header alone that the file is a project
// this studio reads. Where the file or its folder cannot be written it
// returns the error that says the command that will recover it.
func recoverSave(path string) error {
	if err := checkHeader(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if !writable(path, dir) {
		return fmt.Errorf(`open %s: a save was interrupted, and the last saved revision can be recovered only where the file and its folder can be written: run "chmod u+w %s %s && studio log %s" as their owner`,
			path, shellQuote(path), shellQuote(dir), shellQuote(path))
	}
	l, err := acquireLock(path)
	if err != nil {
		return fmt.Errorf("open %s: recovering an interrupted save: %w", path, unwrapPathError(err))
	}
	defer l.release()
	if err := rollBack(path); err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	return nil
}

// rollBack has SQLite roll back the hot journal beside the file at path:
// the first read on a connection that may write does it. The caller holds
// the writer's lock.
func rollBack(path string) error {
	db, err := openDB(path, false)
	if err != nil {
		return err
	}
	defer db.Close()
	var v int
	if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("rolling back an interrupted save: %w", err)
	}
	return db.Close()
}

// writable reports whether the file at path can be opened for writing and
// a file made and removed in dir, as rolling back a journal needs (the
// journal is deleted, the lock file made): tried, since modes do not say it
// for root, ACLs or a read-only mount.
func writable(path, dir string) bool {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	probe, err := os.CreateTemp(dir, ".rulestudio-probe-*")
	if err != nil {
		return false
	}
	probe.Close()
	return os.Remove(probe.Name()) == nil
}

// shellSafe matches a word a POSIX shell takes as it is.
var shellSafe = regexp.MustCompile(`^[A-Za-z0-9_./:@%+=,-]+$`)

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if shellSafe.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
