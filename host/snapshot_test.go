package host

import (
	"bytes"
	"log"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// A move is answered without building what the viewers see at the new
// step: their states are built at the first read of any, from the match as
// it was at that step even when it has moved on since, byte for byte what
// they would have been built at the step itself.
func TestViewsBuiltAtTheirFirstRead(t *testing.T) {
	ts := startServer(t, "hearts", "human,human,human,human", 1, "")
	m := ts.ms[0]
	st := ts.state(t, 1, ts.tokens[0][1])
	if code, body := ts.post(t, 1, ts.tokens[0][1], st.Step, st.Actions[0], 0); code != 200 {
		t.Fatalf("seat 1's move: %d %s", code, body)
	}
	at := m.snap.Load()
	if at.made.Load() {
		t.Error("the move's answer waited for the viewers' states of the new step")
	}
	m.mu.Lock()
	ref := m.snapshot() // built at the step, as a reference
	if _, err := ref.view(0); err != nil {
		m.mu.Unlock()
		t.Fatal(err)
	}
	moves, err := m.sess.Match().LegalAll() // the match moves on: seat 2 gives too
	if err != nil || len(moves) == 0 {
		m.mu.Unlock()
		t.Fatalf("%d moves after seat 1's, %v", len(moves), err)
	}
	if _, err := m.sess.Take(moves[0]); err != nil {
		m.mu.Unlock()
		t.Fatal(err)
	}
	m.toHead()
	err = m.commit()
	m.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if m.snap.Load().step == at.step {
		t.Fatal("the match did not move on")
	}
	for v := range at.viewers {
		got, err := at.view(v)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ref.view(v)
		a, err := got.bytes()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := want.bytes()
		if !bytes.Equal(a, b) {
			t.Errorf("viewer %d's state of step %d built after the match moved on differs from the one built at the step:\n%.300s\nwant\n%.300s", v, at.step, a, b)
		}
	}
}

// A step whose legal moves cannot be listed (the rules' code fails) stops
// the match: its states are refused (500, the rules' error in the log, as
// the scene cannot be drawn), and a move posted there is refused and
// changes nothing.
func TestStepWhoseMovesFailStopsTheMatch(t *testing.T) {
	data, _ := assets.Pack("tictactoe")
	yaml := strings.Replace(string(data), "domain: board.empty()}", `domain: "board.empty() if len(board.empty()) > 7 else fail(\"no cells\")"}`, 1)
	pack, err := graph.Parse([]byte(yaml), "tictactoe.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	srv, err := New(Config{Pack: pack, Source: "tictactoe.yaml", Seats: seatsOf("human,human"), Seed: 1, State: t.TempDir(), Log: log.New(&logged, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer func() { hs.Close(); srv.Close() }()
	ts := &testServer{Server: srv, url: hs.URL, tokens: srv.state.Tokens}
	var last stateJSON
	for range 2 {
		seat := ts.state(t, 1, ts.tokens[0][1]).Scene.Turn[0]
		last = ts.state(t, 1, ts.tokens[0][seat])
		if code, body := ts.post(t, 1, ts.tokens[0][seat], last.Step, last.Actions[0], 0); code != 200 {
			t.Fatalf("move: %d %s", code, body)
		}
	}
	for v := 0; v <= 2; v++ {
		if code, body := ts.call(t, "GET", "/api/matches/1/state", ts.tokens[0][v], nil); code != 500 {
			t.Errorf("viewer %d's state at the step whose moves fail: %d %s", v, code, body)
		}
	}
	if !strings.Contains(logged.String(), "tictactoe.yaml:36:") || !strings.Contains(logged.String(), "no cells") {
		t.Errorf("the log does not say what failed: %q", logged.String())
	}
	step := srv.ms[0].snap.Load().step
	if code, _ := ts.post(t, 1, ts.tokens[0][1], step, last.Actions[0], 1); code < 400 {
		t.Errorf("a move at the step whose moves fail: %d", code)
	}
	srv.ms[0].mu.Lock()
	n := len(srv.ms[0].sess.Record().Moves)
	srv.ms[0].mu.Unlock()
	if n != 2 {
		t.Errorf("%d moves taken, want the 2 before the step that failed", n)
	}
}
