package project

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// interrupted makes, in a folder of its own, a copy of a project taken in
// the middle of a save: the file as it was committed (revision 1, titled
// "first") and the save's journal beside it, as a studio killed at that
// moment leaves them. It returns the copy's path.
func interrupted(t *testing.T) string {
	t.Helper()
	p := mustCreate(t)
	pack := sketch(t)
	pack.Title = "first"
	mustSave(t, p, pack, "first")
	// A cache of a few pages spills to the file before the commit: the
	// journal is then synced (its header made valid) and the file holds
	// pages of a revision that was never committed.
	if _, err := p.db.Exec("PRAGMA cache_size = 2"); err != nil {
		t.Fatal(err)
	}
	tx, err := p.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for i := range 20 {
		if _, err := tx.Exec("INSERT INTO blob (hash, yaml) VALUES (?, ?)", i, strings.Repeat("a save that never ends ", 400)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(p.path + "-journal"); err != nil {
		t.Fatalf("no journal during the save: %v", err)
	}
	dst := filepath.Join(t.TempDir(), "interrupted"+Extension)
	copyFile(t, p.path, dst)
	copyFile(t, p.path+"-journal", dst+"-journal")
	return dst
}

// TestReadOnlyOpenRecovers: a read-only open (studio log, the window's Open
// Read-Only) of a project whose save was interrupted recovers it when the
// file and its folder can be written: the journal is rolled back and the
// last saved revision read.
func TestReadOnlyOpenRecovers(t *testing.T) {
	path := interrupted(t)
	p, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("read-only open: %v", err)
	}
	defer p.Close()
	pack, err := p.Pack()
	if err != nil || pack.Title != "first" {
		t.Fatalf("read back %v, %v", pack, err)
	}
	if !p.ReadOnly() {
		t.Error("the project recovered is not read-only")
	}
	if _, err := os.Stat(path + "-journal"); !os.IsNotExist(err) {
		t.Errorf("the journal is still there: %v", err)
	}
	if _, err := os.Stat(lockPath(path)); !os.IsNotExist(err) {
		t.Errorf("the lock taken to recover is still there: %v", err)
	}
}

// TestReadOnlyOpenSaysHowToRecover: where the file cannot be written, a
// read-only open refuses and says the exact command that will recover it,
// and changes nothing.
func TestReadOnlyOpenSaysHowToRecover(t *testing.T) {
	path := interrupted(t)
	dir := filepath.Dir(path)
	unwritable(t, path, dir)
	before := fileSum(t, path)
	_, err := Open(path, Options{ReadOnly: true})
	want := "open " + path + `: a save was interrupted, and the last saved revision can be recovered only where the file and its folder can be written: run "chmod u+w ` + path + " " + dir + " && studio log " + path + `" as their owner`
	if err == nil || err.Error() != want {
		t.Fatalf("read-only open:\n got %v\nwant %s", err, want)
	}
	if fileSum(t, path) != before {
		t.Error("the refused open changed the file")
	}
	if _, err := os.Stat(path + "-journal"); err != nil {
		t.Errorf("the journal is gone: %v", err)
	}
}

// unwritable makes paths unwritable for this process: by their mode, or,
// for root, whom modes do not stop, with the immutable attribute (skipping
// the test where chattr cannot). The function it returns, also run at the
// test's end, makes them writable again.
func unwritable(t *testing.T, paths ...string) (restore func()) {
	t.Helper()
	var undo []func()
	restore = func() {
		for _, u := range undo {
			u()
		}
		undo = nil
	}
	t.Cleanup(restore)
	for _, p := range paths {
		if os.Geteuid() != 0 {
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			mode := fi.Mode().Perm()
			if err := os.Chmod(p, mode&^0o222); err != nil {
				t.Fatal(err)
			}
			undo = append(undo, func() { os.Chmod(p, mode) })
			continue
		}
		if out, err := exec.Command("chattr", "+i", p).CombinedOutput(); err != nil {
			t.Skipf("running as root, and chattr +i %s: %v %s", p, err, out)
		}
		undo = append(undo, func() { exec.Command("chattr", "-i", p).Run() })
	}
	if f, err := os.OpenFile(paths[0], os.O_WRONLY, 0); err == nil || !errors.Is(err, os.ErrPermission) {
		f.Close()
		t.Skipf("%s is still writable (%v)", paths[0], err)
	}
	return restore
}
