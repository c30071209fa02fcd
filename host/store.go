package host

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/atomicfile"
	"github.com/rulestudio/studio/internal/input"
)

// Store keeps the records of a server's matches, so that a server killed at
// any moment and started again on the same arguments goes on with them.
// Match i is the i-th of the server (from 0). A Store is used by one match's
// goroutine at a time per match, by several matches at once.
type Store interface {
	// Load returns the stored record of each of the n matches, nil for a
	// match never stored.
	Load(n int) ([]*graph.Record, error)
	// Save stores rec as match i's record: when it returns, rec is on disk
	// (a move is acknowledged only after). rec only grows: each call has
	// the moves of the one before and those taken since.
	Save(i int, rec graph.Record) error
	// Finish is called once match i has ended, with its whole record.
	Finish(i int, rec graph.Record) error
}

// DirStore keeps each match's record in a folder: match-N.log, a journal of
// the record's head and one line per move appended and synced as the move is
// taken (a line cut short by a kill was never acknowledged and is not
// read), and once the match has ended match-N.json, its record in the form
// `studio replay` reads (N from 1).
type DirStore struct {
	dir string

	mu     sync.Mutex
	stored map[int]int // match -> moves in its journal
}

// NewDirStore returns a store in folder dir, made if missing.
func NewDirStore(dir string) (*DirStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("host: record folder: %w", err)
	}
	return &DirStore{dir: dir, stored: map[int]int{}}, nil
}

// RecordPath is where match i's record is written once it has ended.
func (d *DirStore) RecordPath(i int) string {
	return filepath.Join(d.dir, "match-"+strconv.Itoa(i+1)+".json")
}

func (d *DirStore) journal(i int) string {
	return filepath.Join(d.dir, "match-"+strconv.Itoa(i+1)+".log")
}

// journalLine is a journal's line after its head: one move and the bots'
// source after it.
type journalLine struct {
	Move       graph.Move `json:"move"`
	BotsSource *uint64    `json:"bots_source,omitempty"`
}

// Load reads every journal of the folder.
func (d *DirStore) Load(n int) ([]*graph.Record, error) {
	out := make([]*graph.Record, n)
	for i := range out {
		rec, err := d.read(i)
		if err != nil {
			return nil, err
		}
		if rec != nil {
			out[i] = rec
			d.mu.Lock()
			d.stored[i] = len(rec.Moves)
			d.mu.Unlock()
		}
	}
	return out, nil
}

// read reads match i's journal (nil when there is none). Only lines ending
// in a newline count: the last may have been cut by a kill while written.
func (d *DirStore) read(i int) (*graph.Record, error) {
	path := d.journal(i)
	data, err := input.Read(path, input.Record) // a regular file, within a record's size
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	r := bufio.NewReader(bytes.NewReader(data))
	var rec *graph.Record
	whole := 0 // bytes of whole lines
	for line := 1; ; line++ {
		text, err := r.ReadBytes('\n')
		if err == io.EOF {
			break // an unfinished line, or none
		}
		whole += len(text)
		if rec == nil {
			rec = &graph.Record{}
			if err := json.Unmarshal(text, rec); err != nil {
				return nil, fmt.Errorf("%s:%d: the record's head: %v", path, line, err)
			}
			rec.Moves = []graph.Move{}
			continue
		}
		var jl journalLine
		if err := json.Unmarshal(text, &jl); err != nil {
			return nil, fmt.Errorf("%s:%d: a move: %v", path, line, err)
		}
		rec.Moves = append(rec.Moves, jl.Move)
		rec.BotsSource = jl.BotsSource
	}
	if whole < len(data) { // cut by a kill: the next line starts where it did
		if err := os.Truncate(path, int64(whole)); err != nil {
			return nil, fmt.Errorf("host: %w", err)
		}
	}
	return rec, nil
}

// Save appends the moves of rec not in match i's journal yet, starting the
// journal with rec's head when there is none, and syncs it.
func (d *DirStore) Save(i int, rec graph.Record) error {
	d.mu.Lock()
	have, started := d.stored[i]
	d.mu.Unlock()
	if started && have == len(rec.Moves) {
		return nil
	}
	var b bytes.Buffer
	if !started {
		head := rec
		head.Moves, head.BotsSource = nil, nil
		data, err := json.Marshal(head)
		if err != nil {
			return fmt.Errorf("host: match %d: %w", i+1, err)
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	for k := have; k < len(rec.Moves); k++ {
		jl := journalLine{Move: rec.Moves[k]}
		if k == len(rec.Moves)-1 {
			jl.BotsSource = rec.BotsSource
		}
		data, err := json.Marshal(jl)
		if err != nil {
			return fmt.Errorf("host: match %d move %d: %w", i+1, k+1, err)
		}
		b.Write(data)
		b.WriteByte('\n')
	}
	if err := d.append(d.journal(i), b.Bytes(), !started); err != nil {
		return fmt.Errorf("host: match %d: %w", i+1, err)
	}
	d.mu.Lock()
	d.stored[i] = len(rec.Moves)
	d.mu.Unlock()
	return nil
}

// append adds data to the file at path and syncs it (and, for a new file,
// its folder, so that the name survives a power cut too).
func (d *DirStore) append(path string, data []byte, created bool) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if created {
		if dir, err := os.Open(d.dir); err == nil {
			defer dir.Close()
			return dir.Sync()
		}
	}
	return nil
}

// Finish writes match i's record as match-N.json, whole or not at all.
func (d *DirStore) Finish(i int, rec graph.Record) error {
	if err := d.Save(i, rec); err != nil {
		return err
	}
	data, err := rec.Marshal()
	if err != nil {
		return fmt.Errorf("host: match %d: %w", i+1, err)
	}
	return atomicfile.Write(d.RecordPath(i), func(w io.Writer) error { _, err := w.Write(data); return err })
}
