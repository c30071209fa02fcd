package host

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rulestudio/studio/graph"
)

// testRecord is match i's record after its first k moves: a few seats, a
// bots' source on every other move, as a server's store receives it.
func testRecord(i, k int) graph.Record {
	rec := graph.Record{Format: graph.RecordFormat, Pack: "hearts", PackHash: "sha256:00", Source: "hearts",
		Seed: uint64(i + 1), Seats: []graph.Seat{{}, {Bot: "random"}}, Moves: []graph.Move{}}
	for j := 1; j <= k; j++ {
		rec.Moves = append(rec.Moves, graph.Move{Player: 1 + j%2, Action: "playCard",
			Args: json.RawMessage(`{"card":{"deck":"deck","card":` + strconv.Itoa(100*i+j) + `}}`)})
	}
	if k%2 == 1 {
		src := uint64(1000*i + k)
		rec.BotsSource = &src
	}
	return rec
}

// countSyncs makes d count its syncs, each taking wait (a disk's time), and
// returns the count.
func countSyncs(d *DirStore, wait time.Duration) *atomic.Int64 {
	n := &atomic.Int64{}
	d.sync = func(f *os.File) error {
		n.Add(1)
		time.Sleep(wait)
		return f.Sync()
	}
	return n
}

// checkStored loads dir's records of n matches with a new store, as a
// server started again does, and compares each with want(i).
func checkStored(t *testing.T, dir string, n int, want func(i int) graph.Record) *DirStore {
	t.Helper()
	d, err := NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := d.Load(n)
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range recs {
		if w := want(i); rec == nil || !reflect.DeepEqual(*rec, w) {
			t.Errorf("match %d loaded as %+v, want %+v", i+1, rec, w)
		}
	}
	return d
}

// Moves of many matches saved at once share syncs (group commit), and
// every one is there, in order, for a server started again.
func TestDirStoreGroupsSyncs(t *testing.T) {
	dir := t.TempDir()
	d, err := NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	syncs := countSyncs(d, 10*time.Millisecond)
	const matches, moves = 40, 5
	if _, err := d.Load(matches); err != nil {
		t.Fatal(err)
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for k := 1; k <= moves; k++ {
				if err := d.Save(i, testRecord(i, k)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	n := syncs.Load()
	t.Logf("%d saves, %d syncs", matches*moves, n)
	if n > matches*moves/4 {
		t.Errorf("%d saves made %d syncs: the saves that come while one sync runs should share the next", matches*moves, n)
	}
	checkStored(t, dir, matches, func(i int) graph.Record { return testRecord(i, moves) })
}

// A kill while a line is written leaves it cut short: it was never
// acknowledged, so a server started again reads every line before it and
// appends after them.
func TestDirStoreDropsATornLine(t *testing.T) {
	dir := t.TempDir()
	d, err := NewDirStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Load(3); err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 3; k++ {
		for i := range 3 {
			if err := d.Save(i, testRecord(i, k)); err != nil {
				t.Fatal(err)
			}
		}
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	if len(logs) == 0 {
		t.Fatal("no journal in the folder")
	}
	for _, path := range logs { // half of its last line again, as a kill leaves it
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		last := data[bytes.LastIndexByte(data[:len(data)-1], '\n')+1:]
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(last[:len(last)/2])
		f.Close()
	}
	d = checkStored(t, dir, 3, func(i int) graph.Record { return testRecord(i, 3) })
	for i := range 3 {
		if err := d.Save(i, testRecord(i, 4)); err != nil {
			t.Fatal(err)
		}
	}
	checkStored(t, dir, 3, func(i int) graph.Record { return testRecord(i, 4) })
}

// After a sync that failed, what the journal holds is not known (the
// system may have dropped the writes): no move of any match is
// acknowledged any more.
func TestDirStoreStopsAfterAFailedSync(t *testing.T) {
	d, err := NewDirStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Load(2); err != nil {
		t.Fatal(err)
	}
	if err := d.Save(0, testRecord(0, 1)); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("input/output error")
	d.sync = func(*os.File) error { return failed }
	if err := d.Save(0, testRecord(0, 2)); !errors.Is(err, failed) {
		t.Fatalf("a save whose sync failed: %v, want %v", err, failed)
	}
	d.sync = (*os.File).Sync
	if err := d.Save(1, testRecord(1, 1)); err == nil {
		t.Error("a save after a failed sync was acknowledged")
	}
}

// A folder of a server from before the one journal (a journal per match,
// match-N.log) goes on: its matches are read from there, and their next
// moves stored with the rest.
func TestDirStoreReadsAJournalPerMatch(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"match-1.log", "match-2.log"} {
		data, err := os.ReadFile(filepath.Join("testdata", "journal-per-match", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	had := map[int]int{0: 3, 1: 2}
	d := checkStored(t, dir, 2, func(i int) graph.Record { return testRecord(i, had[i]) })
	for i := range 2 {
		if err := d.Save(i, testRecord(i, had[i]+1)); err != nil {
			t.Fatal(err)
		}
	}
	checkStored(t, dir, 2, func(i int) graph.Record { return testRecord(i, had[i]+1) })
}
