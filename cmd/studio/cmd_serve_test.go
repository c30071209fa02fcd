package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rulestudio/studio/assets"
	"github.com/rulestudio/studio/project"
)

// syncBuffer is a bytes.Buffer that a serving goroutine writes while the
// test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServe runs `studio serve` until stop is called (or the test ends)
// and returns what it printed once its links are out.
func startServe(t *testing.T, arg, addr, seats, state string, matches int) (stdout, stderr string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, &out, &errOut, arg, addr, seats, state, 1, matches, 0) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("serve: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), "spectator") {
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, errOut.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no links after 20s:\n%s\n%s", out.String(), errOut.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // the last links
	return out.String(), errOut.String(), stop
}

var linkRE = regexp.MustCompile(`(?m)^match (\d+) (.+?)\s+(http://\S+/play#m=\d+&t=([0-9a-f]+))$`)

// serve prints one link per person's seat and one per match for the
// spectator, each with its own 128-bit token; on loopback it warns of
// nothing.
func TestServePrintsSeatLinks(t *testing.T) {
	out, errOut, _ := startServe(t, "hearts", "127.0.0.1:0", "human,human,random,mcts:10", filepath.Join(t.TempDir(), "state"), 2)
	links := linkRE.FindAllStringSubmatch(out, -1)
	if len(links) != 6 {
		t.Fatalf("%d links, want 6 (two people and a spectator, two matches):\n%s", len(links), out)
	}
	seen := map[string]bool{}
	for _, l := range links {
		if len(l[4]) != 32 {
			t.Errorf("token %q: want 128 bits in hex", l[4])
		}
		if seen[l[4]] {
			t.Errorf("token %s handed out twice", l[4])
		}
		seen[l[4]] = true
	}
	names := []string{links[0][2], links[1][2], links[2][2]}
	if strings.Join(names, ",") != "spectator,Player 1,Player 2" {
		t.Errorf("match 1's links are for %v", names)
	}
	if strings.Contains(errOut, "warning") {
		t.Errorf("a warning on loopback: %s", errOut)
	}
}

// Served on an address others can reach, serve warns that the links
// travel unencrypted; started again on the same state folder it hands out
// the same links.
func TestServeWarnsOffLoopbackAndKeepsLinks(t *testing.T) {
	state := filepath.Join(t.TempDir(), "state")
	out1, _, stop := startServe(t, "tictactoe", "127.0.0.1:0", "human", state, 1)
	stop()
	_, errOut, stop := startServe(t, "tictactoe", "0.0.0.0:0", "human", state, 1)
	stop()
	if !strings.Contains(errOut, "warning") || !strings.Contains(errOut, "TLS") {
		t.Errorf("no TLS warning on 0.0.0.0: %q", errOut)
	}
	out3, _, _ := startServe(t, "tictactoe", "127.0.0.1:0", "human", state, 1)
	tokens := func(out string) (ts []string) {
		for _, l := range linkRE.FindAllStringSubmatch(out, -1) {
			ts = append(ts, l[4])
		}
		return ts
	}
	if a, b := tokens(out1), tokens(out3); len(a) != 3 || strings.Join(a, ",") != strings.Join(b, ",") {
		t.Errorf("tokens %v, then %v after a restart", a, b)
	}
}

