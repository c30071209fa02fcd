package engine

import (
	"fmt"
	"testing"
)

// replayPerft is the reference Perft: every node is reached by a fresh match
// (same seed) taking the line's moves with Apply, by their index in LegalAll,
// so nothing Perft saves and restores between siblings can leak into the
// count.
func replayPerft(t *testing.T, p *Program, seats, depth int) []uint64 {
	t.Helper()
	counts := make([]uint64, depth)
	var walk func(line []int)
	walk = func(line []int) {
		m := newMatch(t, p, seats, Options{NoHistory: true})
		for _, i := range line {
			moves, err := m.LegalAll()
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Apply(moves[i]); err != nil {
				t.Fatalf("line %v: %v", line, err)
			}
		}
		if m.Over() {
			return
		}
		moves, err := m.LegalAll()
		if err != nil {
			t.Fatal(err)
		}
		m.Release()
		counts[len(line)] += uint64(len(moves))
		if len(line)+1 == depth {
			return
		}
		for i := range moves {
			walk(append(line[:len(line):len(line)], i))
		}
	}
	walk(nil)
	return counts
}

// TestPerftCountsAsReplay: Perft of every bundled pack counts what playing
// each line from the start counts, including the packs whose code reads
// before() (the seed effects: the step before an action's is its parent's,
// not the last step of the sibling searched before it) and draws at random.
func TestPerftCountsAsReplay(t *testing.T) {
	for _, tc := range []struct {
		pack         string
		seats, depth int
	}{
		{"tictactoe", 2, 4},
		{"connectfour", 2, 4},
		{"reversi", 2, 5},
		{"hearts", 4, 2},
		{"seeds", 2, 6},
	} {
		t.Run(tc.pack, func(t *testing.T) {
			p := bundled(t, tc.pack)
			want := replayPerft(t, p, tc.seats, tc.depth)
			m := newMatch(t, p, tc.seats, Options{NoHistory: true})
			before := m.Hash()
			got, err := m.Perft(tc.depth)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("perft %v, replayed from the start %v", got, want)
			}
			if m.Hash() != before {
				t.Errorf("perft left the match changed")
			}
		})
	}
}

// beforePack's look reads the counter's value at the start of the step before
// the action (before()), and pick's choices grow with what look saw: a count
// that tells whether the state before() reads is the line's own.
const beforePack = `format: 1
pack: before
players: {min: 2, max: 2}
states:
  - id: 1
    name: gameSetup
    type: manager
    action: |
      game.k = 0
      game.seen = 0
    transitions: {"": 2}
  - id: 2
    name: playerTurn
    type: activeplayer
    description: go
    descriptionmyturn: go
    possibleactions: [up, look, pick]
    transitions: {go: 3}
  - id: 3
    name: nextPlayer
    type: game
    action: |
      activate_next_player()
      next_state("next")
    transitions: {next: 2}
actions:
  up:
    body: |
      game.k += 1
      next_state("go")
  look:
    body: |
      game.seen = before(lambda: game.k)
      next_state("go")
  pick:
    params:
      x: {type: int, domain: "range(game.seen + 1)"}
    body: next_state("go")
`

// TestPerftBeforeReadsTheLine: before() in an action Perft takes reads the
// step before it on its own line, not the last step of the sibling searched
// before it.
func TestPerftBeforeReadsTheLine(t *testing.T) {
	p, err := Parse([]byte(beforePack), "before.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := replayPerft(t, p, 2, 4)
	got, err := newMatch(t, p, 2, Options{NoHistory: true}).Perft(4)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("perft %v, replayed from the start %v", got, want)
	}
}

// TestPerftRecyclesDeadLines: where every piece of a pack's code runs
// directly (tic-tac-toe), Perft's allocations do not grow with the nodes it
// plays: each line reuses the states, boards and frames of the line searched
// before it (at most 200 allocations for depth 6 here; 77,939 before).
func TestPerftRecyclesDeadLines(t *testing.T) {
	m := newMatch(t, bundled(t, "tictactoe"), 2, Options{NoHistory: true})
	if got := testing.AllocsPerRun(3, func() {
		if _, err := m.Perft(6); err != nil {
			t.Fatal(err)
		}
	}); got > 200 {
		t.Errorf("%v allocations a perft, want at most 200", got)
	}
}

// TestPerftCountsCellsAsListed: Perft counts the last ply's cells without
// listing them (countCells), and fails where listing them fails: a choice
// limit passed at the fourth of Reversi's four first moves gives Legal's
// error, and a limit it is not passed by gives the four.
func TestPerftCountsCellsAsListed(t *testing.T) {
	p := bundled(t, "reversi")
	for _, limit := range []uint64{3, 4} {
		m := newMatch(t, p, 2, Options{NoHistory: true, AllocLimit: limit * choiceBytes})
		_, listed := m.Legal(m.Active())
		if (listed == nil) != (limit == 4) {
			t.Fatalf("limit of %d choices: listing's error %v", limit, listed)
		}
		got, counted := m.Perft(1)
		if fmt.Sprint(counted) != fmt.Sprint(listed) {
			t.Errorf("limit of %d choices: perft's error %v, listing's %v", limit, counted, listed)
		}
		if limit == 4 && (counted != nil || got[0] != 4) {
			t.Errorf("limit of 4 choices: perft %v, %v; want [4]", got, counted)
		}
	}
}
