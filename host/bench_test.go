package host

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkServe hosts 200 Hearts matches of four people
// (RULESTUDIO_SERVE_MATCHES) over loopback, records on disk, and plays b.N
// moves among them: each match's driver waits a person's think time
// (RULESTUDIO_SERVE_THINK, 0 by default: as fast as the server answers),
// reads the acting seat's state, posts one of its moves at random, then
// reads every viewer's state and log as their pages do after an update.
// It reports the move's latency (the POST, stored before it is answered)
// at the 50th and 99th percentile, the state read's 99th, and the memory
// the server holds per match.
func BenchmarkServe(b *testing.B) {
	matches := 200
	if s := os.Getenv("RULESTUDIO_SERVE_MATCHES"); s != "" {
		matches, _ = strconv.Atoi(s)
	}
	var think time.Duration
	if s := os.Getenv("RULESTUDIO_SERVE_THINK"); s != "" {
		think, _ = time.ParseDuration(s)
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	ts := startServer(b, "hearts", "human,human,human,human", matches, "")
	http.DefaultTransport.(*http.Transport).MaxIdleConnsPerHost = 6 * matches
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	var mu sync.Mutex
	var moveLat, stateLat []time.Duration
	left := atomic.Int64{}
	left.Store(int64(b.N))
	b.ResetTimer()
	var wg sync.WaitGroup
	for i := range matches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			for left.Add(-1) >= 0 {
				if think > 0 {
					time.Sleep(think/2 + time.Duration(rng.Int64N(int64(think))))
				}
				mv, st, ok := benchMove(b, ts, i+1, rng)
				if !ok {
					return // the match ended
				}
				mu.Lock()
				moveLat = append(moveLat, mv)
				stateLat = append(stateLat, st...)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(moveLat)
	slices.Sort(stateLat)
	pct := func(d []time.Duration, p float64) float64 {
		if len(d) == 0 {
			return 0
		}
		return float64(d[min(int(p*float64(len(d))), len(d)-1)]) / 1e6
	}
	b.ReportMetric(pct(moveLat, .50), "move-p50-ms")
	b.ReportMetric(pct(moveLat, .99), "move-p99-ms")
	b.ReportMetric(pct(stateLat, .99), "state-p99-ms")
	b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/float64(matches)/1e6, "MB/match")
}

// benchMove makes one move of match m as the page of the seat to act
// would, then reads what every viewer's page reads; it returns the move's
// latency and the state reads', or false when the match is over.
func benchMove(b *testing.B, ts *testServer, m int, rng *rand.Rand) (time.Duration, []time.Duration, bool) {
	get := func(viewer int, path string) ([]byte, time.Duration) {
		t0 := time.Now()
		req, _ := http.NewRequest("GET", fmt.Sprintf("%s/api/matches/%d/%s", ts.url, m, path), nil)
		req.Header.Set("Authorization", "Bearer "+ts.tokens[m-1][viewer])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Error(err)
			return nil, 0
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return data, time.Since(t0)
	}
	var lat []time.Duration
	for seat := 1; seat <= 4; seat++ {
		data, d := get(seat, "state")
		lat = append(lat, d)
		var st stateJSON
		if err := json.Unmarshal(data, &st); err != nil {
			b.Error(err)
			return 0, nil, false
		}
		if st.Over {
			return 0, nil, false
		}
		if len(st.Actions) == 0 {
			continue
		}
		a := st.Actions[rng.IntN(len(st.Actions))]
		body, _ := json.Marshal(map[string]any{"step": st.Step, "action": a.Action, "args": a.Moves[rng.IntN(len(a.Moves))].Args})
		t0 := time.Now()
		req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/matches/%d/move", ts.url, m), strings.NewReader(string(body)))
		req.Header.Set("Authorization", "Bearer "+ts.tokens[m-1][seat])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Error(err)
			return 0, nil, false
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		moved := time.Since(t0)
		if resp.StatusCode != 200 {
			b.Errorf("move: %d", resp.StatusCode)
			return 0, nil, false
		}
		for v := 0; v <= 4; v++ { // every page reads the new state and log
			_, d := get(v, "state")
			lat = append(lat, d)
			get(v, "log?since="+strconv.Itoa(st.Step))
		}
		return moved, lat, true
	}
	b.Errorf("match %d: no seat has a move", m)
	return 0, nil, false
}
