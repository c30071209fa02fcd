package engine

import (
	"bytes"
	"fmt"
	"testing"
)

// bestSeats returns the seats holding the highest score: the winners the
// engine must report (SEMANTICS.md: the best score wins, all seats on a draw).
func bestSeats(scores []int) []int {
	var out []int
	for i, s := range scores {
		switch {
		case len(out) == 0 || s > scores[out[0]]:
			out = []int{i}
		case s == scores[out[0]]:
			out = append(out, i)
		}
	}
	return out
}

// cells counts the cells of the match's board "board" holding each value.
func cells(t *testing.T, m *Match) map[int]int {
	t.Helper()
	v, err := m.View(0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]int{}
	for _, row := range v.Boards["board"] {
		for _, c := range row {
			out[c]++
		}
	}
	return out
}

// threeInARow reports whether value fills a row, column or diagonal of a 3x3
// board.
func threeInARow(b [][]int, value int) bool {
	lines := [][3][2]int{
		{{0, 0}, {0, 1}, {0, 2}}, {{1, 0}, {1, 1}, {1, 2}}, {{2, 0}, {2, 1}, {2, 2}},
		{{0, 0}, {1, 0}, {2, 0}}, {{0, 1}, {1, 1}, {2, 1}}, {{0, 2}, {1, 2}, {2, 2}},
		{{0, 0}, {1, 1}, {2, 2}}, {{0, 2}, {1, 1}, {2, 0}},
	}
	for _, l := range lines {
		if b[l[0][0]][l[0][1]] == value && b[l[1][0]][l[1][1]] == value && b[l[2][0]][l[2][1]] == value {
			return true
		}
	}
	return false
}

// checkEnded checks that a match played by bots ended by itself and that its
// result holds by the pack's rules, read from the board or the players, not
// from the engine's own bookkeeping.
func checkEnded(t *testing.T, what string, m *Match, plies, limit int) {
	t.Helper()
	if !m.Over() || plies >= limit {
		t.Errorf("%s: not over after %d actions (limit %d), in %s", what, plies, limit, m.StateName())
		return
	}
	ev := m.Events()
	if last := ev[len(ev)-1]; last.Kind != EvGameEnd || last.Detail != fmt.Sprint(m.Scores()) {
		t.Errorf("%s: last event %s, want game_ended with the scores %v", what, last, m.Scores())
	}
	scores := m.Scores()
	if got, want := fmt.Sprint(m.Winners()), fmt.Sprint(bestSeats(scores)); got != want {
		t.Errorf("%s: winners %s, the best scores of %v are seats %s", what, got, scores, want)
	}
	switch m.Program().Pack.Name {
	case "tictactoe": // a line wins (score 1); otherwise a full board and a draw
		v, _ := m.View(0)
		b := v.Boards["board"]
		for seat := range 2 {
			if line := threeInARow(b, seat+1); line != (scores[seat] == 1) {
				t.Errorf("%s: seat %d has a line: %v, score %d", what, seat+1, line, scores[seat])
			}
		}
		if scores[0]+scores[1] == 0 && cells(t, m)[0] != 0 {
			t.Errorf("%s: a draw with empty cells left", what)
		}
	case "reversi": // each player scores their discs
		n := cells(t, m)
		if scores[0] != n[1] || scores[1] != n[2] {
			t.Errorf("%s: scores %v, discs on the board %d and %d", what, scores, n[1], n[2])
		}
	case "seeds": // the most life left wins: scores are lives
		for seat := range 2 {
			if life := evalInt(t, m, fmt.Sprintf("players[%d].life", seat)); int64(scores[seat]) != life {
				t.Errorf("%s: seat %d scores %d with %d life", what, seat+1, scores[seat], life)
			}
		}
	case "hearts": // penalty points count down; the match ends at -100
		low := 0
		for _, s := range scores {
			low = min(low, s)
		}
		if low > -100 {
			t.Errorf("%s: over with scores %v, nobody at -100", what, scores)
		}
	}
}

// TestRandomMatchesEnd plays every bundled pack with random bots: each match
// ends by itself, and its winners and scores agree with the rules.
func TestRandomMatchesEnd(t *testing.T) {
	for _, c := range determinismPacks {
		p := bundled(t, c.pack)
		for seed := uint64(1); seed <= 10; seed++ {
			m := newMatch(t, p, c.seats, Options{Seed: seed})
			const limit = 2000
			plies, err := m.Play(NewRandomBot(seed), limit)
			if err != nil {
				t.Fatalf("%s seed %d: %v", c.pack, seed, err)
			}
			checkEnded(t, fmt.Sprintf("%s seed %d", c.pack, seed), m, plies, limit)
		}
	}
}

// TestConcurrentMatches runs matches of one Program on several goroutines (run
// with -race to check that a compiled pack is shared safely): each ends, and
// its log is the one the same seed gives when played alone.
func TestConcurrentMatches(t *testing.T) {
	for _, c := range determinismPacks {
		p := bundled(t, c.pack)
		type result struct {
			m     *Match
			plies int
			err   error
		}
		const games, limit = 3, 2000
		done := make([]chan result, games)
		for g := range games {
			done[g] = make(chan result, 1)
			go func(seed uint64) {
				m, err := p.NewMatch(c.seats, Options{Seed: seed})
				plies := 0
				if err == nil {
					plies, err = m.Play(NewRandomBot(seed), limit)
				}
				done[g] <- result{m, plies, err}
			}(uint64(g + 1))
		}
		for g := range games {
			r := <-done[g]
			what := fmt.Sprintf("%s seed %d", c.pack, g+1)
			if r.err != nil {
				t.Errorf("%s: %v", what, r.err)
				continue
			}
			checkEnded(t, what, r.m, r.plies, limit)
			alone := newMatch(t, p, c.seats, Options{Seed: uint64(g + 1)})
			if _, err := alone.Play(NewRandomBot(uint64(g+1)), limit); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(eventBytes(t, r.m), eventBytes(t, alone)) {
				t.Errorf("%s: the concurrent match's log differs from the same match played alone", what)
			}
		}
	}
}
