package host

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"
)

// rawFace is a card face as the engine's texts write it ("card 3/12", a
// list's "1/2, 3/2"): what a log line must not show when the pack has
// hints for the deck.
var rawFace = regexp.MustCompile(`\b\d+/\d+\b`)

// A Hearts seat's log names the cards it sees as its table and its move
// buttons do ("Q♥", the deck's display hints), not as the engine writes
// faces ("card 4/12"): each event carries that line as "text". Player 1
// plays the card its playCard button labels; the log's lines after it
// name that label, and no line shows a raw face.
func TestLogNamesCardsAsTheTableDoes(t *testing.T) {
	ts := startServer(t, "hearts", "human,random,random,random", 1, "")
	tok := ts.tokens[0][1]
	var played string
	var at int
	for i := 0; i < 40 && played == ""; i++ {
		st := waitForTurn(t, ts, tok)
		a := st.Actions[0]
		if a.Action == "playCard" {
			played, at = a.Values[a.Moves[0].Values[0][0]].Label, st.Step
		}
		switch code, body := ts.post(t, 1, tok, st.Step, a, 0); code {
		case 200:
		case 409: // a bot moved first (giveCards waits for every seat at once)
			played = ""
		default:
			t.Fatalf("%s: %d %s", a.Action, code, body)
		}
	}
	if played == "" || !strings.ContainsAny(played, "♠♥♦♣") {
		t.Fatalf("player 1 played no card its button names by the hints (%q)", played)
	}
	code, body := ts.call(t, "GET", "/api/matches/1/log", tok, nil)
	var lg struct {
		Events []struct {
			Step int    `json:"step"`
			Kind string `json:"kind"`
			Text string `json:"text"`
		} `json:"events"`
	}
	if code != 200 || json.Unmarshal(body, &lg) != nil {
		t.Fatalf("log: %d %s", code, body)
	}
	named := false
	for _, e := range lg.Events {
		if e.Text == "" && e.Kind != "state_entered" && e.Kind != "state_left" {
			t.Errorf("step %d: a %s event has no text", e.Step, e.Kind)
		}
		if rawFace.MatchString(e.Text) {
			t.Errorf("step %d: %q names a card by its raw face", e.Step, e.Text)
		}
		if e.Step >= at && e.Kind == "action_taken" && strings.Contains(e.Text, played) {
			named = true
		}
	}
	if testing.Verbose() {
		for _, e := range lg.Events {
			t.Logf("%d · %s", e.Step+1, e.Text)
		}
	}
	if !named {
		t.Errorf("no action_taken line at or after step %d names the card played, %q:\n%s", at, played, body)
	}
}

// waitForTurn waits until the seat of token has a move, and returns its
// state then.
func waitForTurn(t *testing.T, ts *testServer, token string) stateJSON {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := ts.state(t, 1, token)
		if len(st.Actions) > 0 {
			return st
		}
		if st.Over || time.Now().After(deadline) {
			t.Fatalf("the seat has no move at step %d (over: %v)", st.Step, st.Over)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
