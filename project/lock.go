package project

import (
	"encoding/json"
	"fmt"
	"os"
	"os/user"
	"time"
)

// Holder says who holds a project for writing: it is what the lock file next to
// the project (PROJECT.lock) holds, as JSON.
type Holder struct {
	User  string    `json:"user"`
	Host  string    `json:"host"`
	PID   int       `json:"pid"`
	Since time.Time `json:"since"`
}

// String formats h as "user@host pid N since 2006-01-02 15:04:05 UTC".
func (h Holder) String() string {
	if h.PID == 0 {
		return "another studio (it has not said who yet)"
	}
	return fmt.Sprintf("%s@%s pid %d since %s", h.User, h.Host, h.PID, h.Since.UTC().Format("2006-01-02 15:04:05 MST"))
}

// LockedError is the error of an Open for writing while another studio holds
// the project. errors.Is(err, ErrLocked) holds for it.
type LockedError struct {
	Path   string
	Holder Holder
}

// Error reads "PROJECT is held by user@host pid N since ... (open it read-only
// to look at it)".
func (e *LockedError) Error() string {
	return fmt.Sprintf("%s is held by %s (open it read-only to look at it)", e.Path, e.Holder)
}

// Is makes errors.Is(err, ErrLocked) true.
func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// lockPath is the lock file of the project at path.
func lockPath(path string) string { return path + ".lock" }

// me is the Holder this process writes into a lock file it takes.
func me() Holder {
	h := Holder{PID: os.Getpid(), Since: time.Now().UTC().Truncate(time.Second)}
	h.Host, _ = os.Hostname()
	if u, err := user.Current(); err == nil {
		h.User = u.Username
	} else {
		h.User = os.Getenv("USER")
	}
	return h
}

func readHolder(f *os.File) Holder {
	var h Holder
	b := make([]byte, 4096)
	n, _ := f.ReadAt(b, 0)
	_ = json.Unmarshal(b[:n], &h)
	return h
}
