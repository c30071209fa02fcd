package host

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/rulestudio/studio/engine"
	"github.com/rulestudio/studio/graph"
	"github.com/rulestudio/studio/preview"
)

// TestAPISendsNothingHidden plays Hearts through the API, four people
// choosing at random (seeded), and at every decision checks what each seat
// and the spectator receive: the bytes of its state (scene, picture, legal
// moves) and of its log once the move is taken are those the server sends
// (read over HTTP), and the same in copies of the match where the cards the
// seat cannot see are dealt again (engine.Match.Probe, as preview.CheckLeaks
// deals them: what the seat sees after the move, and the cards the move
// names, stay). A copy where the engine's own view of the seat differs is
// set aside: the rules announced something of the deal (who holds the two
// of clubs leads), which preview.CheckLeaks judges; in every other copy the
// server must send the same bytes, to the seat and to the spectator.
// RULESTUDIO_LEAK_DECISIONS sets how many decisions (64: the passing of
// cards and the first hand, scored).
func TestAPISendsNothingHidden(t *testing.T) {
	decisions := 64
	if s := os.Getenv("RULESTUDIO_LEAK_DECISIONS"); s != "" {
		decisions, _ = strconv.Atoi(s)
	}
	if testing.Short() {
		decisions = 30
	}
	ts := startServer(t, "hearts", "human,human,human,human", 1, "")
	pack := ts.pack
	rng := rand.New(rand.NewPCG(7, 7))
	hm := ts.ms[0]
	compared, aside := 0, 0
	defer func() {
		t.Logf("%d copies compared, %d set aside", compared, aside)
		if compared < 4*aside {
			t.Errorf("%d copies compared, %d set aside: too few compared to say anything", compared, aside)
		}
	}()
	for d := 0; d < decisions; d++ {
		hm.mu.Lock()
		before := hm.sess.Match().Fork()
		hm.mu.Unlock()
		if before.Over() {
			break
		}
		moves, err := before.LegalAll()
		if err != nil || len(moves) == 0 {
			t.Fatalf("decision %d: %d moves, %v", d, len(moves), err)
		}
		mv := moves[rng.IntN(len(moves))]
		gm, err := before.EncodeMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		// The seat's own page posts the move as it knows it.
		st := ts.state(t, 1, ts.tokens[0][mv.Seat+1])
		mine, _ := before.EncodeMoveFor(mv.Seat, mv)
		body, _ := json.Marshal(map[string]any{"step": st.Step, "action": mine.Action, "args": mine.Args})
		if code, resp := ts.call(t, "POST", "/api/matches/1/move", ts.tokens[0][mv.Seat+1], body); code != 200 {
			t.Fatalf("decision %d: move %s: %d %s", d, gm, code, resp)
		}
		after := before.Probe(0, 0, before.All(), false) // the match with a log of its own: the move's events
		if err := after.Apply(after.Own(mv)); err != nil {
			t.Fatal(err)
		}
		head := ts.ms[0].snap.Load().step
		for v := 0; v <= 4; v++ {
			got := received(t, ts, v, st.Step)
			if want := sent(t, pack, after, head, v); !bytes.Equal(got, want) {
				t.Fatalf("decision %d, viewer %d: the server sent\n%s\nnot what its match gives\n%s", d, v, firstDiff(got, want), firstDiff(want, got))
			}
			if v == 0 {
				continue // the spectator sees less than any seat: checked under every seat's re-deals below
			}
			keep := append(after.Seen(v-1), preview.MovedCards(gm)...)
			for k := 0; k < 2; k++ {
				p := before.Probe(v-1, uint64(d)<<8|uint64(v)<<2|uint64(k), keep, false)
				if p.Apply(p.Own(mv)) != nil {
					continue // the move needs a card the copy dealt elsewhere
				}
				if !bytes.Equal(engineView(t, after, v-1), engineView(t, p, v-1)) {
					aside++ // the rules told the seat something of the re-deal (preview.CheckLeaks judges those)
					continue
				}
				compared++
				for _, w := range []int{v, 0} {
					if a, b := sent(t, pack, after, head, w), sent(t, pack, p, head, w); !bytes.Equal(a, b) {
						t.Fatalf("decision %d (move %s), viewer %d receives other bytes when what seat %d cannot see is dealt again:\n%s\nthen\n%s", d, gm, w, v, firstDiff(a, b), firstDiff(b, a))
					}
				}
			}
		}
	}
}

// engineView is what the engine gives seat of m: its view, its legal
// moves as it knows them and its log. The engine's leak check
// (preview.CheckLeaks) holds these to the seat model; the server must add
// nothing to them.
func engineView(t *testing.T, m *engine.Match, seat int) []byte {
	v, err := m.View(seat)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := m.Legal(seat)
	if err != nil {
		t.Fatal(err)
	}
	var enc []graph.Move
	for _, mv := range moves {
		gm, err := m.EncodeMoveFor(seat, mv)
		if err != nil {
			t.Fatal(err)
		}
		enc = append(enc, gm)
	}
	data, err := json.Marshal([]any{v, enc, m.EventsFor(seat)})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// received is what viewer's token gets from the API after the move taken at
// step: its state, then its log of the steps after it.
func received(t *testing.T, ts *testServer, viewer, step int) []byte {
	code, state := ts.call(t, "GET", "/api/matches/1/state", ts.tokens[0][viewer], nil)
	if code != 200 {
		t.Fatalf("state: %d", code)
	}
	code, body := ts.call(t, "GET", fmt.Sprintf("/api/matches/1/log?since=%d", step), ts.tokens[0][viewer], nil)
	if code != 200 {
		t.Fatalf("log: %d", code)
	}
	var lg logJSON
	if err := json.Unmarshal(body, &lg); err != nil {
		t.Fatal(err)
	}
	events, _ := json.Marshal(lg.Events)
	return append(append(state, '\n'), events...)
}

// sent is what the server would send viewer of m at its step: its state,
// then the events of m's own log (a probe's: the move's) as the viewer sees
// them, each with the line the page shows.
func sent(t *testing.T, pack *graph.Pack, m *engine.Match, step, viewer int) []byte {
	vw, err := makeSnapshot(pack, m, 0, step, false, false).view(viewer)
	if err != nil {
		t.Fatal(err)
	}
	state, err := vw.bytes()
	if err != nil {
		t.Fatal(err)
	}
	var evs []engine.Event
	if viewer == 0 {
		evs = spectatorLog(m)
	} else {
		evs = m.EventsFor(viewer - 1)
	}
	// Each with its line, which is written from the event alone.
	events, _ := json.Marshal(logEvents(pack, m.Names(), evs))
	return append(append(state, '\n'), events...)
}

// spectatorLog is the spectator's events of m's whole log.
func spectatorLog(m *engine.Match) []engine.Event {
	per := make([][]engine.Event, m.Seats())
	for s := range per {
		per[s] = m.EventsFor(s)
	}
	return common(per)
}

// firstDiff returns a of its first difference with b on, cut short.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	start := max(i-120, 0)
	return "…" + string(a[start:min(i+200, len(a))]) + "…"
}