// Served from a project, each move is stored in the project file as it is
// taken (studio matches lists the match), bots' moves too; started again,
// the server goes on from there.
func TestServeProjectStoresMoves(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "tictactoe.yaml")
	data, _ := assets.Pack("tictactoe")
	if err := os.WriteFile(pack, data, 0o644); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(dir, "ttt"+project.Extension)
	if out, err := run(t, "import", pack, "-o", proj); err != nil {
		t.Fatalf("import: %s %v", out, err)
	}
	state := filepath.Join(dir, "state")
	out, _, stop := startServe(t, proj, "127.0.0.1:0", "human,random", state, 1)
	l := linkRE.FindAllStringSubmatch(out, -1)[1] // seat 1's
	base, token := l[3][:strings.Index(l[3], "/play#")], l[4]
	api := func(method, path, body string) (int, string) {
		req, _ := http.NewRequest(method, base+"/api/matches/1/"+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	_, body := api("GET", "state", "")
	var st servedState
	if err := json.Unmarshal([]byte(body), &st); err != nil || len(st.Actions) == 0 {
		t.Fatalf("state: %v %s", err, body)
	}
	move, _ := json.Marshal(map[string]any{"step": st.Step, "action": st.Actions[0].Action, "args": st.Actions[0].Moves[0].Args})
	if code, body := api("POST", "move", string(move)); code != 200 {
		t.Fatalf("move: %d %s", code, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, body = api("GET", "state", "")
		json.Unmarshal([]byte(body), &st)
		if len(st.Actions) > 0 || time.Now().After(deadline) {
			break // the bot has moved
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	p, err := project.Open(proj, project.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := p.Matches()
	p.Close()
	if err != nil || len(ms) != 1 || len(ms[0].Record.Moves) != 2 {
		t.Fatalf("the project's matches after a move and the bot's: %+v %v", ms, err)
	}
	out, _, _ = startServe(t, proj, "127.0.0.1:0", "human,random", state, 1)
	l = linkRE.FindAllStringSubmatch(out, -1)[1]
	base = l[3][:strings.Index(l[3], "/play#")]
	_, body = api("GET", "state", "")
	var again servedState
	json.Unmarshal([]byte(body), &again)
	if again.Step != st.Step || len(again.Actions) == 0 {
		t.Errorf("started again at step %d, the match was at %d", again.Step, st.Step)
	}
}

// TestServeRefusesANegativeClock: --clock below zero is refused before
// anything is served or written.
func TestServeRefusesANegativeClock(t *testing.T) {
	dir := t.TempDir()
	_, err := run(t, "serve", "tictactoe", "--clock", "-5s", "--state", filepath.Join(dir, "s"))
	if err == nil || !strings.Contains(err.Error(), "--clock -5s") {
		t.Fatalf("got %v, want the negative clock refused", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "s")); !os.IsNotExist(err) {
		t.Errorf("the state folder was made: %v", err)
	}
}

// Served from a pack file whose display hints name images beside it, the
// pages' pictures link them and the API serves their bytes to a seat.
func TestServeServesPackImages(t *testing.T) {
	dir := t.TempDir()
	data, _ := assets.Pack("hearts")
	hint := "      args: {11: J, 12: Q, 13: K, 14: A}\n"
	if !bytes.Contains(data, []byte(hint)) {
		t.Fatal("the bundled hearts has no deck hint to add an image to")
	}
	data = bytes.Replace(data, []byte(hint), []byte(hint+"      image: img/suit-{type}.svg\n"), 1)
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>`)
	os.MkdirAll(filepath.Join(dir, "img"), 0o755)
	for _, suit := range []string{"1", "2", "3", "4"} {
		if err := os.WriteFile(filepath.Join(dir, "img", "suit-"+suit+".svg"), svg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pack := filepath.Join(dir, "hearts.yaml")
	if err := os.WriteFile(pack, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, _ := startServe(t, pack, "127.0.0.1:0", "human,random,random,random", filepath.Join(dir, "state"), 1)
	var base, token string
	for _, l := range linkRE.FindAllStringSubmatch(out, -1) {
		if l[2] == "Player 1" {
			base, _, _ = strings.Cut(l[3], "/play#")
			token = l[4]
		}
	}
	get := func(path string) []byte {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, resp.StatusCode, body)
		}
		return body
	}
	var st struct{ Picture struct{ SVG string } }
	if err := json.Unmarshal(get("/api/matches/1/state"), &st); err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`href="(/api/matches/1/images/img/suit-\d\.svg)"`).FindStringSubmatch(st.Picture.SVG)
	if link == nil {
		t.Fatalf("Player 1's picture links no image of its hand:\n%.2000s", st.Picture.SVG)
	}
	if got := get(link[1]); !bytes.Equal(got, svg) {
		t.Errorf("GET %s: %q, want the file's bytes", link[1], got)
	}
}
