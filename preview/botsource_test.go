package preview

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/rulestudio/studio/graph"
)

// playedTo plays a new session of pack with bots until it has taken k moves
// (k < 0: to the end) and returns it: a match saved part way, or whole.
func playedTo(t *testing.T, pack *graph.Pack, cfg Config, k int) *Session {
	t.Helper()
	s := newSession(t, pack, cfg)
	for k < 0 || len(s.cur.taken) < k {
		st := must(t)(s.Step())
		if st.Reason == Ended && k < 0 {
			return s
		}
		if st.Reason != Stepped {
			t.Fatalf("move %d: %+v", len(s.cur.taken), st)
		}
	}
	return s
}

// throughFile writes rec in its file form and reads it back.
func throughFile(t *testing.T, rec graph.Record) graph.Record {
	t.Helper()
	data, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := graph.ReadRecord(data, "mid.json")
	if err != nil {
		t.Fatal(err)
	}
	return *back
}

// continued replays rec and lets the bots play on to the end: the moves
// taken and the final scores.
func continued(t *testing.T, pack *graph.Pack, rec graph.Record) ([]graph.Move, []int) {
	t.Helper()
	s, err := Replay(pack, rec, "")
	if err != nil {
		t.Fatal(err)
	}
	if st := must(t)(s.Continue()); st.Reason != Ended {
		t.Fatalf("after the replay: %+v", st)
	}
	return s.Record().Moves, s.Match().Scores()
}

// TestReplayBotsGoOn: a match of random bots saved part way (through the
// session, in its file form) and replayed, the bots going on from there,
// ends as the whole match did: the same moves and scores. Without the bots'
// source of the record the same continuation plays another match (the test
// would not see a replay that forgets it).
func TestReplayBotsGoOn(t *testing.T) {
	for _, c := range []struct {
		pack  string
		seats []graph.Seat
		seed  uint64
	}{
		{"tictactoe", seats(2, "random"), 3},
		{"hearts", seats(4, "random"), 21},
	} {
		pack := bundled(t, c.pack)
		cfg := Config{Seats: c.seats, Seed: c.seed}
		whole := playedTo(t, pack, cfg, -1)
		want, wantScores := whole.Record().Moves, whole.Match().Scores()
		n := len(want)
		differs := 0
		for _, k := range []int{1, 2, n / 2, n - 1} {
			mid := throughFile(t, playedTo(t, pack, cfg, k).Record())
			if mid.BotsSource == nil || len(mid.Moves) != k {
				t.Fatalf("%s: saved after %d moves: %d moves, bots' source %v", c.pack, k, len(mid.Moves), mid.BotsSource)
			}
			got, scores := continued(t, pack, mid)
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(scores, wantScores) {
				t.Errorf("%s: replayed to move %d, the bots went on to\n%v scores %v\nwant\n%v scores %v", c.pack, k, got, scores, want, wantScores)
			}
			mid.BotsSource = nil
			if got, scores = continued(t, pack, mid); fmt.Sprint(got, scores) != fmt.Sprint(want, wantScores) {
				differs++
			}
		}
		if differs == 0 {
			t.Errorf("%s: the bots go on the same from the seed's source: the test cannot see a lost bots' source", c.pack)
		}
	}
}

// TestReplayWithoutBotsSource: a record written before bots_source (a
// whole match of bots, without the key) still replays to the same log, and
// its replay's record has no bots' source either when no bot drew since.
func TestReplayWithoutBotsSource(t *testing.T) {
	pack := bundled(t, "hearts")
	whole := playedTo(t, pack, Config{Seats: seats(4, "random"), Seed: 8}, -1)
	rec := whole.Record()
	if rec.BotsSource == nil {
		t.Fatal("a match of bots records the bots' source")
	}
	rec.BotsSource = nil
	r, err := Replay(pack, throughFile(t, rec), "")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(logBytes(t, r.Log()), logBytes(t, whole.Log())) {
		t.Error("the replayed log differs")
	}
	if got := r.Record(); got.BotsSource != nil || !reflect.DeepEqual(got.Moves, rec.Moves) {
		t.Errorf("the replay's record: %d moves, bots' source %v", len(got.Moves), got.BotsSource != nil)
	}
}

// TestRecordNoBotsNoSource: a match no bot drew in records no bots' source,
// so its file has no bots_source.
func TestRecordNoBotsNoSource(t *testing.T) {
	s := newSession(t, bundled(t, "tictactoe"), Config{Seats: seats(2, ""), Seed: 4})
	if st := must(t)(s.Continue()); st.Reason != NeedsPerson {
		t.Fatalf("%+v", st)
	}
	must(t)(s.TakeText(mark(1, 1, 1)))
	if rec := s.Record(); rec.BotsSource != nil || len(rec.Moves) != 1 {
		t.Errorf("record of people's moves: %+v", rec)
	}
}

// TestRerunBotsGoOn: a match of bots played part way and re-run on the same
// rules (live preview) goes on, its bots choosing as the match's did.
func TestRerunBotsGoOn(t *testing.T) {
	pack := bundled(t, "hearts")
	cfg := Config{Seats: seats(4, "random"), Seed: 21}
	whole := playedTo(t, pack, cfg, -1)
	r := playedTo(t, pack, cfg, 40).Rerun(pack)
	if !r.Same || r.Session == nil {
		t.Fatalf("re-run on the same rules: %+v", r)
	}
	if st := must(t)(r.Session.Continue()); st.Reason != Ended {
		t.Fatalf("after the re-run: %+v", st)
	}
	if got, want := r.Session.Record(), whole.Record(); !reflect.DeepEqual(got, want) {
		t.Errorf("the re-run went on to %d moves, want the match's %d", len(got.Moves), len(want.Moves))
	}
}
