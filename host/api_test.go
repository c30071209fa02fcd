package host

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Two people play tic-tac-toe through the API: each gets its state, posts
// one of its legal moves at the step it read, and the other sees it; the
// log grows; at the end no move is taken.
func TestPlayTicTacToeThroughAPI(t *testing.T) {
	ts := startServer(t, "tictactoe", "human,human", 1, "")
	moves := 0
	for {
		st := ts.state(t, 1, ts.tokens[0][1])
		if st.Over {
			break
		}
		if moves > 9 {
			t.Fatal("tic-tac-toe did not end in 9 moves")
		}
		seat := st.Scene.Turn[0]
		mine := ts.state(t, 1, ts.tokens[0][seat])
		if len(mine.Actions) == 0 || len(mine.Actions[0].Moves) == 0 {
			t.Fatalf("seat %d whose turn it is has no move", seat)
		}
		if other := ts.state(t, 1, ts.tokens[0][3-seat]); len(other.Actions) != 0 {
			t.Fatalf("seat %d is offered moves on the other's turn", 3-seat)
		}
		if code, body := ts.post(t, 1, ts.tokens[0][seat], mine.Step, mine.Actions[0], 0); code != 200 {
			t.Fatalf("move %d: %d %s", moves+1, code, body)
		}
		moves++
	}
	code, body := ts.call(t, "GET", "/api/matches/1/log", ts.tokens[0][1], nil)
	var lg logJSON
	if code != 200 || json.Unmarshal(body, &lg) != nil {
		t.Fatalf("log: %d %s", code, body)
	}
	taken := 0
	for _, e := range lg.Events {
		if e.Kind == "action_taken" {
			taken++
		}
	}
	if taken != moves || moves < 5 {
		t.Errorf("the log has %d moves taken, the players made %d", taken, moves)
	}
}

// A bot's seat moves on its own after the person's move, and the updates
// stream says so.
func TestBotsMoveAndUpdatesStream(t *testing.T) {
	ts := startServer(t, "tictactoe", "human,random", 1, "")
	tok := ts.tokens[0][1]
	req, _ := http.NewRequest("GET", ts.url+"/api/matches/1/updates", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	next := func() string {
		for lines.Scan() {
			if l := lines.Text(); strings.HasPrefix(l, "data: ") {
				return l
			}
		}
		t.Fatal("the stream ended")
		return ""
	}
	st := ts.state(t, 1, tok)
	if first := next(); first != fmt.Sprintf(`data: {"step":%d,"over":false}`, st.Step) {
		t.Fatalf("first update %q at step %d", first, st.Step)
	}
	if code, body := ts.post(t, 1, tok, st.Step, st.Actions[0], 0); code != 200 {
		t.Fatalf("move: %d %s", code, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		next()
		now := ts.state(t, 1, tok)
		if len(now.Actions) > 0 && now.Step >= st.Step+2 {
			break // the bot moved: it is the person's turn again
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot did not move: step %d", now.Step)
		}
	}
}
