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
	v0, _ := m.View(0)
	if v0.Description != "Player 2 must place a mark" {
		t.Errorf("view of player 1: %q", v0.Description)
	}
}

func TestHistoryAndFork(t *testing.T) {
	p := bundled(t, "reversi")
	m := newMatch(t, p, 2, Options{Seed: 3})
	if _, err := m.Play(NewRandomBot(3), 10); err != nil {
		t.Fatal(err)
	}
	if m.History() != m.Step() {
		t.Fatalf("history %d snapshots, %d steps", m.History(), m.Step())
	}
	// Replaying the first 10 actions from step 0 of a fork gives the same log.
	var moves []Move
	for _, e := range m.Events() {
		if e.Kind == EvAction {
			moves = append(moves, Move{Seat: e.Player - 1, Action: e.Name})
		}
	}
	f, err := m.At(0)
	if err != nil {
		t.Fatal(err)
	}
	if f.Step() != 0 || f.StateName() != "gameSetup" && f.StateName() != "playerTurn" {
		t.Fatalf("fork at 0: step %d state %s", f.Step(), f.StateName())
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
	_ = moves
}
