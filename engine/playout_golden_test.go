package engine

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rulestudio/studio/assets"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// goldenMatches is how many seeded random matches of each bundled pack
// TestPlayoutLogs plays in each mode: enough to reach every clause of the
// seed effects and every rule of the card games, few enough to stay fast.
var goldenMatches = map[string]int{"tictactoe": 60, "connectfour": 60, "reversi": 20, "hearts": 2, "seeds": 60}

// hashingBot is a RandomBot that writes every decision it is offered (the
// legal actions, in order) and, with views, what every seat sees, to a hash.
type hashingBot struct {
	bot   *RandomBot
	h     hash.Hash
	views bool
	err   error
}

func (b *hashingBot) Choose(m *Match, moves []Move) Move {
	fmt.Fprintf(b.h, "decision %d:", m.Step())
	for _, mv := range moves {
		fmt.Fprintf(b.h, " %s;", mv)
	}
	b.h.Write([]byte{'\n'})
	if b.views {
		for s := 0; s < m.Seats(); s++ {
			v, err := m.View(s)
			if err != nil && b.err == nil {
				b.err = err
			}
			data, _ := json.Marshal(goldenView(v))
			b.h.Write(append(data, '\n'))
		}
	}
	return b.bot.Choose(m, moves)
}

// goldenView is v with only the fields views had when the golden file was
// made: the faces of face-up places (DeckView.Cards) and the players'
// variables (View.Players), which the pack's visibility added, are left
// out, as writeLogFields leaves out the events' later fields. Their tests
// are in visibility_test.go; the golden keeps proving that every field views
// had is unchanged.
func goldenView(v *View) *View {
	if v == nil {
		return nil
	}
	out := *v
	out.Players = nil
	if v.Decks != nil {
		out.Decks = map[string]DeckView{}
		for k, d := range v.Decks {
			d.Cards = nil
			out.Decks[k] = d
		}
	}
	return &out
}

// playoutRecord plays one seeded random match of p and returns a line
// summing it up: plies, steps, scores and the hash of every decision, every
// view (with history) and the whole event log (with history).
func playoutRecord(t *testing.T, p *Program, pack string, seats int, seed uint64, history bool) string {
	t.Helper()
	m := newMatch(t, p, seats, Options{Seed: seed, NoHistory: !history})
	bot := &hashingBot{bot: NewRandomBot(seed), h: sha256.New(), views: history}
	plies, err := m.Play(bot, 0)
	if err != nil {
		t.Fatalf("%s seed %d: %v", pack, seed, err)
	}
	if bot.err != nil {
		t.Fatalf("%s seed %d: view: %v", pack, seed, bot.err)
	}
	if history {
		if err := writeLogFields(bot.h, m.Events()); err != nil {
			t.Fatal(err)
		}
	}
	mode := "nohistory"
	if history {
		mode = "history"
	}
	return fmt.Sprintf("%s seed=%d %s plies=%d steps=%d scores=%v sha256=%x", pack, seed, mode, plies, m.Step(), m.Scores(), bot.h.Sum(nil)[:12])
}

// writeLogFields writes events as JSON lines of the fields an event had when
// the golden files were made (step, kind, state, player, name, detail): the
// log people read. The identities added since (state id, clause, object,
// target, field) are held by TestEventIdentities.
func writeLogFields(w io.Writer, events []Event) error {
	type logFields struct {
		Step   int    `json:"step"`
		Kind   string `json:"kind"`
		State  string `json:"state,omitempty"`
		Player int    `json:"player,omitempty"`
		Name   string `json:"name,omitempty"`
		Detail string `json:"detail,omitempty"`
	}
	enc := json.NewEncoder(w)
	for _, e := range events {
		if err := enc.Encode(logFields{e.Step, e.Kind, e.State, e.Player, e.Name, e.Detail}); err != nil {
			return err
		}
	}
	return nil
}

// TestPlayoutLogs: seeded random matches of every bundled pack, with and
// without history, give exactly the decisions, views and event logs recorded
// in testdata/playouts.golden (made by the engine before its evaluation was
// optimized; go test -run TestPlayoutLogs -update rewrites it). Every change
// to how the engine evaluates must keep them byte-identical.
func TestPlayoutLogs(t *testing.T) {
	var lines []string
	for _, pack := range assets.Packs() {
		n, ok := goldenMatches[pack]
		if !ok {
			t.Fatalf("bundled pack %s has no count in goldenMatches", pack)
		}
		p := bundled(t, pack)
		seats := 2
		if pl := p.Pack.Players; pl != nil && pl.Min > 0 {
			seats = pl.Min
		}
		for seed := uint64(1); seed <= uint64(n); seed++ {
			for _, history := range []bool{false, true} {
				lines = append(lines, playoutRecord(t, p, pack, seats, seed, history))
			}
		}
	}
	checkLines(t, filepath.Join("testdata", "playouts.golden"), lines)
}

// checkLines compares lines with the golden file, line by line (rewriting it
// first with -update).
func checkLines(t *testing.T, golden string, lines []string) {
	t.Helper()
	got := strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	wl := strings.Split(string(want), "\n")
	for i, l := range strings.Split(got, "\n") {
		if i >= len(wl) || wl[i] != l {
			w := "(none)"
			if i < len(wl) {
				w = wl[i]
			}
			t.Fatalf("line %d of %s differs:\n got %s\nwant %s", i+1, golden, l, w)
		}
	}
	if len(wl) != len(strings.Split(got, "\n")) {
		t.Fatalf("%s has %d lines, the matches gave %d", golden, len(wl), len(strings.Split(got, "\n")))
	}
}
