package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestServeKill plays 20 matches of Connect Four (a person through the API
// against a random bot) on the real binary and SIGKILLs the server at
// random, seeded moments (RULESTUDIO_KILL_SEED), 10 to 160 ms apart, until
// every match has ended (at most RULESTUDIO_SERVE_KILLS times, 100),
// starting it again on the same arguments after each. Every match must end, and each record must be byte for byte the
// record of the same matches played without a kill, and replay (studio
// replay) to the same event log: nothing acknowledged was lost, nothing
// was applied twice, and the bots went on as they would have.
func TestServeKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays 40 matches")
	}
	kills := envInt(t, "RULESTUDIO_SERVE_KILLS", 100)
	seed := uint64(envInt(t, "RULESTUDIO_KILL_SEED", 1))
	dir := t.TempDir()
	bin := buildStudio(t, dir)
	const matches = 20
	ref := filepath.Join(dir, "reference")
	playServed(t, bin, ref, matches, 0, seed)
	killed := filepath.Join(dir, "killed")
	playServed(t, bin, killed, matches, kills, seed)
	for i := 1; i <= matches; i++ {
		name := fmt.Sprintf("match-%d.json", i)
		want, err := os.ReadFile(filepath.Join(ref, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(killed, name))
		if err != nil {
			t.Fatalf("match %d has no record after the kills: %v", i, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("match %d's record after the kills differs from the one played without:\n%s\nwant\n%s", i, got, want)
			continue
		}
		replay := func(path string) []byte {
			out, err := exec.Command(bin, "replay", path).Output()
			if err != nil {
				t.Fatalf("studio replay %s: %v", path, err)
			}
			return out
		}
		if a, b := replay(filepath.Join(killed, name)), replay(filepath.Join(ref, name)); !bytes.Equal(a, b) || len(a) == 0 {
			t.Errorf("match %d replays differently after the kills", i)
		}
	}
}

func envInt(t *testing.T, name string, def int) int {
	if s := os.Getenv(name); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("%s=%q: want a number", name, s)
		}
		return n
	}
	return def
}

var servedLinkRE = regexp.MustCompile(`^match (\d+) Player 1\s+(http://[^/]+)/play#m=\d+&t=([0-9a-f]{32})$`)

// playServed serves `matches` matches of Connect Four from state, plays
// seat 1 of each through the API, and SIGKILLs the server `kills` times at
// moments drawn from seed, starting it again after each; it returns once
// every match has ended and the server stopped.
func playServed(t *testing.T, bin, state string, matches, kills int, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 99))
	var base atomic.Value
	base.Store("")
	tokens := make([]string, matches)
	start := func() *exec.Cmd {
		cmd := exec.Command(bin, "serve", "connectfour", "--addr", "127.0.0.1:0", "--seats", "human,random",
			"--matches", strconv.Itoa(matches), "--state", state)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines, found := bufio.NewScanner(out), 0
		for found < matches && lines.Scan() {
			if m := servedLinkRE.FindStringSubmatch(lines.Text()); m != nil {
				i, _ := strconv.Atoi(m[1])
				tokens[i-1] = m[3]
				base.Store(m[2])
				found++
			}
		}
		if found < matches {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("studio serve printed %d links of %d: %s", found, matches, stderr.String())
		}
		go io.Copy(io.Discard, out)
		return cmd
	}
	cmd := start()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, matches)
	for i := range matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- playSeat(ctx, &base, i+1, tokens[i])
		}()
	}
	for k := 0; k < kills; k++ {
		time.Sleep(time.Duration(10+rng.IntN(150)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		ended, _ := filepath.Glob(filepath.Join(state, "match-*.json"))
		t.Logf("kill %d: %d matches of %d ended", k+1, len(ended), matches)
		cmd = start()
		if len(ended) == matches {
			break
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err != nil {
		t.Errorf("studio serve after an interrupt: %v; its stderr:\n%s", err, cmd.Stderr.(*bytes.Buffer))
	}
}

// servedState is what the kill test reads of a seat's state.
type servedState struct {
	Step    int    `json:"step"`
	Over    bool   `json:"over"`
	Error   string `json:"error"`
	Actions []struct {
		Action string `json:"action"`
		Moves  []struct {
			Args json.RawMessage `json:"args"`
		} `json:"moves"`
	} `json:"actions"`
}

// playSeat plays seat 1 of match m to the match's end: at each step where
// it has moves, the one a hash of the match and the step picks, so that
// the same matches are played whatever the kills. A server that is down
// is waited for; a 409 (the move was taken before a kill cut its answer)
// reads the state again.
func playSeat(ctx context.Context, base *atomic.Value, m int, token string) error {
	api := func(method, path string, body []byte) (int, []byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, base.Load().(string)+fmt.Sprintf("/api/matches/%d/%s", m, path), bytes.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, data, err
	}
	for {
		if ctx.Err() != nil {
			return fmt.Errorf("match %d did not end: %w", m, ctx.Err())
		}
		code, body, err := api("GET", "state", nil)
		if err != nil || code != 200 {
			time.Sleep(10 * time.Millisecond) // killed: wait for the next server
			continue
		}
		var st servedState
		if err := json.Unmarshal(body, &st); err != nil {
			return fmt.Errorf("match %d: state: %v", m, err)
		}
		switch {
		case st.Over:
			return nil
		case st.Error != "":
			return fmt.Errorf("match %d stopped: %s", m, st.Error)
		case len(st.Actions) == 0:
			time.Sleep(5 * time.Millisecond) // the bot's turn
			continue
		}
		n := 0
		for _, a := range st.Actions {
			n += len(a.Moves)
		}
		k := int((uint64(m)*0x9E3779B97F4A7C15 ^ uint64(st.Step)*0xBF58476D1CE4E5B9) % uint64(n))
		for _, a := range st.Actions {
			if k < len(a.Moves) {
				body, _ := json.Marshal(map[string]any{"step": st.Step, "action": a.Action, "args": a.Moves[k].Args})
				code, resp, err := api("POST", "move", body)
				if err == nil && code != 200 && code != 409 {
					return fmt.Errorf("match %d: move at step %d: %d %s", m, st.Step, code, resp)
				}
				break
			}
			k -= len(a.Moves)
		}
	}
}
