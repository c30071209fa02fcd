//go:build unix

package project

import (
	"encoding/json"
	"errors"
	"os"
	"syscall"
)

// lock is the writer's lock on a project: an flock(2) held on PROJECT.lock for
// as long as the project is open. The kernel drops it when the process dies, so a
// crashed studio leaves a stale file that the next studio takes over. The file
// also says who holds it, for the message a second studio shows.
type lock struct {
	f    *os.File
	path string
}

func acquireLock(project string) (*lock, error) {
	path := lockPath(project)
	for attempt := 0; ; attempt++ {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			h := readHolder(f)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, &LockedError{Path: project, Holder: h}
			}
			return nil, err
		}
		// The holder removes the file when it closes the project: if that
		// happened between our open and our flock, we locked a file no one
		// else will see. Start again on the file now at path.
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(fi, pi) {
			f.Close()
			if attempt > 100 {
				return nil, errors.New("cannot take the lock file " + path)
			}
			continue
		}
		b, _ := json.Marshal(me())
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
		if _, err := f.WriteAt(append(b, '\n'), 0); err != nil {
			f.Close()
			return nil, err
		}
		return &lock{f: f, path: path}, nil
	}
}

// release removes the lock file, then drops the lock.
func (l *lock) release() {
	os.Remove(l.path)
	l.f.Close()
}
