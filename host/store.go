package host

import (
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

// DirStore keeps the records of a server's matches in a folder:
// journal.log, one journal of every match (each match's head, the record
// without its moves, when it starts, then a line per move with the bots'
// source after it), and once a match has ended match-N.json, its record in
// the form `studio replay` reads (N from 1). The moves of matches taken at
// the same moment are written and synced together (group commit): a move
// waits for at most the sync under way and its own. A line cut short by a
// kill was never acknowledged and is not read. A folder of an older server,
// with a journal per match (match-N.log), goes on: a match not in
// journal.log is read from its own, and stored whole in journal.log at its
// next move.
//
// Load must come before Save, and Close once the server is done with it.
type DirStore struct {
	dir string
	j   *journal

	mu     sync.Mutex
	stored map[int]int // match -> moves in journal.log

	// sync makes a file's writes durable: (*os.File).Sync, which tests
	// replace to count or fail the syncs.
	sync func(*os.File) error
}

// NewDirStore returns a store in folder dir, made if missing.
func NewDirStore(dir string) (*DirStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("host: record folder: %w", err)
	}
	d := &DirStore{dir: dir, stored: map[int]int{}, sync: (*os.File).Sync}
	d.j = newJournal(filepath.Join(dir, "journal.log"), func(f *os.File) error { return d.sync(f) })
	return d, nil
}

// RecordPath is where match i's record is written once it has ended.
func (d *DirStore) RecordPath(i int) string {
	return filepath.Join(d.dir, "match-"+strconv.Itoa(i+1)+".json")
}

// Load reads the folder's journal, and the journal of each match of an
// older server that is not in it.
func (d *DirStore) Load(n int) ([]*graph.Record, error) {
	recs, err := readJournal(d.j.path, n)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for i, rec := range recs {
		if rec != nil {
			d.stored[i] = len(rec.Moves)
			continue
		}
		if recs[i], err = readMatchJournal(filepath.Join(d.dir, "match-"+strconv.Itoa(i+1)+".log")); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// Save appends the moves of rec not in the journal yet, after rec's head
// when the match is not in it, and returns once they are synced.
func (d *DirStore) Save(i int, rec graph.Record) error {
	d.mu.Lock()
	have, started := d.stored[i]
	d.mu.Unlock()
	if started && have == len(rec.Moves) {
		return nil
	}
	var b bytes.Buffer
	line := func(jl journalLine) error {
		data, err := json.Marshal(jl)
		b.Write(data)
		b.WriteByte('\n')
		return err
	}
	if !started {
		head := rec
		head.Moves, head.BotsSource = nil, nil
		if err := line(journalLine{Match: i + 1, Head: &head}); err != nil {
			return fmt.Errorf("host: match %d: %w", i+1, err)
		}
	}
	for k := have; k < len(rec.Moves); k++ {
		jl := journalLine{Match: i + 1, Move: &rec.Moves[k]}
		if k == len(rec.Moves)-1 {
			jl.BotsSource = rec.BotsSource
		}
		if err := line(jl); err != nil {
			return fmt.Errorf("host: match %d move %d: %w", i+1, k+1, err)
		}
	}
	if err := d.j.append(b.Bytes()); err != nil {
		return fmt.Errorf("host: match %d: %w", i+1, err)
	}
	d.mu.Lock()
	d.stored[i] = len(rec.Moves)
	d.mu.Unlock()
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

// Close closes the journal, once the move being stored is.
func (d *DirStore) Close() error {
	if err := d.j.close(); err != nil {
		return fmt.Errorf("host: %w", err)
	}
	return nil
}

// matchLine is a line of an older server's journal of one match, after
// its head.
type matchLine struct {
	Move       graph.Move `json:"move"`
	BotsSource *uint64    `json:"bots_source,omitempty"`
}

// readMatchJournal reads the journal of one match an older server kept
// (nil when there is none). Only lines ending in a newline count.
func readMatchJournal(path string) (*graph.Record, error) {
	data, err := input.Read(path, input.Record) // a regular file, within a record's size
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	var rec *graph.Record
	for line := 1; ; line++ {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			return rec, nil // an unfinished line, or none
		}
		text := data[:end+1]
		data = data[end+1:]
		if rec == nil {
			rec = &graph.Record{}
			if err := json.Unmarshal(text, rec); err != nil {
				return nil, fmt.Errorf("%s:%d: the record's head: %v", path, line, err)
			}
			rec.Moves = []graph.Move{}
			continue
		}
		var ml matchLine
		if err := json.Unmarshal(text, &ml); err != nil {
			return nil, fmt.Errorf("%s:%d: a move: %v", path, line, err)
		}
		rec.Moves = append(rec.Moves, ml.Move)
		rec.BotsSource = ml.BotsSource
	}
}
