package host

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rulestudio/studio/graph"
)

// TestControlPausesAndTakesOver: through Control's handler, a paused
// match refuses a seat's move with 423 and its bot waits; once resumed
// the move is taken and the bot answers; a seat taken over has its link
// refused (403, empty, on every request) and is played through Play,
// which refuses a seat not taken over.
func TestControlPausesAndTakesOver(t *testing.T) {
	ts := startServer(t, "tictactoe", "human,random", 1, "")
	ctl := NewControl(ts.Server)
	hs := httptest.NewServer(ctl.Handler())
	defer hs.Close()
	ts.url = hs.URL
	tok := ts.tokens[0][1]

	if err := ctl.Pause(1); err != nil {
		t.Fatal(err)
	}
	st := ts.state(t, 1, tok)
	code, body := ts.post(t, 1, tok, st.Step, st.Actions[0], 0)
	if code != http.StatusLocked || !strings.Contains(string(body), "paused") {
		t.Fatalf("a move while paused: %d %q, want 423 saying it is paused", code, body)
	}
	if n := len(ctl.Record(1).Moves); n != 0 {
		t.Fatalf("the refused move was stored: %d moves", n)
	}
	ctl.Resume(1)
	if code, body := ts.post(t, 1, tok, st.Step, st.Actions[0], 0); code != http.StatusOK {
		t.Fatalf("the move after Resume: %d %s", code, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(ctl.Record(1).Moves) < 2 && time.Now().Before(deadline) {
		<-ctl.Changed(1)
	}
	if n := len(ctl.Record(1).Moves); n != 2 {
		t.Fatalf("after Resume and a move the record holds %d moves, want the bot's answer too", n)
	}

	if err := ctl.Play(1, graph.Move{Player: 1, Action: "mark"}); err == nil {
		t.Error("Play took a move for a seat not taken over")
	}
	if err := ctl.TakeOver(1, 2); err == nil {
		t.Error("TakeOver took the bot's seat")
	}
	if err := ctl.TakeOver(1, 1); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/matches/1/state", "/api/matches/1/log"} {
		if code, body := ts.call(t, "GET", path, tok, nil); code != http.StatusForbidden || len(body) != 0 {
			t.Errorf("%s with a seat taken over: %d %q, want 403 and nothing", path, code, body)
		}
	}
	if code, _ := ts.call(t, "GET", "/api/matches/1/state", ts.tokens[0][0], nil); code != http.StatusOK {
		t.Errorf("the spectator's link after Take Over: %d, want 200", code)
	}
	ts.Server.ms[0].mu.Lock()
	legal, err := ts.Server.ms[0].sess.Match().LegalAll()
	var gm graph.Move
	if err == nil && len(legal) > 0 {
		gm, err = ts.Server.ms[0].sess.Match().EncodeMove(legal[0])
	}
	ts.Server.ms[0].mu.Unlock()
	if err != nil || gm.Player != 1 {
		t.Fatalf("seat 1's move: %v %v", gm, err)
	}
	if err := ctl.Play(1, gm); err != nil {
		t.Fatalf("Play for the seat taken over: %v", err)
	}
	if got := ctl.Record(1).Moves[2]; got.String() != gm.String() {
		t.Errorf("the record's third move is %s, want the designer's %s", got, gm)
	}
}

// TestPauseHoldsTheMatchItself: the pause lives in the match, not only in
// Control's handler, so a move that reaches the match past the handler's
// check (posted as Pause begins) is refused with 423 too, and a pause
// leaves a match whose store failed stopped (503), not resumable.
func TestPauseHoldsTheMatchItself(t *testing.T) {
	ts := startServer(t, "tictactoe", "human,random", 1, "")
	ctl := NewControl(ts.Server)
	tok := ts.tokens[0][1]
	st := ts.state(t, 1, tok)
	if err := ctl.Pause(1); err != nil {
		t.Fatal(err)
	}
	// ts.url is the server's own handler, which knows nothing of Control.
	code, body := ts.post(t, 1, tok, st.Step, st.Actions[0], 0)
	if code != http.StatusLocked || !strings.Contains(string(body), "paused") {
		t.Fatalf("a move past the handler while paused: %d %q, want 423", code, body)
	}
	ctl.Resume(1)
	m := ts.Server.ms[0]
	m.mu.Lock()
	m.broken = errStopped
	m.mu.Unlock()
	if err := ctl.Pause(1); err == nil {
		t.Error("Pause of a match whose store failed said nothing")
	}
	ctl.Resume(1)
	if code, _ := ts.post(t, 1, tok, st.Step, st.Actions[0], 0); code != http.StatusServiceUnavailable {
		t.Errorf("a move after Resume of a stopped match: %d, want 503", code)
	}
}

// TestPauseIsShownAtOnce: a page reading its state after Pause (as its
// update stream tells it to) learns the match is paused without trying a
// move, and after Resume that it goes on.
func TestPauseIsShownAtOnce(t *testing.T) {
	ts := startServer(t, "tictactoe", "human,random", 1, "")
	ctl := NewControl(ts.Server)
	tok := ts.tokens[0][1]
	before := ts.Server.ms[0].snap.Load()
	if err := ctl.Pause(1); err != nil {
		t.Fatal(err)
	}
	select {
	case <-before.changed:
	default:
		t.Error("Pause told no page waiting on the state")
	}
	if !ts.state(t, 1, tok).Paused {
		t.Error("the state after Pause says nothing of it")
	}
	ctl.Resume(1)
	if ts.state(t, 1, tok).Paused {
		t.Error("the state after Resume still says paused")
	}
}
