package host

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/atomicfile"
	"github.com/rulestudio/studio/internal/input"
)

// stateFile is serve.json in a server's folder: what the matches were
// started with, and their tokens (secret: the file is readable by its owner
// only). A server started again on the same arguments finds the same file
// and hands out the same links.
type stateFile struct {
	PackHash string       `json:"pack_hash"`
	Seed     uint64       `json:"seed"`
	Seats    []graph.Seat `json:"seats"`
	Matches  int          `json:"matches"`
	ClockMS  int64        `json:"clock_ms,omitempty"` // each player's time bank
	// Tokens holds, per match, the spectator's token then each seat's (a
	// bot's seat has none: "").
	Tokens [][]string `json:"tokens"`
}

// same reports whether s was written for the matches of o.
func (s *stateFile) same(o *stateFile) bool {
	return s.PackHash == o.PackHash && s.Seed == o.Seed && s.Matches == o.Matches && s.ClockMS == o.ClockMS && slices.Equal(s.Seats, o.Seats)
}

// loadState reads the folder's serve.json, or makes one with new tokens
// for want when there is none. A file for other arguments is an error: its
// matches are not these.
func loadState(dir string, want *stateFile) (*stateFile, error) {
	path := filepath.Join(dir, "serve.json")
	data, err := input.Read(path, input.Record)
	if err == nil && len(data) == 0 { // killed before its first write
		os.Remove(path)
		err = os.ErrNotExist
	}
	if err == nil {
		var have stateFile
		if err := json.Unmarshal(data, &have); err != nil {
			return nil, fmt.Errorf("host: %s: %v", path, err)
		}
		if !have.same(want) || len(have.Tokens) != have.Matches {
			return nil, fmt.Errorf("host: %s holds matches started with other arguments (another pack, seed, seats, number of matches or clock): start with those, or give another --state folder", path)
		}
		return &have, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("host: %w", err)
	}
	st := *want
	st.Tokens = make([][]string, st.Matches)
	for i := range st.Tokens {
		st.Tokens[i] = make([]string, len(st.Seats)+1)
		for s := range st.Tokens[i] {
			if s > 0 && st.Seats[s-1].Bot != "" {
				continue
			}
			if st.Tokens[i][s], err = newToken(); err != nil {
				return nil, err
			}
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	data, err = json.MarshalIndent(&st, "", "  ")
	if err != nil {
		return nil, err
	}
	// An empty file of mode 0600 first: atomicfile keeps the mode of the
	// file it replaces, so the tokens are never readable by others.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		err = f.Close()
	}
	if err == nil {
		err = atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
	}
	if err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	return &st, nil
}
