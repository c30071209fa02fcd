package engine

import (
	"fmt"
	"strings"
	"testing"
)

// TestBuiltinsOutsideAMatch: code run while a pack loads (a script's top
// level) has no match: a builtin and a board's method say so instead of
// taking the loading thread for a match's.
func TestBuiltinsOutsideAMatch(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"w = board.width()", "board.width: no match is running"},
		{"notify('hello')", "notify: no match is running"},
	} {
		src := mini("True", "next_state('go')") + "scripts:\n  main: |\n    " + c.code + "\nboards:\n  board: {width: 3, height: 3}\n"
		_, err := Parse([]byte(src), "mini.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s at load: got %v, want an error with %q", c.code, err, c.want)
		}
	}
}

// TestMatchesPastTheBlock: a match of more seats than a matchBlock holds
// makes its parts one by one and plays like one that fits: every seat may go
// (who: True), and the last seat's go gives it a point and ends the match.
func TestMatchesPastTheBlock(t *testing.T) {
	src := strings.Replace(mini("True", "player.score += 1\n      next_state('go')"), "{min: 1, max: 2}", "{min: 1, max: 8}", 1)
	p, err := Parse([]byte(src), "mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, seats := range []int{blockSeats, blockSeats + 1, 8} {
		m, err := p.NewMatch(seats, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		moves, err := m.LegalAll()
		if err != nil || len(moves) != seats {
			t.Fatalf("%d seats: moves %v, %v", seats, moves, err)
		}
		if err := m.Apply(moves[seats-1]); err != nil {
			t.Fatalf("%d seats: %v", seats, err)
		}
		want := make([]int, seats)
		want[seats-1] = 1
		if got := m.Scores(); fmt.Sprint(got) != fmt.Sprint(want) || !m.Over() || len(m.playersTuple) != seats {
			t.Errorf("%d seats: scores %v (want %v), over %v, %d player values", seats, got, want, m.Over(), len(m.playersTuple))
		}
	}
}
