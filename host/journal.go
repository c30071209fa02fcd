package host

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/internal/input"
)

// journal is the one file every match of a DirStore appends its moves to
// (group commit): the lines that arrive while a sync runs are written
// together after it and synced once, so that a move waits for at most the
// sync under way and its own, however many matches move at once, where a
// file per match would sync once per move.
//
// A write or sync that fails leaves the file in a state nobody knows (the
// system may have dropped the written pages): from then on every append
// fails, and the matches stop rather than acknowledge a move that may be
// lost.
type journal struct {
	path string
	sync func(*os.File) error // DirStore.sync

	mu   sync.Mutex
	cond sync.Cond // signalled when a batch is done
	f    *os.File  // opened at the first append, closed by close
	busy bool      // a batch is being written and synced
	next *batch    // the lines waiting for the batch under way
	err  error     // the append that failed: every one after fails too
}

// batch is the lines of one write and sync, and how it went.
type batch struct {
	data []byte
	done bool
	err  error
}

func newJournal(path string, sync func(*os.File) error) *journal {
	j := &journal{path: path, sync: sync}
	j.cond.L = &j.mu
	return j
}

// append writes data (whole lines) at the end of the journal and returns
// once it is synced. The first caller to find no batch under way writes
// and syncs the lines waiting, its own and those of the callers waiting
// with it; a caller whose lines are written by another only waits.
func (j *journal) append(data []byte) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err != nil {
		return j.err
	}
	if j.next == nil {
		j.next = &batch{}
	}
	mine := j.next
	mine.data = append(mine.data, data...)
	for !mine.done {
		if j.busy {
			j.cond.Wait()
			continue
		}
		b := j.next // mine: the batch before it is done, or busy would be set
		j.next, j.busy = nil, true
		j.mu.Unlock()
		err := j.commit(b.data)
		j.mu.Lock()
		b.done, b.err, j.busy = true, err, false
		if err != nil && j.err == nil {
			j.err = fmt.Errorf("an earlier write failed, so the journal may have lost moves: %w", err)
		}
		j.cond.Broadcast()
	}
	return mine.err
}

// commit writes data and syncs the file (and, when it made the file, its
// folder, so that the name survives a power cut too). One goroutine at a
// time: the one that set busy.
func (j *journal) commit(data []byte) error {
	made := false
	if j.f == nil {
		_, err := os.Lstat(j.path)
		made = errors.Is(err, os.ErrNotExist)
		if j.f, err = os.OpenFile(j.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err != nil {
			return err
		}
	}
	if _, err := j.f.Write(data); err != nil {
		return err
	}
	if err := j.sync(j.f); err != nil {
		return err
	}
	if made {
		dir, err := os.Open(filepath.Dir(j.path))
		if err != nil {
			return err
		}
		defer dir.Close()
		return j.sync(dir)
	}
	return nil
}

// close closes the file once no batch is under way; an append after it
// opens the file again.
func (j *journal) close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	for j.busy {
		j.cond.Wait()
	}
	if j.f == nil {
		return nil
	}
	err := j.f.Close()
	j.f = nil
	return err
}

// journalLine is one line of the journal: a match's head (its record
// without the moves), or one of its moves and the bots' source after it.
type journalLine struct {
	Match      int           `json:"match"` // from 1
	Head       *graph.Record `json:"head,omitempty"`
	Move       *graph.Move   `json:"move,omitempty"`
	BotsSource *uint64       `json:"bots_source,omitempty"`
}

// readJournal reads the records of the matches in the journal at path,
// n matches in all (nil for one not in it; a missing file holds none).
// Only lines ending in a newline count: the last may have been cut by a
// kill while written, and is cut off the file so that the next line
// starts where it did.
func readJournal(path string, n int) ([]*graph.Record, error) {
	recs := make([]*graph.Record, n)
	info, err := os.Stat(path) // before opening: opening a FIFO would wait
	if errors.Is(err, os.ErrNotExist) {
		return recs, nil
	}
	if err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("host: %s: %w", path, &input.NotFileError{Mode: info.Mode()})
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var whole int64 // bytes of whole lines
	for line := 1; ; line++ {
		text, err := r.ReadBytes('\n')
		if err == io.EOF {
			if len(text) > 0 { // cut by a kill
				if err := f.Truncate(whole); err != nil {
					return nil, fmt.Errorf("host: %w", err)
				}
			}
			return recs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("host: %w", err)
		}
		whole += int64(len(text))
		if int64(len(text)) > input.Record.Limit() {
			return nil, fmt.Errorf("%s:%d: a line longer than a record may be (%s)", path, line, input.FormatSize(input.Record.Limit()))
		}
		if err := readLine(recs, text); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
	}
}

// readLine adds one journal line to the records read so far.
func readLine(recs []*graph.Record, text []byte) error {
	var jl journalLine
	if err := json.Unmarshal(text, &jl); err != nil {
		return err
	}
	i := jl.Match - 1
	switch {
	case i < 0 || i >= len(recs):
		return fmt.Errorf("match %d, but the server has %d", jl.Match, len(recs))
	case jl.Head != nil && recs[i] != nil:
		return fmt.Errorf("match %d starts a second time", jl.Match)
	case jl.Head != nil:
		rec := *jl.Head
		rec.Moves, rec.BotsSource = []graph.Move{}, nil
		recs[i] = &rec
	case jl.Move == nil:
		return fmt.Errorf("neither a match's start nor a move")
	case recs[i] == nil:
		return fmt.Errorf("a move of match %d before its start", jl.Match)
	default:
		recs[i].Moves = append(recs[i].Moves, *jl.Move)
		recs[i].BotsSource = jl.BotsSource
	}
	return nil
}
