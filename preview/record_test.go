package preview

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
)

func logBytes(t *testing.T, events []engine.Event) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := engine.WriteEvents(&b, events); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRecordReplay: a match played by bots and a person, saved as a record
// file, read back and replayed gives the same event log byte for byte, and
// the same record.
func TestRecordReplay(t *testing.T) {
	for _, c := range []struct {
		pack  string
		seats []graph.Seat
	}{
		{"seeds", []graph.Seat{{Name: "Ann", Bot: "random"}, {Bot: "random"}}},
		{"hearts", seats(4, "random")},
	} {
		pack := bundled(t, c.pack)
		s := newSession(t, pack, Config{Seats: c.seats, Seed: 21, Source: c.pack})
		if st := must(t)(s.Continue()); st.Reason != Ended {
			t.Fatalf("%s: %+v", c.pack, st)
		}
		want := logBytes(t, s.Log())
		rec := s.Record()
		data, err := rec.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "match.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		data, _ = os.ReadFile(path)
		back, err := graph.ReadRecord(data, path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Replay(pack, *back, c.pack)
		if err != nil {
			t.Fatalf("%s: %v", c.pack, err)
		}
		if got := logBytes(t, r.Log()); !bytes.Equal(got, want) {
			t.Errorf("%s: replayed log differs (%d bytes, want %d)", c.pack, len(got), len(want))
		}
		again, _ := r.Record().Marshal()
		if !bytes.Equal(again, data) {
			t.Errorf("%s: the replay's record differs:\n%s\nwant\n%s", c.pack, again, data)
		}
	}
}

// TestReplayRefused: a record whose move the rules refuse replays up to it
// and says which move and why.
func TestReplayRefused(t *testing.T) {
	pack := bundled(t, "tictactoe")
	rec := graph.Record{Seats: seats(2, ""), Seed: 1, Moves: []graph.Move{mark(1, 0, 0), mark(2, 0, 0)}}
	s, err := Replay(pack, rec, "")
	var me *MoveError
	var ie *engine.IllegalError
	if !errors.As(err, &me) || me.N != 2 || !errors.As(err, &ie) ||
		err.Error() != `move 2 {"player":2,"action":"mark","args":{"cell":[0,0]}} refused: argument cell = (0, 0) is not in its domain (board.empty())` {
		t.Fatalf("got %v", err)
	}
	if s == nil || len(s.Record().Moves) != 1 {
		t.Fatalf("the session stops after move 1: %v", s)
	}
}
