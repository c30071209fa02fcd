package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Each request a stranger, another seat or a careless page could make is
// refused with its status, and changes nothing: the same state for every
// viewer, the same record in memory and on disk. A 403 says nothing at all
// (an empty body): a wrong token, a token of another match and another
// seat's move read alike.
func TestRefusedRequestsChangeNothing(t *testing.T) {
	ts := startServer(t, "hearts", "human,human,human,human", 2, "")
	p1, p2, spect := ts.tokens[0][1], ts.tokens[0][2], ts.tokens[0][0]
	other := ts.tokens[1][1] // seat 1 of match 2
	st := ts.state(t, 1, p1)
	give := st.Actions[0]
	move := func(step int, extra string) []byte {
		return []byte(fmt.Sprintf(`{"step": %d, "action": %q, "args": %s%s}`, step, give.Action, give.Moves[0].Args, extra))
	}
	// A move taken once, so that a replayed one has something to double.
	if code, body := ts.call(t, "POST", "/api/matches/1/move", p1, move(st.Step, "")); code != 200 {
		t.Fatalf("the first move: %d %s", code, body)
	}
	flip := []byte(p1)
	flip[0] ^= 1
	cases := []struct {
		name, method, path, token string
		body                      []byte
		want                      int
	}{
		{"no token", "GET", "/api/matches/1/state", "", nil, 403},
		{"wrong token", "GET", "/api/matches/1/state", string(flip), nil, 403},
		{"a token one character short", "GET", "/api/matches/1/state", p1[:31], nil, 403},
		{"another match's token", "GET", "/api/matches/1/state", other, nil, 403},
		{"another match's token, its log", "GET", "/api/matches/1/log", other, nil, 403},
		{"a match that is not there", "GET", "/api/matches/3/state", p1, nil, 403},
		{"wrong token posting", "POST", "/api/matches/1/move", string(flip), move(st.Step+1, ""), 403},
		{"another match's token posting", "POST", "/api/matches/1/move", other, move(st.Step, ""), 403},
		{"a move for another seat", "POST", "/api/matches/1/move", p2, move(st.Step, `, "player": 1`), 403},
		{"the spectator moving", "POST", "/api/matches/1/move", spect, move(st.Step, ""), 403},
		{"the move replayed", "POST", "/api/matches/1/move", p1, move(st.Step, ""), 409},
		{"a move at a step to come", "POST", "/api/matches/1/move", p2, move(st.Step+5, ""), 409},
		{"malformed JSON", "POST", "/api/matches/1/move", p2, []byte(`{"step": 1, "action": `), 400},
		{"two objects", "POST", "/api/matches/1/move", p2, []byte(`{"step": 1, "action": "x"} {}`), 400},
		{"no step", "POST", "/api/matches/1/move", p2, []byte(`{"action": "giveCards"}`), 400},
		{"an unknown field", "POST", "/api/matches/1/move", p2, []byte(`{"step": 1, "action": "giveCards", "seat": 1}`), 400},
		{"an oversized body", "POST", "/api/matches/1/move", p2, []byte(`{"step": 1, "action": "giveCards", "args": "` + strings.Repeat("x", MaxBody) + `"}`), 413},
		{"a forged move", "POST", "/api/matches/1/move", p2, []byte(fmt.Sprintf(`{"step": %d, "action": "giveCards", "args": {"cards": [{"deck": "deck", "card": 1}, {"deck": "deck", "card": 2}, {"deck": "deck", "card": 3}]}}`, st.Step+1)), 422},
		{"an action the pack has not", "POST", "/api/matches/1/move", p2, []byte(fmt.Sprintf(`{"step": %d, "action": "win"}`, st.Step+1)), 422},
		{"args that are not an object", "POST", "/api/matches/1/move", p2, []byte(fmt.Sprintf(`{"step": %d, "action": "giveCards", "args": [1]}`, st.Step+1)), 422},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := ts.everything(t)
			code, body := ts.call(t, c.method, c.path, c.token, c.body)
			if code != c.want {
				t.Errorf("status %d %s, want %d", code, body, c.want)
			}
			if c.want == 403 && len(body) != 0 {
				t.Errorf("a 403 that says %q", body)
			}
			if after := ts.everything(t); !bytes.Equal(before, after) {
				t.Errorf("the request changed the server:\n%s\nthen\n%s", before, after)
			}
		})
	}
	// The game's end: every move then is refused with 409.
	ts.ms[1].mu.Lock()
	for !ts.ms[1].sess.Match().Over() {
		moves, _ := ts.ms[1].sess.Match().LegalAll()
		ts.ms[1].sess.Take(moves[0])
		ts.ms[1].toHead()
	}
	ts.ms[1].persist()
	ts.ms[1].publish()
	ts.ms[1].mu.Unlock()
	end := ts.state(t, 2, other)
	before := ts.everything(t)
	if code, _ := ts.call(t, "POST", "/api/matches/2/move", other, []byte(fmt.Sprintf(`{"step": %d, "action": "playCard", "args": {}}`, end.Step))); code != 409 {
		t.Errorf("a move after the end: %d, want 409", code)
	}
	if !bytes.Equal(before, ts.everything(t)) {
		t.Error("a move after the end changed the server")
	}
}

// everything is what a refused request must leave as it was: every
// viewer's state of every match, the records and the files of the folder.
func (ts *testServer) everything(t *testing.T) []byte {
	var b bytes.Buffer
	for i, m := range ts.ms {
		snap := m.snap.Load()
		for v := range snap.viewers {
			vw, err := snap.view(v)
			if err != nil {
				t.Fatal(err)
			}
			body, err := vw.bytes()
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "match %d viewer %d: %s\n", i+1, v, body)
		}
		m.mu.Lock()
		rec, _ := json.Marshal(m.sess.Record())
		m.mu.Unlock()
		fmt.Fprintf(&b, "record %d: %s\n", i+1, rec)
	}
	files, _ := filepath.Glob(filepath.Join(ts.dir, "*"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		fmt.Fprintf(&b, "%s: %s\n", filepath.Base(f), data)
	}
	return b.Bytes()
}
