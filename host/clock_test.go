package host

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// startClocked hosts one tic-tac-toe match of two people with clock.
func startClocked(t *testing.T, clock time.Duration) *testServer {
	t.Helper()
	srv, err := New(Config{Pack: bundled(t, "tictactoe"), Source: "tictactoe", Seats: seatsOf("human,human"), Seed: 1, Matches: 1, State: t.TempDir(), Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return &testServer{Server: srv, url: hs.URL, tokens: srv.state.Tokens}
}

// record returns match 1's record as the server holds it.
func (ts *testServer) record() graph.Record {
	m := ts.Server.ms[0]
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sess.Record()
}

// TestServeClockCountsThinking: with --clock, the time a person takes is
// stored as a wait move before their move (docs/records.md), and their
// clock shows what is left.
func TestServeClockCountsThinking(t *testing.T) {
	ts := startClocked(t, 10*time.Second)
	tok := ts.tokens[0][1]
	st := ts.state(t, 1, tok)
	time.Sleep(60 * time.Millisecond)
	if code, body := ts.post(t, 1, tok, st.Step, st.Actions[0], 0); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, body)
	}
	rec := ts.record()
	if len(rec.Moves) != 2 || rec.Moves[0].WaitMS < 60 || rec.Moves[0].Action != "" || rec.Moves[1].Action != "mark" {
		t.Fatalf("record %+v, want a wait of at least 60 ms, then the mark", rec.Moves)
	}
	if rec.ClockMS != 10000 {
		t.Errorf("the record's clock %d ms, want 10000", rec.ClockMS)
	}
	if left := ts.Server.ms[0].sess.Match().Clock(0); left > 10*time.Second-60*time.Millisecond {
		t.Errorf("player 1 has %v left after thinking 60 ms", left)
	}
}

// TestServeClockRunsOut: a person who does not move before their clock
// runs out has the pack's timeout rule play for them (tic-tac-toe has
// none: BGA's zombie turn, the first legal move) without any request; the
// move their page chose at the old step is then refused as stale (409),
// and the record replays to the same step.
func TestServeClockRunsOut(t *testing.T) {
	ts := startClocked(t, 150*time.Millisecond)
	tok := ts.tokens[0][1]
	st := ts.state(t, 1, tok)
	deadline := time.Now().Add(5 * time.Second)
	for ts.state(t, 1, tok).Step == st.Step && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if ts.state(t, 1, tok).Step == st.Step {
		t.Fatal("the clock ran out and nothing moved")
	}
	if code, _ := ts.post(t, 1, tok, st.Step, st.Actions[0], 0); code != http.StatusConflict {
		t.Errorf("the move chosen before the timeout: %d, want 409", code)
	}
	rec := ts.record()
	if len(rec.Moves) == 0 || rec.Moves[0].WaitMS < 150 {
		t.Fatalf("record %+v, want the wait that ran the clock out", rec.Moves)
	}
	s, err := preview.Replay(bundled(t, "tictactoe"), rec, "tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	m := ts.Server.ms[0]
	m.mu.Lock()
	want := m.sess.Head()
	m.mu.Unlock()
	if s.Head() != want {
		t.Errorf("the record replays to step %d, the server is at %d", s.Head(), want)
	}
}

// stateAge returns the Clock-Age header of match 1's state for token:
// the milliseconds the clocks shown have not counted yet, "" for none.
func (ts *testServer) stateAge(t *testing.T, token string) string {
	t.Helper()
	req, err := http.NewRequest("GET", ts.url+"/api/matches/1/state", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.Header.Get(clockAgeHeader)
}

// TestStateSaysHowLongTheClocksRan: a state read says how long the
// player to act has been thinking, which the clocks it shows have not
// counted yet, so that a page (opened mid-turn too) counts the clock down
// from the right time; a match without clocks says nothing.
func TestStateSaysHowLongTheClocksRan(t *testing.T) {
	ts := startClocked(t, 10*time.Second)
	tok := ts.tokens[0][1]
	ts.state(t, 1, tok)
	time.Sleep(120 * time.Millisecond)
	age, err := strconv.Atoi(ts.stateAge(t, tok))
	if err != nil || age < 120 || age > 5000 {
		t.Fatalf("clock age %d (%v), want at least the 120 ms slept", age, err)
	}
	st := ts.state(t, 1, tok)
	if code, body := ts.post(t, 1, tok, st.Step, st.Actions[0], 0); code != http.StatusOK {
		t.Fatalf("move: %d %s", code, body)
	}
	if age, _ := strconv.Atoi(ts.stateAge(t, ts.tokens[0][2])); age >= 120 {
		t.Errorf("after the move the next player's clock age is %d ms: it did not start again", age)
	}

	plain := startServer(t, "tictactoe", "human,human", 1, t.TempDir())
	if got := plain.stateAge(t, plain.tokens[0][1]); got != "" {
		t.Errorf("a match without clocks says its clocks ran %q ms", got)
	}
}
