package engine

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"go.starlark.net/starlark"
)

// randomLog plays a random recorded match and returns its event log.
func randomLog(tb testing.TB, pack string, seats int, seed uint64) []byte {
	tb.Helper()
	m := newMatch(tb, bundled(tb, pack), seats, Options{Seed: seed})
	if _, err := m.Play(NewRandomBot(seed), 400); err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteEvents(&buf, m.Events()); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

var determinismPacks = []struct {
	pack  string
	seats int
}{{"tictactoe", 2}, {"reversi", 2}, {"seeds", 2}, {"hearts", 4}}

func TestDeterminismTwice(t *testing.T) {
	for _, c := range determinismPacks {
		a := randomLog(t, c.pack, c.seats, 42)
		b := randomLog(t, c.pack, c.seats, 42)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs with seed 42 gave different event logs", c.pack)
		}
		if len(a) < 1000 {
			t.Errorf("%s: event log suspiciously short (%d bytes)", c.pack, len(a))
		}
	}
}

// TestDeterminismProcesses runs the same matches in a child process (this test
// binary re-executed) and compares the event logs' hashes.
func TestDeterminismProcesses(t *testing.T) {
	if os.Getenv("ENGINE_DETERMINISM_CHILD") == "1" {
		for _, c := range determinismPacks {
			fmt.Printf("%s %x\n", c.pack, sha256.Sum256(randomLog(t, c.pack, c.seats, 7)))
		}
		return
	}
	var want strings.Builder
	for _, c := range determinismPacks {
		fmt.Fprintf(&want, "%s %x\n", c.pack, sha256.Sum256(randomLog(t, c.pack, c.seats, 7)))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDeterminismProcesses$", "-test.count=1")
	cmd.Env = append(os.Environ(), "ENGINE_DETERMINISM_CHILD=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	got := string(out)
	if i := strings.Index(got, "PASS"); i >= 0 {
		got = got[:i]
	}
	if got != want.String() {
		t.Errorf("child process gave\n%s\nwant\n%s", got, want.String())
	}
}

func TestIllegalActionChangesNothing(t *testing.T) {
	p := bundled(t, "tictactoe")
	m := newMatch(t, p, 2, Options{})
	before := eventLines(m.Events())
	step := m.Step()
	cases := []struct {
		mv   Move
		want string
	}{
		{Move{Seat: 1, Action: "mark", Args: []starlark.Value{xyTuple(0, 0)}}, "player 2 is not deciding in playerTurn"},
		{Move{Seat: 0, Action: "mark", Args: []starlark.Value{xyTuple(5, 0)}}, "argument cell = (5, 0) is not in its domain (board.empty())"},
		{Move{Seat: 0, Action: "mark", Args: []starlark.Value{starlark.MakeInt(3)}}, "argument cell: want cell, got int"},
		{Move{Seat: 0, Action: "jump"}, `the pack has no action "jump"`},
		{Move{Seat: 0, Action: "mark"}, "mark takes 1 arguments, not 0"},
	}
	for _, c := range cases {
		err := m.Apply(c.mv)
		var ie *IllegalError
		if !errors.As(err, &ie) || ie.Reason != c.want {
			t.Errorf("%s: got %v, want reason %q", c.mv, err, c.want)
		}
	}
	if m.Step() != step || eventLines(m.Events()) != before {
		t.Errorf("refused actions changed the match")
	}
	if err := m.Apply(Move{Seat: 0, Action: "mark", Args: []starlark.Value{xyTuple(1, 1)}}); err != nil {
		t.Fatal(err)
	}
	v, err := m.View(1)
	if err != nil {
		t.Fatal(err)
	}
	if v.Description != "You must place a mark" || v.Boards["board"][1][1] != 1 || len(v.Legal) != 8 {
		t.Errorf("view of player 2: %+v", v)
	}
	// The view's legal moves are in the move text form: each reads back as
	// a legal move, the centre taken by player 1 not among them.
	for _, gm := range v.Legal {
		mv, err := m.DecodeMove(gm)
		if err != nil || mv.Seat != 1 || gm.String() == `{"player":2,"action":"mark","args":{"cell":[1,1]}}` {
			t.Errorf("view's legal move %s: %v, %v", gm, mv, err)
		}
	}
	v0, _ := m.View(0)
	if v0.Description != "Player 2 must place a mark" {
		t.Errorf("view of player 1: %q", v0.Description)
	}
}

// recordingBot plays as its inner bot and records every move it chooses, with
// its arguments, for a replay.
type recordingBot struct {
	Bot
	moves []Move
}

func (b *recordingBot) Choose(m *Match, moves []Move) Move {
	mv := b.Bot.Choose(m, moves)
	b.moves = append(b.moves, mv)
	return mv
}

func eventBytes(tb testing.TB, m *Match) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := WriteEvents(&buf, m.Events()); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func TestHistoryAndFork(t *testing.T) {
	p := bundled(t, "reversi")
	m := newMatch(t, p, 2, Options{Seed: 3})
	bot := &recordingBot{Bot: NewRandomBot(3)}
	if n, err := m.Play(bot, 10); err != nil || n != 10 {
		t.Fatalf("played %d actions (%v), want 10", n, err)
	}
	if m.History() != m.Step() {
		t.Fatalf("history %d snapshots, %d steps", m.History(), m.Step())
	}
	// The log names the same ten actions the bot chose.
	var logged []string
	for _, e := range m.Events() {
		if e.Kind == EvAction {
			logged = append(logged, fmt.Sprintf("p%d %s", e.Player, e.Name))
		}
	}
	var chosen []string
	for _, mv := range bot.moves {
		chosen = append(chosen, fmt.Sprintf("p%d %s", mv.Seat+1, mv.Action))
	}
	if strings.Join(logged, ",") != strings.Join(chosen, ",") {
		t.Fatalf("logged actions %v, chosen %v", logged, chosen)
	}
	want := eventBytes(t, m)

	// Replaying the ten actions in a fresh match gives the same log, byte for
	// byte.
	fresh := newMatch(t, p, 2, Options{Seed: 3})
	for i, mv := range bot.moves {
		if err := fresh.Apply(mv); err != nil {
			t.Fatalf("fresh match: replaying action %d %s: %v", i+1, mv, err)
		}
	}
	if got := eventBytes(t, fresh); !bytes.Equal(got, want) {
		t.Errorf("replay in a fresh match: the log differs:\n%s\n--- original\n%s", got, want)
	}
	// So does a fork at any step: its log is the original's up to that step,
	// and replaying the actions after it gives the whole log again.
	for _, step := range []int{0, 1, 3, 6, m.Step()} {
		f, err := m.At(step)
		if err != nil {
			t.Fatal(err)
		}
		if f.Step() != step {
			t.Errorf("fork at %d: step %d", step, f.Step())
		}
		got := eventBytes(t, f)
		if !bytes.HasPrefix(want, got) {
			t.Errorf("fork at %d: its log is not a prefix of the original's:\n%s", step, got)
			continue
		}
		done := 0
		for _, e := range f.Events() {
			if e.Kind == EvAction {
				done++
			}
		}
		for i, mv := range bot.moves[done:] {
			if err := f.Apply(mv); err != nil {
				t.Fatalf("fork at %d: replaying action %d %s: %v", step, done+i+1, mv, err)
			}
		}
		if got := eventBytes(t, f); !bytes.Equal(got, want) {
			t.Errorf("fork at %d: after the replay the log differs:\n%s\n--- original\n%s", step, got, want)
		}
	}
	if f, _ := m.At(0); f.StateName() != "gameSetup" && f.StateName() != "playerTurn" {
		t.Errorf("fork at 0: state %s", f.StateName())
	}

	// Branch: the step-6 fork plays on while the original stays unchanged.
	mid, _ := m.At(6)
	log := eventLines(m.Events())
	if _, err := mid.Play(NewRandomBot(99), 0); err != nil {
		t.Fatal(err)
	}
	if eventLines(m.Events()) != log || m.Over() {
		t.Errorf("playing a fork changed the original")
	}
	if !mid.Over() {
		t.Errorf("fork did not finish")
	}
}
