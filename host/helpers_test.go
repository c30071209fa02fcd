package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/graph"
)

// bundled reads a pack bundled with the studio.
func bundled(t testing.TB, name string) *graph.Pack {
	t.Helper()
	data, ok := assets.Pack(name)
	if !ok {
		t.Fatalf("no bundled pack %s", name)
	}
	p, err := graph.Parse(data, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// seatsOf reads "human,random" as a server's seats.
func seatsOf(spec string) []graph.Seat {
	var out []graph.Seat
	for _, b := range strings.Split(spec, ",") {
		if b == "human" {
			b = ""
		}
		out = append(out, graph.Seat{Bot: b})
	}
	return out
}

// testServer is a server on a loopback port, with its tokens by match and
// viewer (0 the spectator, then each seat; "" for a bot's).
type testServer struct {
	*Server
	url    string
	tokens [][]string
	dir    string
}

func startServer(t testing.TB, pack string, seats string, matches int, dir string) *testServer {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	srv, err := New(Config{Pack: bundled(t, pack), Source: pack, Seats: seatsOf(seats), Seed: 1, Matches: matches, State: dir})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return &testServer{Server: srv, url: hs.URL, tokens: srv.state.Tokens, dir: dir}
}

// call makes an API request with token and returns the status and body.
func (ts *testServer) call(t testing.TB, method, path, token string, body []byte) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, ts.url+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, data
}

// state returns what viewer's token gets of match m (from 1).
func (ts *testServer) state(t testing.TB, m int, token string) stateJSON {
	t.Helper()
	code, body := ts.call(t, "GET", fmt.Sprintf("/api/matches/%d/state", m), token, nil)
	if code != 200 {
		t.Fatalf("state of match %d: %d %s", m, code, body)
	}
	var st stateJSON
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// post posts a move of st's first action, its k-th legal move, at step.
func (ts *testServer) post(t testing.TB, m int, token string, step int, a actionJSON, k int) (int, []byte) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"step": step, "action": a.Action, "args": a.Moves[k].Args})
	return ts.call(t, "POST", fmt.Sprintf("/api/matches/%d/move", m), token, body)
}
