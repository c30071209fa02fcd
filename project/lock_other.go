//go:build !unix

package project

import (
	"encoding/json"
	"errors"
	"os"
)

// lock is the writer's lock on a project: the file PROJECT.lock, created
// exclusively. Without flock(2) a lock left by a crashed studio is not detected;
// remove the file by hand.
type lock struct {
	f    *os.File
	path string
}

func acquireLock(project string) (*lock, error) {
	path := lockPath(project)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		var h Holder
		if g, err := os.Open(path); err == nil {
			h = readHolder(g)
			g.Close()
		}
		return nil, &LockedError{Path: project, Holder: h}
	}
	if err != nil {
		return nil, err
	}
	b, _ := json.Marshal(me())
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	return &lock{f: f, path: path}, nil
}

func (l *lock) release() {
	l.f.Close()
	os.Remove(l.path)
}
