package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestWindowHostsHearts runs the real binary under Xvfb: Play > Host
// Match… (ctrl+shift+H) on the example project, Hearts, four people, from
// the keyboard alone: the dialog opens on its Seed field, Tab goes past
// each seat's choice to the Clock (typed 5m) and the Address (a port the
// test picked), Enter hosts. The server's folder appears in TMPDIR with a
// token per seat; the pages are sent each seat's clock. Moves posted
// through the API with the seats' tokens, as their pages would, show in
// the window: the canvas's ring leaves giveCards for playerTurn.
// Screenshots: host-dialog, hosting-links, hosting-following.
func TestWindowHostsHearts(t *testing.T) {
	x := newExampleStudio(t)
	t.Setenv("TMPDIR", x.dir) // the window's server keeps its folder there
	port := freePort(t)
	s := x.start(t)
	s.waitForBoxes(len(x.pack.States))

	s.key("ctrl+shift+h")
	time.Sleep(800 * time.Millisecond)
	for i := 0; i < 1+x.pack.Players.Min; i++ { // past the Seed and each seat's choice
		s.key("Tab")
	}
	s.typeText("5m")
	s.key("Tab") // the Address
	s.key("ctrl+a")
	s.typeText(fmt.Sprintf("127.0.0.1:%d", port))
	s.shot("host-dialog")
	s.key("Return")
	give := s.waitForRing("the hosted match at giveCards", func(image.Rectangle, image.Image) bool { return true })
	s.shot("hosting-links")

	tokens := hostTokens(t, x.dir)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	if clocks := seatClocks(t, base, tokens[0]); len(clocks) != len(tokens)-1 {
		t.Errorf("the spectator is sent %d seats' clocks (%v), want each of the %d seats' (the dialog's 5m)", len(clocks), clocks, len(tokens)-1)
	}
	moves := 0
	for round := 0; round < 4 && moves < 6; round++ {
		for seat := 1; seat < len(tokens) && moves < 6; seat++ {
			if postFirstMove(t, base, tokens[seat]) {
				moves++
			}
		}
	}
	if moves < 6 {
		t.Fatalf("only %d moves posted through the API", moves)
	}
	s.waitForRing("the canvas following the hosted match below giveCards", func(r image.Rectangle, _ image.Image) bool {
		return centreY(r) > centreY(give)+30
	})
	s.shot("hosting-following")
}

// seatClocks returns the time each seat has left (milliseconds, by seat
// from 1) in the state the token gets: none in a match without clocks.
func seatClocks(t *testing.T, base, token string) map[int]int64 {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/matches/1/state", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct {
		Scene struct {
			Areas []struct {
				Seat    int    `json:"seat"`
				ClockMS *int64 `json:"clock_ms"`
			} `json:"areas"`
		} `json:"scene"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatalf("state: %d %v", resp.StatusCode, err)
	}
	out := map[int]int64{}
	for _, a := range st.Scene.Areas {
		if a.ClockMS != nil && *a.ClockMS > 0 && *a.ClockMS <= (5*time.Minute).Milliseconds() {
			out[a.Seat] = *a.ClockMS
		}
	}
	return out
}

// freePort returns a loopback port free now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// hostTokens waits for the window's server folder in dir and returns the
// first match's tokens (0 the spectator, then each seat).
func hostTokens(t *testing.T, dir string) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		found, _ := filepath.Glob(filepath.Join(dir, "studio-host-*", "serve.json"))
		if len(found) != 1 {
			continue
		}
		data, err := os.ReadFile(found[0])
		if err != nil {
			t.Fatal(err)
		}
		var st struct{ Tokens [][]string }
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatal(err)
		}
		if len(st.Tokens) == 1 {
			return st.Tokens[0]
		}
	}
	t.Fatalf("no studio-host-*/serve.json in %s", dir)
	return nil
}

// postFirstMove posts a seat's first legal move, as its page would; false
// when the seat has none now.
func postFirstMove(t *testing.T, base, token string) bool {
	t.Helper()
	do := func(method, path string, body []byte) (int, []byte) {
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, data
	}
	code, body := do("GET", "/api/matches/1/state", nil)
	if code != http.StatusOK {
		t.Fatalf("state: %d %s", code, body)
	}
	var st struct {
		Step    int `json:"step"`
		Actions []struct {
			Action string `json:"action"`
			Moves  []struct {
				Args json.RawMessage `json:"args"`
			} `json:"moves"`
		} `json:"actions"`
	}
	if err := json.Unmarshal(body, &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Actions) == 0 {
		return false
	}
	a := st.Actions[0]
	mv, _ := json.Marshal(map[string]any{"step": st.Step, "action": a.Action, "args": a.Moves[0].Args})
	if code, body := do("POST", "/api/matches/1/move", mv); code != http.StatusOK {
		t.Fatalf("move %s: %d %s", mv, code, body)
	}
	return true
}
